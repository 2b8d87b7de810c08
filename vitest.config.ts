import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Upper bounds that hold on a loaded 2-core machine; speed is measured by bench/, not here.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and CLI tests start real processes; two cores are all CI has.
    maxWorkers: 2,
  },
});
