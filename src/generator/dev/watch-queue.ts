/** Collects changed files and hands them to one rebuild at a time. */
export interface WatchQueue {
  /** Notes a changed file (root-relative); the rebuild starts after a quiet period. */
  add(file: string): void;
  /** Drops what is pending and resolves when the running rebuild, if any, has finished. */
  idle(): Promise<void>;
}

/**
 * Returns a queue that runs `run` with the sorted changed files after `debounceMs` without
 * a new change; never two runs at once; changes that arrive mid-run trigger one more run
 * afterwards. Touches no disk.
 */
export function createWatchQueue(
  debounceMs: number,
  run: (changed: string[]) => Promise<void>,
): WatchQueue {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = async () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const changed = [...pending].sort();
    pending.clear();
    running = run(changed).finally(() => {
      running = undefined;
      if (pending.size > 0) timer = setTimeout(flush, debounceMs);
    });
  };
  return {
    add(file: string) {
      pending.add(file);
      clearTimeout(timer);
      if (!running) timer = setTimeout(flush, debounceMs);
    },
    async idle() {
      clearTimeout(timer);
      pending.clear();
      await running;
    },
  };
}
