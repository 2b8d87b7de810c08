import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { ARTICLE_DIR } from '../content/article-files.ts';
import { OUTPUT_MARKER } from '../output/output-dir.ts';
import { type Builder, createBuilder, type BuildResult, type Project } from '../build/builder.ts';
import { errorScreenText, type ScreenStyle, toErrorScreen } from './error-screen.ts';
import { planLiveUpdate, type LiveUpdate } from './live-update.ts';
import {
  describePortChoice,
  startServer,
  type ErrorScreen,
  type LateFiles,
  type SiteServer,
} from './serve.ts';
import { basePathOf } from '../host/site-url.ts';
import { createWatchQueue, type WatchQueue } from './watch-queue.ts';
import { movedSources, stampSources, watchSources } from './watch-sources.ts';

export interface WatchOptions {
  root: string;
  outDir: string;
  host: string;
  /** The port to try first; when it is busy, the next free one of the ten after it. */
  port: number;
  /** A busy port is an error instead of a reason to try the next one (--strict-port). */
  isStrictPort?: boolean;
  /** Host-header names the dev server answers besides loopback and `host` (--allowed-host). */
  allowedHosts?: string[];
  siteUrl?: string;
  /** Where `siteUrl` came from, for error messages. */
  siteUrlOrigin?: string;
  /** Draw social cards (each when it is requested); default true. `--no-cards`. */
  cards?: boolean;
  /** How long one page may render ($SITEGEN_RENDER_TIMEOUT_MS in the CLI); the builder's default. */
  renderTimeLimitMs?: number;
  /** Worker threads for full builds of a big site (the builder's `jobs`); default 1. */
  jobs?: number;
  /** sitegen's cache folder ($SITEGEN_CACHE_DIR); default <root>/node_modules/.cache/sitegen. */
  cacheDir?: string;
  /** Called with each line the watcher reports (the CLI prints them on stdout). */
  log: (line: string) => void;
  /**
   * Called with each failed rebuild's report, code frame included (the CLI prints it on stderr);
   * default `log`.
   */
  logError?: (text: string) => void;
  /** How the report of a failed rebuild is styled (colour on a terminal); default plain. */
  errorStyle?: ScreenStyle;
  /**
   * Quiet period after the last change before rebuilding, so that the events of one save (an
   * editor's write and rename) become one rebuild; default DEBOUNCE_MS.
   */
  debounceMs?: number;
  /** Called once when a build holds the output folder and watch waits for it. */
  onWait?: (message: string) => void;
}

/**
 * watch's default quiet period. The events of one save come within a millisecond or two of
 * each other; every millisecond more is one a body save waits before its rebuild starts (at
 * 10,000 articles the rebuild itself takes ~40 ms). Vite and Eleventy wait none.
 */
const DEBOUNCE_MS = 5;

export interface Watcher {
  /** The port it listens on. */
  port: number;
  /** The site's base path, from the site URL of the last good build ("/" or "/repo/"). */
  base: string;
  close(): Promise<void>;
}

/**
 * The builder's project for `options`. Drafts are part of the dev site, marked DRAFT; social
 * cards are drawn when they are requested, unless `cards` is false.
 */
function projectOf(options: WatchOptions, root: string): Project {
  const { outDir, siteUrl, siteUrlOrigin, onWait, jobs, cacheDir, renderTimeLimitMs, cards } =
    options;
  const project = { root, outDir, siteUrl, siteUrlOrigin, onWait, jobs, cacheDir };
  return { ...project, renderTimeLimitMs, cards, drafts: true, cardsLater: true };
}

/**
 * Builds, serves the output with live reload, and calls the incremental builder's update()
 * on every change. A failed rebuild is reported in the terminal and on every page, and never
 * stops the loop. Returns once the first build ran and the file watcher is ready; writes the
 * output folder through the builder.
 */
