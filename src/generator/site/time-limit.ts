import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';
import { sitegenError } from '../errors/errors.ts';
import { RenderTimeoutSetting } from '../errors/errors-data.ts';

/** How long one page's render (or the site module's evaluation) may run; see renderTimeLimitMs. */
export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
const ENV_NAME = 'SITEGEN_RENDER_TIMEOUT_MS';

/**
 * V8 12 and later (Node 22 on) unroll loops in optimized code, and Node 24's V8 leaves the check
 * for a termination out of an unrolled loop that allocates (`for (;;) list.push(new Array(1000))`):
 * no time limit stopped such a template. With the unrolling off, every loop can be stopped. Set
 * once for the process and its worker threads, before any template is compiled; Node 20 (V8 11)
 * has neither the flag nor the fault.
 */
function keepLoopsStoppable(): void {
  if (Number(process.versions.v8.split('.')[0]) >= 12) {
    setFlagsFromString('--no-turboshaft-loop-unrolling');
  }
}
keepLoopsStoppable();

/**
 * Thrown by runWithTimeLimit when the job ran longer than its limit and V8 stopped it; by
 * runSlice with the index of the item that was running.
 */
export class TimeLimitExceeded extends Error {
  constructor(
    readonly limitMs: number,
    readonly index?: number,
  ) {
    super(`ran longer than ${limitMs} ms`);
    this.name = 'TimeLimitExceeded';
  }
}

const SLOT = Symbol.for('sitegen.timeLimitedJob');
// Compiled once: a call costs one watchdog thread (about 60 µs), so callers batch work.
const CALL_JOB = new vm.Script(`globalThis[Symbol.for('sitegen.timeLimitedJob')]()`, {
  filename: 'sitegen:time-limit',
});

/**
 * Runs `job` synchronously and returns its result. After `limitMs`, V8 terminates it
 * wherever it is (a `while (true) {}` in a template included) and this throws
 * TimeLimitExceeded; errors the job throws pass through. Ctrl-C is not watched here: it
 * reaches the process's own handler when the job ends (at most `limitMs` later). vm's
 * `breakOnSigint` would stop the job at once, but it removes and re-adds the process's
 * SIGINT listeners around every call, and a signal that lands in between is lost or
 * kills the process without its clean-up (a build went on to exit 0 after Ctrl-C).
 */
export function runWithTimeLimit<T>(job: () => T, limitMs: number): T {
  const global = globalThis as Record<symbol, unknown>;
  const previous = global[SLOT];
  global[SLOT] = job;
  try {
    return CALL_JOB.runInThisContext({ timeout: limitMs }) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new TimeLimitExceeded(limitMs);
    throw error;
  } finally {
    global[SLOT] = previous;
  }
}

/** How long one time-limited call of runSlice keeps starting new items before it hands back. */
const SLICE_MS = 50;

/**
 * Runs `step` for the indexes from `start` on, in order, for about 50 ms (always at least one
 * item; never longer than `limitMs`), inside one time-limited call, and returns their results.
 * Each item gets `limitMs`, however late in the slice it starts, so the limit holds per item and
 * not per batch; one that runs longer (a `while (true)` in a template) is stopped and
 * TimeLimitExceeded names its index. One call per slice, not per item: each call starts a
 * watchdog thread. Callers loop until every item is done, and may give the event loop a turn
 * between slices.
 */
export function runSlice<T>(
  count: number,
  start: number,
  step: (index: number) => T,
  limitMs: number,
): T[] {
  const results: T[] = [];
  let current = start;
  // A short limit (the main thread's, workers/heap-headroom.ts) makes the slice as short.
  const sliceMs = Math.min(SLICE_MS, limitMs);
  try {
    return runWithTimeLimit(() => {
      const sliceStart = performance.now();
      for (; current < count; current++) {
        results.push(step(current));
        if (performance.now() - sliceStart >= sliceMs) break;
      }
      return results;
    }, limitMs + sliceMs);
  } catch (error) {
    if (error instanceof TimeLimitExceeded) throw new TimeLimitExceeded(limitMs, current);
    throw error;
  }
}

/** $SITEGEN_RENDER_TIMEOUT_MS, else 10 seconds. */
export function renderTimeLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[ENV_NAME];
  if (value === undefined || value === '') return DEFAULT_RENDER_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw sitegenError(RenderTimeoutSetting, { name: ENV_NAME, value });
  }
  return ms;
}
