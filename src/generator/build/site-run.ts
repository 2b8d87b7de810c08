import path from 'node:path';
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
import { type ArticleMemo, textDigest } from '../content/article-memo.ts';
import type { BodyImage } from '../content/body-images.ts';
import type { Render } from '../content/read-articles.ts';
import { readSourceFile } from '../content/read-source-file.ts';
import { type PublicFolder, readPublicFolder } from '../content/public-folder.ts';
import { siteList } from '../content/check-responsible-copy.ts';
import { sitegenError } from '../errors/errors.ts';
import {
  ChangedDuringBuild,
  ContentInvalid,
  PlanTimeout,
  PublicFilesRefused,
} from '../errors/errors-data.ts';
import type { Problem } from '../errors/problem.ts';
import { summarizeList } from '../errors/format-text.ts';
import { planHostFiles } from '../files/host-files.ts';
import { aliasPathClashes, generatedFiles } from '../files/public-files.ts';
import {
  aliasRules,
  redirectLimitWarnings,
  theirRuleClashes,
  theirRuleTargets,
} from '../files/redirects-file.ts';
import { type PublicPages, readPublicPages, referenceProblems } from '../files/public-pages.ts';
import type { OutputFile } from '../output/writer.ts';
import { planListFiles } from '../files/list-files.ts';
import { listingFinder } from '../host/site-reference.ts';
import { contentSiteUrl, givenSiteUrl } from '../host/site-url.ts';
import { AtomicDirWriter } from '../output/atomic-writer.ts';
import { KeptFileMissing } from '../output/kept-files.ts';
import { isKeepingWriter, type Writer } from '../output/writer.ts';
import { type BodyPictures, placeFeedImages } from '../pages/body-pictures.ts';
import { bodiesShown } from '../pages/kinds.ts';
import { createPageContext } from '../pages/page-context.ts';
import { pagedLists } from '../pages/paged-lists.ts';
import { createPlanner, type PlanInput } from '../pages/plan-routes.ts';
import { listPages, type Page } from '../pages/routes.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import { TimeLimitExceeded } from '../site/time-limit.ts';
import { shareSite } from '../workers/shared-site.ts';
import { LinkedBodies } from './bodies.ts';
import { buildResult, type BuildResult } from './build-result.ts';
import type { ChangePlan } from './change-plan.ts';
import { startClock, type Clock } from './clock.ts';
import { commitPages, hasIds, NO_CARDS } from './commit-pages.ts';
import {
  type DependencyMap,
  digestLists,
  digestPages,
  type PageInputs,
  recordDigest,
  selectLists,
  selectPages,
  siteDigest,
} from './dependency-map.ts';
import { brandTargets } from './link-bodies.ts';
import { loadSite, type Stages } from './load-site.ts';
import type { BuilderState, PreviousRun } from './run-state.ts';

/** Everything a run knows once its pages are listed and digested, before anything is planned. */
export type LoadedSite = Awaited<ReturnType<typeof loadPages>>;

/**
 * Runs every stage, each doing only what the changes reach: bundle (unless the change plan says
 * the last bundles are exact), load and check the content (parsing only files the memo does not
 * hold), process images, list the pages and digest what each reads (dependency-map.ts). Pages
 * whose digest is unchanged keep their files; the others are planned with their cards, rendered
 * and committed through the writer. Nothing becomes visible unless every page rendered.
 */
export async function runAllStages(
  state: BuilderState,
  changes: ChangePlan,
  fresh = false,
): Promise<BuildResult> {
  // A new folder's writer starts at once: it takes the output lock and puts back what a killed
  // build left, whether or not this run gets as far as writing.
  const writer = state.keptWriter ?? new AtomicDirWriter(state.outDir, state.project.onWait);
  return runWith(state, changes, writer, fresh).catch(async (error) => {
    await writer.abort();
    // A file of the previous output was deleted by hand: the output is not the one the
    // manifest describes, so the build is done again in full.
    if (error instanceof KeptFileMissing && !fresh) return runAllStages(state, changes, true);
    throw error;
  });
}

