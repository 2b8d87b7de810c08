import type { Article, Content } from '../../content/types.ts';
import type { ImageStageOptions, ImageStageResult } from '../assets/article-images.ts';
import { planAssets } from '../assets/assets.ts';
import {
  cardFontCoverage,
  createCardPlanner,
  emitCards,
  layOutCard,
  type CardMemo,
} from '../assets/social-cards.ts';
import { summarizeList } from '../errors/format-text.ts';
import { planHostFiles } from '../files/host-files.ts';
import { contentSiteUrl, givenSiteUrl } from '../host/site-url.ts';
import { AtomicDirWriter } from '../output/atomic-writer.ts';
import type { Writer } from '../output/writer.ts';
import { planRoutes, type PlanInput, type Route } from '../pages/plan-routes.ts';
import { shareSite } from '../workers/shared-site.ts';
import { listPages, type Page } from '../pages/routes.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import { buildResult, type BuildResult } from './build-result.ts';
import type { ChangePlan } from './change-plan.ts';
import { startClock, type Clock } from './clock.ts';
import { commitPages, hasIds, NO_CARDS } from './commit-pages.ts';
import { brandTargets, linkBodies } from './link-bodies.ts';
import { loadSite } from './load-site.ts';
import type { BuilderState, LastRun } from './run-state.ts';

/** Everything a run knows once its routes are planned, before anything is rendered. */
type PlannedSite = Awaited<ReturnType<typeof planSite>>;

/**
 * Runs every stage: bundle (unless the change plan says the last bundles are exact), load and
 * check the content, process images, link brand mentions, plan the pages and their cards, then
 * render and commit through the writer. Nothing becomes visible unless every page rendered.
 * Returns the result and, for an incremental builder, what a body save starts from.
 */
export async function runAllStages(
  state: BuilderState,
  changes: ChangePlan,
): Promise<{ result: BuildResult; last?: LastRun }> {
  const clock = startClock();
  const planned = await planSite(state, changes, clock);
  const { routes, content, linked, siteUrl, cards } = planned;
  const { project, memos } = state;
  const writer: Writer = state.keptWriter ?? new AtomicDirWriter(state.outDir, project.onWait);
  const selection = memos.rendered?.select(routes, planned.bundles, writer);
  const toRender = selection?.toRender ?? routes;
  const render = {
    ...planned.loaded,
    limitMs: state.limitMs,
    mayRepeatIds: [...linked.values()].some(hasIds),
    onPage: project.onPage,
    pool: state.pool(),
    share: () => shareSite(planned.bundles, state.root, state.limitMs),
  };
  const feedSources = { site: content.site, articles: content.articles, bodies: linked };
  const job = {
    assets: planned.assets,
    toRender,
    render,
    hostFiles: () => planHostFiles(routes, siteUrl, feedSources),
    cards: async (to: Writer) => {
      if (!cards) return NO_CARDS;
      return emitCards(cards.planner.planned(), state.cacheDir, to, state.pool()?.draw);
    },
  };
  const summary = await commitPages(writer, job, clock);
  if (selection) memos.rendered!.remember(selection);
  const warnings = [...composeWarnings(content, linked), ...(cards?.planner.warnings() ?? [])];
  const kept = { warnings, draftsLeftOut: planned.draftsLeftOut, images: planned.imageCounts };
  const cleanup = writer.cleanup;
  const outcome = { routes, toRender, siteUrl, summary, kept, changes, clock, cleanup };
  return { result: buildResult(outcome), last: lastRunOf(planned, kept) };
}

/** Loads the site and plans every route with its props and cards. Reads disk, writes nothing. */
async function planSite(state: BuilderState, changes: ChangePlan, clock: Clock) {
  const { root, project, memos, limitMs } = state;
  // A bad --site-url fails before any work.
  const flagSiteUrl = givenSiteUrl(project);
  const loaded = await loadSite(root, {
    bundle: () => state.bundle(!changes.needsBundle),
    drafts: project.drafts,
    limitMs,
    articleMemo: memos.articleMemo,
    pool: state.pool(),
    clock,
  });
  const { bundles, site, content, stages } = loaded;
  const siteUrl = flagSiteUrl ?? contentSiteUrl(content.site.url);
  const images = await processImages(content.articles, { root, cacheDir: state.cacheDir });
  if (images) clock.lap('process images');
  const targets = brandTargets(content);
  const linked = linkBodies(loaded.bodies, targets, stages.linkFirstMentions, {
    memo: memos.linkMemo,
    prelinked: loaded.prelinked,
  });
  // Watch keeps the unlinked bodies for body saves; a one-shot build lets them go (200 MB
  // at 50,000 articles that rendering would otherwise carry).
  const bodies = state.isIncremental ? loaded.bodies : undefined;
  loaded.bodies = new Map();
  clock.lap('link brand mentions');
  const assets = planAssets(bundles, content.brands, { hasImages: images !== undefined });
  if (images) assets.files.push(...images.files);
  const cards = await prepareCards(state, site, memos.cardMemoFor?.(bundles));
  const input = { content, siteUrl, assets: assets.urls, images: images?.images };
  const plan = routePlanner(input, cards);
  const pages = listPages(content, (slug) => linked.has(slug));
  const routes = plan(linked, pages);
  clock.lap('plan routes');
  const imageCounts = { sources: images?.sources ?? 0, encoded: images?.encoded ?? 0 };
  const { draftsLeftOut, render } = loaded;
  return {
    bundles,
    content,
    siteUrl,
    linked,
    bodies,
    cards,
    plan,
    pages,
    routes,
    render,
    assets: assets.files,
    imageCounts,
    draftsLeftOut,
    loaded: { site, stages },
  };
}

/** What a body save starts from, when the builder is incremental (it kept the bodies). */
function lastRunOf(planned: PlannedSite, kept: LastRun['kept']): LastRun | undefined {
  const { bodies, loaded, render, content, linked, pages, routes, plan, siteUrl } = planned;
  if (!bodies) return undefined;
  const { site, stages } = loaded;
  return { site, stages, render, content, bodies, linked, pages, routes, plan, siteUrl, kept };
}

/**
 * Plans the routes of `pages` from `input` and the linked bodies, laying out their social cards
 * under the render time limit when cards are on. Pure but for cards.
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
async function prepareCards(state: BuilderState, site: SiteModule, memo?: CardMemo) {
  const template = state.project.cards === false ? undefined : site.templates.SocialCard;
  if (!template) return undefined;
  const layout = layOutCard(template, site, state.limitMs);
  const fingerprint = await state.cardFingerprint();
  return {
    planner: createCardPlanner(layout.toTree, fingerprint, cardFontCoverage(), memo),
    plan: layout.plan,
  };
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
