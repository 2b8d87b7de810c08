// The summary tables `npm run bench` (bench/run.mjs) ends with: every row of the performance
// targets of issues 14, 20 and 21, then issue 31's, with the figure measured, the target, and met / missed, or "not
// run" (and why) for a row the run left out, or "failed" for a section whose build failed. Each
// figure is a median with the min–max of its runs. met / missed is judged on the median as
// printed (rounded to the digits shown), so a row never shows "1.00×" next to "missed"; the one
// exception is the card PNG, judged on the largest card (the target is for every card).
import { formatRatio, median, pairedRatio, spread } from './stats.mjs';

const verdict = (shown, limit) => (Number(shown) <= limit ? 'met' : 'missed');
const articles = (count) => `N = ${count.toLocaleString('en-US')}`;
const seconds = (walls) =>
  spread(
    walls.map((ms) => ms / 1000),
    2,
    ' s',
  );
const perPage = (tool) => tool.walls.map((ms) => ms / tool.pages);
const bytes = (count) => `${count.toLocaleString('en-US')} B`;

/**
 * The ratio of the median of `samples` to the median of `reference`, for series not timed in
 * pairs (so no per-pair ratios): as its range, each sample over the reference's median.
 */
export const overMedian = (samples, reference) => ({
  median: median(samples) / median(reference),
  min: Math.min(...samples) / median(reference),
  max: Math.max(...samples) / median(reference),
});

// sitegen / tool, wall per round (section 2b), per article count: issue 20's targets (issue 14's
// at 10,000 are the same). A stretch target is reported when the target is met.
const ratioTargets = {
  1000: { hugo: { limit: 1.0 } },
  10000: { hugo: { limit: 1.0, stretch: 0.8 }, eleventy: { limit: 0.5 } },
  50000: { hugo: { limit: 1.0 } },
};

/**
 * Prints the summary from run.mjs's `figures`:
 *   startup: { version, node, shipped: [ms per run], ratio: { median, min, max } } (section 1);
 *   startup24: the same on Node 24, or { missing: why it did not run } (section 1);
 *   generated: Map of article count -> { walls: [ms], peaks: [MB], pages } (section 2);
 *   compare: compareTools()'s results, { versions, sizes }, or undefined when no size ran;
 *   compareErrors: Map of article count -> the error of a size 2b could not run (section 2b);
 *   cards: { walls: [ms], drawn: [cards per run], pngBytes: [bytes per og/*.png] } (2c);
 *   jobsOutput: { files, difference (undefined when identical), jobs: [N], walls: [ms] } (2d);
 *   jobsWall: { cores, single: [ms], parallel: [ms] }, or undefined when 2e did not run;
 *   bigWatch: { body, title, template: [ms per save] }, or undefined when 3b did not run;
 *   incremental: { count, first (ms), body, title: [ms per build after one change],
 *     bodyWritten, titleWritten: [files written per build], files, fresh (ms), hugo: [ms,
 *     2b's Hugo walls at count] or undefined and hugoMissing: { why, result } }, or undefined
 *     when section 4 did not run;
 *   watchFirstPage: { count, firstPage: [ms from the spawn], noCardsBuild: [ms], initial:
 *     [watch's "initial build" line] }, rounds alternated, or undefined when 5 did not run;
 *   check: { count, build, check, rebuild, recheck: [ms per round] }, or undefined when 8 did
 *     not run.
 * cards, jobsOutput, jobsWall, incremental, watchFirstPage and check are { error } instead when their
 * section failed. `compareSizes` are the sizes 2b was asked for; `sizesGiven` whether they
 * came from --sizes; `incrementalCount` the article count of sections 4 and 5.
 */
