import type { Content } from '../../content/types.ts';
import { FINGERPRINTED } from '../assets/assets.ts';
import { emitCards } from '../assets/social-cards.ts';
import { siteList } from '../content/check-responsible-copy.ts';
import { type PublicFolder, readPublicFolder } from '../content/public-folder.ts';
import { sitegenError } from '../errors/errors.ts';
import { ContentInvalid, PlanTimeout, PublicFilesRefused } from '../errors/errors-data.ts';
import { summarizeList } from '../errors/format-text.ts';
import type { Problem } from '../errors/problem.ts';
import { feedEntries, feedFile, planHostFiles } from '../files/host-files.ts';
import { planListFiles } from '../files/list-files.ts';
import { type PublicPages, readPublicPages, referenceProblems } from '../files/public-pages.ts';
import { aliasPathClashes, generatedFiles } from '../files/public-files.ts';
import {
  aliasRules,
  redirectLimitWarnings,
  theirRuleClashes,
  theirRuleTargets,
} from '../files/redirects-file.ts';
import { listingFinder } from '../host/site-reference.ts';
import { KeptFileMissing } from '../output/kept-files.ts';
import { holdForTest } from '../output/signal-cleanup.ts';
import { isKeepingWriter, type OutputFile, type Writer } from '../output/writer.ts';
import { pagedLists } from '../pages/paged-lists.ts';
import { createPlanner, type PlanInput } from '../pages/plan-routes.ts';
import { readKey, recordReads, trackArticle, trackLookup } from '../pages/reads.ts';
import { FEED_FILE } from '../pages/routes.ts';
import type { Page } from '../pages/routes.ts';
import { TimeLimitExceeded } from '../site/time-limit.ts';
import { shareSite } from '../workers/shared-site.ts';
import type { LinkedBodies } from './bodies.ts';
import { buildResult, type BuildResult } from './build-result.ts';
import type { ChangePlan } from './change-plan.ts';
import { type Clock, startClock } from './clock.ts';
import { type CommitJob, commitPages, hasIds, NO_CARDS } from './commit-pages.ts';
import {
  decideFiles,
  decidePages,
  type DependencyMap,
  digestLists,
  pageDigest,
  readsDigest,
  rememberReads,
} from './decide.ts';
import type { RunStart } from './history.ts';
import { type LoadedSite, loadPages } from './load-pages.ts';
import { filesOnRequest } from './pages-on-request.ts';
import type { BuilderState } from './run-state.ts';

/** A function that keeps all of an entry's files from the last commit, or says it cannot. */
type KeepAll = ((files: string[]) => boolean) | undefined;

/**
 * The one run of every build and every save: bundle (unless the change plan says the last
 * bundles are exact), load and check the content (parsing only files the memo does not hold),
 * process images, list the pages, then let the decider (decide.ts) say which pages the changes
 * reach: those are planned, their reads recorded, rendered and committed through the writer;
 * every other file stays. Nothing becomes visible unless every page rendered. A file the last
 * commit left that is gone makes the run start again from nothing (`fresh`).
 */
export async function runSite(
  state: BuilderState,
  changes: ChangePlan,
  fresh = false,
): Promise<BuildResult> {
  const start = await state.history.begin(fresh);
  try {
    return await runFrom(state, changes, start).finally(() => state.onLoaded?.(undefined));
  } catch (error) {
    await start.writer.abort();
    if (error instanceof KeptFileMissing && !fresh) return runSite(state, changes, true);
    throw error;
  }
}

/** runSite from what the history handed it. */
async function runFrom(state: BuilderState, changes: ChangePlan, start: RunStart) {
  const clock = startClock();
  const site = await loadPages(state, changes, start, clock);
  await state.onLoaded?.(filesOnRequest(site, state.limitMs, planPages));
  const folder = readPublicFolder(state.root, { phrases: siteList(site.content) });
  const publicPages = readPublicPages(folder, site.siteUrl, generatedFiles(site.pages));
  const redirects = redirectRules(folder, site.pages, site.siteUrl);
  const keepAll = keepAllOf(start.writer, state.pendingCards);
  const previous = start.pages;
  const selection = decidePages(site.pages, previous, site.reads, keepAll, start.reads);
  clock.lap('decide');
  const { toRender, planned } = planPages(site, selection.toPlan, clock);
  const reads = rememberReads(site.pages, selection, planned, site.reads, start.reads);
  // The dependency map: the kept pages' entries (the selection's map, taken over), the planned
  // ones, then those of the lists' data, public/ and the feed.
  const deps: DependencyMap = selection.kept;
  for (const [file, entry] of planned) deps.set(file, entry);
  const lists = listFiles(site, deps, previous, keepAll);
  const copies = publicFiles(folder, previous, keepAll);
  const feed = feedOf(site, previous, keepAll);
  for (const made of [lists.deps, copies.deps, feed.deps])
    for (const [file, entry] of made) deps.set(file, entry);
  refusePublicProblems(folder, publicPages, site, deps);
  const files = () => [
    ...planHostFiles(
      site.pages,
      site.siteUrl,
      undefined,
      { ...folder, pages: publicPages.sitemap },
      redirects,
    ),
    ...feed.files(),
    ...lists.files,
    ...copies.files,
  ];
  const job = commitJob(state, site, toRender, files);
  await holdForTest();
  const summary = await commitPages(start.writer, job, clock);
  const remembered = state.history.end({ start, pages: deps, reads });
  state.pendingCards.replan = (file) => replanCard(site, deps, file);
  const warnings = [
    ...pageWarnings(site),
    ...(site.cards?.planner.warnings() ?? []),
    ...redirectLimitWarnings(redirects, folder.redirects),
  ];
  const kept = { warnings, draftsLeftOut: site.draftsLeftOut, images: site.imageCounts };
  const { siteUrl } = site;
  const cleanup = Promise.all([start.writer.cleanup, remembered]).then(() => {});
  const outcome = { routes: site.pages, toRender, siteUrl, summary, kept, changes, clock, cleanup };
  return buildResult(outcome);
}

