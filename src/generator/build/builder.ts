import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Article, Content } from '../../content/types.ts';
import type { ImageStageOptions, ImageStageResult } from '../assets/article-images.ts';
import { planAssets, type PlannedAssets } from '../assets/assets.ts';
import { createSiteBundler, type Bundles } from '../site/bundle-site.ts';
import { sitegenError } from '../errors/errors.ts';
import { summarizeList } from '../errors/format-text.ts';
import { DuplicateIds } from '../errors/errors-data.ts';
import { feedEntries, feedFile, planHostFiles } from '../files/host-files.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import { evaluateSite, type SiteModule } from '../site/evaluate-site.ts';
import { ARTICLE_DIR, readArticleFiles } from '../content/article-files.ts';
import { bodyOnlyChanges } from './body-update.ts';
import { cacheDirOf } from '../output/cache-file.ts';
import type { ArticleMemo, Render } from '../content/read-articles.ts';
import { lockOutputDir, resolveOutputDir } from '../output/output-dir.ts';
import { type PlanInput, planRoutes, type Route } from '../pages/plan-routes.ts';
import { listPages, type Page } from '../pages/routes.ts';
import { contentSiteUrl, givenSiteUrl } from '../host/site-url.ts';
import {
  cardFingerprint,
  cardFontCoverage,
  createCardPlanner,
  type CardMemo,
  emitCards,
  layOutCard,
  type CardPlanner,
  type CardReport,
} from '../assets/social-cards.ts';
import { RenderedPages } from './rendered-pages.ts';
import { readSourceFile, type SourceFile } from '../content/read-source-file.ts';
import { renderTimeLimitMs } from '../site/time-limit.ts';
import {
  AtomicDirWriter,
  cleanUpOnSignal,
  IncrementalDirWriter,
  type Writer,
  type WriteSummary,
} from '../output/write-output.ts';

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
   * sitegen's cache folder: drawn social cards in `cards/`, encoded article images in
   * `images/`. Default <root>/node_modules/.cache/sitegen ($SITEGEN_CACHE_DIR in the CLI);
   * none with `writer` (everything is drawn and encoded again, nothing touches the disk).
   */
  cacheDir?: string;
}

export interface BuildResult {
  pages: number;
  /**
   * Pages rendered by this run: all of them, except in watch, where a page whose props and
   * templates are unchanged is kept.
   */
  rendered: number;
  /**
   * The site URL this build was made for, normalized ("https://user.github.io/repo/"): its path is
   * the base path.
   */
  siteUrl: string;
  files: number;
  bytes: number;
  /** Files written (fewer than `files` when an incremental writer skipped unchanged ones). */
  written: number;
  /** Their paths under the output folder, sorted: what watch reloads and --verbose lists. */
  writtenFiles: string[];
  removed: string[];
  durationMs: number;
  warnings: string[];
  /** Drafts left out of this build (`draft: true` without `drafts`). */
  draftsLeftOut: string[];
  /** Social cards drawn by this build and read from the cache. */
  cards: CardReport;
  /**
   * Article image files read, and how many of them this build encoded (the rest came from the
   * cache).
   */
  images: { sources: number; encoded: number };
  /** Milliseconds spent in each stage, in order. */
  timings: Record<string, number>;
  /** Resolves when the previous output folder has been deleted. */
  cleanup: Promise<void>;
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
  /** Frees esbuild and the output lock. */
  dispose(): Promise<void>;
}

/**
 * Stage modules loaded while esbuild runs: content checks (yaml, valibot), the linker (cheerio),
 * React, the HTML policy.
 */
type Stages = Awaited<ReturnType<typeof loadStages>>;

/**
 * Returns a builder for `project`. Vets the output folder (reads disk); `incremental`
 * (watch) keeps esbuild contexts, bundles, linked bodies and the written files' digests
 * between builds and holds the output lock (a lock file) until dispose.
 */
