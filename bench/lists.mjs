#!/usr/bin/env node
// The site at scale (issue 22), every target printed: generates N articles (default 10,000),
// builds them (--no-cards, its own cache), and prints
//   - the heaviest first load `sitegen check` finds (budget 30 KiB) and whether check passes;
//   - /artikel/'s HTML, raw and gzip;
//   - what a first search transfers and whether its results equal the spec's rule
//     (bench/search-bytes.mjs);
//   - each keystroke's time to its painted results, Chromium with the CPU 4x slower
//     (bench/search-browser.mjs; --skip-browser leaves it out);
//   - the sitemap of 60,000 URLs as sitegen writes it (src/generator/files/sitemap.ts),
//     validated with xmllint against the sitemaps.org schemas in tests/fixtures/sitemap-schema.
// Lighthouse is `npm run lighthouse -- --dist DIR` on the folder this builds (see README).
//
//   node bench/lists.mjs [--articles 10000] [--work DIR] [--skip-browser]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    work: { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
  },
});
const count = Number(values.articles);
const work = path.resolve(values.work ?? mkdtempSync(path.join(os.tmpdir(), 'sitegen-lists-')));
mkdirSync(work, { recursive: true });
const project = path.join(work, `gen-${count}`);
const dist = path.join(project, 'dist');
const cli = path.join(repo, 'bin/sitegen');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const run = (args, options = {}) =>
  spawnSync(process.execPath, args, { encoding: 'utf8', cwd: repo, ...options });

console.log(`# The site at ${count.toLocaleString('en-US')} articles (issue 22)\n`);
execFileSync(process.execPath, [
  path.join(repo, 'bench/generate.mjs'),
  '--articles',
  String(count),
  '--out',
  project,
]);
const built = run([cli, 'build', '--root', project, '--no-cards'], {
  env: { ...process.env, SITEGEN_CACHE_DIR: path.join(work, 'cache') },
});
if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
console.log(built.stdout.trim().split('\n')[0]);

const checked = run([cli, 'check', dist]);
const heaviest = checked.stdout.match(/heaviest first load ([\d.]+ KB) gzip \(([^)]+)\)/);
console.log(
  `\n| what | measured | target |\n|---|---|---|\n| sitegen check (30 KiB first-load budget) | ${checked.status === 0 ? 'passes' : 'FAILS'}; heaviest first load ${heaviest ? `${heaviest[1]} (${heaviest[2]})` : '?'} | passes on every page |`,
);
const list = readFileSync(path.join(dist, 'artikel/index.html'));
console.log(
  `| /artikel/ HTML | ${kib(list.length)} (${kib(gzipSync(list).length)} gzip) | ≤ 30 KiB gzip |`,
);

const bytes = run(['bench/search-bytes.mjs', '--dist', dist]);
const largest = bytes.stdout.match(/largest first search: ([\d.]+ KiB) gzip.*mismatches: (\d+)/);
console.log(
  `| bytes a first search transfers (6 queries typed key by key) | largest ${largest?.[1] ?? '?'} gzip | ≤ 300 KiB gzip |`,
);
console.log(
  `| results of every typed prefix vs the rule over every card | ${largest ? `${largest[2]} mismatches` : '?'} | identical |`,
);
let keys;
if (!values['skip-browser']) {
  keys = run(['bench/search-browser.mjs', '--dist', dist]);
  const summary = keys.stdout.match(/median (\d+) ms, max (\d+) ms/);
  console.log(
    `| keystroke to painted results, CPU 4× slower | median ${summary?.[1] ?? '?'} ms, max ${summary?.[2] ?? '?'} ms | every one ≤ 200 ms |`,
  );
}
console.log(`| sitemap at 60,000 URLs | ${await sitemapAt(60_000)} | a valid index |`);
console.log(`\n## Search transfers\n\n${bytes.stdout.trim()}`);
if (keys) console.log(`\n## Keystrokes\n\n${keys.stdout.trim()}`);
console.log(`\nBuilt site: ${dist} (npm run lighthouse -- --dist ${dist} ...)`);

/** Writes the sitemap of `urls` pages as sitegen does and validates it with xmllint. */
function sitemapAt(urls) {
  const out = path.join(work, 'sitemap');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const bundle = path.join(out, 'sitemap.mjs');
  return build({
    entryPoints: [path.join(repo, 'src/generator/files/sitemap.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundle,
    logLevel: 'error',
  }).then(async () => {
    const { sitemapFiles } = await import(pathToFileURL(bundle).href);
    const entries = Array.from({ length: urls }, (_, i) => ({
      url: `/artikel/artikel-${i}/`,
      lastModified: '2024-12-15',
    }));
    const files = sitemapFiles(entries, 'https://example.org/');
    const schemas = path.join(repo, 'tests/fixtures/sitemap-schema');
    const problems = [];
    for (const file of files) {
      writeFileSync(path.join(out, file.path), file.contents);
      const isIndex = String(file.contents).includes('<sitemapindex');
      const schema = path.join(schemas, isIndex ? 'siteindex.xsd' : 'sitemap.xsd');
      const lint = spawnSync(
        'xmllint',
        ['--noout', '--schema', schema, path.join(out, file.path)],
        {
          encoding: 'utf8',
        },
      );
      if (lint.status !== 0) problems.push(`${file.path}: ${lint.stderr.trim()}`);
    }
    const names = files.map((file) => file.path).join(', ');
    return problems.length === 0
      ? `${files.length} files (${names}), all valid (xmllint, sitemaps.org XSD)`
      : `INVALID: ${problems.join('; ')}`;
  });
}
