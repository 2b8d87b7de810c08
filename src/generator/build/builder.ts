import path from 'node:path';
import { cardFingerprint } from '../assets/social-cards.ts';
import { cacheDirOf } from '../output/cache-file.ts';
import { lockOutputDir, resolveOutputDir } from '../output/output-dir.ts';
import { IncrementalDirWriter } from '../output/incremental-writer.ts';
import { cleanUpOnSignal } from '../output/signal-cleanup.ts';
import { AtomicDirWriter } from '../output/atomic-writer.ts';
import { createSiteBundler, type Bundles, type SiteBundler } from '../site/bundle-site.ts';
import { renderTimeLimitMs } from '../site/time-limit.ts';
import { createWorkerPool, type WorkerPool } from '../workers/worker-pool.ts';
import type { BuildResult } from './build-result.ts';
import { buildKey } from './build-manifest.ts';
import { planChanges } from './change-plan.ts';
import type { DependencyMap } from './decide.ts';
import {
  type History,
  manifestHistory,
  memoryHistory,
  noHistory,
  watchHistory,
} from './history.ts';
import { PendingCards } from './pending-cards.ts';
import type { Project } from './project.ts';
import type { BuilderState, FilesOnRequest } from './run-state.ts';
import { runSite } from './site-run.ts';

export type { BuildResult } from './build-result.ts';
export type { Project } from './project.ts';

/** Builds one project again and again; owns everything kept between builds. */
export interface Builder {
  /** The vetted output folder (a symlink's target), which watch serves. */
  readonly outDir: string;
  /** Runs every stage. Nothing becomes visible unless every page rendered; a failure throws. */
  build(): Promise<BuildResult>;
  /**
   * Runs the same stages after `changedFiles` (root-relative, "/") changed, skipping what they
   * cannot affect.
   */
  update(changedFiles: string[]): Promise<BuildResult>;
  /** With `cardsLater`: the social cards the runs left to draw (see LateCards). */
  readonly lateCards: LateCards;
  /**
   * While a run is under way and has loaded the site: its pages and assets, made when a
   * request names one (pages-on-request.ts); `has` is false otherwise.
   */
  readonly filesOnRequest: FilesOnRequest;
  /** Resolves once the first run has loaded the site (or has ended). */
  loaded(): Promise<void>;
  /** Frees esbuild and the output lock. */
  dispose(): Promise<void>;
}

/** watch's social cards, drawn when the dev server is asked for one (Project.cardsLater). */
export interface LateCards {
  /**
   * Whether `file` ("og/x.1a2b3c4d5e.png") is a card left to draw that a page of the last run
   * refers to.
   */
  has(file: string): boolean;
  /**
   * Draws that card into the cache (once, however many ask at once) and returns its PNG;
   * undefined when it is no such card. Writes no output, so it may run beside a run.
   */
  draw(file: string): Promise<Buffer | undefined>;
  /**
   * Adds the drawn ones to the output (keeping every other file) and returns the paths written.
   * A run of its own: never beside build() or update().
   */
  commit(): Promise<string[]>;
}

/**
 * Returns a builder for `project`. Vets the output folder (reads disk); `incremental`
 * (watch) keeps one writer, the memos and the dependency map in memory between runs and holds
 * the output lock (a lock file) until dispose.
 *
 * build() and update(changedFiles) are one routine (site-run.ts): the change plan
 * (change-plan.ts) classifies the changed files once and says whether the bundles are exact;
 * the decider (decide.ts) says which pages the changes reach, from what each page read. The
 * history (history.ts) is where a run starts from: watch's memory, or the build manifest of
 * the previous build (unless `fresh`).
 */
export async function createBuilder(
  project: Project,
  { incremental = false } = {},
): Promise<Builder> {
  const root = path.resolve(project.root);
  const outDir = project.writer
    ? path.resolve(project.outDir)
    : await resolveOutputDir(project.outDir, root, { replacesFolder: !incremental });
  const releaseLock =
    incremental && !project.writer ? await holdOutputDir(outDir, project.onWait) : async () => {};
  const cacheDir = cacheDirFor(project, root);
  // --fresh bundles again too: an entry of the bundle cache is never the only way to a build.
  const bundling = { incremental, cacheDir, fresh: project.fresh };
  const bundler = await createSiteBundler(root, bundling).catch(async (error) => {
    await releaseLock();
    throw error;
  });
  const watchWriter = incremental && !project.writer ? new IncrementalDirWriter(outDir) : undefined;
  const history = historyOf(project, { root, outDir, incremental, cacheDir, watchWriter });
  // Every file a page of the last good run refers to (its own file, its card), made when asked.
  let lastPages: DependencyMap | undefined;
  let referenced: Set<string> | undefined;
  const isReferenced = (file: string) => {
    referenced ??= new Set([...(lastPages?.values() ?? [])].flatMap((deps) => deps.files));
    return referenced.has(file);
  };
  const state = builderState(project, {
    root,
    outDir,
    bundler,
    cacheDir,
    history: {
      ...history,
      end: (run) => {
        lastPages = run.pages;
        referenced = undefined;
        return history.end(run);
      },
    },
  });
  const onRequest = filesWhileRunning(state);
  // After a failure the kept bundles may not match the sources, and nothing is known of what
  // is on disk or which files the failed run read: the next run bundles again, looks at every
  // file and renders every page.
  let hasFailed = false;
  const run = (changedFiles?: string[]) =>
    runSite(state, planChanges(hasFailed ? undefined : changedFiles)).then(
      (result) => {
        hasFailed = false;
        return result;
      },
      (error) => {
        hasFailed = true;
        state.forget();
        lastPages = undefined;
        referenced = undefined;
        throw error;
      },
    );
  let disposed: Promise<void> | undefined;
  const dispose = async () => {
    await Promise.all([bundler.dispose(), state.destroyPool(), history.close?.()]);
    await releaseLock();
  };
  return {
    outDir,
    build: () => run(),
    update: (changedFiles) => run(changedFiles),
    lateCards: lateCardsOf(state, watchWriter, isReferenced),
    filesOnRequest: {
      has: (file) => onRequest.files?.has(file) === true,
      make: async (file) => onRequest.files?.make(file),
    },
    loaded: () => onRequest.loaded,
    dispose: () => {
      disposed ??= dispose();
      return disposed;
    },
  };
}

