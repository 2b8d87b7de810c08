#!/usr/bin/env node
// What a first search transfers, and whether it finds what the spec's rule finds: types each
// query into the script's own search (src/client/search.ts, bundled with esbuild) one keystroke
// at a time, against a built folder, as a fresh visitor of /artikel/ would (list.json, the index
// files each keystroke needs, the card files of the first 12 results), and prints the gzip bytes
// of every distinct file it loaded. Then checks the results of every prefix typed against the
// rule applied to every card in the list's card files.
//
//   node bench/search-bytes.mjs --dist /tmp/site-10k/dist [QUERY ...]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { build } from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  options: { dist: { type: 'string' } },
  allowPositionals: true,
});
if (!values.dist) {
  console.error('usage: node bench/search-bytes.mjs --dist DIR [QUERY ...]');
  process.exit(2);
}
const dist = path.resolve(values.dist);
const queries = positionals.length
  ? positionals
  : ['anggaran batas', 'Loyal4D', 'penarikan', 'artikel 9999', 'bonus informasi panduan', 'xyz'];

const out = mkdtempSync(path.join(os.tmpdir(), 'sitegen-search-'));
const bundle = path.join(out, 'search.mjs');
await build({
  entryPoints: [path.join(repo, 'src/client/search.ts')],
  bundle: true,
  format: 'esm',
  outfile: bundle,
  logLevel: 'error',
});
const { createSearch } = await import(pathToFileURL(bundle).href);

const text = (url) => readFileSync(path.join(dist, decodeURI(url).replace(/^\//, '')), 'utf8');
const list = JSON.parse(text('/artikel/list.json'));
const cards = list.pages.flatMap((url) => JSON.parse(text(url)));
const byRule = (query) =>
  cards.flatMap((card, doc) =>
    [card.title, card.excerpt, card.brandName].some((field) => field.toLowerCase().includes(query))
      ? [doc]
      : [],
  );

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
let worst = 0;
let mismatches = 0;
console.log(`search at N = ${list.total} (${dist})`);
for (const typed of queries) {
  const loaded = new Map();
  const load = async (url) => {
    if (!loaded.has(url)) loaded.set(url, gzipSync(text(url)).length);
    return JSON.parse(text(url));
  };
  await load('/artikel/list.json');
  const { search } = createSearch(list.search, list.total, load);
  let results = [];
  for (let end = 1; end <= typed.length; end++) {
    const query = typed.slice(0, end).trim().toLowerCase();
    if (!query) continue;
    results = await search(query);
    const expected = byRule(query);
    if (JSON.stringify(results) !== JSON.stringify(expected)) {
      mismatches++;
      console.log(
        `  MISMATCH for ${JSON.stringify(query)}: ${results.length} vs ${expected.length}`,
      );
    }
    for (const doc of results.slice(0, list.pageSize))
      await load(list.pages[Math.floor(doc / list.pageSize)]);
  }
  const bytes = [...loaded.values()].reduce((sum, size) => sum + size, 0);
  const kinds = {};
  for (const [url, size] of loaded) {
    const kind = url.match(/\/(vocab|grams|words|docs|lists)[-./]/)?.[1] ?? 'list.json';
    kinds[kind] = (kinds[kind] ?? 0) + size;
  }
  const split = Object.entries(kinds)
    .map(([kind, size]) => `${kind} ${kib(size)}`)
    .join(', ');
  worst = Math.max(worst, bytes);
  console.log(
    `  ${JSON.stringify(typed).padEnd(28)} ${String(results.length).padStart(6)} results  ${String(loaded.size).padStart(3)} files  ${kib(bytes).padStart(10)} gzip (${split})`,
  );
}
console.log(
  `largest first search: ${kib(worst)} gzip (target ≤ 300 KiB); mismatches: ${mismatches}`,
);
rmSync(out, { recursive: true, force: true });
process.exit(mismatches === 0 ? 0 : 1);