export async function createBuilder(
  project: Project,
  { incremental = false } = {},
): Promise<Builder> {
  const root = path.resolve(project.root);
  const outDir = project.writer
    ? path.resolve(project.outDir)
    : await resolveOutputDir(project.outDir, root);
  const releaseLock =
    incremental && !project.writer ? await holdOutputDir(outDir, project.onWait) : async () => {};
  const bundler = await createSiteBundler(root, { incremental }).catch(async (error) => {
    await releaseLock();
    throw error;
  });
  const limitMs = project.renderTimeLimitMs ?? renderTimeLimitMs();
  const { linkMemo, articleMemo, rendered, cardMemoFor } = incremental
    ? createMemos()
    : ({} as Partial<ReturnType<typeof createMemos>>);
  const keptWriter: Writer | undefined =
    project.writer ?? (incremental ? new IncrementalDirWriter(outDir) : undefined);
  // With an in-memory writer (tests) nothing touches the disk: no cache unless one is named.
  const cacheDir = project.cacheDir ?? (project.writer ? undefined : cacheDirOf(root));
  let fingerprint: Promise<string> | undefined;
  let lastBundles: Bundles | undefined;
  // What the last good run (incremental) left for a body save to start from.
  let last: LastRun | undefined;
  let disposed: Promise<void> | undefined;

  const bundle = async (mayReuse: boolean) => {
    if (!mayReuse || !lastBundles) lastBundles = await bundler.bundle();
    return lastBundles;
  };

  const run = async (changedFiles?: string[]): Promise<BuildResult> => {
    const quick =
      last && keptWriter?.keepRest && areOnlyArticles(changedFiles)
        ? await updateBodies(last, changedFiles, {
            root,
            writer: keptWriter,
            limitMs,
            onPage: project.onPage,
            memos: { linkMemo, articleMemo, rendered },
          })
        : undefined;
    if (quick) {
      last = quick.last;
      return quick.result;
    }
    const clock = startClock();
    const flagSiteUrl = givenSiteUrl(project);
    const loaded = await loadSite(root, {
      bundle: () => bundle(areOnlyArticles(changedFiles)),
      drafts: project.drafts,
      limitMs,
      articleMemo,
      clock,
    });
    const { bundles, stages, render, site, content, draftsLeftOut } = loaded;
    const siteUrl = flagSiteUrl ?? contentSiteUrl(content.site.url);
    const images = await processImages(content.articles, { root, cacheDir });
    if (images) clock.lap('process images');
    const linked = linkBodies(
      loaded.bodies,
      brandTargets(content),
      stages.linkFirstMentions,
      linkMemo,
    );
    // Watch keeps the unlinked bodies for body saves; a one-shot build lets them go (200 MB
    // at 50,000 articles that rendering would otherwise carry).
    const bodies = incremental ? loaded.bodies : undefined;
    loaded.bodies = new Map();
    clock.lap('link brand mentions');
    const assets = planAssets(bundles, content.brands, { hasImages: images !== undefined });
    if (images) assets.files.push(...images.files);
    const cards = await prepareCards(
      project,
      site,
      limitMs,
      () => (fingerprint ??= cardFingerprint()),
      cardMemoFor?.(bundles),
    );
    const planFor = routePlanner(
      { content, siteUrl, assets: assets.urls, images: images?.images },
      cards,
    );
    const pages = listPages(content, (slug) => linked.has(slug));
    const routes = planFor(linked, pages);
    clock.lap('plan routes');
    const writer: Writer = keptWriter ?? new AtomicDirWriter(outDir, project.onWait);
    const selection = rendered?.select(routes, bundles, writer);
    const toRender = selection?.toRender ?? routes;
    const { cardReport, ...summary } = await writeSite(writer, {
      routes,
      toRender,
      content,
      site,
      assets,
      siteUrl,
      stages,
      linked,
      limitMs,
      onPage: project.onPage,
      clock,
      cards: cards?.planner,
      cacheDir,
    });
    if (selection) rendered!.remember(selection);
    const warnings = [...composeWarnings(content, linked), ...(cards?.planner.warnings() ?? [])];
    const imageCounts = { sources: images?.sources ?? 0, encoded: images?.encoded ?? 0 };
    if (bodies)
      last = {
        site,
        stages,
        render,
        content,
        bodies,
        linked,
        pages,
        routes,
        plan: planFor,
        siteUrl,
        kept: { warnings, draftsLeftOut, images: imageCounts },
      };
    return {
      pages: routes.length,
      rendered: toRender.length,
      siteUrl,
      ...summary,
      durationMs: clock.total(),
      warnings,
      draftsLeftOut,
      cards: cardReport,
      images: imageCounts,
      timings: clock.timings,
      cleanup: writer.cleanup ?? Promise.resolve(),
    };
  };

  // After a failure the kept bundles may not match the sources: the next run bundles again.
  const runFresh = (changedFiles?: string[]) =>
    run(changedFiles).catch((error) => {
      lastBundles = undefined;
      last = undefined;
      rendered?.forget();
      throw error;
    });

  return {
    outDir,
    build: () => runFresh(),
    update: (changedFiles) => runFresh(changedFiles),
    dispose: () =>
      (disposed ??= (async () => {
        await bundler.dispose();
        await releaseLock();
      })()),
  };
}

