#!/usr/bin/env node
// What `sitegen check` costs against the build it checks (issue 31's targets), printed as a table:
//
//   node bench/check.mjs                        # 10,000 articles, 3 rounds
//   node bench/check.mjs --articles 1000 --rounds 5 --work /tmp/check-bench
//
// It generates a project (bench/generate.mjs) in --work (default: a new temporary folder), with a
// cache folder of its own. Each round, in turn: the full build (`build --no-cards --fresh`), the
// full check of its output (`check --fresh`: every page parsed, with the default --jobs, then
// with --jobs 1), then one article's body edited, the build again (it renders that page) and
// `check` (the cache holds every other page's facts). Ratios are taken per round (pairedRatio).
// Wall clock of child processes; the figures are this machine's, which is noisy.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatRatio, pairedRatio, spread } from './stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'bin/sitegen');
const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    work: { type: 'string' },
  },
});
const count = Number(values.articles);
const rounds = Number(values.rounds);
const work = path.resolve(values.work ?? mkdtempSync(path.join(os.tmpdir(), 'sitegen-check-')));
const site = path.join(work, `site-${count}`);
const env = { ...process.env, SITEGEN_CACHE_DIR: path.join(work, 'cache') };

/** Seconds `sitegen ...args` takes in the project (wall clock), failing loudly when it fails. */
function timed(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd: site,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (run.status !== 0) throw new Error(`sitegen ${args.join(' ')}: ${run.stderr}`);
  return (performance.now() - started) / 1000;
}

/** Adds a paragraph to one article's body: its page, and only it, changes. */
function editBody(round) {
  const folder = path.join(site, 'src/content/articles');
  const file = path.join(folder, readdirSync(folder).sort()[Math.floor(count / 2)]);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nPerubahan ${round} paragraf.\n`);
}

if (!existsSync(path.join(site, 'src/content/articles'))) {
  execFileSync(process.execPath, [
    path.join(repo, 'bench/generate.mjs'),
    '--articles',
    String(count),
    '--out',
    site,
  ]);
}
timed(['build', '--no-cards']);
timed(['check']);
const rows = { build: [], check: [], checkOneJob: [], rebuild: [], again: [] };
for (let round = 0; round < rounds; round++) {
  rows.build.push(timed(['build', '--no-cards', '--fresh']));
  rows.check.push(timed(['check', '--fresh']));
  rows.checkOneJob.push(timed(['check', '--fresh', '--jobs', '1']));
  editBody(round);
  rows.rebuild.push(timed(['build', '--no-cards']));
  rows.again.push(timed(['check']));
}

const s = (series) => spread(series, 2, ' s');
console.log(`# sitegen check at ${count.toLocaleString('en-US')} articles (${rounds} rounds)\n`);
console.log('| what | median (min–max) | ratio | target |\n|---|---|---|---|');
console.log(`| \`build --no-cards --fresh\` | ${s(rows.build)} | | |`);
console.log(
  `| \`check --fresh\` (default --jobs) / that build | ${s(rows.check)} | ${formatRatio(pairedRatio(rows.check, rows.build))} | ≤ 0.5× |`,
);
console.log(
  `| \`check --fresh --jobs 1\` / the default | ${s(rows.checkOneJob)} | ${formatRatio(pairedRatio(rows.checkOneJob, rows.check))} | |`,
);
console.log(`| build after one body edit | ${s(rows.rebuild)} | | |`);
console.log(
  `| \`check\` after it / the full check | ${s(rows.again)} | ${formatRatio(pairedRatio(rows.again, rows.check))} | ≤ 0.1× |`,
);
