#!/usr/bin/env node
// npm run lighthouse: builds the site, serves it with `sitegen preview` (which sends the
// same security headers as _headers), and runs Lighthouse (mobile preset) in Debian's
// Chromium on home, list, one brand page, one article and contact, printing the four
// category scores per page. Lighthouse 12 (the last major that runs on Node 20) is
// installed on first use into a cache folder outside the repo, not into package.json:
// it is large and only this script needs it.
// Options: --root DIR builds another project (such as a copy with article images); --dist DIR
// uses a folder already built (say, 10,000 generated articles) and leaves it as it is; each
// NAME=/path/ argument replaces the default page list.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPreview } from './preview.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = path.join(os.homedir(), '.cache', 'sitegen-lighthouse');
const lighthouseBin = path.join(cache, 'node_modules', 'lighthouse', 'cli', 'index.js');
if (!existsSync(lighthouseBin)) {
  console.log(`lighthouse: installing lighthouse@12 into ${cache} (first run only)`);
  mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['install', '--prefix', cache, '--no-audit', '--no-fund', 'lighthouse@12'], {
    stdio: 'inherit',
  });
}

const argv = process.argv.slice(2);
const optionOf = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const root = path.resolve(optionOf('--root') ?? repo);
const given = optionOf('--dist');
const pageArgs = argv.filter(
  (arg, i) => arg.includes('=/') && !['--root', '--dist'].includes(argv[i - 1]),
);

const dist = given
  ? path.resolve(given)
  : path.join(os.tmpdir(), `sitegen-lighthouse-${process.pid}`);
const reports = given ? path.join(os.tmpdir(), `sitegen-lighthouse-${process.pid}`) : dist;
const cli = path.join(repo, 'bin/sitegen');
if (
  !given &&
  spawnSync(process.execPath, [cli, 'build', '--root', root, '--out', dist], { stdio: 'inherit' })
    .status !== 0
)
  process.exit(1);
mkdirSync(reports, { recursive: true });
const { origin: base, stop: stopPreview } = await startPreview(dist);

const pages =
  pageArgs.length > 0
    ? pageArgs.map((arg) => arg.split('='))
    : [
        ['home', '/'],
        ['list', '/artikel/'],
        ['brand', '/brand/loyal4d/'],
        ['article', '/artikel/loyal4d-strategi-bankroll-management/'],
        ['contact', '/kontak/'],
      ];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const rows = [];
const notes = [];
for (const [name, url] of pages) {
  const report = path.join(reports, `lighthouse-${name}.json`);
  const result = spawnSync(
    process.execPath,
    [
      lighthouseBin,
      base + url,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      `--only-categories=${categories.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) {
    rows.push([name, ...categories.map(() => 'error')]);
    continue;
  }
  const data = JSON.parse(readFileSync(report, 'utf8'));
  rows.push([name, ...categories.map((c) => String(Math.round(data.categories[c].score * 100)))]);
  for (const c of categories) {
    for (const ref of data.categories[c].auditRefs) {
      const audit = data.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        notes.push(`${name} / ${c}: ${audit.title} (${audit.displayValue ?? audit.score})`);
    }
  }
}
stopPreview();
rmSync(reports, { recursive: true, force: true });

const header = ['page', 'Performance', 'Accessibility', 'Best Practices', 'SEO'];
console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (notes.length)
  console.log(`\nAudits below full marks:\n${notes.map((n) => `- ${n}`).join('\n')}`);
