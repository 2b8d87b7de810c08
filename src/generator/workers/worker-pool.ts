import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Piscina from 'piscina';
import type { FileResult } from '../content/read-articles.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { RenderOptions } from './render-page.ts';
import type { SharedSite } from './shared-site.ts';
import type { CardNode } from '../assets/draw-card.ts';
import type { DrawTask, ParsedBatch, ParseTask, RenderedBatch, RenderTask } from './tasks.ts';
import { requireFromSitegen } from '../site/node-require.ts';
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
  /** Parses `files` (and links their bodies to `targets`, when given) on the workers. */
  parse(files: { file: string; text: string }[], targets?: LinkTarget[]): Promise<ParsedAhead>;
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
  /** Ends every thread. */
  destroy(): Promise<void>;
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
  const run = async <T>(name: string, task: unknown): Promise<T> =>
    unwrap((await (await started()).run(task, { name })) as TaskResult<T>);
  return {
    start: () => void started(),
    async parse(files, targets) {
      const parsed = new Map<string, FileResult>();
      const linked = new Map<string, string>();
      await inOrder(
        batches(files, PARSE_BATCH),
        (batch) => run<ParsedBatch>('parse', { files: batch, targets } satisfies ParseTask),
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
        (batch) => run<RenderedBatch>('render', { ...options, routes: batch } satisfies RenderTask),
        jobs * 2,
        (rendered, index) => use(rendered, index * RENDER_BATCH),
      );
    },
    async draw(trees, use) {
      // sharp's libraries must stay loaded after a worker that used them ends (lovell/sharp#2263).
      requireFromSitegen('sharp');
      await inOrder(
        batches(trees, DRAW_BATCH),
        (batch) => run<Uint8Array[]>('draw', { trees: batch } satisfies DrawTask),
        jobs * 2,
        (pngs, index) => use(pngs, index * DRAW_BATCH),
      );
    },
    async destroy() {
      const running = pool;
      pool = undefined;
      if (running) await (await running).destroy();
    },
  };
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
