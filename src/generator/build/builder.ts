import path from 'node:path';
import { cardFingerprint } from '../assets/social-cards.ts';
import { cacheDirOf } from '../output/cache-file.ts';
import { lockOutputDir, resolveOutputDir } from '../output/output-dir.ts';
import { IncrementalDirWriter } from '../output/incremental-writer.ts';
import { cleanUpOnSignal } from '../output/signal-cleanup.ts';
import { AtomicDirWriter } from '../output/atomic-writer.ts';
import type { Writer } from '../output/writer.ts';
import { createSiteBundler, type Bundles, type SiteBundler } from '../site/bundle-site.ts';
import { renderTimeLimitMs } from '../site/time-limit.ts';
import { createWorkerPool, type WorkerPool } from '../workers/worker-pool.ts';
import type { BuildResult } from './build-result.ts';
import { planChanges } from './change-plan.ts';
import { runBodySave } from './body-run.ts';
import { buildKey, ManifestMemo, readPreviousBuild, writeManifest } from './build-manifest.ts';
import { PendingCards } from './pending-cards.ts';
import {
  createMemos,
  type BuilderState,
  type LastRun,
  type Memos,
  type PreviousRun,
} from './run-state.ts';
import { runAllStages } from './site-run.ts';

export type { BuildResult } from './build-result.ts';

/** What a builder builds, and where to. */
export interface Project {
  /** Project folder holding src/content, src/templates and src/client. */
  root: string;
  /** Output folder; a build replaces it whole (incremental: updates it). */
  outDir: string;
  /** Overrides the site URL from src/content/site.ts. */
  siteUrl?: string;
  /** Where `siteUrl` came from, for error messages; default "--site-url". */
  siteUrlOrigin?: string;
  /** Called after each page is rendered (progress display). */
  onPage?: (done: number, total: number) => void;
  /** Called once when the output folder is locked by another build and this one waits for it. */
  onWait?: (message: string) => void;
  /**
   * How long one page may render before the build fails; default $SITEGEN_RENDER_TIMEOUT_MS, else
   * 10 s.
   */
  renderTimeLimitMs?: number;
  /**
   * Where files go instead of `outDir` (tests: a MemoryWriter); the builder then never touches the
   * disk.
   */
  writer?: Writer;
  /** Build the articles marked `draft: true` too (watch, `build --drafts`); default false. */
  drafts?: boolean;
  /** Draw social cards (og:image); default true. `--no-cards` turns them off. */
  cards?: boolean;
  /**
   * Incremental builders (watch): a run does not wait for the social cards the cache lacks;
   * the pages go out at once and `lateCards` draws and adds the cards afterwards. Default false.
   */
  cardsLater?: boolean;
  /**
   * sitegen's cache folder: drawn social cards in `cards/`, encoded article images in
   * `images/`. Default <root>/node_modules/.cache/sitegen ($SITEGEN_CACHE_DIR in the CLI);
   * none with `writer` (everything is drawn and encoded again, nothing touches the disk).
   */
  cacheDir?: string;
  /**
   * How many worker threads parse, link, render and draw when a site is big enough to gain from
   * them (workers/worker-pool.ts); default 1: everything on this thread. The CLI's `--jobs`
   * defaults to the number of cores.
   */
  jobs?: number;
  /**
   * Ignore what the previous build left (the build manifest in the cache folder): parse every
   * article and render every page. `--fresh`; default false.
   */
  fresh?: boolean;
}

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
 * (watch) keeps esbuild contexts, bundles, linked bodies and the written files' digests
 * between builds and holds the output lock (a lock file) until dispose.
 *
 * build() and update(changedFiles) are one routine (site-run.ts): the change plan
 * (change-plan.ts) classifies the changed files once and says whether the bundles are exact;
 * the dependency map (dependency-map.ts) says which pages the changes reach. A one-shot build
 * starts from the build manifest of the previous one (build-manifest.ts) unless `fresh`.
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
  const state = builderState(project, { root, outDir, incremental, bundler });
  // After a failure the kept bundles may not match the sources, and nothing is known of what
  // is on disk: the next run bundles again and renders every page.
  const run = async (changedFiles?: string[]) => {
    const changes = planChanges(changedFiles);
    const last = state.lastRun();
    const saved = last && (await runBodySave(state, last, changes));
    return saved ?? runAllStages(state, changes);
  };
  const runFresh = (changedFiles?: string[]) =>
    run(changedFiles).catch((error) => {
      state.forget();
      throw error;
    });
  let disposed: Promise<void> | undefined;
  const dispose = async () => {
    await Promise.all([bundler.dispose(), state.destroyPool()]);
    await releaseLock();
  };
  return {
    outDir,
    build: () => runFresh(),
    update: (changedFiles) => runFresh(changedFiles),
    lateCards: {
      has: (file) => state.pendingCards.has(file) && state.referencedFiles().has(file),
      draw: async (file) =>
        state.cacheDir ? state.pendingCards.draw(file, state.cacheDir) : undefined,
      commit: async () => {
        const writer = state.keptWriter;
        if (!(writer instanceof IncrementalDirWriter) || !state.cacheDir) return [];
        const referenced = state.referencedFiles();
        return state.pendingCards.commit(writer, state.cacheDir, (file) => referenced.has(file));
      },
    },
    dispose: () => {
      disposed ??= dispose();
      return disposed;
    },
  };
}

