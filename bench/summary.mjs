// The summary table `npm run bench` (bench/run.mjs) ends with: every row of the performance
// targets (issue 14), with the figure measured, the target, and met / missed, or "not run"
// (and why) for a row the run left out. Each figure is a median with the min–max of its runs.
// met / missed is judged on the median as printed (rounded to the digits shown), so a row
// never shows "1.00×" next to "missed".
import { formatRatio, median, pairedRatio, spread } from './stats.mjs';

/**
 * Prints the summary from run.mjs's `figures`:
 *   startup: { node, shipped: [ms per run], ratio: { median, min, max } } (section 1);
 *   generated: Map of article count -> { walls: [ms], peaks: [MB], pages } (section 2);
 *   compare: compareTools()'s results, { versions, sizes }, or undefined when no size ran;
 *   compareErrors: Map of article count -> the error of a size 2b could not run (section 2b);
 *   bigWatch: { body, title, template: [ms per save] }, or undefined when 3b did not run.
 * `compareSizes` are the sizes 2b was asked for; `sizesGiven` whether they came from --sizes.
 */
export function printSummary(
  figures,
  { compareSizes, sizesGiven, skipWatch, print = (line = '') => console.log(line) },
) {
  const rows = [];
  const row = (what, measured, target = '—', result = '—') =>
    rows.push([what, measured, target, result]);
  const verdict = (shown, limit) => (Number(shown) <= limit ? 'met' : 'missed');
  const articles = (count) => `N = ${count.toLocaleString('en-US')}`;
  const seconds = (walls) =>
    spread(
      walls.map((ms) => ms / 1000),
      2,
      ' s',
    );
  const perPage = (tool) => tool.walls.map((ms) => ms / tool.pages);

  // Shipped site over the start-up floor (section 1: hyperfine's runs).
  const { startup } = figures;
  row(
    'shipped site cold build (cards in the cache) / `node -e 0`',
    `${formatRatio(startup.ratio)}; sitegen ${spread(startup.shipped, 1, ' ms')}, node -e 0 ${spread(startup.node, 1, ' ms')}`,
    '≤ 2.5',
    verdict(startup.ratio.median.toFixed(2), 2.5),
  );

  // sitegen, Hugo, Eleventy per size (section 2b): the target sizes and any --sizes. A tool's
  // figures at a size, or why there are none: { tool } or { why, result }.
  const compared = new Map((figures.compare?.sizes ?? []).map((size) => [size.count, size.tools]));
  const measuredAt = (count, name) => {
    const tool = compared.get(count)?.[name];
    if (tool && !tool.error) return { tool };
    if (tool || figures.compareErrors.has(count))
      return { why: 'failed: see 2b', result: 'failed' };
    return { why: `not run (${sizesGiven ? 'not in --sizes' : '--quick'})`, result: 'not run' };
  };
  const labels = { sitegen: 'sitegen (--no-cards)', hugo: 'Hugo', eleventy: 'Eleventy' };
  const ratioLimits = { 10000: { hugo: 1.0, eleventy: 0.5 } }; // sitegen / tool, median wall
  for (const count of [...new Set([1000, 10000, 50000, ...compareSizes])].sort((a, b) => a - b)) {
    for (const [name, label] of Object.entries(labels)) {
      const { tool, why, result } = measuredAt(count, name);
      const what = `${articles(count)}: ${label}: wall; ms per page; peak RSS`;
      if (tool)
        row(
          what,
          `${seconds(tool.walls)}; ${spread(perPage(tool), 3, ' ms')}; ${spread(tool.peaks, 0, ' MB')}`,
        );
      else row(what, why, '—', result);
    }
    for (const name of ['hugo', 'eleventy']) {
      const limit = ratioLimits[count]?.[name];
      const target = limit === undefined ? '—' : `≤ ${limit.toFixed(1)}`;
      const what = `${articles(count)}: sitegen / ${labels[name]}, median wall`;
      const [ours, theirs] = [measuredAt(count, 'sitegen'), measuredAt(count, name)];
      if (!ours.tool || !theirs.tool) {
        const missing = ours.tool ? theirs : ours;
        row(what, missing.why, target, missing.result);
        continue;
      }
      const ratio = pairedRatio(ours.tool.walls, theirs.tool.walls);
      row(
        what,
        `${formatRatio(ratio)} per round`,
        target,
        limit === undefined ? '—' : verdict(ratio.median.toFixed(2), limit),
      );
    }
  }

  // Linear scaling and memory at 50,000 (section 2b, sitegen --no-cards).
  const [ten, fifty] = [10000, 50000].map((count) => measuredAt(count, 'sitegen'));
  const linear = `${articles(50000)}: sitegen ms per page / ${articles(10000)}'s`;
  const linearTarget = '≤ 1.00 (no worse per page than at 10,000: linear)';
  if (ten.tool && fifty.tool) {
    const ratio = median(perPage(fifty.tool)) / median(perPage(ten.tool));
    const measured = `${ratio.toFixed(2)}×: ${spread(perPage(fifty.tool), 3, ' ms')} per page vs ${spread(perPage(ten.tool), 3, ' ms')}`;
    row(linear, measured, linearTarget, verdict(ratio.toFixed(2), 1));
  } else {
    const missing = fifty.tool ? ten : fifty;
    row(linear, missing.why, linearTarget, missing.result);
  }
  const rss = fifty.tool
    ? [spread(fifty.tool.peaks, 0, ' MB'), verdict(median(fifty.tool.peaks).toFixed(0), 1024)]
    : [fifty.why, fifty.result];
  row(`${articles(50000)}: sitegen peak RSS`, rss[0], '≤ 1 GB (1,024 MB)', rss[1]);

  // Watch on the 10,000-article site (section 3b), save to its page rewritten on disk.
  const watch = figures.bigWatch;
  const watchWhy = skipWatch ? '--skip-watch' : '--quick';
  const build = figures.generated.get(10000); // section 2: the same site and card cache
  const saves = (times) => `${spread(times, 0, ' ms')}, ${times.length} saves`;
  const watchRows = [
    ['body', '≤ 50 ms', (times) => verdict(median(times).toFixed(0), 50)],
    ['title', '—', undefined],
    [
      'template',
      build
        ? `≤ that site's cold build, ${seconds(build.walls)} (section 2, cards in the cache)`
        : "≤ that site's cold build (section 2)",
      (times) =>
        build ? verdict(median(times).toFixed(0), median(build.walls)) : 'no cold build to compare',
    ],
  ];
  for (const [edit, target, judge] of watchRows) {
    const what = `watch, ${articles(10000)}: ${edit} save → page on disk`;
    if (watch) row(what, saves(watch[edit]), target, judge ? judge(watch[edit]) : '—');
    else row(what, `not run (${watchWhy})`, target, 'not run');
  }

  print('\n## Summary: performance targets (issue 14), median (min–max)\n');
  print('| what | measured | target | result |\n|---|---|---|---|');
  for (const cells of rows) print(`| ${cells.join(' | ')} |`);
  print(
    '\nsitegen / Hugo and sitegen / Eleventy: the ratio of the median walls; the range is the lowest and highest ratio within ' +
      'one round (the tools are alternated in every round). Shipped build / node -e 0: the ratio of the medians; the range is ' +
      "each sitegen run over node -e 0's median (hyperfine times the two commands one after the other). Peak RSS: " +
      "/usr/bin/time's %M, the build process's own peak (the largest of it and its reaped children, not their sum).",
  );
}