export function printSummary(
  figures,
  {
    compareSizes,
    sizesGiven,
    skipWatch,
    incrementalCount = 10000,
    print = (line = '') => console.log(line),
  },
) {
  const rows = [
    ...comparisonRows(figures, compareSizes, sizesGiven),
    ...cardRows(figures.cards),
    startupRow(figures.startup),
    ...jobsRows(figures),
    ...watchRows(figures, skipWatch),
    ...incrementalRows(figures, incrementalCount, skipWatch),
  ];
  print('\n## Summary: performance targets (issues 14, 20 and 21), median (min–max)\n');
  print('| what | measured | target | result |\n|---|---|---|---|');
  for (const cells of rows) print(`| ${cells.join(' | ')} |`);
  print(
    '\nsitegen / Hugo and sitegen / Eleventy: the same site in each tool (bench/compare.mjs), the median of the per-round ' +
      'ratios; the range is the lowest and highest ratio within one round (the tools are alternated in every round). ' +
      'Shipped build / node -e 0: the ratio of the medians; the range is ' +
      "each sitegen run over node -e 0's median (hyperfine times the two commands one after the other). Peak RSS: " +
      "/usr/bin/time's %M, the build process's own peak (the largest of it and its reaped children, not their sum). " +
      'Cards per second: cards drawn over the whole build wall (a lower bound on the drawing rate). Card PNG: judged on the ' +
      'largest. Output with 1, 2 and 4 jobs: the sha256 of every file written, compared path by path. Watch saves: timed ' +
      "to the edited article's own page (a title save also rewrites the lists and its brand page, not waited for). " +
      'Incremental build / Hugo cold: the median of the builds after one change (the same --out and cache, each ' +
      "incremental and its last output the same bytes as a --fresh build) over the median of Hugo's cold builds in 2b; " +
      "the range is each build over Hugo's median (not timed in pairs). First page served / build --no-cards: from the " +
      'spawn of `sitegen watch` (empty cache) to the whole response to /artikel/, over a cold `build --no-cards` of the ' +
      'same site, alternated; the range is the lowest and highest ratio within one round.',
  );
  print('\n## Summary: issue 31 targets, median (min–max)\n');
  print('| what | measured | target | result |\n|---|---|---|---|');
  for (const cells of issue31Rows(figures, { compareSizes, sizesGiven, incrementalCount }))
    print(`| ${cells.join(' | ')} |`);
  print(
    '\nPer round: the median of the ratios taken within each round, with their min–max (compare.mjs alternates the ' +
      'tools in every round; section 8 takes each check over the build, or over the full check, of its own round). ' +
      "Start-up: the ratio of the medians; the range is each sitegen run over node -e 0's median (hyperfine runs one " +
      "command's runs, then the other's). Node 24: the same build and cache, over Node 24's own node -e 0.",
  );
}

/** A row: what, measured, target, result. */
const row = (what, measured, target = '—', result = '—') => [what, measured, target, result];

/** The row of a figure whose section failed (its build or its output: printed there). */
const failedRow = (what, target, section) => row(what, `failed: see ${section}`, target, 'failed');

/**
 * sitegen, Hugo, Eleventy per size (section 2b): the target sizes and any --sizes, then linear
 * scaling and memory at 50,000.
 */
function comparisonRows(figures, compareSizes, sizesGiven) {
  const rows = [];
  // A tool's figures at a size, or why there are none: { tool } or { why, result }.
  const compared = new Map((figures.compare?.sizes ?? []).map((size) => [size.count, size.tools]));
  const measuredAt = (count, name) => {
    const tool = compared.get(count)?.[name];
    if (tool && !tool.error) return { tool };
    if (tool || figures.compareErrors.has(count))
      return { why: 'failed: see 2b', result: 'failed' };
    return { why: `not run (${sizesGiven ? 'not in --sizes' : '--quick'})`, result: 'not run' };
  };
  const labels = { sitegen: 'sitegen (--no-cards)', hugo: 'Hugo', eleventy: 'Eleventy' };
  for (const count of [...new Set([1000, 10000, 50000, ...compareSizes])].sort((a, b) => a - b)) {
    for (const [name, label] of Object.entries(labels)) {
      const { tool, why, result } = measuredAt(count, name);
      const what = `${articles(count)}: ${label}: wall; ms per page; peak RSS`;
      if (tool)
        rows.push(
          row(
            what,
            `${seconds(tool.walls)}; ${spread(perPage(tool), 3, ' ms')}; ${spread(tool.peaks, 0, ' MB')}`,
          ),
        );
      else rows.push(row(what, why, '—', result));
    }
    for (const name of ['hugo', 'eleventy']) {
      const goal = ratioTargets[count]?.[name];
      const target = goal ? ratioTarget(goal) : '—';
      const what = `${articles(count)}: sitegen / ${labels[name]}, wall per round`;
      const [ours, theirs] = [measuredAt(count, 'sitegen'), measuredAt(count, name)];
      if (!ours.tool || !theirs.tool) {
        const missing = ours.tool ? theirs : ours;
        rows.push(row(what, missing.why, target, missing.result));
        continue;
      }
      const ratio = pairedRatio(ours.tool.walls, theirs.tool.walls);
      const result = goal ? ratioVerdict(ratio.median.toFixed(2), goal) : '—';
      rows.push(row(what, `${formatRatio(ratio)} per round`, target, result));
    }
  }

  const [ten, fifty] = [10000, 50000].map((count) => measuredAt(count, 'sitegen'));
  const linear = `${articles(50000)}: sitegen ms per page / ${articles(10000)}'s`;
  const linearTarget = '≤ 1.00 (no worse per page than at 10,000: linear)';
  if (ten.tool && fifty.tool) {
    const ratio = median(perPage(fifty.tool)) / median(perPage(ten.tool));
    const measured = `${ratio.toFixed(2)}×: ${spread(perPage(fifty.tool), 3, ' ms')} per page vs ${spread(perPage(ten.tool), 3, ' ms')}`;
    rows.push(row(linear, measured, linearTarget, verdict(ratio.toFixed(2), 1)));
  } else {
    const missing = fifty.tool ? ten : fifty;
    rows.push(row(linear, missing.why, linearTarget, missing.result));
  }
  const rss = fifty.tool
    ? [spread(fifty.tool.peaks, 0, ' MB'), verdict(median(fifty.tool.peaks).toFixed(0), 1024)]
    : [fifty.why, fifty.result];
  rows.push(row(`${articles(50000)}: sitegen peak RSS`, rss[0], '≤ 1 GB (1,024 MB)', rss[1]));
  return rows;
}

