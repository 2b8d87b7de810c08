#!/usr/bin/env node
// Compares sitegen's cold build with Hugo's and Eleventy's on the same site, page for page.
//
//   node bench/compare.mjs                  # N = 1,000 and 10,000 articles
//   node bench/compare.mjs --articles 1000  # one size only
//   node bench/compare.mjs --rounds 1       # fewer rounds (default 5 below 10,000, 3 from 10,000)
//
// The core is importable, so `npm run bench` (bench/run.mjs) runs the same comparison and
// puts its figures in its summary table:
//
//   import { compareTools, printComparison } from './compare.mjs';
//   const result = compareTools({ sizes: [1000, 10000], rounds: 3, work: '/tmp' });
//   // result.sizes[i] = { count, rounds, tools: { sitegen, hugo, eleventy } }, each tool
//   // { name, version, pages, routes, walls: [ms per round], peaks: [MB per round],
//   // articleBytes, listBytes }
//   printComparison(result);
//
// For each N it
//   1. generates a sitegen project with bench/generate.mjs into a temp folder and reads its
//      articles back (src/content/articles/<slug>.md: YAML front matter, Markdown body);
//   2. builds it with sitegen (--no-cards) once and lists what it wrote (compare-shape.mjs):
//      the HTML pages per kind (articles, /artikel/ and its pages, brand pages, each brand's
//      list and its pages, home, contact, 404 pages), the feed's entries, the sitemap's URLs,
//      each list's list.json and card files, the search index; and the list order, the page
//      size, and the static parts of the pages that are not articles or lists;
//   3. writes a Hugo site (compare-hugo.mjs) and an Eleventy site (compare-eleventy.mjs) that
//      build that same site with each tool's own means (pagination, taxonomies or
//      collections, output formats or JSON templates): the same Markdown articles with the
//      SAME front matter values and bodies, rendered by each tool's own Markdown renderer
//      (sitegen and Eleventy: markdown-it; Hugo: Goldmark), an article layout that mirrors
//      sitegen's article page, and list, home, brand, contact and 404 pages whose <main> is
//      sitegen's byte for byte;
//   4. installs the tools when missing: Hugo with `apt-get install -y hugo` (Debian bookworm
//      ships 0.111), Eleventy 3 with npm into /tmp/sitegen-eleventy (outside the repo);
//   5. builds Hugo and Eleventy once each and checks that they built sitegen's site: the same
//      number of pages of every kind (Hugo's one allowed excess: a halaman/1/ redirect per
//      paged list, see compare-hugo.mjs), the same feed entries, sitemap URLs, list and card
//      files, search docs (with the same fields), the cards of every list page, the same
//      <main> on the sample list, home, brand, contact and 404 pages, and the sample article
//      holds its rendered body; failing loudly otherwise;
//   6. times cold builds as child processes under `/usr/bin/time -f "%e %M"` (wall seconds,
//      peak RSS), a fresh output folder per run, tools interleaved per round (round 1:
//      sitegen, hugo, eleventy; round 2: ...), and prints each median next to the min–max of
//      the rounds, and sitegen / Hugo and sitegen / Eleventy as the median of the per-round
//      ratios (each ratio taken within one round, where the tools ran next to each other)
//      with their min–max, not as a ratio of medians.
//
// Peak RSS is GNU time's %M: the ru_maxrss that wait4() reports for the timed command, i.e.
// the largest resident set of that process and of the descendants it had reaped before it
// exited; the largest one, never the sum of the process tree. For sitegen that is its Node
// process (worker threads, if any, count within it; esbuild's service child is far smaller
// and counts only if reaped before exit); Hugo and Eleventy run as one process each.
//
// The work still differs where the tools differ by design: sitegen validates the front
// matter, links the first brand mention in every body (cheerio), checks each body against its
// HTML policy, bundles and fingerprints its templates, CSS and client script (esbuild),
// writes an inverted search index (vocabulary, grams, postings) where the others write a flat
// JSON index of the same fields (the usual choice with these tools; the script then searches
// it), and puts a CSP and JSON-LD in every page's head. Hugo fingerprints its card and index
// files (its own `fingerprint`), Eleventy does not (it has no fingerprinting of its own); both
// copy sitegen's stylesheet, script and icon as they are. No tool draws images: sitegen runs
// with --no-cards. "ms per page" divides by the HTML files each tool wrote. A size's projects
// and outputs are deleted after its last timed round (never between timed runs), so at most
// one size is on disk: 50,000 articles write several GB of output over the rounds.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { writeEleventySite } from './compare-eleventy.mjs';
import { writeHugoSite } from './compare-hugo.mjs';
import { checkSameSite, kindNames, listRoutes, readRecords, siteShape } from './compare-shape.mjs';
import { formatRatio, pairedRatio, spread } from './stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sitegenCli = path.join(repo, 'bin/sitegen');
const eleventyPrefix = '/tmp/sitegen-eleventy';
const env = { ...process.env, CI: '1' };
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const log = (line) => process.stderr.write(`compare: ${line}\n`);
const fail = (message) => {
  throw new Error(`compare: ${message}`);
};