/**
 * The card at `file` that a page of this run refers to (`deps`), planned again with that page:
 * what watch draws when a kept page's card is requested and no run of this process planned
 * it. Undefined when no page refers to it. Pure but for the card planner.
 */
function replanCard(site: LoadedSite, deps: DependencyMap, file: string) {
  const cards = site.cards;
  const owner = [...deps].find(([, entry]) => entry.files.includes(file))?.[0];
  const page = owner === undefined ? undefined : site.pages.find((p) => p.outputPath === owner);
  if (!cards || !page) return undefined;
  planPages(site, [page], startClock());
  return cards.planner.planned().find((card) => card.path === file);
}

/** What the commit of a run renders and writes: assets, pages, host and data files, cards. */
function commitJob(
  state: BuilderState,
  site: LoadedSite,
  toRender: CommitJob['toRender'],
  hostFiles: () => OutputFile[],
): CommitJob {
  const { project } = state;
  const render = {
    ...site.loaded,
    limitMs: state.limitMs,
    mayRepeatIds: site.bodies.some(hasIds),
    onPage: project.onPage,
    pool: state.pool(),
    share: () => shareSite(site.bundles, state.root, state.limitMs),
  };
  const { cards } = site;
  return {
    assets: site.assets,
    toRender,
    render,
    hostFiles,
    cards: async (to: Writer) => {
      if (!cards) return NO_CARDS;
      const later = { later: project.cardsLater === true };
      const planned = cards.planner.planned();
      const report = await emitCards(planned, state.cacheDir, to, state.pool()?.draw, later);
      state.pendingCards.add(report.pending);
      return report;
    },
  };
}

/**
 * The data files of the site's paged lists (cards per page, the search index): the files of a
 * list whose pages are all unchanged are kept, the others made again, each with its entry for
 * the dependency map. Pure but for `keepAll`, which marks kept files.
 */
function listFiles(
  site: LoadedSite,
  pages: DependencyMap,
  previous: DependencyMap | undefined,
  keepAll: KeepAll,
) {
  const digests = digestLists(site.pages, pages);
  const { kept, toMake } = decideFiles(digests, previous, keepAll);
  if (toMake.size === 0) return { files: [], deps: kept };
  const plan = createPlanner({ ...site.input, bodies: site.bodies });
  const lists = pagedLists(site.pages, plan, toMake);
  const made = planListFiles(lists, new URL(site.siteUrl).pathname);
  const deps: DependencyMap = new Map(kept);
  for (const [key, files] of made)
    deps.set(key, { digest: digests.get(key)!, files: files.map((file) => file.path) });
  const files = [...made.values()].flat();
  return { files: files.filter((file) => !isKeptByName(file.path, keepAll)), deps };
}

/**
 * Whether the file at `path`, named by its bytes (assets.ts fingerprint), is kept from the last
 * commit (keepAll), so it is not written again: the last output holds it as sitegen wrote it
 * (the writer vouches by its stamp), and the same name means the same bytes, as every browser
 * that cached it for a year relies on. A title save changes one list's data: its card files
 * and search blocks are made again in memory, and only the few whose bytes changed are written
 * (at 10,000 articles, ~60 files instead of ~1,600). Pure but for `keepAll`, which marks the
 * file kept.
 */
function isKeptByName(path: string, keepAll: KeepAll): boolean {
  return FINGERPRINTED.test(path) && keepAll?.([path]) === true;
}

/**
 * feed.xml, decided as a page is (decide.ts): its identity is which articles it holds, in
 * order; what it read of them (records, bodies) is recorded as it is made. Kept while both are
 * unchanged, so a save that no entry shows links no body for the feed. Pure but for `keepAll`.
 */