/**
 * Bundles the site (or reuses the last bundles: `bundle` decides), loads the stage modules
 * and evaluates the site module, then reads and checks the content. The articles are read
 * first, so the parsers they need load while esbuild runs; their texts are let go on return
 * (250 MB at 50,000 articles). Reads disk.
 */
async function loadSite(
  root: string,
  {
    bundle,
    drafts,
    limitMs,
    articleMemo,
    clock,
  }: {
    bundle: () => Promise<Bundles>;
    drafts?: boolean;
    limitMs: number;
    articleMemo?: ArticleMemo;
    clock: Clock;
  },
) {
  const articleFiles = readArticleFiles(root);
  const [bundles, stages, render] = await Promise.all([
    bundle(),
    loadStages(),
    articleFiles.hasBodies
      ? import('../content/markdown.ts').then((module) => module.renderMarkdown)
      : undefined,
  ]);
  clock.lap('read and bundle');
  const site = evaluateSite(bundles, root, limitMs);
  const loaded = stages.loadContent(site.content, articleFiles, {
    drafts,
    render,
    memo: articleMemo,
    readSource: (file) => textOf(readSourceFile(path.join(root, file))),
  });
  clock.lap('load and validate');
  return { bundles, stages, render, site, ...loaded };
}

/** A file read by readSourceFile as text, or undefined when it is missing or unusable. */
function textOf(file: SourceFile): string | undefined {
  return typeof file === 'string' ? file : undefined;
}

/**
 * What an incremental builder (watch) keeps between runs so that a save redoes only what it
 * changed.
 */
function createMemos() {
  let cards: { bundles: Bundles; memo: CardMemo } | undefined;
  return {
    // Linked body by raw body: unchanged bodies skip cheerio.
    linkMemo: new Map() as LinkMemo,
    // Parsed articles by file: unchanged files skip YAML and Markdown.
    articleMemo: new Map() as ArticleMemo,
    // Pages rendered by the last commit: unchanged ones are kept, not rendered.
    rendered: new RenderedPages(),
    // Laid-out social cards, valid for one version of the site's code.
    cardMemoFor: (bundles: Bundles) => {
      if (cards?.bundles !== bundles) cards = { bundles, memo: new Map() };
      return cards.memo;
    },
  };
}

/**
 * What a good run of an incremental builder leaves for the next save: where a body save starts
 * from.
 */
interface LastRun {
  site: SiteModule;
  stages: Stages;
  render?: Render;
  content: Content;
  /** Body HTML before and after brand linking, by slug. */
  bodies: Map<string, string>;
  linked: Map<string, string>;
  /** The pages (routes.ts), and their routes. */
  pages: Page[];
  routes: Route[];
  /** Plans `pages` with these linked bodies, as that run planned every page. */
  plan(linked: Map<string, string>, pages: Page[]): Route[];
  /** The feed's entries, once a body save needed them. */
  feedEntries?: Article[];
  siteUrl: string;
  /** What a body save reports unchanged. */
  kept: Pick<BuildResult, 'warnings' | 'draftsLeftOut' | 'images'>;
}