// ---------------------------------------------------------------------------------------
// Tool installation and versions.
function ensureHugo() {
  if (!has('hugo')) {
    log('hugo not on PATH: apt-get install -y hugo');
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return execFileSync('hugo', ['version'], { encoding: 'utf8' }).match(/v(\d+\.\d+\.\d+\S*)/)[1];
}
function ensureEleventy() {
  const pkgFile = path.join(eleventyPrefix, 'node_modules/@11ty/eleventy/package.json');
  if (!existsSync(pkgFile)) {
    const install = (spec) =>
      spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', eleventyPrefix, spec], {
        stdio: ['ignore', 'ignore', 'inherit'],
      }).status === 0;
    log(`installing @11ty/eleventy@3 into ${eleventyPrefix}`);
    // The registry mirror here lacks a dependency of 3.1.8 (@11ty/recursive-copy@^4.0.6); 3.1.7
    // resolves.
    if (!install('@11ty/eleventy@3')) {
      log('npm install of @11ty/eleventy@3 failed; trying @11ty/eleventy@3.1.7');
      if (!install('@11ty/eleventy@3.1.7')) fail('npm install of @11ty/eleventy@3 failed');
    }
  }
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const needs = Number(pkg.engines?.node?.match(/>=\s*(\d+)/)?.[1] ?? 0);
  if (Number(process.versions.node.split('.')[0]) < needs)
    fail(`Eleventy ${pkg.version} needs Node ${pkg.engines.node}`);
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.eleventy;
  return { version: pkg.version, cli: path.join(path.dirname(pkgFile), bin) };
}

