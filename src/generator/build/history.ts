import type { CardMemo } from '../assets/social-cards.ts';
import type { ArticleMemo } from '../content/article-memo.ts';
import type { ContentMemo } from '../content/load-content.ts';
import { AtomicDirWriter } from '../output/atomic-writer.ts';
import type { IncrementalDirWriter } from '../output/incremental-writer.ts';
import type { Writer } from '../output/writer.ts';
import type { Bundles } from '../site/bundle-site.ts';
import { ManifestMemo, readPreviousBuild, writeManifest } from './build-manifest.ts';
import type { DependencyMap, ReadMemo } from './decide.ts';
import type { LinkMemo } from './link-bodies.ts';

/**
 * What a run starts from: the writer it writes through, what the last run left that this
 * writer can keep (its dependency map), and the memos (caches that make a run cheaper and
 * never decide what it produces).
 */
export interface RunStart {
  writer: Writer;
  /** The last run's dependency map, when its files are still there; absent: render every page. */
  pages?: DependencyMap;
  /** What the decider's fast path needs of the run that left `pages` (watch only). */
  reads?: ReadMemo;
  /** Parsed articles of the last run: unchanged files are not parsed again. */
  articles?: ArticleMemo;
  /** Linked bodies by raw body: unchanged bodies skip cheerio. */
  links?: LinkMemo;
  /** The last run's Content: kept while its configuration and records are the same objects. */
  content?: ContentMemo;
  /** Laid-out social cards, valid for one version of the site's code. */
  cardsFor?(bundles: Bundles): CardMemo;
}

/**
 * The one history of a builder: what each run leaves for the next. watch keeps it in memory
 * (memoryHistory); `sitegen build` in the build manifest in the cache folder (manifestHistory);
 * a test's in-memory one-shot build has none (noHistory). The run is the same routine for all
 * three (site-run.ts); only where the history lives differs.
 */
export interface History {
  /** Starts a run; `fresh`: from nothing the last run left (a file it kept was missing). */
  begin(fresh: boolean): Promise<RunStart>;
  /**
   * After the run's commit: keeps its dependency map (and parsed articles) for the next. The
   * next run may start at once; the promise, which the run's `cleanup` includes, settles when
   * the record is on disk (the manifest waits for the previous output's removal).
   */
  end(run: { start: RunStart; pages: DependencyMap; reads?: ReadMemo }): Promise<void>;
  /** After a failure: nothing of the last run is trusted; the next run renders every page. */
  forget(): void;
  /** Puts on disk what is not there yet (watch's last manifest); absent: nothing to do. */
  close?(): Promise<void>;
}

/**
 * What a history in memory keeps for every run: one writer, which keeps the last commit's
 * files, a memo of parsed articles, the last Content, and the linked bodies and laid-out cards.
 */
function memoryStart(writer: Writer): RunStart & { articles: ArticleMemo } {
  const links: LinkMemo = new Map();
  let cards: { bundles: Bundles; memo: CardMemo } | undefined;
  return {
    writer,
    articles: new ManifestMemo(),
    links,
    content: {},
    cardsFor: (bundles: Bundles) => {
      if (cards?.bundles !== bundles) cards = { bundles, memo: new Map() };
      return cards.memo;
    },
  };
}

/** What a history in memory keeps of the last run: its map and its reads (the fast path's). */
type LastRun = { pages: DependencyMap; reads?: ReadMemo };

/** A test's incremental builder's history: memoryStart, and the last run, in memory. */
export function memoryHistory(writer: Writer): History {
  const start = memoryStart(writer);
  let last: LastRun | undefined;
  return {
    begin: async (fresh) => ({ ...start, ...(fresh ? {} : last) }),
    end: (run) => {
      last = { pages: run.pages, reads: run.reads };
      return Promise.resolve();
    },
    forget: () => {
      last = undefined;
    },
  };
}