/** runAllStages through `writer`; `fresh`: from nothing the previous build left. */
async function runWith(state: BuilderState, changes: ChangePlan, writer: Writer, fresh: boolean) {
  // The output lock first: a folder that cannot be written, or another build into it, is known
  // before any work.
  if (writer instanceof AtomicDirWriter) await writer.folder();
  const clock = startClock();
  const before = state.previous(fresh);
  const site = await loadPages(state, changes, before.memo, clock);
  const folder = readPublicFolder(state.root, { phrases: siteList(site.content) });
  const publicPages = readPublicPages(folder, site.siteUrl, generatedFiles(site.pages));
  const redirects = redirectRules(folder, site.pages, site.siteUrl);
  const { project } = state;
  const previous = await previousPages(writer, before.output);
  const keepAll = keepAllOf(writer, state.pendingCards);
  const selection = selectPages(site.pages, site.digests, previous, keepAll);
  const lists = listFiles(site, previous, keepAll);
  const copies = publicFiles(folder, previous, keepAll);
  // The bodies the pages to plan show, linked outside the time limit planning runs under.
  for (const page of selection.toPlan) for (const slug of bodiesShown(page)) site.bodies.get(slug);
  clock.lap('link brand mentions');
  const { toRender, planned } = planPages(site, selection.toPlan);
  clock.lap('plan routes');
  const deps = [selection.kept, planned, lists.deps, copies.deps];
  refusePublicProblems(folder, publicPages, site, deps);
  const { content, bodies, siteUrl, cards } = site;
  const render = {
    ...site.loaded,
    limitMs: state.limitMs,
    mayRepeatIds: bodies.some(hasIds),
    onPage: project.onPage,
    pool: state.pool(),
    share: () => shareSite(site.bundles, state.root, state.limitMs),
  };
  const feedSources = { site: content.site, articles: content.articles, bodies: site.feedBodies };
  const job = {
    assets: site.assets,
    toRender,
    render,
    hostFiles: () => [
      ...planHostFiles(
        site.pages,
        siteUrl,
        feedSources,
        { ...folder, pages: publicPages.sitemap },
        redirects,
      ),
      ...lists.files,
      ...copies.files,
    ],
    cards: async (to: Writer) => {
      if (!cards) return NO_CARDS;
      const later = { later: project.cardsLater === true };
      const report = await emitCards(
        cards.planner.planned(),
        state.cacheDir,
        to,
        state.pool()?.draw,
        later,
      );
      state.pendingCards.add(report.pending);
      return report;
    },
  };
  const summary = await commitPages(writer, job, clock);
  const pages: DependencyMap = new Map([
    ...selection.kept,
    ...planned,
    ...lists.deps,
    ...copies.deps,
  ]);
  const warnings = [
    ...composeWarnings(content, bodies),
    ...(cards?.planner.warnings() ?? []),
    ...redirectLimitWarnings(redirects, folder.redirects),
  ];
  const kept = { warnings, draftsLeftOut: site.draftsLeftOut, images: site.imageCounts };
  await state.remember({ pages, writer, memo: before.memo, last: { site, kept } });
  const cleanup = writer.cleanup;
  const outcome = { routes: site.pages, toRender, siteUrl, summary, kept, changes, clock, cleanup };
  return buildResult(outcome);
}

/**
 * The data files of the site's paged lists (cards per page, the search index): the files of a
 * list whose pages are all unchanged are kept, the others made again, each with its entry for
 * the dependency map. Pure but for `keepAll`, which marks kept files.
 */
function listFiles(
  site: LoadedSite,
  previous: DependencyMap | undefined,
  keepAll: ((files: string[]) => boolean) | undefined,
) {
  const digests = digestLists(site.pages, site.digests);
  const { kept, toMake } = selectLists(digests, previous, keepAll);
  if (toMake.size === 0) return { files: [], deps: kept };
  const context = createPageContext({ ...site.input, bodies: site.bodies });
  const lists = pagedLists(site.pages, site.content, context, toMake);
  const made = planListFiles(lists, new URL(site.siteUrl).pathname);
  const deps: DependencyMap = new Map(kept);
  for (const [key, files] of made)
    deps.set(key, { digest: digests.get(key)!, files: files.map((file) => file.path) });
  return { files: [...made.values()].flat(), deps };
}

/**
 * Fails the run, before anything is written, with every problem of public/ at once: those
 * public-pages.ts found (links, special files, names and the page policy; files that would take
 * a path sitegen writes; its pages' heads), and a rule of
 * public/_redirects or a reference of a public page that leads to no file of the output, as
 * `sitegen check` would find it. The output is every file the run writes or keeps (`deps`: the
 * pages and their cards, the lists' data, the public files), the assets and the host files. Pure.
 */
