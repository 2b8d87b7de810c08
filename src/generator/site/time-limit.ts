import vm from 'node:vm';
import { sitegenError } from '../errors/errors.ts';
import { RenderTimeoutSetting } from '../errors/errors-data.ts';

/** How long one page's render (or the site module's evaluation) may run; see renderTimeLimitMs. */
export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
const ENV_NAME = 'SITEGEN_RENDER_TIMEOUT_MS';

/** Thrown by runWithTimeLimit when the job ran longer than its limit and V8 stopped it. */
export class TimeLimitExceeded extends Error {
  constructor(readonly limitMs: number) {
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
