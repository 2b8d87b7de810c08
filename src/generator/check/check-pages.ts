import type { PhraseList } from '../policy/responsible-copy.ts';
import { type PageContext, type PageFacts, pageFacts } from '../workers/page-facts.ts';
import { createWorkerPool, MIN_PARALLEL_WORK, type WorkerPool } from '../workers/worker-pool.ts';
import { type CachePlace, openFactsCache, pageDigest } from './check-cache.ts';
import type { Site } from './check-site.ts';

/**
 * Each page's facts (workers/page-facts.ts) for check-output.ts: every page is read and hashed;
 * a page whose bytes are those the last check of the folder read takes its facts from the cache
 * (check-cache.ts), the others are parsed: on the worker threads once there are
 * MIN_PARALLEL_WORK of them to parse and more than one job, else on the main thread.
 */

/** How the pages are read: the site's phrase list, the cache, the worker threads. */
export interface PagesOptions {
  phrases?: PhraseList;
  /** Where the facts are kept between checks; absent: nowhere, every page is parsed. */
  cache?: Omit<CachePlace, 'folder' | 'siteUrl' | 'phrasesDigest'>;
  /** Worker threads for the pages to parse (1 or absent: none). */
  jobs?: number;
}

/**
 * Each page's facts, or why it cannot be read (for the caller to add to the folder's problems
 * in its turn: check-files.ts `tryRead`), and how many pages were parsed.
 */
export interface PagesRead {
  facts: (PageFacts | { problem: string })[];
  parsed: number;
}

/** Pages a worker task parses. */
const BATCH = 32;

/**
 * The facts of `pages` (files of `site`), in their order: from the cache when a page's bytes are
 * unchanged, else parsed; the cache is then written for the next check. Reads disk.
 */
export async function readPages(
  site: Site,
  pages: string[],
  options: PagesOptions,
): Promise<PagesRead> {
  const context = { siteUrl: site.siteUrl, phrases: options.phrases };
  const cache = openFactsCache(
    options.cache && {
      ...options.cache,
      folder: site.root,
      siteUrl: site.siteUrl,
      phrasesDigest: options.phrases?.digest,
    },
  );
  const facts: PagesRead['facts'] = new Array(pages.length);
  const parser = createParser(context, options.jobs ?? 1, (miss, found) => {
    facts[miss.index] = found;
    cache.set(miss.file, miss.digest, found);
  });
  try {
    for (const [index, file] of pages.entries()) {
      const bytes = site.output.tryRead(file);
      if (!Buffer.isBuffer(bytes)) {
        facts[index] = bytes;
        continue;
      }
      const digest = pageDigest(bytes);
      const kept = cache.get(file, digest);
      if (kept && kept.size.raw === bytes.length) facts[index] = kept;
      else await parser.add({ index, file, bytes, digest });
    }
    await parser.finish();
  } finally {
    await parser.destroy();
  }
  await cache.save();
  return { facts, parsed: parser.parsed() };
}

/** A page to parse: its place in the list, its file, bytes and digest. */
interface Miss {
  index: number;
  file: string;
  bytes: Uint8Array;
  digest: string;
}

/** Parses the pages it is given, on the workers once there are enough of them. */
interface Parser {
  /** Takes a page to parse; waits while the workers are far enough behind. */
  add(miss: Miss): Promise<void>;
  /** Parses what is left and waits for every page. */
  finish(): Promise<void>;
  /** Ends the worker threads, if any started. */
  destroy(): Promise<void>;
  parsed(): number;
}

/**
 * A Parser that hands each page's facts to `done`. With more than one job and the bundled worker
 * there, the pages wait until MIN_PARALLEL_WORK of them have come, then go to the workers BATCH
 * at a time, at most two batches per thread in flight; fewer are parsed on the main thread at the
 * end. Otherwise each page is parsed on the main thread as it comes.
 */
function createParser(
  context: Omit<PageContext, 'file'>,
  jobs: number,
  done: (miss: Miss, facts: PageFacts) => void,
): Parser {
  const pool: WorkerPool | undefined = jobs > 1 ? createWorkerPool(jobs) : undefined;
  const canUsePool = pool?.canStart() ?? false;
  let pending: Miss[] = [];
  let onWorkers = false;
  let count = 0;
  const running: Promise<void>[] = [];
  const parse = (miss: Miss) => pageFacts(miss.bytes, { file: miss.file, ...context });
  const ship = async (batch: Miss[]) => {
    if (running.length >= jobs * 2) await running.shift();
    const pages = batch.map(({ file, bytes }) => ({ file, bytes }));
    const task = pool!.facts({ pages, ...context }).then((found) => {
      for (const [i, facts] of found.entries()) done(batch[i], facts);
    });
    // Awaited in turn (or by finish); a failure meanwhile must not count as unhandled.
    task.catch(() => {});
    running.push(task);
  };
  return {
    async add(miss) {
      count++;
      if (!canUsePool) return done(miss, parse(miss));
      pending.push(miss);
      if (pending.length >= MIN_PARALLEL_WORK) onWorkers = true;
      if (onWorkers) while (pending.length >= BATCH) await ship(pending.splice(0, BATCH));
    },
    async finish() {
      if (onWorkers) while (pending.length > 0) await ship(pending.splice(0, BATCH));
      for (const miss of pending) done(miss, parse(miss));
      pending = [];
      await Promise.all(running);
    },
    async destroy() {
      await Promise.allSettled(running);
      await pool?.destroy();
    },
    parsed: () => count,
  };
}
