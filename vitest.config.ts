import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Browser tests are named `*.browser.test.ts`; they need a production build of the app. */
const BROWSER_TESTS = 'test/**/*.browser.test.ts';

export default defineConfig({
  resolve: {
    alias: { '@': root.replace(/\/$/, '') },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    // Some tests parse large generated traces, and the browser tests start a server.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [BROWSER_TESTS],
          // test/cli runs the bundled CLI: rebuild dist/ from the current sources first (< 1 s).
          globalSetup: ['test/helpers/build-cli-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_TESTS],
          // Runs only when a browser test is selected, so `npm test -- test/stats` never builds the app.
          globalSetup: ['test/helpers/global-setup.ts'],
          // Each file starts its own server and Chromium: one at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
