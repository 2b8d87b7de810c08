import { existsSync } from 'node:fs';
/**
 * The synchronous clean-ups of writes in progress (temporary folders, locks), run when a
 * signal ends the process: writers register them while they work and unregister them when
 * done; the CLI's SIGINT/SIGTERM handlers run what is left.
 */

/** Synchronous clean-ups of writes in progress, run when a signal ends the process. */
const unfinished = new Set<() => void>();

/**
 * Deletes the temporary folders of builds still in progress and releases their locks.
 * For SIGINT/SIGTERM handlers: the process exits right after. Returns false when some of
 * it could not be deleted (the marker stays, so the next build finishes the job). Touches disk.
 */
export function removeUnfinishedOutputSync(): boolean {
  let isClean = true;
  for (const cleanUp of unfinished) {
    try {
      cleanUp();
    } catch {
      isClean = false;
    }
  }
  unfinished.clear();
  return isClean;
}

/**
 * Registers a synchronous clean-up (a temporary folder, a lock) for removeUnfinishedOutputSync;
 * returns its unregister function. Touches no disk.
 */
export function cleanUpOnSignal(cleanUp: () => void): () => void {
  unfinished.add(cleanUp);
  return () => unfinished.delete(cleanUp);
}

/**
 * For the tests that kill a build at a moment no clock can pick (tests/cli/atomic.test.ts):
 * the process stops itself (SIGSTOP) at `point` when $SITEGEN_TEST_STOP_AT names it, and the
 * test signals it there. Does nothing otherwise.
 */
export function stopHereForTest(point: 'mid-commit' | 'after-summary'): void {
  if (process.env.SITEGEN_TEST_STOP_AT === point) process.kill(process.pid, 'SIGSTOP');
}

/**
 * For the test that asks watch's dev server for a page while the first run has loaded the site
 * but not yet rendered (tests/cli/watch-on-request.test.ts): when $SITEGEN_TEST_HOLD_RENDER
 * names a file, the run waits until that file exists before it renders. Resolves at once
 * otherwise.
 */
export async function holdForTest(): Promise<void> {
  const release = process.env.SITEGEN_TEST_HOLD_RENDER;
  if (!release) return;
  while (!existsSync(release)) await new Promise((resolve) => setTimeout(resolve, 20));
}
