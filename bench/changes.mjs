#!/usr/bin/env node
// What a change costs at N generated articles (issue 30's targets), printed as a table:
//
//   node bench/changes.mjs                     # 10,000 articles, 3 rounds
//   node bench/changes.mjs --articles 1000 --rounds 5
//
// In a temporary folder it generates a project (bench/generate.mjs) and, when `hugo` is on
// the PATH, the same site as a Hugo site (bench/compare-hugo.mjs writeHugoSite, shaped from
// sitegen's first build). Then:
//   1. builds: per round, Hugo's cold build, then sitegen's second build after one body edit
//      and after one title edit that keeps the article's place (both `--no-cards`, from the
//      build manifest of the build before), each ratio taken per round (pairedRatio);
//   2. dev (`sitegen dev --no-cards` is not used: cards are drawn on request): the first page
//      served with empty caches, and again after a restart on its own cache; 10 body saves
//      (save -> the article page on disk holds the new text) and 5 title saves (save -> the
//      article page and the list page that shows it hold the new title).
// Wall clock of child processes; the figures are this machine's, which is noisy.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeHugoSite } from './compare-hugo.mjs';
import { readRecords, siteShape } from './compare-shape.mjs';
import { formatRatio, median, pairedRatio, spread } from './stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'bin/sitegen');
const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
  },
});
const count = Number(values.articles);
const rounds = Number(values.rounds);
const work = mkdtempSync(path.join(os.tmpdir(), 'sitegen-changes-'));
const site = path.join(work, 'site');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds a command takes (wall clock), failing loudly when it fails. */
function timed(command, args, cwd) {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${run.stderr}`);
  return (performance.now() - started) / 1000;
}

const articleFiles = () => readdirSync(path.join(site, 'src/content/articles')).sort();
const articlePath = (name) => path.join(site, 'src/content/articles', name);
const bodyEdit = (name, marker) =>
  writeFileSync(
    articlePath(name),
    `${readFileSync(articlePath(name), 'utf8')}\n${marker} paragraf.\n`,
  );
// A word added at the end of the title keeps the article's place in every list: articles of
// the same date are ordered by title, and "Artikel 700: ... x" sorts where "Artikel 700: ..."
// did (a marker put after the number would sort before "Artikel 7000" and move it).
const titleEdit = (name, marker) => {
  const text = readFileSync(articlePath(name), 'utf8');
  writeFileSync(articlePath(name), text.replace(/^title: "([^"]*)"/m, `title: "$1 ${marker}"`));
};

function buildRounds(hugoDir) {
  const build = () => timed(process.execPath, [cli, 'build', '--no-cards'], site);
  build();
  // Hugo builds the site this first build wrote, page for page (bench/compare-hugo.mjs).
  if (hugoDir) writeHugoSite(hugoDir, readRecords(site), siteShape(path.join(site, 'dist')));
  build();
  const rows = { hugo: [], body: [], title: [] };
  for (let round = 0; round < rounds; round++) {
    const names = articleFiles();
    if (hugoDir) {
      rmSync(path.join(work, 'hugo-out'), { recursive: true, force: true });
      rows.hugo.push(
        timed('hugo', [
          '--quiet',
          '--source',
          hugoDir,
          '--destination',
          path.join(work, 'hugo-out'),
        ]),
      );
    }
    bodyEdit(names[500 + round], `Penanda${round}`);
    rows.body.push(build());
    titleEdit(names[700 + round], `versi ${round}`);
    rows.title.push(build());
  }
  return rows;
}

/** Starts `sitegen dev`, and resolves when `/` answers 200: the seconds that took. */
async function startDev(out, port) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [cli, 'dev', '--root', site, '--out', out, '--port', String(port), '--strict-port'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(20);
  }
  const first = (performance.now() - started) / 1000;
  while (!/initial build/.test(log)) await sleep(20);
  await sleep(1500);
  return { child, first, log: () => log };
}

/**
 * The milliseconds from `started` until `file` holds `text`, looked at every millisecond: a
 * loop that reads the file without a pause takes one of the machine's two cores from the dev
 * server it measures (a body save measured 15-25 ms slower so).
 */
async function until(file, text, started) {
  for (;;) {
    if (existsSync(file) && readFileSync(file, 'utf8').includes(text))
      return performance.now() - started;
    await sleep(1);
  }
}

async function devRounds() {
  const out = path.join(work, 'dev-out');
  rmSync(path.join(site, 'node_modules/.cache'), { recursive: true, force: true });
  const port = 4600 + Math.floor(Math.random() * 300);
  const cold = await startDev(out, port);
  cold.child.kill('SIGINT');
  await new Promise((resolve) => cold.child.on('exit', resolve));
  const dev = await startDev(out, port);
  const names = articleFiles();
  const body = [];
  for (let i = 0; i < 10; i++) {
    const marker = `Simpan${i}x${Date.now()}`;
    const started = performance.now();
    bodyEdit(names[600 + i], marker);
    body.push(
      await until(
        path.join(out, 'artikel', names[600 + i].slice(0, -3), 'index.html'),
        marker,
        started,
      ),
    );
    await sleep(300);
  }
  const title = [];
  for (let i = 0; i < 5; i++) {
    const name = names[800 + i];
    const slug = name.slice(0, -3);
    const list = listPageOf(out, slug);
    const marker = `Judul${i}x${Date.now()}`;
    const started = performance.now();
    titleEdit(name, marker);
    const page = await until(path.join(out, 'artikel', slug, 'index.html'), marker, started);
    title.push(Math.max(page, await until(list, marker, started)));
    await sleep(300);
  }
  dev.child.kill('SIGINT');
  await new Promise((resolve) => dev.child.on('exit', resolve));
  return { cold: cold.first, restart: dev.first, body, title };
}

/** The list page (artikel/…) whose cards link to the article `slug`. */
function listPageOf(out, slug) {
  const pages = ['artikel/index.html'];
  for (let n = 2; existsSync(path.join(out, `artikel/halaman/${n}/index.html`)); n++)
    pages.push(`artikel/halaman/${n}/index.html`);
  const found = pages.find((page) =>
    readFileSync(path.join(out, page), 'utf8').includes(`/artikel/${slug}/"`),
  );
  if (!found) throw new Error(`no list page shows ${slug}`);
  return path.join(out, found);
}