export async function watch(options: WatchOptions): Promise<Watcher> {
  const root = path.resolve(options.root);
  const builder = await createBuilder(projectOf(options, root), { incremental: true });
  let error: ErrorScreen | undefined;
  let server: SiteServer | undefined;
  let base = '/';
  let isClosing = false;
  const cards = cardsOnRequest(builder, options.log, () => {
    if (!isClosing) queue.add(CARDS_DRAWN);
  });
  const rebuild = async (events: string[]) => {
    const [hasCards, isWarmUp] = [events.includes(CARDS_DRAWN), events.includes(WARM_UP)];
    const changed = events.filter((event) => event !== CARDS_DRAWN && event !== WARM_UP);
    if (changed.length > 0 || (!hasCards && !isWarmUp)) await rebuildFiles(changed);
    else if (isWarmUp && !error) await rebuildFiles(anArticleFile(root), { isWarmUp });
    // Cards were drawn: they are added after the files' rebuild, whether it worked or not.
    if (hasCards) await cards.commit();
  };
  const rebuildFiles = async (changed: string[], { isWarmUp = false } = {}) => {
    if (isWarmUp && changed.length === 0) return;
    // A failed build, and the first good one after it, reload every page (error screen in, then
    // out).
    let update: LiveUpdate = { kind: 'reload' };
    try {
      const result = changed.length === 0 ? await builder.build() : await builder.update(changed);
      base = basePathOf(result.siteUrl);
      if (!error) update = planLiveUpdate(result.changes, result, base);
      error = undefined;
      const isNews = !isWarmUp || result.written > 0 || result.removed.length > 0;
      if (isNews) options.log(describeRebuild(changed, result));
    } catch (caught) {
      // Printed once per failed rebuild; requests only read `error`, they never print it again.
      error = toErrorScreen(caught, root);
      (options.logError ?? options.log)(errorScreenText(error, options.errorStyle));
    } finally {
      server?.publish(update);
    }
  };

  let isFirstRunOver = false;
  const listening = await listenFirst(options, builder, {
    base: () => base,
    error: () => error,
    lateFiles: lateFilesOf(cards, builder, () => isFirstRunOver),
  });
  server = listening.server;
  const portChoice = describePortChoice(options.port, server.port);
  if (portChoice) options.log(portChoice);
  const queue = createWatchQueue(options.debounceMs ?? DEBOUNCE_MS, rebuild);
  const watcher = await firstRunWatched(root, builder, queue, () =>
    rebuild([]).finally(() => {
      isFirstRunOver = true;
      listening.firstBuilt();
    }),
  );
  queue.add(WARM_UP);
  return {
    port: server.port,
    get base() {
      return base;
    },
    async close() {
      isClosing = true;
      await watcher.close();
      await queue.idle();
      await server?.close();
      await builder.dispose();
    },
  };
}

/**
 * Runs the first build (`firstRun`) and starts the file watcher once that run has loaded the
 * site, not after the run: a save made while that run renders (seconds at 10,000 articles) is
 * rebuilt once it is done, not lost. It does not start before the load: chokidar stats and
 * watches every file (half a second of this thread at 10,000 articles), which would slow the
 * load the first page waits for. Until the watcher has attached to every folder a save can go
 * unseen, so the files' stamps taken before the run are compared with the disk after it: what
 * moved goes to `queue` with the saves seen meanwhile. Resolves with the watcher.
 */
async function firstRunWatched(
  root: string,
  builder: Builder,
  queue: WatchQueue,
  firstRun: () => Promise<void>,
): Promise<FSWatcher> {
  const early = new Set<string>();
  let isBuilt = false;
  const before = stampSources(root);
  const startWatcher = () =>
    watchSources(root, (file) => (isBuilt ? queue.add(file) : early.add(file)));
  const [watcher] = await Promise.all([builder.loaded().then(startWatcher), firstRun()]);
  for (const file of movedSources(before, stampSources(root))) early.add(file);
  isBuilt = true;
  for (const file of early) queue.add(file);
  return watcher;
}

/**
 * Starts the dev server before any build work, so a port in use fails at once; requests made
 * during the first build wait for it (`firstBuilt`) or for the site it loads, unless the
 * folder holds a whole output already. Disposes the builder when it cannot listen.
 */
async function listenFirst(
  options: WatchOptions,
  builder: Builder,
  view: { base: () => string; error: () => ErrorScreen | undefined; lateFiles: LateFiles },
) {
  let firstBuilt: () => void = () => {};
  // A folder a build or watch left whole is served at once, while the first run catches up
  // (the pages it writes reload).
  // An empty one is answered once the first run has loaded the site: the page asked for is
  // then made on request (Builder.filesOnRequest) while the run writes the rest.
  const isWhole = existsSync(path.join(builder.outDir, OUTPUT_MARKER));
  const built = new Promise<void>((resolve) => {
    firstBuilt = resolve;
  });
  const ready = isWhole ? Promise.resolve() : Promise.race([built, builder.loaded()]);
  const { host, port, isStrictPort, allowedHosts } = options;
  try {
    const server = await startServer({
      dir: builder.outDir,
      host,
      port,
      isStrictPort,
      allowedHosts,
      base: view.base,
      isLiveReload: true,
      currentError: view.error,
      lateFiles: view.lateFiles,
      ready,
    });
    return { server, firstBuilt };
  } catch (caught) {
    await builder.dispose();
    throw caught;
  }
}

