#!/usr/bin/env node
// npm run screenshots: builds the site, serves it with `sitegen preview` (the host rules of
// src/generator/host/static-host.ts, including the nearest 404.html, and the site's security
// headers) and saves full-page PNGs of every page kind at 375 and 1280 px into
// screenshots/ (git-ignored), using playwright-core and Debian's Chromium. This tool runs
// on plain Node, which cannot import the .ts rules; the preview server is their runner.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPreview } from './preview.mjs';
import { launchChromium } from './chromium.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(repo, 'screenshots');
const dist = path.join(os.tmpdir(), `sitegen-screenshots-${process.pid}`);
const cli = path.join(repo, 'bin/sitegen');
const build = spawnSync(process.execPath, [cli, 'build', '--out', dist], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { origin: base, stop: stopPreview } = await startPreview(dist);

const kinds = [
  ['home', '/'],
  ['list', '/artikel/'],
  ['list-no-results', '/artikel/?q=tidak-ada-yang-cocok'],
  ['brand', '/brand/lux88togel/'],
  ['article', '/artikel/loyal4d-strategi-bankroll-management/'],
  ['fallback-article', '/artikel/loyal4d-layanan-live-chat/'],
  ['contact', '/kontak/'],
  ['404', '/tidak-ada/'],
  ['404-brand', '/brand/tidak-ada/'],
  ['404-article', '/artikel/tidak-ada/'],
];
const browser = await launchChromium();
mkdirSync(out, { recursive: true });
for (const width of [375, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 800 : 900 },
  });
  const page = await context.newPage();
  for (const [name, url] of kinds) {
    await page.goto(base + url, { waitUntil: 'load' });
    const file = path.join(out, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`screenshots: ${path.relative(repo, file)}`);
  }
  if (width < 768) {
    await page.goto(`${base}/`);
    await page.click('[data-menu-toggle]');
    await page.screenshot({ path: path.join(out, `menu-open-${width}.png`) });
    console.log(`screenshots: screenshots/menu-open-${width}.png`);
  }
  await context.close();
}
await browser.close();
stopPreview();
spawnSync('rm', ['-rf', dist]);