function refusePublicProblems(
  folder: PublicFolder,
  publicPages: PublicPages,
  site: LoadedSite,
  deps: DependencyMap[],
) {
  const theirs = folder.redirects;
  const follows = theirs !== undefined || publicPages.pages.length > 0;
  const lookup = follows ? outputLookup(site, deps) : undefined;
  const problems = [
    ...publicPages.problems,
    ...(theirs === undefined || !lookup ? [] : theirRuleTargets(theirs, lookup)),
    ...(lookup ? referenceProblems(publicPages.pages, lookup) : []),
  ];
  if (problems.length > 0)
    throw sitegenError(PublicFilesRefused, { count: problems.length }, { problems });
}

/** The site as a static host will serve the run's output, from its listing. Pure. */
function outputLookup(site: LoadedSite, deps: DependencyMap[]) {
  const files = new Set([...generatedFiles(site.pages).keys(), ...site.assets.map((a) => a.path)]);
  for (const map of deps)
    for (const entry of map.values()) for (const file of entry.files) files.add(file);
  const { siteUrl } = site;
  return { base: new URL(siteUrl).pathname, siteUrl, find: listingFinder(files) };
}

/**
 * The files of public/ to write, each with its entry for the dependency map (by its source
 * path, "public/ads.txt", its digest that of its bytes): a file whose bytes are unchanged and
 * that the last output still holds is kept, not written. Pure but for `keepAll`.
 */
function publicFiles(
  folder: PublicFolder,
  previous: DependencyMap | undefined,
  keepAll: ((files: string[]) => boolean) | undefined,
): { files: OutputFile[]; deps: DependencyMap } {
  const files: OutputFile[] = [];
  const deps: DependencyMap = new Map();
  for (const file of folder.files) {
    const entry = { digest: file.digest, files: [file.path] };
    deps.set(file.source, entry);
    const last = previous?.get(file.source);
    if (last?.digest === file.digest && keepAll?.(entry.files)) continue;
    files.push({ path: file.path, contents: file.bytes });
  }
  return { files, deps };
}

/**
 * The previous run's dependency map, when its files can be kept: watch's writer keeps the last
 * commit's files; a one-shot build's writer keeps the previous output's only when that folder
 * is still the one the manifest describes (AtomicDirWriter.reuse).
 */
async function previousPages(
  writer: Writer,
  output: PreviousRun['output'],
): Promise<DependencyMap | undefined> {
  if (!output) return undefined;
  if (!(writer instanceof AtomicDirWriter) || !output.listing) return output.pages;
  return (await writer.reuse(output.listing)) ? output.pages : undefined;
}

/**
 * Keeps all of a page's files, or none: selectPages asks it for each unchanged page. A card
 * watch is still drawing (pendingCards) counts as there: it is added when drawn.
 */
function keepAllOf(writer: Writer, pending: BuilderState['pendingCards']) {
  if (!isKeepingWriter(writer)) return undefined;
  return (files: string[]) => {
    if (!files.every((file) => writer.has(file) || pending.has(file))) return false;
    for (const file of files) writer.keep(file);
    return true;
  };
}

/**
 * Plans `toPlan` with their props and cards, and notes each page's files (the page and the card
 * it asked for) for the dependency map. With cards on, the SocialCard template runs here: each
 * page gets the render time limit (layOutCard's time-limited slices), a looping card is a
 * RenderTimeout, and a page whose planning outside the card ran past the limit a PlanTimeout.
 * Pure but for cards.
 */
export function planPages(site: LoadedSite, toPlan: Page[]) {
  const { cards } = site;
  let asked: string[] = [];
  const socialImage: PlanInput['socialImage'] =
    cards &&
    ((name, props, alt) => {
      const image = cards.planner.image(name, props, alt);
      asked.push(image.url.slice(1));
      return image;
    });
  const plan = createPlanner({ ...site.input, bodies: site.bodies, socialImage });
  const planned: DependencyMap = new Map();
  const planOne = (index: number) => {
    const page = toPlan[index];
    asked = [];
    const route = plan(page);
    const digest = site.digests.get(page.outputPath)!;
    planned.set(page.outputPath, { digest, files: [page.outputPath, ...asked] });
    return route;
  };
  if (!cards) return { toRender: toPlan.map((_, index) => planOne(index)), planned };
  try {
    return { toRender: cards.plan(toPlan.length, planOne), planned };
  } catch (error) {
    if (!(error instanceof TimeLimitExceeded) || error.index === undefined) throw error;
    throw sitegenError(PlanTimeout, { url: toPlan[error.index].url, limitMs: error.limitMs });
  }
}

/**
 * Loads the site, lists its pages and digests what each reads. Reads disk (the changed article
 * files, or all of them; images), writes nothing.
 */
