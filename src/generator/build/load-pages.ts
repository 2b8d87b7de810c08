import path from 'node:path';
import type { Article, Content } from '../../content/types.ts';
import type { ImageStageOptions, ImageStageResult } from '../assets/article-images.ts';
import { planAssets } from '../assets/assets.ts';
import {
  cardFontCoverage,
  type CardMemo,
  type CardPlanner,
  createCardPlanner,
  layOutCard,
} from '../assets/social-cards.ts';
import { textDigest } from '../content/article-memo.ts';
import type { BodyImage } from '../content/body-images.ts';
import type { Render } from '../content/read-articles.ts';
import { readSourceFile } from '../content/read-source-file.ts';
import { sitegenError } from '../errors/errors.ts';
import { ChangedDuringBuild } from '../errors/errors-data.ts';
import { contentSiteUrl, givenSiteUrl } from '../host/site-url.ts';
import type { OutputFile } from '../output/writer.ts';
import { type BodyPictures, placeFeedImages } from '../pages/body-pictures.ts';
import type { PlanInput } from '../pages/plan-routes.ts';
import type { SlugLookup } from '../pages/reads.ts';
import { listPages, type Page } from '../pages/routes.ts';
import type { Bundles } from '../site/bundle-site.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import { LinkedBodies } from './bodies.ts';
import type { ChangePlan } from './change-plan.ts';
import type { Clock } from './clock.ts';
import { readDigests, type RunReads, siteDigest } from './decide.ts';
import type { RunStart } from './history.ts';
import { brandTargets } from './link-bodies.ts';
import { loadSite, type Stages } from './load-site.ts';
import type { BuilderState } from './run-state.ts';

/** A run's social cards: the planner of one build and the planning under the time limit. */
export interface PreparedCards {
  planner: CardPlanner;
  plan: ReturnType<typeof layOutCard>['plan'];
}

/** Everything a run knows once its pages are listed, before anything is decided or planned. */
export interface LoadedSite {
  bundles: Bundles;
  content: Content;
  /** The site URL this run builds for, normalized. */
  siteUrl: string;
  /** The linked bodies, each made when first shown. */
  bodies: LinkedBodies;
  /** The bodies as the feed carries them (placeFeedImages). */
  feedBodies: SlugLookup<string>;
  /** Absent with `--no-cards` or without a SocialCard template. */
  cards?: PreparedCards;
  /** What planning reads besides the bodies and the card planner. */
  input: Omit<PlanInput, 'bodies' | 'socialImage'>;
  /** The one list of pages. */
  pages: Page[];
  /** What every page reads, and the digest of each read key (decide.ts). */
  reads: RunReads;
  render?: Render;
  /** The stylesheet, script, icon and article images. */
  assets: OutputFile[];
  imageCounts: { sources: number; encoded: number };
  draftsLeftOut: string[];
  /** The evaluated site module and the stage modules, for rendering. */
  loaded: { site: SiteModule; stages: Stages };
}

/**
 * Loads the site and lists its pages, with what their reads are worth in this run (decide.ts
 * digests them on demand). Reads disk (the changed article
 * files, or all of them; images), writes nothing.
 */
export async function loadPages(
  state: BuilderState,
  changes: ChangePlan,
  start: RunStart,
  clock: Clock,
): Promise<LoadedSite> {
  const { root, project, limitMs } = state;
  const memo = start.articles;
  // A bad --site-url fails before any work.
  const flagSiteUrl = givenSiteUrl(project);
  const loaded = await loadSite(root, {
    bundle: () => state.bundle(!changes.needsBundle),
    drafts: project.drafts,
    limitMs,
    articleMemo: memo,
    contentMemo: start.content,
    changed: changes.isFull ? undefined : new Set(Object.values(changes.files).flat()),
    pool: state.pool(),
    clock,
  });
  const { bundles, site, content, stages } = loaded;
  const siteUrl = flagSiteUrl ?? contentSiteUrl(content.site.url);
  const imageOptions = { root, cacheDir: state.cacheDir };
  const images = await processImages(content.articles, imageOptions, loaded.bodyImages);
  if (images) clock.lap('process images');
  const bodies = linkedBodiesOf(root, loaded, start);
  const assets = planAssets(bundles, content.brands, { hasImages: images !== undefined });
  if (images) assets.files.push(...images.files);
  const cards = await prepareCards(state, site, start.cardsFor?.(bundles));
  const bodyPictures = picturesOf(images, (props, url) => stages.renderPicture(site, props, url));
  const input = {
    content,
    siteUrl,
    assets: assets.urls,
    images: images?.images,
    bodyPictures,
    showsDrafts: project.drafts === true,
  };
  const pages = listPages(content, (slug) => bodies.has(slug));
  const everyPage = [bundles.siteCode, assets.urls, siteUrl, project.drafts === true];
  everyPage.push(cards ? await state.cardFingerprint() : 'no cards');
  const reads = {
    site: siteDigest(everyPage),
    content,
    touched: touchedArticles(changes),
    digestOf: readDigests({
      content,
      bySlug: new Map(content.articles.map((article) => [article.slug, article])),
      body: (slug) => bodyDigest(bodies.digest(slug), loaded.bodyImages.get(slug), bodyPictures),
      image: (slug) => JSON.stringify(images?.images.get(slug) ?? ''),
    }),
  };
  const imageCounts = { sources: images?.sources ?? 0, encoded: images?.encoded ?? 0 };
  return {
    bundles,
    content,
    siteUrl,
    bodies,
    feedBodies: feedBodiesOf(bodies, bodyPictures),
    cards,
    input,
    pages,
    reads,
    render: loaded.render,
    assets: assets.files,
    imageCounts,
    draftsLeftOut: loaded.draftsLeftOut,
    loaded: { site, stages },
  };
}

