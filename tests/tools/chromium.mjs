// Debian's Chromium, headless, with the flags every browser run here uses (never a downloaded
// browser): for the tools and benchmarks that run on plain Node (screenshots.mjs, bench/run.mjs,
// bench/search-browser.mjs). The vitest suites use tests/helpers/browser.ts.
import { chromium } from 'playwright-core';

/** Launches Chromium ($CHROMIUM_PATH, else /usr/bin/chromium). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