async function loadPages(
  state: BuilderState,
  changes: ChangePlan,
  memo: ArticleMemo | undefined,
  clock: Clock,
) {
  const { root, project, memos, limitMs } = state;
  // A bad --site-url fails before any work.
  const flagSiteUrl = givenSiteUrl(project);
  const loaded = await loadSite(root, {
    bundle: () => state.bundle(!changes.needsBundle),
    drafts: project.drafts,
    limitMs,
    articleMemo: memo,
    changed: changes.isFull ? undefined : new Set(Object.values(changes.files).flat()),
    pool: state.pool(),
    clock,
  });
  const { bundles, site, content, stages } = loaded;
  const siteUrl = flagSiteUrl ?? contentSiteUrl(content.site.url);
  const imageOptions = { root, cacheDir: state.cacheDir };
  const images = await processImages(content.articles, imageOptions, loaded.bodyImages);
  if (images) clock.lap('process images');
  const bodies = linkedBodiesOf(state, loaded);
  const assets = planAssets(bundles, content.brands, { hasImages: images !== undefined });
  if (images) assets.files.push(...images.files);
  const cards = await prepareCards(state, site, memos.cardMemoFor?.(bundles));
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
  const imageOf = (article: Article) => JSON.stringify(images?.images.get(article.slug) ?? '');
  const inputs: PageInputs = {
    bySlug: new Map(content.articles.map((article) => [article.slug, article])),
    site: siteDigest([
      bundles.siteCode,
      assets.urls,
      siteUrl,
      project.drafts === true,
      cards ? await state.cardFingerprint() : 'no cards',
    ]),
    record: (article) => recordDigest(article, article.image ? imageOf(article) : ''),
    body: (slug) => bodyDigest(bodies.digest(slug), loaded.bodyImages.get(slug), bodyPictures),
  };
  const digests = digestPages(pages, content, inputs);
  clock.lap('map dependencies');
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
    inputs,
    digests,
    render: loaded.render,
    assets: assets.files,
    imageCounts,
    draftsLeftOut: loaded.draftsLeftOut,
    loaded: { site, stages },
  };
}

/** The run's linked bodies (bodies.ts), each made when first shown. */
function linkedBodiesOf(state: BuilderState, loaded: Awaited<ReturnType<typeof loadSite>>) {
  const { content, stages } = loaded;
  return new LinkedBodies(
    {
      digests: loaded.bodyDigests,
      parsed: loaded.bodies,
      prelinked: loaded.prelinked,
      targets: brandTargets(content),
      link: stages.linkFirstMentions,
      memo: state.memos.linkMemo,
      reparse: reparseFrom(state.root, loaded.render, stages.reparseBody),
    },
    content.articles,
  );
}

/**
 * The alias rules of `pages` (files/redirects-file.ts), sorted by old address. An alias whose
 * redirect page would go among the files sitegen writes (aliasPathClashes), and a rule of
 * public/_redirects (read with public/) whose source is also an alias, fail the build
 * (ContentInvalid) before anything is written, each naming both files. Pure.
 */
function redirectRules(folder: PublicFolder, pages: Page[], siteUrl: string) {
  const rules = aliasRules(pages);
  const base = new URL(siteUrl).pathname;
  const problems: Problem[] = [
    ...aliasPathClashes(pages),
    ...(folder.redirects === undefined ? [] : theirRuleClashes(folder.redirects, rules, base)),
  ];
  if (problems.length > 0)
    throw sitegenError(
      ContentInvalid,
      { count: problems.length },
      { problems, file: problems[0].file },
    );
  return rules;
}

/**
 * LinkedBodies' `reparse`: the body of an article whose file the manifest vouched for, read
 * and parsed again; a file that changed since this run read it fails the build. Reads disk.
 */
function reparseFrom(root: string, render: Render | undefined, reparse: Stages['reparseBody']) {
  return (article: Article, digest: string): string => {
    const text = readSourceFile(path.join(root, article.source));
    const html =
      typeof text === 'string' && render ? reparse(article.source, text, render) : undefined;
    if (html === undefined || textDigest(html) !== digest)
      throw sitegenError(ChangedDuringBuild, { file: article.source });
    return html;
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
  };
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
function composeWarnings(content: Content, bodies: LinkedBodies): string[] {
  const missingBodies = content.articles
    .filter((article) => !bodies.has(article.slug))
    .map((article) => article.slug);
  if (missingBodies.length === 0) return [];
  const have = missingBodies.length === 1 ? ' has' : 's have';
  return [
    `${missingBodies.length} article${have} no body yet and render the fallback article with noindex: ${summarizeList(missingBodies)}`,
  ];
}