execFileSync(
  process.execPath,
  [path.join(repo, 'bench/generate.mjs'), '--articles', String(count), '--out', site],
  { stdio: 'ignore' },
);
const hasHugo = spawnSync('hugo', ['version']).status === 0;
const hugoDir = hasHugo ? path.join(work, 'hugo') : undefined;
try {
  const builds = buildRounds(hugoDir);
  const dev = await devRounds();
  const ms = (values) => spread(values, 0, ' ms');
  console.log(
    `\nWhat a change costs at ${count.toLocaleString('en')} articles (${rounds} rounds; Node ${process.version})\n`,
  );
  console.log('| what | figure |\n|---|---|');
  if (hasHugo) {
    console.log(`| Hugo cold build, the same site | ${spread(builds.hugo, 2, ' s')} |`);
    console.log(
      `| second build after one body change / Hugo cold | ${formatRatio(pairedRatio(builds.body, builds.hugo))} |`,
    );
    console.log(
      `| second build after one title change / Hugo cold | ${formatRatio(pairedRatio(builds.title, builds.hugo))} |`,
    );
  }
  console.log(`| second build after one body change | ${spread(builds.body, 2, ' s')} |`);
  console.log(`| second build after one title change | ${spread(builds.title, 2, ' s')} |`);
  console.log(`| dev: first page served, empty caches | ${dev.cold.toFixed(2)} s |`);
  console.log(`| dev: first page after a restart on its own cache | ${dev.restart.toFixed(2)} s |`);
  console.log(
    `| dev: body save -> page on disk, median / max of 10 | ${median(dev.body).toFixed(0)} / ${Math.max(...dev.body).toFixed(0)} ms |`,
  );
  console.log(`| dev: title save -> article and list page, median of 5 | ${ms(dev.title)} |`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