/**
 * The slugs of the article files `changes` names, when only article and public files changed:
 * no other body or image can differ from the last run's (the bundles, the configuration and
 * the images are the same). Undefined for any other change, and for a full run. Pure.
 */
function touchedArticles(changes: ChangePlan): Set<string> | undefined {
  const { files } = changes;
  const others = Object.entries(files).some(
    ([kind, changed]) => kind !== 'article' && kind !== 'public' && changed.length > 0,
  );
  if (changes.isFull || others) return undefined;
  return new Set(files.article.map((file) => path.posix.basename(file, '.md')));
}

/** The run's linked bodies (bodies.ts), each made when first shown. */
function linkedBodiesOf(
  root: string,
  loaded: Awaited<ReturnType<typeof loadSite>>,
  start: RunStart,
) {
  const { content, stages } = loaded;
  return new LinkedBodies(
    {
      digests: loaded.bodyDigests,
      parsed: loaded.bodies,
      prelinked: loaded.prelinked,
      targets: brandTargets(content),
      link: stages.linkFirstMentions,
      memo: start.links,
      reparse: reparseFrom(root, loaded.render, stages.reparseBody),
    },
    content.articles,
  );
}

/**
 * LinkedBodies' `reparse`: the body of an article whose file the manifest vouched for, read
 * and parsed again; a file that changed since this run read it fails the build. Reads disk.
 */
function reparseFrom(root: string, render: Render | undefined, reparse: Stages['reparseBody']) {
  return (article: Article, digest: string) => {
    const text = readSourceFile(path.join(root, article.source));
    const body =
      typeof text === 'string' && render ? reparse(article.source, text, render) : undefined;
    if (body === undefined || textDigest(body.html) !== digest)
      throw sitegenError(ChangedDuringBuild, { file: article.source });
    return body;
  };
}

/**
 * The article images (article-images.ts), the front matter's and those the bodies show,
 * processed only when some article has one, so a site without images never loads that module
 * or sharp.
 */
async function processImages(
  articles: Article[],
  options: ImageStageOptions,
  bodyImages: Map<string, BodyImage[]>,
): Promise<ImageStageResult | undefined> {
  if (bodyImages.size === 0 && !articles.some((article) => article.image)) return undefined;
  const { processArticleImages } = await import('../assets/article-images.ts');
  return processArticleImages(articles, options, bodyImages);
}

/**
 * What places the images of the bodies: their renditions and the template's Picture; undefined
 * when no body shows one. Pure.
 */
function picturesOf(
  images: ImageStageResult | undefined,
  render: BodyPictures['render'],
): BodyPictures | undefined {
  if (!images || images.bodyImages.size === 0) return undefined;
  return { renditions: images.bodyImages, render };
}

/**
 * The digest of a body as its page shows it: the body's (before linking, its image markers
 * included) and, when it shows images, their renditions, so new bytes of an image reach
 * exactly the pages whose bodies show it. Pure.
 */
function bodyDigest(
  digest: string | undefined,
  images: BodyImage[] | undefined,
  pictures: BodyPictures | undefined,
): string | undefined {
  if (digest === undefined || !images || !pictures) return digest;
  return siteDigest([digest, images.map(({ source }) => pictures.renditions.get(source))]);
}

/** The bodies as the feed carries them: each image a plain `<img>` (placeFeedImages). */
function feedBodiesOf(bodies: LinkedBodies, pictures: BodyPictures | undefined) {
  return {
    get(slug: string): string | undefined {
      const html = bodies.get(slug);
      return html === undefined || !pictures ? html : placeFeedImages(html, pictures);
    },
    has: (slug: string) => bodies.has(slug),
  };
}

/**
 * The card planner of one build and `plan`, which runs the route planning that lays the
 * cards out under the render time limit; undefined when cards are off (`--no-cards`) or the
 * project has no SocialCard template.
 */
async function prepareCards(
  state: BuilderState,
  site: SiteModule,
  memo?: CardMemo,
): Promise<PreparedCards | undefined> {
  const template = state.project.cards === false ? undefined : site.templates.SocialCard;
  if (!template) return undefined;
  const layout = layOutCard(template, site, state.limitMs);
  const fingerprint = await state.cardFingerprint();
  return {
    planner: createCardPlanner(layout.toTree, fingerprint, cardFontCoverage(), memo),
    plan: layout.plan,
  };
}