/**
 * A save that changed article bodies only (body-update.ts decides): renders each one's own
 * page again, and the feed when one of them is among its entries (no other host file shows
 * a body), and keeps every other file of the last commit. Bundling, content loading, the other
 * pages' planning and comparison are skipped: a body has no other dependents. Undefined when the
 * save changed more; the caller then runs every stage. Reads the changed files; writes through the
 * writer.
 */
async function updateBodies(
  last: LastRun,
  changedFiles: string[],
  {
    root,
    writer,
    limitMs,
    onPage,
    memos,
  }: {
    root: string;
    writer: Writer;
    limitMs: number;
    onPage?: Project['onPage'];
    memos: Partial<ReturnType<typeof createMemos>>;
  },
): Promise<{ result: BuildResult; last: LastRun } | undefined> {
  const clock = startClock();
  const changes = bodyOnlyChanges(
    root,
    changedFiles,
    { articles: last.content.articles, bodies: last.bodies },
    { reread: last.stages.rereadArticle, render: last.render, memo: memos.articleMemo },
  );
  if (!changes) return undefined;
  const bodies = new Map(last.bodies);
  const linked = new Map(last.linked);
  const targets = brandTargets(last.content);
  const targetsKey = JSON.stringify(targets);
  for (const { slug, html } of changes) {
    bodies.set(slug, html);
    linked.set(
      slug,
      linkBody(slug, html, { targets, targetsKey }, last.stages.linkFirstMentions, memos.linkMemo),
    );
  }
  clock.lap('read and link the changed articles');
  const slugs = new Set(changes.map((change) => change.slug));
  const toRender = last.plan(
    linked,
    last.pages.filter((page) => page.template === 'ArticlePage' && slugs.has(page.article.slug)),
  );
  const planned = new Map(toRender.map((route) => [route.outputPath, route]));
  const routes = last.routes.map((route) => planned.get(route.outputPath) ?? route);
  clock.lap('plan routes');
  let summary: WriteSummary;
  let entries = last.feedEntries;
  try {
    const mayRepeatIds = changes.some(({ slug }) => hasIds(linked.get(slug)!));
    await renderPages(writer, toRender, {
      site: last.site,
      stages: last.stages,
      limitMs,
      mayRepeatIds,
      onPage,
    });
    // The sitemap and the other host files show no body; the feed shows its entries' bodies.
    entries ??= feedEntries(routes, last.content.articles);
    if (entries.some((article) => slugs.has(article.slug)))
      await writer.add(
        feedFile(last.siteUrl, { site: last.content.site, entries, bodies: linked }),
      );
    clock.lap('render and write');
    writer.keepRest!();
    summary = await writer.commit();
    clock.lap('commit');
  } catch (error) {
    await writer.abort();
    throw error;
  }
  memos.rendered?.replace(toRender);
  const result = {
    pages: routes.length,
    rendered: toRender.length,
    siteUrl: last.siteUrl,
    ...summary,
    ...last.kept,
    durationMs: clock.total(),
    cards: { rendered: 0, cached: 0 },
    timings: clock.timings,
    cleanup: Promise.resolve(),
  };
  return { result, last: { ...last, bodies, linked, routes, feedEntries: entries } };
}

/**
 * Articles are read by the build itself, not bundled: when only they changed, the previous
 * bundles are still exact and esbuild can be skipped. Pure.
 */
