import { getHeapStatistics } from 'node:v8';

/**
 * How long a page may render on the main thread before it could fill V8's heap. There a full
 * heap is the end of the process (V8 aborts, exit 134, a native stack), while a worker thread's
 * full heap ends only the thread, which worker-pool.ts reports with the page. Nothing can watch
 * the main thread's heap while a template loops (another thread's requests wait for the loop on
 * Node 24), but V8's termination at a time limit always reaches it (site/time-limit.ts): a page
 * that runs longer than this is stopped and rendered again on a worker thread. Reads the heap's
 * statistics and this process's flags.
 */

const MB = 2 ** 20;
/**
 * Bytes per millisecond a template can fill the heap with, at most: four times the most measured
 * (2 GB/s: arrays of a million holes, Node 20 to 24, a 2-core machine).
 */
const FASTEST_FILL = 8 * MB;
/** The part of the heap limit a page may fill: near the limit V8 gives up (mark-compacts). */
const USABLE = 0.8;

/**
 * The time a page may render on the main thread, in ms: half the time the fastest template
 * takes to fill what is left of the heap (runSlice lets a page run as long again while it starts
 * the slice's other pages), at least 1 ms and at most `limitMs`. About 200 ms of a 4 GB heap.
 */
export function mainThreadMs(limitMs: number): number {
  const room = USABLE * heapLimit() - getHeapStatistics().used_heap_size;
  return Math.min(limitMs, Math.max(1, Math.floor(room / FASTEST_FILL / 2)));
}

/**
 * Thrown by renderSlice at a page that ran longer than mainThreadMs: the caller renders the
 * slice again on worker threads. Not a user's error: it never reaches the command line.
 */
export class PageRunsLong extends Error {
  constructor(readonly url: string) {
    super(`${url} ran longer than the main thread's heap allows`);
    this.name = 'PageRunsLong';
  }
}

let knownLimit: number | undefined;

/**
 * The old generation's limit in bytes: --max-old-space-size as this process got it (NODE_OPTIONS,
 * then its own flags; the last one counts), else V8's whole heap limit, which is larger by the
 * young generation (up to 192 MB of 4 GB and more; USABLE covers it).
 */
function heapLimit(): number {
  if (knownLimit !== undefined) return knownLimit;
  const flags = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  const set = [...flags.matchAll(/--max[-_]old[-_]space[-_]size(?:=|\s+)(\d+)/g)].at(-1);
  const whole = getHeapStatistics().heap_size_limit;
  knownLimit = set ? Math.min(whole, Number(set[1]) * MB) : whole;
  return knownLimit;
}
