// Summary figures shared by bench/run.mjs and bench/compare.mjs. This machine is noisy (two
// cores, other work running), so a median is never printed without the min–max of the runs
// it was taken from.

/** The middle value; of an even count, the upper of the two middle values. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `median unit (min–max)` with `digits` decimals, e.g. spread([6.4, 6.52, 6.8], 2, ' s') is "6.52 s
 * (6.40–6.80)".
 */
export function spread(values, digits, unit = '') {
  const sorted = [...values].sort((a, b) => a - b);
  const fixed = (value) => value.toFixed(digits);
  return `${fixed(median(sorted))}${unit} (${fixed(sorted[0])}–${fixed(sorted.at(-1))})`;
}

/**
 * The ratio of two paired series (run i of `numerators` was timed next to run i of
 * `denominators`, as compare.mjs interleaves its tools): each pair's ratio (`pairs`, in run
 * order), their median, lowest and highest. The median of the per-pair ratios, not the ratio
 * of the medians: a pair shares the machine's load, so the ratio within a pair is the figure
 * that means "this tool over that one"; the medians of the two series may come from different
 * rounds.
 */
export function pairedRatio(numerators, denominators) {
  if (numerators.length !== denominators.length)
    throw new Error('pairedRatio: series of different lengths');
  if (numerators.length === 0) throw new Error('pairedRatio: no pairs');
  const pairs = numerators.map((value, i) => value / denominators[i]);
  return { median: median(pairs), min: Math.min(...pairs), max: Math.max(...pairs), pairs };
}

/** "1.80× (1.71–1.93)" for a { median, min, max } ratio. */
export const formatRatio = ({ median: mid, min, max }, digits = 2) =>
  `${mid.toFixed(digits)}× (${min.toFixed(digits)}–${max.toFixed(digits)})`;