/**
 * The files of the run under way that can be made on request (state.onLoaded), and a promise
 * that settles once the first run has loaded the site, or has ended.
 */
function filesWhileRunning(state: BuilderState) {
  let markLoaded: () => void = () => {};
  const view: { files?: FilesOnRequest; loaded: Promise<void> } = {
    loaded: new Promise<void>((resolve) => {
      markLoaded = resolve;
    }),
  };
  let isFirst = true;
  state.onLoaded = (files) => {
    view.files = files;
    markLoaded();
    if (!files || !isFirst) return undefined;
    isFirst = false;
    // The requests that waited for the first load are answered before the run goes on to plan
    // every page (a second of work at 10,000 articles, without a pause).
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  return view;
}

/**
 * watch's social cards (Project.cardsLater), each drawn when it is requested: a card is one
 * when it is pending and a page of the last run refers to it (`isReferenced`).
 */
function lateCardsOf(
  state: BuilderState,
  watchWriter: IncrementalDirWriter | undefined,
  isReferenced: (file: string) => boolean,
): LateCards {
  return {
    has: (file) => state.pendingCards.has(file) && isReferenced(file),
    draw: async (file) =>
      state.cacheDir ? state.pendingCards.draw(file, state.cacheDir) : undefined,
    commit: async () => {
      if (!watchWriter || !state.cacheDir) return [];
      return state.pendingCards.commit(watchWriter, state.cacheDir, isReferenced);
    },
  };
}

/**
 * Where a builder's runs start from (history.ts), chosen once: watch's memory, with its one
 * writer and the manifest of its folder; a one-shot build into a folder, the build manifest
 * in the cache folder; a test's writer, in memory when incremental, else nothing.
 */
function historyOf(
  project: Project,
  where: {
    root: string;
    outDir: string;
    incremental: boolean;
    cacheDir?: string;
    watchWriter?: IncrementalDirWriter;
  },
): History {
  const { root, outDir, incremental, cacheDir, watchWriter } = where;
  const key = () => buildKey(root, { drafts: project.drafts === true });
  if (watchWriter && cacheDir !== undefined)
    return watchHistory(watchWriter, { cacheDir, key: key(), outDir });
  const writer = project.writer ?? watchWriter;
  if (incremental && writer) return memoryHistory(writer);
  if (project.writer) return noHistory(() => project.writer!);
  if (cacheDir === undefined) return noHistory(() => new AtomicDirWriter(outDir, project.onWait));
  return manifestHistory(outDir, { cacheDir, key: key(), fresh: project.fresh }, project.onWait);
}

/** The settings and caches every run of one builder shares. */
function builderState(
  project: Project,
  setup: {
    root: string;
    outDir: string;
    bundler: SiteBundler;
    cacheDir?: string;
    history: History;
  },
): BuilderState & { forget(): void; destroyPool(): Promise<void> } {
  const { root, outDir, bundler, cacheDir, history } = setup;
  let lastBundles: Bundles | undefined;
  let pool: WorkerPool | undefined;
  let fingerprint: Promise<string> | undefined;
  return {
    project,
    root,
    outDir,
    history,
    pendingCards: new PendingCards(project.cardsLater === true),
    limitMs: project.renderTimeLimitMs ?? renderTimeLimitMs(),
    cacheDir,
    bundle: async (mayReuse) => {
      if (!mayReuse || !lastBundles) lastBundles = await bundler.bundle();
      return lastBundles;
    },
    cardFingerprint: () => {
      fingerprint ??= cardFingerprint();
      return fingerprint;
    },
    forget: () => {
      lastBundles = undefined;
      history.forget();
    },
    pool: () => {
      if ((project.jobs ?? 1) > 1) pool ??= createWorkerPool(project.jobs!);
      return pool;
    },
    destroyPool: async () => pool?.destroy(),
  };
}

/** sitegen's cache folder; with an in-memory writer (tests) none unless one is named. */
function cacheDirFor(project: Project, root: string): string | undefined {
  return project.cacheDir ?? (project.writer ? undefined : cacheDirOf(root));
}

/**
 * Takes the output lock for as long as the builder lives; also released by
 * removeUnfinishedOutputSync on a signal.
 */
async function holdOutputDir(
  outDir: string,
  onWait?: (message: string) => void,
): Promise<() => Promise<void>> {
  const lock = await lockOutputDir(outDir, 'watch', onWait);
  const forget = cleanUpOnSignal(lock.releaseSync);
  return async () => {
    await lock.release();
    forget();
  };
}
