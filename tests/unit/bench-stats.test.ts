import { describe, expect, it } from 'vitest';

interface Ratio {
  median: number;
  min: number;
  max: number;
  pairs: number[];
}
// bench/ is plain JavaScript without declarations: imported by URL and typed here.
const { pairedRatio }: { pairedRatio(over: number[], under: number[]): Ratio } = await import(
  new URL('../../bench/stats.mjs', import.meta.url).href
);

describe('bench/stats.mjs pairedRatio (what compare.mjs and the summary print as "per round")', () => {
  it('is the median of the per-round ratios, not the ratio of the medians', () => {
    // Rounds: 10/5 = 2, 30/10 = 3, 21/30 = 0.7. The medians' ratio would be 21/10 = 2.1.
    const ratio = pairedRatio([10, 30, 21], [5, 10, 30]);
    expect(ratio.pairs).toEqual([2, 3, 0.7]);
    expect(ratio.median).toBe(2);
    expect([ratio.min, ratio.max]).toEqual([0.7, 3]);
  });

  it('refuses series of different lengths, and no rounds at all', () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow(/different lengths/);
    expect(() => pairedRatio([], [])).toThrow(/no pairs/);
  });
});