const ratioTarget = ({ limit, stretch }) =>
  `≤ ${limit.toFixed(1)}${stretch === undefined ? '' : ` (stretch ${stretch.toFixed(1)})`}`;
function ratioVerdict(shown, { limit, stretch }) {
  const result = verdict(shown, limit);
  return result === 'met' && stretch !== undefined && Number(shown) <= stretch
    ? 'met (stretch too)'
    : result;
}

/** The default build (cards on) with an empty card cache, and the size of its cards (2c). */
function cardRows(cards) {
  const wallWhat = `default build (cards on), empty card cache, ${articles(1000)}: wall`;
  const wallTarget = '≤ 6 s';
  const pngWhat = 'one card PNG (og/*.png of that build, 1200×630)';
  const pngTarget = '≤ 25 KB (25,600 B)';
  // Section 2c runs in every mode, so no figures means it failed.
  if (!cards || cards.error)
    return [failedRow(wallWhat, wallTarget, '2c'), failedRow(pngWhat, pngTarget, '2c')];
  const runs = cards.walls.length;
  const perSecond = cards.walls.map((ms, i) => cards.drawn[i] / (ms / 1000));
  const wall = row(
    wallWhat,
    `${seconds(cards.walls)}, ${runs} run${runs === 1 ? '' : 's'}; ${median(cards.drawn).toLocaleString('en-US')} cards drawn, ${spread(perSecond, 0, ' cards/s')}`,
    wallTarget,
    verdict((median(cards.walls) / 1000).toFixed(2), 6),
  );
  const largest = Math.max(...cards.pngBytes);
  const png =
    cards.pngBytes.length === 0
      ? row(pngWhat, 'no og/*.png written', pngTarget, 'missed')
      : row(
          pngWhat,
          `median ${bytes(median(cards.pngBytes))}, max ${bytes(largest)} (${cards.pngBytes.length.toLocaleString('en-US')} cards)`,
          pngTarget,
          verdict(largest, 25600),
        );
  return [wall, png];
}

/** Shipped site over the start-up floor (section 1: hyperfine's runs). */
function startupRow(startup) {
  return row(
    'shipped site cold build (cards in the cache) / `node -e 0`',
    `${formatRatio(startup.ratio)}; sitegen ${spread(startup.shipped, 1, ' ms')}, node -e 0 ${spread(startup.node, 1, ' ms')}`,
    '≤ 2.5',
    verdict(startup.ratio.median.toFixed(2), 2.5),
  );
}