/**
 * How long watch waits after a run before it writes the manifest of its folder: 12 MB of JSON
 * at 10,000 articles, about 150 ms of this thread a save made meanwhile waits for, so not
 * after every burst of saves. A watch stopped writes it at once; one killed leaves an older
 * manifest, whose folder stamp then no longer matches, and the next watch builds everything.
 */
const WATCH_MANIFEST_DELAY_MS = 10_000;

/**
 * `sitegen watch`'s history: memoryStart and the last run in memory, over its one
 * IncrementalDirWriter, which also keeps the manifest of its output folder, so a watch started
 * again takes its folder and parsed articles as the last one left them (the first run renders
 * only what changed since) instead of building everything. The manifest is written ten
 * seconds after the last run (WATCH_MANIFEST_DELAY_MS), and on close.
 */
export function watchHistory(
  writer: IncrementalDirWriter,
  manifest: { cacheDir: string; key: string; outDir: string },
): History {
  const start = memoryStart(writer);
  let last: LastRun | undefined;
  let isStarted = false;
  let unsaved: DependencyMap | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    if (!unsaved) return;
    const build = {
      memo: start.articles as ManifestMemo,
      pages: unsaved,
      listing: writer.listing(),
    };
    unsaved = undefined;
    await writeManifest(manifest.cacheDir, manifest.outDir, manifest.key, build);
  };
  /** The first run takes the folder and the articles the last watch left (adopt). */
  const resume = () => {
    const before = readPreviousBuild(manifest.cacheDir, manifest.outDir, manifest.key);
    if (!before.output || !writer.adopt(before.output.listing)) return;
    start.articles = before.memo;
    last = { pages: before.output.pages };
  };
  return {
    begin: async (fresh) => {
      if (!isStarted && !fresh) resume();
      isStarted = true;
      return { ...start, ...(fresh ? {} : last) };
    },
    end: (run) => {
      last = { pages: run.pages, reads: run.reads };
      unsaved = run.pages;
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), WATCH_MANIFEST_DELAY_MS);
      timer.unref();
      return Promise.resolve();
    },
    forget: () => {
      last = undefined;
      unsaved = undefined;
      clearTimeout(timer);
    },
    close: flush,
  };
}

/**
 * `sitegen build`'s history: each run writes a new output folder (AtomicDirWriter) and starts
 * from the manifest the last build into the same folder left in the cache folder, when that
 * folder is still the one the manifest describes (AtomicDirWriter.reuse). `fresh` (`--fresh`):
 * every run starts from nothing the last one left.
 */
export function manifestHistory(
  outDir: string,
  manifest: { cacheDir: string; key: string; fresh?: boolean },
  onWait?: (message: string) => void,
): History {
  return {
    begin: async (startsFresh) => {
      const fresh = startsFresh || manifest.fresh === true;
      const writer = new AtomicDirWriter(outDir, onWait);
      // The output lock first: a folder that cannot be written, or another build into it, is
      // known before any work; it also puts back what a killed build left.
      await writer.folder().catch(async (error) => {
        await writer.abort();
        throw error;
      });
      if (fresh) return { writer, articles: new ManifestMemo() };
      const before = readPreviousBuild(manifest.cacheDir, outDir, manifest.key);
      const isWhole = before.output && (await writer.reuse(before.output.listing));
      return { writer, articles: before.memo, pages: isWhole ? before.output!.pages : undefined };
    },
    end: async ({ start, pages }) => {
      const writer = start.writer as AtomicDirWriter;
      const memo = start.articles as ManifestMemo;
      // The stamps once the previous output is gone: removing its links to the files the new
      // folder kept changes their change time, which the listing must already hold.
      await writer.cleanup;
      const build = { memo, pages, listing: writer.listing() };
      await writeManifest(manifest.cacheDir, outDir, manifest.key, build);
    },
    forget: () => {},
  };
}

/** A one-shot build that keeps nothing: a new writer per run (`newWriter`), every page rendered. */
export function noHistory(newWriter: () => Writer): History {
  return {
    begin: async () => ({ writer: newWriter() }),
    end: () => Promise.resolve(),
    forget: () => {},
  };
}
