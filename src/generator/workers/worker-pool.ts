import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import type Piscina from 'piscina';
import type { FileResult } from '../content/file-result.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { RenderOptions } from './render-page.ts';
import type { SharedSite } from './shared-site.ts';
import type { CardNode } from '../assets/draw-card.ts';
import type { PageFacts } from './page-facts.ts';
import type {
  DrawTask,
  FactsTask,
  ParsedBatch,
  ParseTask,
  RenderedBatch,
  RenderTask,
} from './tasks.ts';
import { SitegenError, sitegenError } from '../errors/errors.ts';
import { WorkerExited, WorkerOutOfMemory } from '../errors/errors-data.ts';
import { unwrap, type TaskResult } from './thrown.ts';

/** Below this many files or pages a run does the work on the main thread: workers cost more. */
export const MIN_PARALLEL_WORK = 150;
const PARSE_BATCH = 64;
const RENDER_BATCH = 32;
const DRAW_BATCH = 4;

/** What the workers made of some article files: results by file, linked bodies by slug. */
export interface ParsedAhead {
  parsed: Map<string, FileResult>;
  linked: Map<string, string>;
}

/** Worker threads for the CPU-bound stages; see createWorkerPool. */
export interface WorkerPool {
  /** Starts the threads (they load their modules) before the first task needs them. */
  start(): void;
  /** Whether threads can start: the bundled worker.mjs is there (never from sources). */
  canStart(): boolean;
  /**
   * Parses `files` (and links their bodies to `targets`, when given) on the workers, holding them
   * to the responsible-copy list `phrases`, when given.
   */
  parse(
    files: { file: string; text: string }[],
    targets?: LinkTarget[],
    phrases?: PhraseList,
  ): Promise<ParsedAhead>;
  /**
   * Renders `routes` on the workers and hands each batch's pages (or, with `folder`, the sizes of
   * the pages the workers wrote there) to `use` in route order, with the index of the batch's
   * first route, at most a few batches ahead of `use`.
   */
  render(
    routes: Route[],
    options: RenderOptions & { site: SharedSite; folder?: string },
    use: (batch: RenderedBatch, first: number) => Promise<void>,
  ): Promise<void>;
  /** Draws social cards on the workers; hands each batch's PNGs to `use` in order. */
  draw(trees: CardNode[], use: (pngs: Uint8Array[], first: number) => Promise<void>): Promise<void>;
  /** `sitegen check`'s facts of some built pages (page-facts.ts), one task, in order. */
  facts(task: FactsTask): Promise<PageFacts[]>;
  /** Ends every thread. */
  destroy(): Promise<void>;
}

/**
 * Makes the heap of each thread started from now on begin with room for 64 MB of old space.
 * V8 counts the memory outside a heap (a drawn card's pixels: 3 MB from Takumi) against a
 * limit it sets from the heap's size, and a worker's small heap made it run a full collection
 * every 8 cards or so: about 75 in a thread drawing 500 cards, 1-2 with this, and 1.5-2 s of
 * CPU less in a 1,000-article build with an empty card cache. A V8 flag, read when an isolate
 * is made, so set before the first thread (a Worker's execArgv refuses V8 flags).
 */
function roomForThreadHeaps(): void {
  setFlagsFromString('--initial-old-space-size=64');
}

/** The bundled worker entry beside this module (bin/.cli-X/worker.mjs). */
const WORKER_FILE = new URL('./worker.mjs', import.meta.url);

/**
 * A pool of `jobs` worker threads (piscina), started on first use, so a small site never starts
 * one. The workers run the bundled worker.mjs, so threads exist only in the bundled CLI; from
 * sources (the tests' in-process harness), the first task that needs a thread fails.
 */
export function createWorkerPool(jobs: number): WorkerPool {
  let pool: Promise<Piscina> | undefined;
  const started = () => {
    // Checked when a thread is first needed: a small site from sources never needs one.
    if (!existsSync(fileURLToPath(WORKER_FILE))) {
      throw new Error(`worker threads need the bundled CLI (${WORKER_FILE.pathname} is missing)`);
    }
    roomForThreadHeaps();
    pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          filename: WORKER_FILE.href,
          minThreads: jobs,
          maxThreads: jobs,
          // Watch keeps its threads (and their loaded modules) between builds.
          idleTimeout: 60_000,
        }),
    );
    return pool;
  };
  const run = runner(started);
  return {
    start: () => void started(),
    canStart: () => existsSync(fileURLToPath(WORKER_FILE)),
    async parse(files, targets, phrases) {
      const parsed = new Map<string, FileResult>();
      const linked = new Map<string, string>();
      await inOrder(
        batches(files, PARSE_BATCH),
        (batch) =>
          run<ParsedBatch>('parse', { files: batch, targets, phrases } satisfies ParseTask, () =>
            batch.length === 1
              ? `Parsing ${batch[0].file}`
              : `Parsing ${batch[0].file} and ${batch.length - 1} more article files`,
          ),
        jobs * 2,
        async (batch, index) => {
          batch.results.forEach((result, i) => {
            parsed.set(files[index * PARSE_BATCH + i].file, result);
            const body = batch.linked[i];
            if (body !== undefined && result.article) linked.set(result.article.slug, body);
          });
        },
      );
      return { parsed, linked };
    },
    async render(routes, options, use) {
      await inOrder(
        batches(routes, RENDER_BATCH),
        (batch) => renderBatch(run, { ...options, routes: batch }),
        jobs * 2,
        (rendered, index) => use(rendered, index * RENDER_BATCH),
      );
    },
    async draw(trees, use) {
      await inOrder(
        batches(trees, DRAW_BATCH),
        (batch) =>
          run<Uint8Array[]>('draw', { trees: batch } satisfies DrawTask, () =>
            batch.length === 1 ? 'Drawing a social card' : `Drawing ${batch.length} social cards`,
          ),
        jobs * 2,
        (pngs, index) => use(pngs, index * DRAW_BATCH),
      );
    },
    facts: (task) => run<PageFacts[]>('facts', task, () => checkingOf(task.pages)),
    async destroy() {
      const running = pool;
      pool = undefined;
      if (running) await (await running).destroy();
    },
  };
}

