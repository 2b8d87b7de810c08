import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/sequencer.ts';

/** What bin/bundle-cli.mjs defines for the bundled CLI, for the in-process harness's sources. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * How the tests' sources are compiled: the CLI's version, as bin/bundle-cli.mjs defines it, and
 * JSX for React's production runtime (NODE_ENV below), as the site bundle uses it.
 */
const compile = () => ({
  define: { SITEGEN_VERSION: JSON.stringify(version) },
  oxc: { jsx: { development: false } },
});

/**
 * Upper bounds that hold on a loaded 2-core machine; speed is measured by bench/, not here.
 * NODE_ENV is what bin/sitegen sets when the shell has none: React's production build, in
 * in-process builds and in every CLI process a test starts (vitest's own default is "test").
 */
const limits = { testTimeout: 60_000, hookTimeout: 120_000, env: { NODE_ENV: 'production' } };

export default defineConfig({
  test: {
    // Once for the whole run, here at the root: the projects below do not repeat it.
    globalSetup: ['tests/helpers/global-setup.ts'],
    // On a clean clone, the longest files first (tests/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // Browser and CLI tests start real processes; two cores are all CI has.
    maxWorkers: 2,
    projects: [
      {
        // A fresh object for each project: vite resolves (and changes) the one it is given.
        ...compile(),
        test: {
          ...limits,
          name: 'processes',
          // One module graph per worker, not one per file: no test mocks a module or changes
          // the process's folder, and each file cleans up what it starts (import 13 s -> 4 s).
          isolate: false,
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // After every other file, never beside one: a CLI test that started 30 processes on two
        // cores once starved Chromium past a 15 s wait for an element already in the page (CI
        // of 1898d4b). The browser files share the two cores only with each other; mixing the
        // two projects measured no faster (143 s against 131-142 s).
        ...compile(),
        test: {
          ...limits,
          name: 'browser',
          isolate: false,
          include: ['tests/browser/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