/** The same output with any number of workers (2d), and what the workers gain at 10,000 (2e). */
function jobsRows({ jobsOutput, jobsWall }) {
  const sameWhat = `output with --jobs 1, 2 and 4 (${articles(1000)}, --no-cards)`;
  const sameTarget = 'byte-identical';
  const same =
    !jobsOutput || jobsOutput.error // 2d runs in every mode
      ? failedRow(sameWhat, sameTarget, '2d')
      : row(
          sameWhat,
          jobsOutput.difference === undefined
            ? `identical (${jobsOutput.files.toLocaleString('en-US')} files)`
            : `differs: ${jobsOutput.difference}`,
          sameTarget,
          jobsOutput.difference === undefined ? 'met' : 'missed',
        );

  const wallWhat = `${articles(10000)}, --no-cards: wall with --jobs 1 vs the default (reference)`;
  if (jobsWall?.error) return [same, failedRow(wallWhat, '—', '2e')];
  // 2e runs on section 2's 10,000-article site, which --quick leaves out.
  if (!jobsWall) return [same, row(wallWhat, 'not run (--quick)', '—', 'not run')];
  const ratio = pairedRatio(jobsWall.parallel, jobsWall.single);
  const wall = row(
    wallWhat,
    `--jobs 1 ${seconds(jobsWall.single)}; default (${jobsWall.cores} cores) ${seconds(jobsWall.parallel)}; default / --jobs 1 ${formatRatio(ratio)}`,
  );
  return [same, wall];
}

/** Watch on the 10,000-article site (section 3b), save to its page rewritten on disk. */
function watchRows(figures, skipWatch) {
  const watch = figures.bigWatch;
  const watchWhy = skipWatch ? '--skip-watch' : '--quick';
  const build = figures.generated.get(10000); // section 2: the same site and card cache
  const saves = (times) => `${spread(times, 0, ' ms')}, ${times.length} saves`;
  // Issue 21: a body or a title save reaches the disk within 50 ms (issue 20: the body).
  const edits = [
    ['body', '≤ 50 ms', (times) => verdict(median(times).toFixed(0), 50)],
    ['title', '≤ 50 ms', (times) => verdict(median(times).toFixed(0), 50)],
    [
      'template',
      build
        ? `≤ that site's cold build, ${seconds(build.walls)} (section 2, cards in the cache)`
        : "≤ that site's cold build (section 2)",
      (times) =>
        build ? verdict(median(times).toFixed(0), median(build.walls)) : 'no cold build to compare',
    ],
  ];
  return edits.map(([edit, target, judge]) => {
    const pages =
      edit === 'title' ? 'every page it changes (article, /artikel/, brand)' : "the article's page";
    const what = `watch, ${articles(10000)}: ${edit} save → ${pages} on disk`;
    if (watch) return row(what, saves(watch[edit]), target, judge ? judge(watch[edit]) : '—');
    return row(what, `not run (${watchWhy})`, target, 'not run');
  });
}

/**
 * Issue 21 (sections 4 and 5): the build after one body change and after one title change
 * (--no-cards, the same --out and cache) over Hugo's cold build of the same articles (2b), and
 * the first page `sitegen watch` serves with an empty cache over a cold `build --no-cards`.
 */
function incrementalRows({ incremental, watchFirstPage }, count, skipWatch) {
  const rows = [];
  const builds = [
    [
      'body',
      `second \`sitegen build\`, ${articles(count)}, one body changed, --no-cards / Hugo cold`,
      0.15,
    ],
    ['title', 'same, one title changed / Hugo cold', 0.25],
  ];
  for (const [edit, what, limit] of builds) {
    const target = `≤ ${limit.toFixed(2)}×`;
    if (incremental?.error) rows.push(failedRow(what, target, '4'));
    // Section 4 runs in every mode but --quick.
    else if (!incremental) rows.push(row(what, 'not run (--quick)', target, 'not run'));
    else if (!incremental.hugo) {
      const { why, result } = incremental.hugoMissing;
      rows.push(row(what, `${why}; sitegen ${seconds(incremental[edit])}`, target, result));
    } else {
      const ratio = overMedian(incremental[edit], incremental.hugo);
      const measured = `${formatRatio(ratio)}; sitegen ${seconds(incremental[edit])}, ${incremental[edit].length} builds; Hugo ${seconds(incremental.hugo)}`;
      rows.push(row(what, measured, target, verdict(ratio.median.toFixed(2), limit)));
    }
  }

  const what = `\`sitegen watch\`, ${articles(count)}, empty card cache: first page served / \`build --no-cards\``;
  const target = '≤ 1.0×';
  if (watchFirstPage?.error) rows.push(failedRow(what, target, '5'));
  else if (!watchFirstPage)
    rows.push(row(what, `not run (${skipWatch ? '--skip-watch' : '--quick'})`, target, 'not run'));
  else {
    const { firstPage, noCardsBuild } = watchFirstPage;
    const ratio = pairedRatio(firstPage, noCardsBuild);
    const measured = `${formatRatio(ratio)} per round; first page ${seconds(firstPage)}, build ${seconds(noCardsBuild)}, ${firstPage.length} rounds`;
    rows.push(row(what, measured, target, verdict(ratio.median.toFixed(2), 1)));
  }
  return rows;
}