/** Runs a task by name on the pool; `work` says what it does, for messages. */
type Run = <T>(name: string, task: unknown, work: () => string) => Promise<T>;

/**
 * Runs tasks on the pool `started` gives: a thread that ends under one (out of memory, an exit)
 * becomes an error that says what it was doing; what a task threw is thrown again.
 */
function runner(started: () => Promise<Piscina>): Run {
  return async <T>(name: string, task: unknown, work: () => string) => {
    const result = await (await started()).run(task, { name }).catch((error: unknown) => {
      const end = threadEnd(error);
      throw end ? threadEndError(end, work()) : error;
    });
    return unwrap(result as TaskResult<T>);
  };
}

/**
 * Renders one batch. When its thread ends, renders its routes again one at a time, without
 * writing, so the error names the page that ends a thread on its own (or the batch, when none
 * does alone).
 */
async function renderBatch(run: Run, task: RenderTask): Promise<RenderedBatch> {
  try {
    return await run<RenderedBatch>('render', task, () => pagesOf(task.routes));
  } catch (error) {
    const ended = error instanceof SitegenError && THREAD_ENDS.has(error.kind);
    if (!ended || task.routes.length < 2) throw error;
    for (const route of task.routes)
      await run('render', { ...task, routes: [route], folder: undefined }, () => pagesOf([route]));
    throw error;
  }
}

/** How a worker thread ended under a task: out of memory, or an exit with its code. */
type ThreadEnd = { outOfMemory: true } | { exitCode: number };

/** The errors of a thread that ended, by kind. */
const THREAD_ENDS = new Set([WorkerOutOfMemory.name, WorkerExited.name]);

/** How the thread ended, from the error piscina rejects a task with; undefined: it did not. Pure. */
function threadEnd(error: unknown): ThreadEnd | undefined {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return { outOfMemory: true };
  const exited = /^worker exited with code: (-?\d+)$/.exec(String(message));
  return exited ? { exitCode: Number(exited[1]) } : undefined;
}

/**
 * The error of a thread that ended while doing `work` ("Rendering /x/ with ArticlePage"). A
 * thread's heap limit is this process's (--max-old-space-size applies to both).
 */
function threadEndError(end: ThreadEnd, work: string): Error {
  if ('exitCode' in end) return sitegenError(WorkerExited, { work, code: end.exitCode });
  const limitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  return sitegenError(WorkerOutOfMemory, { work, limitMb });
}

/** What rendering `routes` is, for messages: the page and its template, or some of the pages. */
function pagesOf(routes: Route[]): string {
  if (routes.length === 1) return `Rendering ${routes[0].url} with ${routes[0].template}`;
  const shown = routes.slice(0, 3).map((route) => route.url);
  return `Rendering one of ${routes.length} pages (${shown.join(', ')} and ${routes.length - 3} more)`;
}

/** What checking `pages` is, for messages: the page, or the first and how many more. */
function checkingOf(pages: FactsTask['pages']): string {
  const more = pages.length > 1 ? ` and ${pages.length - 1} more pages` : '';
  return `Checking ${pages[0].file}${more}`;
}

function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Runs `start` on every item, at most `window` ahead of the one being used, and hands each result
 * to `use` in item order. A failure is thrown once every task already started has ended, so no
 * worker still writes into a folder the caller is about to delete.
 */
async function inOrder<T, R>(
  items: T[],
  start: (item: T) => Promise<R>,
  window: number,
  use: (result: R, index: number) => Promise<void>,
): Promise<void> {
  const running: Promise<R>[] = [];
  let next = 0;
  try {
    for (let i = 0; i < items.length; i++) {
      while (next < items.length && next < i + window) {
        const task = start(items[next]);
        // Awaited in order below; a later failure must not count as unhandled meanwhile.
        task.catch(() => {});
        running[next++] = task;
      }
      const result = await running[i];
      delete running[i];
      await use(result, i);
    }
  } catch (error) {
    await Promise.allSettled(running);
    throw error;
  }
}
