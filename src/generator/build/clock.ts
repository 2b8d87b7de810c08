import { performance } from 'node:perf_hooks';

/** Stage timings of one run: `lap(name)` records the time since the previous lap. */
export interface Clock {
  timings: Record<string, number>;
  lap(stage: string): void;
  /** Milliseconds since the clock started. */
  total(): number;
}

/** A clock started now. */
export function startClock(): Clock {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  return {
    timings,
    lap(stage: string) {
      const now = performance.now();
      timings[stage] = now - mark;
      mark = now;
    },
    total: () => performance.now() - started,
  };
}