/**
 * Issue 31's targets: start-up on this Node and on Node 24 (section 1), --no-cards / Hugo at
 * 1,000 and 10,000 articles, the same site in both (2b), the default build of 1,000 articles
 * with an empty card cache (2c), `sitegen check` over the build of the same output and the
 * check after one changed article over the full check (8).
 */
function issue31Rows(figures, { compareSizes, sizesGiven, incrementalCount }) {
  const { startup, startup24, cards, check } = figures;
  const times = (ratio) => `≤ ${ratio.toFixed(1)}×`;
  const rows = [
    row(
      `shipped site cold build (cards in the cache) / \`node -e 0\`, Node ${startup.version}`,
      `${formatRatio(startup.ratio)}; sitegen ${spread(startup.shipped, 1, ' ms')}, node -e 0 ${spread(startup.node, 1, ' ms')}`,
      times(2.5),
      verdict(startup.ratio.median.toFixed(2), 2.5),
    ),
    startup24?.missing || !startup24
      ? row(
          'the same on Node 24 / its own `node -e 0`',
          startup24?.missing ?? 'not run',
          times(3),
          'not run',
        )
      : row(
          `the same on Node ${startup24.version} / its own \`node -e 0\``,
          `${formatRatio(startup24.ratio)}; sitegen ${spread(startup24.shipped, 1, ' ms')}, node -e 0 ${spread(startup24.node, 1, ' ms')}`,
          times(3),
          verdict(startup24.ratio.median.toFixed(2), 3),
        ),
  ];
  for (const [count, limit] of [
    [1000, 1.5],
    [10000, 1.0],
  ])
    rows.push(
      hugoRow(figures, count, limit, compareSizes.includes(count) ? undefined : sizesGiven),
    );
  const wallWhat = `default build (cards on), ${articles(1000)}, empty card cache: wall`;
  rows.push(
    !cards || cards.error
      ? failedRow(wallWhat, '≤ 8 s', '2c')
      : row(
          wallWhat,
          seconds(cards.walls),
          '≤ 8 s',
          verdict((median(cards.walls) / 1000).toFixed(2), 8),
        ),
  );
  const checks = [
    [
      'check',
      'build',
      `\`sitegen check\` of the ${articles(incrementalCount)} output / its \`build --no-cards\``,
      0.5,
    ],
    ['recheck', 'check', '`sitegen check` after one changed article / the full check', 0.1],
  ];
  const named = { build: 'build', check: 'full check', recheck: 'check after the change' };
  for (const [over, under, what, limit] of checks) {
    if (check?.error) rows.push(failedRow(what, times(limit), '8'));
    else if (!check) rows.push(row(what, 'not run (--quick)', times(limit), 'not run'));
    else {
      const ratio = pairedRatio(check[over], check[under]);
      const measured = `${formatRatio(ratio)} per round; ${named[over]} ${seconds(check[over])}, ${named[under]} ${seconds(check[under])}`;
      rows.push(row(what, measured, times(limit), verdict(ratio.median.toFixed(2), limit)));
    }
  }
  return rows;
}

/**
 * sitegen --no-cards / Hugo at `count` articles (2b), per round. `notAsked` is whether 2b was
 * not asked for that count (true: --sizes left it out; false: --quick did), or undefined.
 */
function hugoRow(figures, count, limit, notAsked) {
  const what = `${articles(count)}, \`--no-cards\` / Hugo, the same site`;
  const target = `≤ ${limit.toFixed(1)}×`;
  const tools = figures.compare?.sizes.find((size) => size.count === count)?.tools;
  if (notAsked !== undefined)
    return row(what, `not run (${notAsked ? 'not in --sizes' : '--quick'})`, target, 'not run');
  if (!tools || tools.sitegen.error || tools.hugo.error) return failedRow(what, target, '2b');
  const ratio = pairedRatio(tools.sitegen.walls, tools.hugo.walls);
  const measured = `${formatRatio(ratio)} per round; sitegen ${seconds(tools.sitegen.walls)}, Hugo ${seconds(tools.hugo.walls)}`;
  return row(what, measured, target, verdict(ratio.median.toFixed(2), limit));
}
