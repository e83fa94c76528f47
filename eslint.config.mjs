// ESLint (flat config; `npm run lint`, the "lint" stage of scripts/test):
// the recommended rules over the JavaScript of web/, server/, scripts/,
// tests/ and lab/, a few more, and the globals of the environment each file runs in.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    // Installed, built or generated (web/fonts/make_ui_font.py,
    // web/games/xiangqi/board/font/make_piece_font.py): not ours to lint.
    ignores: ['node_modules/', 'build/', 'dist/', 'web/fonts/ui_font_data.js', 'web/games/xiangqi/board/piece_font_data.js'],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    // A disable comment that no longer disables anything is stale: an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Code made from strings escapes this linter and the bundler; the
      // one place that needs it says why in its disable comment.
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  // The page and its workers (the AI's, web/worker/, and the service
  // worker), and the test pages of tests/web/ (*.js) that import them.
  {
    files: ['web/**/*.js', 'tests/web/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  { files: ['web/pwa/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // Node: the room server, the scripts, the tests, the lab's programs and
  // tests, and the tools in web/ written as .mjs (font and icon generators).
  {
    files: ['server/**/*.{js,mjs}', 'scripts/**/*.{js,mjs}', 'tests/**/*.mjs', 'lab/**/*.mjs', 'web/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  // Node programs that drive headless Chromium (playwright-core) also hand
  // functions to the page (page.evaluate, waitForFunction), which run there.
  {
    files: ['tests/browser/**/*.mjs', 'tests/web/*_screenshots.mjs', 'scripts/bench_page.mjs', 'web/pwa/make_icons.mjs'],
    languageOptions: { globals: globals.browser },
  },
];
