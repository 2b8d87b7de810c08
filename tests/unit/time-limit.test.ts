/**
 * runSlice, the time-limited slices that rendering and card planning run in: the limit holds
 * for each item, never for the whole batch, and a stopped item is named by its index.
 */
import { describe, expect, it } from 'vitest';
import { runSlice, TimeLimitExceeded } from '../../src/generator/site/time-limit.ts';

/** Keeps the thread busy for `ms` milliseconds, as a slow template would. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

/** Every item of `count`, slice after slice, as the build's callers loop. */
function runAll(count: number, step: (index: number) => number, limitMs: number): number[] {
  const results: number[] = [];
  let slices = 0;
  while (results.length < count) {
    results.push(...runSlice(count, results.length, step, limitMs));
    slices++;
  }
  expect(slices).toBeGreaterThan(1);
  return results;
}

describe('runSlice', () => {
  it('runs a batch far longer than the limit when each item is within it', () => {
    // 100 items of 20 ms: 2,000 ms in all, twice the 1,000 ms limit (and nearly twice the
    // 1,050 ms one time-limited call is given), while an item takes a fiftieth of it. The margin
    // is wide on purpose: the limit is wall time, and a loaded machine can stall this thread for
    // hundreds of milliseconds in the middle of an item (with a 100 ms limit this failed under
    // load; a 50 ms job was seen to outlast a 550 ms timeout).
    const results = runAll(
      100,
      (index) => {
        busy(20);
        return index * 2;
      },
      1000,
    );
    expect(results).toEqual(Array.from({ length: 100 }, (_, index) => index * 2));
  });

  it('stops an item that never returns and names its index and the limit', () => {
    const step = (index: number) => {
      if (index === 7) for (;;) busy(1);
      return index;
    };
    let caught: unknown;
    try {
      runAll(10, step, 200);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TimeLimitExceeded);
    expect((caught as TimeLimitExceeded).index).toBe(7);
    expect((caught as TimeLimitExceeded).limitMs).toBe(200);
  });

  it('passes on what an item throws', () => {
    expect(() =>
      runSlice(
        3,
        0,
        (index) => {
          if (index === 1) throw new Error('item 1 is broken');
          return index;
        },
        1000,
      ),
    ).toThrow('item 1 is broken');
  });
});