// ---------------------------------------------------------------------------------------
// Builds, output checks, timing.
/** Runs one build under /usr/bin/time; returns wall ms and peak RSS MB. */
function timedBuild(tool, out) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...tool.command(out)], {
    cwd: tool.cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    fail(`${tool.name} build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  const [wall, peakKb] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  if (!Number.isFinite(wall) || !Number.isFinite(peakKb))
    fail(`cannot read /usr/bin/time output of ${tool.name}:\n${result.stderr}`);
  return { wall: wall * 1000, peak: peakKb / 1024 };
}

/**
 * The sample article (the middle record) holds its rendered body: its last paragraph and its
 * list items as HTML (markdown-it, as a reference), no `## ` heading left as text, its title;
 * so a tool that copied the Markdown through unrendered fails. The last paragraph and the list
 * items mention no brand, so sitegen's brand linking leaves them intact. Returns the byte
 * sizes of that article page and of the first list page.
 */
function checkArticle(tool, out, records) {
  const sample = records[Math.floor(records.length / 2)];
  const rendered = new MarkdownIt().render(sample.body);
  const expected = [
    rendered.match(/<p>[\s\S]*?<\/p>/g).at(-1),
    ...rendered.match(/<li>[\s\S]*?<\/li>/g),
  ];
  const file = path.join(out, 'artikel', sample.slug, 'index.html');
  if (!existsSync(file)) fail(`${tool} wrote no artikel/${sample.slug}/index.html`);
  const page = readFileSync(file, 'utf8');
  const missing = expected.filter((fragment) => !page.includes(fragment));
  if (expected.length !== 5 || missing.length > 0 || /(^|>)\s*## /m.test(page)) {
    fail(
      `${tool}: artikel/${sample.slug}/index.html lacks its rendered body (missing: ${missing.join(' ') || 'none; raw ## heading left'})`,
    );
  }
  if (!page.includes(sample.title))
    fail(`${tool}: artikel/${sample.slug}/index.html lacks its title`);
  return {
    articleBytes: Buffer.byteLength(page),
    listBytes: readFileSync(path.join(out, 'artikel/index.html')).length,
  };
}

/**
 * One untimed build of `tool` into `out`, its article checked: { pages, routes, articleBytes,
 * listBytes }, and `routes` held to sitegen's (`reference`: { out, routes }) unless the tool is
 * sitegen. Hugo may write one halaman/1/ redirect per paged list (one per list.json) beyond
 * sitegen's routes: Hugo 0.111 writes it for every paginated HTML list and has no setting
 * that stops it (`disableAliases` does not reach it); a tiny page, no other difference is
 * allowed.
 */
function checkedBuild(tool, out, records, reference) {
  timedBuild(tool, out);
  const routes = listRoutes(out);
  const sizes = checkArticle(tool.name, out, records);
  if (reference) {
    const allowed = tool.name === 'hugo' ? { pagerAlias: reference.routes.listFiles } : {};
    checkSameSite(tool.name, { out, routes }, reference, allowed);
  }
  return { pages: routes.html, routes, ...sizes };
}

// ---------------------------------------------------------------------------------------
// The comparison.

/** Rounds per size when none are given: 5 below 10,000 articles, 3 from 10,000. */
export const defaultRounds = (count) => (count >= 10000 ? 3 : 5);

/**
 * Times cold builds of sitegen (--no-cards), Hugo and Eleventy of the same site of N articles, for
 * each N in `sizes`, tools interleaved per round. `rounds` is a number or a function of N
 * (default: defaultRounds); `work` is where the temporary folder goes (deleted at the end,
 * also on failure). Installs Hugo and Eleventy when missing. Returns { versions: { sitegen,
 * hugo, eleventy }, sizes: [{ count, rounds, tools: { sitegen, hugo, eleventy } }] }, each
 * tool { name, version, pages (HTML files written), routes (compare-shape.mjs listRoutes of
 * its checked build), walls (ms, one per round, in round order), peaks (MB, likewise),
 * articleBytes, listBytes }, or with `error` set when its build failed or it built another
 * site than sitegen's (its figures are then not to be used). Throws when a size cannot be set
 * up at all (generate.mjs, sitegen's first build, a tool that will not install). Progress
 * goes to stderr.
 */
export function compareTools({ sizes, rounds = defaultRounds, work = os.tmpdir() }) {
  if (
    !Array.isArray(sizes) ||
    sizes.length === 0 ||
    !sizes.every((n) => Number.isInteger(n) && n > 0)
  ) {
    throw new TypeError(
      `compareTools: sizes must be positive integers, got ${JSON.stringify(sizes)}`,
    );
  }
  const roundsFor = typeof rounds === 'function' ? rounds : () => rounds;
  if (!sizes.every((n) => Number.isInteger(roundsFor(n)) && roundsFor(n) > 0))
    throw new TypeError('compareTools: rounds must be a positive integer');
  const started = performance.now();
  const versions = {
    sitegen: execFileSync(process.execPath, [sitegenCli, '--version'], {
      encoding: 'utf8',
      env,
    }).trim(),
    hugo: ensureHugo(),
  };
  const eleventy = ensureEleventy();
  versions.eleventy = eleventy.version;
  const dir = mkdtempSync(path.join(work, 'sitegen-compare-'));
  let finished = false;
  try {
    const results = sizes.map((count) =>
      compareSize(count, roundsFor(count), dir, versions, eleventy.cli),
    );
    finished = true;
    return { versions, sizes: results };
  } finally {
    log(`deleting ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    log(
      `${finished ? 'done' : 'FAILED'} after ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

/** The three tools' build commands for one size. */
function toolsFor(root, hugoDir, eleventyDir, eleventyCli) {
  return [
    {
      name: 'sitegen',
      cwd: root,
      command: (out) => [
        process.execPath,
        sitegenCli,
        'build',
        '--root',
        root,
        '--out',
        out,
        '--no-cards',
        // A cold build: not from the manifest a previous round left in the cache.
        '--fresh',
      ],
    },
    {
      name: 'hugo',
      cwd: hugoDir,
      command: (out) => ['hugo', '--quiet', '--source', hugoDir, '--destination', out],
    },
    {
      name: 'eleventy',
      cwd: eleventyDir,
      command: (out) => [
        process.execPath,
        eleventyCli,
        '--config',
        'eleventy.config.mjs',
        '--input',
        'src',
        '--output',
        out,
        '--quiet',
      ],
    },
  ];
}

/**
 * A failed tool's `error`: the message's first line and its last informative one, e.g.
 * "JavaScript heap out of memory" or "Command terminated by signal 9" (not /usr/bin/time's
 * "%e %M" line), for a table cell.
 */
function errorCell(error) {
  const [first, ...rest] = error.message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const last = rest.filter((line) => !/^[\d.]+ \d+$/.test(line)).at(-1);
  return (last ? `${first} … ${last}` : first).replaceAll('|', '/').slice(0, 300);
}

/**
 * One size: generate, build with sitegen and list its site, write the Hugo and Eleventy sites
 * of that shape, check them, time `rounds` rounds, delete its trees. sitegen's first build
 * failing fails the size (there is no site to give the others); Hugo's or Eleventy's build
 * failing, or building another site, marks that tool failed (its whole message goes to
 * stderr) and times it no more; the others go on, so one tool running out of memory at
 * 50,000 articles does not lose the other figures.
 */
function compareSize(count, rounds, dir, versions, eleventyCli) {
  const root = path.join(dir, `gen-${count}`);
  log(`N=${count}: generating the sitegen project`);
  execFileSync(
    process.execPath,
    [path.join(repo, 'bench/generate.mjs'), '--articles', String(count), '--out', root],
    { stdio: 'ignore' },
  );
  const records = readRecords(root);
  if (records.length !== count)
    fail(`generate.mjs wrote ${records.length} records, expected ${count}`);
  const hugoDir = path.join(dir, `hugo-${count}`);
  const eleventyDir = path.join(dir, `eleventy-${count}`);
  const tools = toolsFor(root, hugoDir, eleventyDir, eleventyCli);
  const data = Object.fromEntries(
    tools.map(({ name }) => [
      name,
      { name, version: versions[name], pages: 0, walls: [], peaks: [] },
    ]),
  );
  const failed = (tool, error) => {
    log(`N=${count}: ${tool.name} FAILED: ${error.message}`);
    data[tool.name].error = errorCell(error);
  };
  const checkOut = (name) => path.join(dir, `out-${count}-${name}-check`);
  log(`N=${count}: building and listing sitegen's site`);
  Object.assign(data.sitegen, checkedBuild(tools[0], checkOut('sitegen'), records));
  const reference = { out: checkOut('sitegen'), routes: data.sitegen.routes };
  log(`N=${count}: writing the same site for Hugo and Eleventy`);
  const shape = siteShape(reference.out);
  writeHugoSite(hugoDir, records, shape);
  writeEleventySite(eleventyDir, records, shape);
  for (const tool of tools.slice(1)) {
    log(`N=${count}: checking ${tool.name} output`);
    try {
      Object.assign(data[tool.name], checkedBuild(tool, checkOut(tool.name), records, reference));
    } catch (error) {
      failed(tool, error);
    }
  }
  for (let round = 1; round <= rounds; round++) {
    for (const tool of tools.filter(({ name }) => !data[name].error)) {
      try {
        const { wall, peak } = timedBuild(
          tool,
          path.join(dir, `out-${count}-${tool.name}-${round}`),
        );
        data[tool.name].walls.push(wall);
        data[tool.name].peaks.push(peak);
        log(
          `N=${count} round ${round}/${rounds}: ${tool.name} ${(wall / 1000).toFixed(2)} s, ${peak.toFixed(0)} MB`,
        );
      } catch (error) {
        failed(tool, error);
      }
    }
  }
  // After the last timed round of this size, before the next size is generated: the next
  // size's timed runs never share the disk with a deletion, and 50,000 articles' outputs
  // (several GB over the rounds) are not kept while the next size runs.
  log(`N=${count}: deleting its projects and outputs`);
  for (const name of readdirSync(dir))
    rmSync(path.join(dir, name), { recursive: true, force: true });
  return { count, rounds, tools: data };
}

const toolLabels = { sitegen: 'sitegen', hugo: 'Hugo', eleventy: 'Eleventy' };

/**
 * sitegen / `other` per round: { median, min, max, pairs } (stats.mjs pairedRatio), or
 * undefined when either failed. A tool that failed in a later round has fewer walls: the
 * rounds both finished are paired.
 */
export function overTool(tools, other) {
  const [ours, theirs] = [tools.sitegen, tools[other]];
  if (!ours || !theirs || ours.error || theirs.error) return undefined;
  const rounds = Math.min(ours.walls.length, theirs.walls.length);
  if (rounds === 0) return undefined;
  return pairedRatio(ours.walls.slice(0, rounds), theirs.walls.slice(0, rounds));
}

/**
 * Prints compareTools' result: per size, a markdown table (median wall and peak memory with
 * the min–max of the rounds; sitegen / the tool: the median of the per-round ratios with
 * their min–max), the per-round ratios, the routes each tool wrote per kind, every run in
 * round order, the page sizes, and what differs in the work the tools do.
 */
export function printComparison(
  { sizes },
  { print = (line = '') => console.log(line), heading = '##' } = {},
) {
  for (const { count, rounds, tools } of sizes) {
    const ok = Object.values(tools).filter((tool) => !tool.error);
    print(
      `\n${heading} ${count.toLocaleString('en-US')} articles (${rounds} round${rounds === 1 ? '' : 's'}, median (min–max); fresh output folder per run)\n`,
    );
    print(
      '| tool | version | HTML pages | wall | ms per page | peak memory | sitegen / tool, per round |\n|---|---|---|---|---|---|---|',
    );
    for (const tool of Object.values(tools)) {
      if (tool.error) {
        print(`| ${tool.name} | ${tool.version} | — | FAILED: ${tool.error} | — | — | — |`);
        continue;
      }
      const ratio = tool.name === 'sitegen' ? undefined : overTool(tools, tool.name);
      print(
        `| ${tool.name} | ${tool.version} | ${tool.pages} | ${spread(
          tool.walls.map((ms) => ms / 1000),
          2,
          ' s',
        )} | ${spread(
          tool.walls.map((ms) => ms / tool.pages),
          3,
          ' ms',
        )} | ${spread(tool.peaks, 0, ' MB')} | ${ratio ? formatRatio(ratio) : '—'} |`,
      );
    }
    const perRound = ['hugo', 'eleventy']
      .map((name) => [name, overTool(tools, name)])
      .filter(([, ratio]) => ratio)
      .map(
        ([name, ratio]) =>
          `sitegen / ${toolLabels[name]} ${ratio.pairs.map((r) => r.toFixed(2)).join(', ')}`,
      );
    if (perRound.length > 0) print(`\nPer-round ratios (round order): ${perRound.join('; ')}.`);
    printRoutes(tools, print);
    print(
      '\nAll runs (s): ' +
        ok
          .map((tool) => `${tool.name} ${tool.walls.map((w) => (w / 1000).toFixed(2)).join(', ')}`)
          .join('; ') +
        '.',
    );
    print(
      'Page sizes: ' +
        ok
          .map(
            (tool) =>
              `${tool.name} article ${(tool.articleBytes / 1024).toFixed(1)} KB, first list page ${(tool.listBytes / 1024).toFixed(1)} KB`,
          )
          .join('; ') +
        '.',
    );
  }
  print(
    '\nThe same site in all three, checked after each first build: the same pages of every kind (Hugo adds one halaman/1/ ' +
      'redirect per paged list, which it cannot be told not to write), feed, sitemap, list data, card files and search ' +
      "docs, list, home, brand, contact and 404 pages whose <main> is sitegen's byte for byte. What still differs by " +
      'design: sitegen validates the front matter, links the first brand mention in each body, holds each body to its ' +
      'HTML policy, bundles and fingerprints its CSS and script, writes an inverted search index (the others a flat JSON ' +
      'index of the same fields) and a CSP and JSON-LD in every head; Hugo renders Markdown with Goldmark, sitegen and ' +
      'Eleventy with markdown-it.',
  );
}

/** The routes each tool wrote, per kind, as a table (a failed tool's column: —). */
function printRoutes(tools, print) {
  const all = Object.values(tools);
  const cell = (tool, value) => (tool.error || !tool.routes ? '—' : String(value(tool.routes)));
  const rows = [
    ...Object.entries(kindNames).map(([kind, label]) => [`HTML: ${label}`, (r) => r.kinds[kind]]),
    ['cards on /artikel/ pages (first page)', (r) => `${r.listCards} (${r.firstListCards})`],
    ["cards on the brands' list pages", (r) => r.brandListCards],
    ['feed entries', (r) => r.feedEntries],
    ['sitemap URLs', (r) => r.sitemapUrls],
    ['list.json files', (r) => r.listFiles],
    ['card files (assets/lists/)', (r) => r.cardFiles],
    ['search index docs', (r) => r.searchDocs],
  ];
  print(
    `\n| route | ${all.map((tool) => tool.name).join(' | ')} |\n|---|${all.map(() => '---|').join('')}`,
  );
  for (const [label, value] of rows)
    print(`| ${label} | ${all.map((tool) => cell(tool, value)).join(' | ')} |`);
}

// ---------------------------------------------------------------------------------------
// Command line: only when run as `node bench/compare.mjs`, not when imported.
function main() {
  const { values } = parseArgs({
    options: { articles: { type: 'string' }, rounds: { type: 'string' } },
  });
  const sizes = values.articles ? [Number(values.articles)] : [1000, 10000];
  const rounds = values.rounds ? Number(values.rounds) : defaultRounds;
  if (
    !sizes.every((n) => Number.isInteger(n) && n > 0) ||
    (values.rounds && !(Number.isInteger(rounds) && rounds > 0))
  ) {
    console.error('usage: node bench/compare.mjs [--articles N] [--rounds R]');
    process.exit(2);
  }
  const result = compareTools({ sizes, rounds });
  const { sitegen, hugo, eleventy } = result.versions;
  console.log(`# sitegen vs Hugo vs Eleventy: cold builds`);
  console.log(
    `\n${os.cpus().length} cores (${os.cpus()[0].model}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  );
  console.log(`Versions: sitegen ${sitegen}, Hugo ${hugo}, Eleventy ${eleventy}.`);
  printComparison(result);
  if (result.sizes.some(({ tools }) => Object.values(tools).some((tool) => tool.error)))
    process.exitCode = 1;
}

const isMain = (() => {
  try {
    return (
      process.argv[1] !== undefined &&
      realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
})();
if (isMain) main();