/**
 * What the dev server makes when a request names a file the output lacks: a social card left to
 * draw, and, until the first run is over (`isFirstRunOver`), a page or asset of the site that
 * run loaded (Builder.filesOnRequest). Only the first run's: a later run's page is served from
 * disk, as written, so a page never shows a save its neighbours do not show yet.
 */
function lateFilesOf(
  cards: ReturnType<typeof cardsOnRequest>,
  builder: Builder,
  isFirstRunOver: () => boolean,
): LateFiles {
  return {
    has: (file) => cards.has(file) || (!isFirstRunOver() && builder.filesOnRequest.has(file)),
    make: (file) => (cards.has(file) ? cards.make(file) : builder.filesOnRequest.make(file)),
  };
}

/**
 * The queue's name for "run a save once before the first one": an update of an article file
 * nobody saved, after the first build. A function V8 has run is compiled; one it has not is
 * interpreted: at 10,000 articles the first body save took ~90 ms in-process and the next ones
 * ~35, and after this run the first takes ~50. The file is unchanged, so nothing is written,
 * and nothing is printed unless something was.
 */
const WARM_UP = '\0warm up';

/** One article file (root-relative), for WARM_UP; none when there is none. Reads disk. */
function anArticleFile(root: string): string[] {
  const names = existsSync(path.join(root, ARTICLE_DIR))
    ? readdirSync(path.join(root, ARTICLE_DIR))
    : [];
  const name = names.find((each) => each.endsWith('.md') && !each.startsWith('.'));
  return name === undefined ? [] : [`${ARTICLE_DIR}/${name}`];
}

/** The queue's name for "a social card was drawn": its commit runs in the queue's turn. */
const CARDS_DRAWN = '\0cards drawn';

/**
 * The social cards the runs left (Project.cardsLater), as the dev server's late files: a card
 * is drawn when a request names it, never ahead, and then added to the output by a commit that
 * runs in the watch queue's turn (`drawn` queues it), so never beside a rebuild. A card that
 * cannot be drawn is one line in the log (the request gets a 500).
 */
function cardsOnRequest(builder: Builder, log: (line: string) => void, drawn: () => void) {
  return {
    has: (file: string) => builder.lateCards.has(file),
    async make(file: string) {
      try {
        const png = await builder.lateCards.draw(file);
        if (png) drawn();
        return png;
      } catch (caught) {
        log(`social card ${file} could not be drawn: ${firstLine(caught)}`);
        throw caught;
      }
    },
    /** Adds the drawn cards to the output (in the queue's turn). */
    async commit() {
      try {
        await builder.lateCards.commit();
      } catch (caught) {
        log(`social cards: could not add the drawn cards: ${firstLine(caught)}`);
      }
    },
  };
}

/** The first line of a thrown value's message. */
function firstLine(caught: unknown): string {
  return String((caught as Error)?.message ?? caught).split('\n')[0];
}

function describeRebuild(changed: string[], result: BuildResult): string {
  const what = changed.length === 0 ? 'initial build' : `${summarize(changed)} changed`;
  // Named, not only counted: a run also removes what it finds gone that another save deleted.
  const removed =
    result.removed.length > 0
      ? `, ${result.removed.length} removed (${summarize(result.removed)})`
      : '';
  const late = result.cards.pending
    ? `; ${result.cards.pending} social card${result.cards.pending === 1 ? '' : 's'} left to draw on request`
    : '';
  return `${what}: ${result.written} file${result.written === 1 ? '' : 's'} written${removed}, ${Math.round(result.durationMs)} ms${late}`;
}

/** Up to two paths in full; more as the first and a count. Pure. */
function summarize(files: string[]): string {
  return files.length <= 2 ? files.join(', ') : `${files[0]} and ${files.length - 1} more files`;
}