/** The settings and caches every run of one builder shares. */
function builderState(
  project: Project,
  setup: { root: string; outDir: string; incremental: boolean; bundler: SiteBundler },
): BuilderState & {
  forget(): void;
  destroyPool(): Promise<void>;
  /** Every file a page of the last run refers to (watch). */
  referencedFiles(): Set<string>;
  /** watch: what the last good run left; undefined after a failure. */
  lastRun(): LastRun | undefined;
} {
  const { root, outDir, incremental, bundler } = setup;
  let lastBundles: Bundles | undefined;
  let pool: WorkerPool | undefined;
  let fingerprint: Promise<string> | undefined;
  // watch: what the last good run left (its dependency map among it).
  let last: LastRun | undefined;
  const keptWriter: Writer | undefined =
    project.writer ?? (incremental ? new IncrementalDirWriter(outDir) : undefined);
  const memos: Partial<Memos> = incremental ? createMemos() : {};
  const cacheDir = cacheDirFor(project, root);
  // A one-shot build into a folder (not a test's writer) keeps a manifest in the cache.
  const manifest =
    !incremental && !project.writer && cacheDir !== undefined
      ? { cacheDir, key: buildKey(root, { drafts: project.drafts === true }) }
      : undefined;
  return {
    project,
    root,
    outDir,
    pendingCards: new PendingCards(),
    lastRun: () => last,
    referencedFiles: () => new Set([...(last?.pages.values() ?? [])].flatMap((deps) => deps.files)),
    limitMs: project.renderTimeLimitMs ?? renderTimeLimitMs(),
    cacheDir,
    isIncremental: incremental,
    memos,
    keptWriter,
    previous: (fresh = false): PreviousRun => {
      if (memos.articleMemo)
        return { memo: memos.articleMemo, output: last && { pages: last.pages } };
      if (!manifest) return {};
      if (project.fresh || fresh) return { memo: new ManifestMemo() };
      return readPreviousBuild(manifest.cacheDir, outDir, manifest.key);
    },
    remember: async ({ pages, writer, memo, last: run }) => {
      if (memos.articleMemo) last = { ...run, pages };
      else if (manifest && memo instanceof ManifestMemo && writer instanceof AtomicDirWriter) {
        const listing = writer.listing();
        await writeManifest(manifest.cacheDir, outDir, manifest.key, { memo, pages, listing });
      }
    },
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
      last = undefined;
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
