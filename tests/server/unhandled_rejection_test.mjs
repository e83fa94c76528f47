// A promise rejected with nobody to catch it must not end the server (the
// audit's M4). The engine is built without Emscripten's process handlers
// (cmake/Wasm.cmake: NODEJS_CATCH_REJECTION=0, NODEJS_CATCH_EXIT=0), which
// rethrew every rejection whatever handler the host had; the server's own
// handler (server/process_guards.js) logs and counts it.
import { spawn } from 'node:child_process';

import { ServerProcess, assert, root, run, test } from './harness.mjs';

const enginePath = process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;

// Runs `source` (an ES module) in a child node; resolves with its exit code and output.
function runChild(source) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', source], {
      cwd: root,
      env: { ...process.env, QIPAN_WEB_ENGINE: enginePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the child did not end:\n${(stdout + stderr).slice(-600)}`));
    }, 30000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? signal, stdout, stderr });
    });
  });
}

test('with the engine loaded, a handler of our own sees a rejection and the process lives on (the M4 probe)', async () => {
  const { code, stdout, stderr } = await runChild(`
    import { createRequire } from 'node:module';
    const engine = await createRequire(import.meta.url)(process.env.QIPAN_WEB_ENGINE)();
    let seen;
    const handled = new Promise((resolve) => { seen = resolve; });
    process.on('unhandledRejection', (reason) => seen(reason.message));
    Promise.reject(new Error('nobody catches this'));
    console.log('handled: ' + await handled);
    // The process is still alive after the rejection, and so is the engine.
    await new Promise((resolve) => setImmediate(resolve));
    console.log('games: ' + engine.games().length);
  `);
  assert.equal(code, 0, `the process survived (exit ${code}):\n${(stdout + stderr).slice(-600)}`);
  assert.match(stdout, /handled: nobody catches this/);
  assert.match(stdout, /games: [1-9]/);
});

test("the server's guard logs and counts each unhandled rejection (rate-limited log)", async () => {
  const { code, stdout, stderr } = await runChild(`
    import { createRequire } from 'node:module';
    import { installProcessGuards, processFigures } from './server/process_guards.js';
    await createRequire(import.meta.url)(process.env.QIPAN_WEB_ENGINE)();
    const lines = [];
    installProcessGuards((line) => lines.push(line));
    let second;
    const both = new Promise((resolve) => { second = resolve; });
    process.on('unhandledRejection', () => { if (processFigures().unhandledRejections === 2) second(); });
    Promise.reject(new Error('first'));
    Promise.reject(new Error('second'));
    await both;
    console.log(JSON.stringify({ figures: processFigures(), lines }));
  `);
  assert.equal(code, 0, `exit ${code}:\n${(stdout + stderr).slice(-600)}`);
  const { figures, lines } = JSON.parse(stdout.trim().split('\n').at(-1));
  assert.equal(figures.unhandledRejections, 2);
  assert.equal(lines.length, 1, 'the second one within the interval is only counted');
  assert.match(lines[0], /unhandled rejection: Error: first/);
});

test('/health carries the count', async () => {
  const server = await new ServerProcess().start();
  try {
    assert.equal((await server.health()).unhandledRejections, 0);
  } finally {
    await server.stop();
  }
});

process.exit((await run()) ? 1 : 0);
