// @ts-check
// Folder rules (docs/style.md, "A pure core with enforced layers"), enforced per folder with
// no-restricted-imports and no-restricted-globals, the way Perfetto enforces its import graph.
//
// ESLint does not merge the options of one rule across config objects: for a given file the last
// matching object wins. So each folder gets ONE object per rule holding every restriction that
// applies to it, built from the pieces below. test/lint/folder-rules.test.ts proves they bite.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCE = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/** Folders of lib/ that may use Node or talk to the server; every other lib/ folder is pure. */
const NON_PURE_LIB = ['lib/server/**', 'lib/worker/**', 'lib/node/**', 'lib/cli/**'];

/** The part of an import path after `@/` or any run of `./` and `../`, matched against a root folder. */
const rootFolder = (/** @type {string} */ folder) => `^(?:@/|(?:\\.{1,2}/)+)${folder}(?:/|$)`;

const NO_UI_FRAMEWORK = {
  paths: [
    { name: 'react', message: 'lib/ core runs in Node and in workers: keep React in components/ or app/.' },
    { name: 'react-dom', message: 'lib/ core runs in Node and in workers: keep React in components/ or app/.' },
    { name: 'next', message: 'lib/ core must not depend on Next: keep it in app/.' },
  ],
  patterns: [
    { group: ['react/*', 'react-dom/*'], message: 'lib/ core runs in Node and in workers: keep React in components/ or app/.' },
    { group: ['next/*'], message: 'lib/ core must not depend on Next: keep it in app/.' },
  ],
};

const NODE_BUILTIN_MESSAGE =
  'This lib/ folder also runs in the browser: Node built-ins belong in lib/node, lib/cli or lib/server.';
const NO_NODE_BUILTINS = {
  paths: builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => ({ name, message: NODE_BUILTIN_MESSAGE })),
  patterns: [{ group: ['node:*'], message: NODE_BUILTIN_MESSAGE }],
};

const NO_UI_FROM_LIB = {
  paths: [],
  patterns: [
    { regex: rootFolder('components'), message: 'lib/ never imports components/: the dependency points the other way.' },
    { regex: rootFolder('app'), message: 'lib/ never imports app/: the dependency points the other way.' },
  ],
};

const NO_LIB_SERVER = {
  paths: [],
  patterns: [
    {
      regex: rootFolder('lib/server'),
      message: 'lib/server is imported only by route handlers and server components under app/.',
    },
  ],
};

const NO_NODE_OR_CLI_FROM_UI = {
  paths: [],
  patterns: [
    { regex: rootFolder('lib/node'), message: 'lib/node is for the CLI and scripts, never for components/ or app/.' },
    { regex: rootFolder('lib/cli'), message: 'lib/cli is the command line, never imported by components/ or app/.' },
  ],
};

/** One no-restricted-imports setting holding several restriction sets. */
function restrictImports(/** @type {{paths: object[], patterns: object[]}[]} */ ...sets) {
  return [
    'error',
    { paths: sets.flatMap((s) => s.paths), patterns: sets.flatMap((s) => s.patterns) },
  ];
}

/** Globals that exist only in a browser page. Web-platform APIs Node also has (File, Blob,
 * ReadableStream, TextDecoder, fetch, URL) stay allowed: the parser reads `File.stream()`. */
const DOM_ONLY_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'alert',
  'confirm',
  'prompt',
  'getComputedStyle',
  'matchMedia',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'HTMLElement',
  'HTMLCanvasElement',
  'HTMLInputElement',
  'Element',
  'DOMParser',
  'XMLHttpRequest',
].map((name) => ({
  name,
  message: 'lib/ core runs in Node and in workers: DOM access belongs in components/ or app/.',
}));

/** Node-only globals, which are just as absent in the browser. */
const NODE_ONLY_GLOBALS = ['Buffer', '__dirname', '__filename', 'require'].map((name) => ({
  name,
  message: 'This lib/ folder also runs in the browser: use Uint8Array and ESM, or move it to lib/node.',
}));

export default defineConfig(
  {
    ignores: ['.next/**', 'node_modules/**', 'dist/**', 'coverage/**', '.bench-cache/**', 'data/**', 'next-env.d.ts', 'public/offline-report/**'],
  },
  {
    files: [SOURCE],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Plain JS files are Node scripts (scripts/, bench/, bin/, config files).
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['test/**', 'scripts/**', 'bench/**', '*.config.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // lib/ core: pure, runs in the browser, in workers and in Node.
  {
    files: [`lib/${SOURCE}`],
    ignores: NON_PURE_LIB,
    rules: {
      'no-restricted-imports': restrictImports(NO_UI_FRAMEWORK, NO_NODE_BUILTINS, NO_UI_FROM_LIB),
      'no-restricted-globals': ['error', ...DOM_ONLY_GLOBALS, ...NODE_ONLY_GLOBALS],
    },
  },
  // lib/server, lib/worker, lib/node, lib/cli: may use Node (or the worker scope), still never the UI.
  {
    files: NON_PURE_LIB.map((dir) => dir.replace('/**', `/${SOURCE}`)),
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': restrictImports(NO_UI_FROM_LIB),
    },
  },
  // components/: presentational, also bundled for the browser.
  {
    files: [`components/${SOURCE}`],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': restrictImports(NO_LIB_SERVER, NO_NODE_OR_CLI_FROM_UI),
    },
  },
  // app/: server components and route handlers may use lib/server; nothing in app/ uses the CLI side.
  {
    files: [`app/${SOURCE}`],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': restrictImports(NO_NODE_OR_CLI_FROM_UI),
    },
  },
);
