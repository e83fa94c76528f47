// Every relative link in the project's documents (docs/, server/*.md,
// README.md, bindings/README.md) reaches a file that exists, and a link
// with an anchor into a Markdown file reaches one of its headings, as GitHub
// names them. A document moved, merged or renamed fails here until the
// links to it follow.
//   node tests/js/doc_links_test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const documents = execFileSync('git', ['ls-files', 'docs/*.md', 'server/*.md', 'README.md', 'bindings/README.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

// A document's text without its fenced code blocks, where a `#` or a
// bracket is code.
function withoutFences(text) {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
}
// ... and without its inline code spans too, where a bracket is no link.
function prose(text) {
  return withoutFences(text).replace(/`[^`\n]*`/g, '');
}

// The anchors GitHub gives a document's headings: lower case, punctuation
// dropped, spaces turned into hyphens, a repeated one numbered.
function anchors(text) {
  const seen = new Map();
  const names = new Set();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const words = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase();
    const base = words.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    names.add(count ? `${base}-${count}` : base);
  }
  return names;
}

// The relative targets of a document's inline links and images.
function links(text) {
  const targets = [];
  for (const [, target] of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto:, ...
    targets.push(target);
  }
  return targets;
}

const headingsOf = new Map();
function headings(file) {
  if (!headingsOf.has(file)) headingsOf.set(file, anchors(readFileSync(file, 'utf8')));
  return headingsOf.get(file);
}

test('anchors are named as GitHub names them', () => {
  const names = anchors(
    '# The fixed contract (v1, v2)\n## `hello` and Players\n## Players\n## Players\n```\n# not a heading\n```\n',
  );
  assert.deepEqual([...names], ['the-fixed-contract-v1-v2', 'hello-and-players', 'players', 'players-1']);
});

test('a link inside code is no link', () => {
  assert.deepEqual(links('see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n'), ['a.md']);
});

test('every relative link in the documents reaches a file, and its anchor a heading', () => {
  assert.ok(documents.length > 10, `only ${documents.length} documents found`);
  const dead = [];
  for (const document of documents) {
    const file = join(root, document);
    for (const target of links(readFileSync(file, 'utf8'))) {
      const [path, anchor] = target.split('#');
      const reached = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(reached)) {
        dead.push(`${document}: ${target} (no ${relative(root, reached)})`);
      } else if (anchor && reached.endsWith('.md') && !headings(reached).has(decodeURIComponent(anchor).toLowerCase())) {
        dead.push(`${document}: ${target} (no heading #${anchor} in ${relative(root, reached)})`);
      }
    }
  }
  assert.deepEqual(dead, [], `dead links:\n  ${dead.join('\n  ')}`);
});

finish();