function areOnlyArticles(changedFiles: string[] | undefined): changedFiles is string[] {
  return (
    changedFiles !== undefined &&
    changedFiles.length > 0 &&
    changedFiles.every((file) => file.startsWith(`${ARTICLE_DIR}/`))
  );
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

/**
 * Plans the routes of `pages` from `input` and the linked bodies, laying
 * out their social cards under the render time limit when cards are on. Pure but for cards.
 */
function routePlanner(
  input: Omit<PlanInput, 'bodies' | 'socialImage'>,
  cards: Awaited<ReturnType<typeof prepareCards>>,
) {
  return (bodies: Map<string, string>, pages: Page[]): Route[] => {
    const plan = () => planRoutes({ ...input, bodies, socialImage: cards?.planner.image }, pages);
    return cards ? cards.plan(plan) : plan();
  };
}

/**
 * The article images (article-images.ts), processed only when some article has one, so a
 * site without images never loads that module or sharp.
 */
async function processImages(
  articles: Article[],
  options: ImageStageOptions,
): Promise<ImageStageResult | undefined> {
  if (!articles.some((article) => article.image)) return undefined;
  const { processArticleImages } = await import('../assets/article-images.ts');
  return processArticleImages(articles, options);
}

/**
 * The card planner of one build and `plan`, which runs the route planning that lays the
 * cards out under the render time limit; undefined when cards are off (`--no-cards`) or the
 * project has no SocialCard template.
 */
async function prepareCards(
  project: Project,
  site: SiteModule,
  limitMs: number,
  fingerprint: () => Promise<string>,
  memo?: CardMemo,
) {
  const template = project.cards === false ? undefined : site.templates.SocialCard;
  if (!template) return undefined;
  const layout = layOutCard(template, site, limitMs);
  return {
    planner: createCardPlanner(layout.toTree, await fingerprint(), cardFontCoverage(), memo),
    plan: layout.plan,
  };
}

function loadStages() {
  return Promise.all([
    import('../content/load-content.ts'),
    import('../content/read-articles.ts'),
    import('../content/link-brands.ts'),
    import('./render-pages.ts'),
    import('../policy/html-policy.ts'),
  ]).then(
    ([
      { loadContent },
      { rereadArticle },
      { linkFirstMentions },
      { renderSlice },
      { duplicateIds },
    ]) => ({ loadContent, rereadArticle, linkFirstMentions, renderSlice, duplicateIds }),
  );
}

/** Stage timings: `lap(name)` records the time since the previous lap. */
function startClock() {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  return {
    timings,
    lap(stage: string) {
      const now = performance.now();
      timings[stage] = now - mark;
      mark = now;
    },
    total: () => performance.now() - started,
  };
}

type Clock = ReturnType<typeof startClock>;

interface SiteToWrite {
  /** Every page: the sitemap and the feed list them. */
  routes: Route[];
  /** The pages to render now (all of them but in watch). */
  toRender: Route[];
  /** The content the routes were planned from; the feed reads its site and articles. */
  content: Content;
  site: SiteModule;
  assets: PlannedAssets;
  siteUrl: string;
  stages: Stages;
  linked: Map<string, string>;
  limitMs: number;
  onPage?: (done: number, total: number) => void;
  clock: Clock;
  /** The cards the routes asked for; absent when cards are off. */
  cards?: CardPlanner;
  cacheDir?: string;
}

/**
 * Hands the assets, every rendered page and the host files to the writer, then commits;
 * on any failure the writer drops everything. Touches disk only through the writer.
 */
async function writeSite(
  writer: Writer,
  {
    routes,
    toRender,
    content,
    site,
    assets,
    siteUrl,
    stages,
    linked,
    limitMs,
    onPage,
    clock,
    cards,
    cacheDir,
  }: SiteToWrite,
) {
  // A body may set ids; a page that then uses one twice (id="main" is the skip link's
  // target) is invalid HTML. Only pages that can hold such an id are parsed again.
  const mayRepeatIds = [...linked.values()].some(hasIds);
  try {
    for (const asset of assets.files) await writer.add(asset);
    await renderPages(writer, toRender, { site, stages, limitMs, mayRepeatIds, onPage });
    for (const file of planHostFiles(routes, siteUrl, {
      site: content.site,
      articles: content.articles,
      bodies: linked,
    }))
      await writer.add(file);
    clock.lap('render and write');
    const cardReport = cards
      ? await emitCards(cards.planned(), cacheDir, writer)
      : { rendered: 0, cached: 0 };
    clock.lap('social cards');
    const summary = await writer.commit();
    clock.lap('commit');
    return { ...summary, cardReport };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Renders `toRender` in time-limited slices (render-pages.ts) and adds each page to the
 * writer; `mayRepeatIds`: some body sets ids, so pages are checked for repeated ones.
 */
async function renderPages(
  writer: Writer,
  toRender: Route[],
  {
    site,
    stages,
    limitMs,
    mayRepeatIds,
    onPage,
  }: {
    site: SiteModule;
    stages: Stages;
    limitMs: number;
    mayRepeatIds: boolean;
    onPage?: (done: number, total: number) => void;
  },
) {
  let done = 0;
  while (done < toRender.length) {
    for (const contents of stages.renderSlice(toRender, done, site, limitMs)) {
      if (mayRepeatIds) checkUniqueIds(toRender[done], contents, stages.duplicateIds);
      await writer.add({ path: toRender[done].outputPath, contents });
      done++;
      onPage?.(done, toRender.length);
    }
    // A turn for signals (Ctrl-C), timers and the dev server's requests between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Whether body HTML sets an id (which a page must not repeat). Pure. */
function hasIds(html: string): boolean {
  return /\sid\s*=/i.test(html);
}

function brandTargets(content: Content): LinkTarget[] {
  return content.brands.map((brand) => ({ name: brand.name, url: brand.url }));
}

/**
 * The last linked body of each article (incremental): the body and targets it was linked from, and
 * the result.
 */
type LinkMemo = Map<string, { targets: string; html: string; linked: string }>;

/**
 * Links the first brand mentions of every body. With a memo (incremental), a body whose text
 * and targets are unchanged reuses the last result (an unchanged article's body is the very
 * string the article memo kept, so the comparison is one pointer), and articles that are
 * gone are dropped.
 */
function linkBodies(
  bodies: Map<string, string>,
  targets: LinkTarget[],
  link: (html: string, targets: LinkTarget[]) => string,
  memo?: LinkMemo,
): Map<string, string> {
  const linked = new Map<string, string>();
  const targetsKey = JSON.stringify(targets);
  for (const [slug, html] of bodies)
    linked.set(slug, linkBody(slug, html, { targets, targetsKey }, link, memo));
  if (memo) for (const slug of memo.keys()) if (!bodies.has(slug)) memo.delete(slug);
  return linked;
}

/** One body linked, through the memo (see linkBodies); `targetsKey` is the targets as JSON. */
function linkBody(
  slug: string,
  html: string,
  { targets, targetsKey }: { targets: LinkTarget[]; targetsKey: string },
  link: (html: string, targets: LinkTarget[]) => string,
  memo?: LinkMemo,
): string {
  const last = memo?.get(slug);
  const result =
    last && last.html === html && last.targets === targetsKey ? last.linked : link(html, targets);
  memo?.set(slug, { targets: targetsKey, html, linked: result });
  return result;
}

function checkUniqueIds(route: Route, html: string, duplicateIds: (html: string) => string[]) {
  const repeated = duplicateIds(html);
  if (repeated.length > 0) {
    throw sitegenError(
      DuplicateIds,
      { source: route.source, url: route.url, ids: repeated },
      { file: route.source },
    );
  }
}

/** The build's warnings: today only articles that have no body yet. */
function composeWarnings(content: Content, bodies: Map<string, string>): string[] {
  const missingBodies = content.articles
    .filter((article) => !bodies.has(article.slug))
    .map((article) => article.slug);
  if (missingBodies.length === 0) return [];
  const have = missingBodies.length === 1 ? ' has' : 's have';
  return [
    `${missingBodies.length} article${have} no body yet and render the fallback article with noindex: ${summarizeList(missingBodies)}`,
  ];
}