function feedOf(site: LoadedSite, previous: DependencyMap | undefined, keepAll: KeepAll) {
  const entries = feedEntries(site.pages, site.content.articles);
  const identity = `${FEED_FILE}\0${entries.map((article) => article.slug).join('\0')}`;
  const { site: everyPage, digestOf } = site.reads;
  const last = previous?.get(FEED_FILE);
  const isSame =
    last?.reads !== undefined &&
    readsDigest(identity, last.reads, everyPage, digestOf) === last.digest &&
    keepAll?.(last.files) === true;
  if (isSame) return { files: () => [], deps: new Map([[FEED_FILE, last!]]) };
  const made = recordReads(() =>
    feedFile(site.siteUrl, {
      site: site.content.site,
      entries: entries.map(trackArticle),
      bodies: trackLookup(site.feedBodies, readKey.body),
    }),
  );
  const digest = readsDigest(identity, made.reads, everyPage, digestOf) ?? '';
  const entry = { digest, files: [FEED_FILE], reads: made.reads };
  return { files: () => [made.value], deps: new Map([[FEED_FILE, entry]]) };
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
  deps: DependencyMap,
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
function outputLookup(site: LoadedSite, deps: DependencyMap) {
  const files = new Set([...generatedFiles(site.pages).keys(), ...site.assets.map((a) => a.path)]);
  for (const entry of deps.values()) for (const file of entry.files) files.add(file);
  const { siteUrl } = site;
  return { base: new URL(siteUrl).pathname, siteUrl, find: listingFinder(files) };
}

/**
 * The files of public/ to write, each with its entry for the dependency map (by its source
 * path, "public/ads.txt", its digest that of its bytes): a file whose bytes are unchanged and
 * that the last output still holds is kept, not written (decideFiles). Pure but for `keepAll`.
 */
function publicFiles(
  folder: PublicFolder,
  previous: DependencyMap | undefined,
  keepAll: KeepAll,
): { files: OutputFile[]; deps: DependencyMap } {
  const digests = new Map(folder.files.map((file) => [file.source, file.digest]));
  const { kept, toMake } = decideFiles(digests, previous, keepAll);
  const deps: DependencyMap = new Map(kept);
  const files: OutputFile[] = [];
  for (const file of folder.files) {
    if (!toMake.has(file.source)) continue;
    deps.set(file.source, { digest: file.digest, files: [file.path] });
    files.push({ path: file.path, contents: file.bytes });
  }
  return { files, deps };
}

/**
 * Keeps all of a page's files, or none: the decider asks it for each unchanged page. A card
 * watch is still drawing (pendingCards) counts as there: it is added when drawn.
 */
function keepAllOf(writer: Writer, pending: BuilderState['pendingCards']): KeepAll {
  if (!isKeepingWriter(writer)) return undefined;
  return (files: string[]) => {
    for (const file of files) if (!writer.has(file) && !pending.has(file)) return false;
    for (const file of files) writer.keep(file);
    return true;
  };
}

/**
 * Plans `toPlan` with their props and cards, recording what each page's props read
 * (pages/reads.ts), and notes each page's entry for the dependency map: its digest from those
 * reads, and its files (the page and the card it asked for). The bodies of the articles the
 * pages carry are linked first, outside the time limit planning runs under. With cards on, the
 * SocialCard template runs here: each page gets the render time limit (layOutCard's
 * time-limited slices), a looping card is a RenderTimeout, and a page whose planning outside
 * the card ran past the limit a PlanTimeout. Pure but for cards.
 */
export function planPages(site: LoadedSite, toPlan: Page[], clock: Clock) {
  for (const page of toPlan) if ('article' in page) site.bodies.get(page.article.slug);
  clock.lap('link brand mentions');
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
    const { value: route, reads } = recordReads(() => plan(page));
    // A read this run cannot digest makes a digest no run matches: the page is planned again.
    const digest = pageDigest(page, reads, site.reads.site, site.reads.digestOf) ?? '';
    planned.set(page.outputPath, { digest, files: [page.outputPath, ...asked], reads });
    return route;
  };
  const planAll = () => {
    if (!cards) return { toRender: toPlan.map((_, index) => planOne(index)), planned };
    try {
      return { toRender: cards.plan(toPlan.length, planOne), planned };
    } catch (error) {
      if (!(error instanceof TimeLimitExceeded) || error.index === undefined) throw error;
      throw sitegenError(PlanTimeout, { url: toPlan[error.index].url, limitMs: error.limitMs });
    }
  };
  const result = planAll();
  clock.lap('plan routes');
  return result;
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
 * The warnings of each array of pages: listPages makes one per content and set of articles
 * with a body, which is all the warnings read.
 */
const warningsOf = new WeakMap<readonly Page[], string[]>();

/** The build's warnings (composeWarnings), the same for the same array of pages. */
function pageWarnings(site: LoadedSite): string[] {
  let warnings = warningsOf.get(site.pages);
  if (!warnings) {
    warnings = composeWarnings(site.content, site.bodies);
    warningsOf.set(site.pages, warnings);
  }
  return warnings;
}

/** The build's warnings: today only articles that have no body yet. */
function composeWarnings(content: Content, bodies: LinkedBodies): string[] {
  const missingBodies: string[] = [];
  for (const { slug } of content.articles) if (!bodies.has(slug)) missingBodies.push(slug);
  if (missingBodies.length === 0) return [];
  const have = missingBodies.length === 1 ? ' has' : 's have';
  return [
    `${missingBodies.length} article${have} no body yet and render the fallback article with noindex: ${summarizeList(missingBodies)}`,
  ];
}
