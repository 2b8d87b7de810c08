import path from 'node:path';
import type { Article } from '../../content/types.ts';
import type { BodyImage } from '../content/body-images.ts';
import { readSourceFile } from '../content/read-source-file.ts';
import { siteList } from '../content/check-responsible-copy.ts';
import { feedEntries, feedFile } from '../files/host-files.ts';
import { IncrementalDirWriter } from '../output/incremental-writer.ts';
import { bodiesShown } from '../pages/kinds.ts';
import { buildResult, type BuildResult } from './build-result.ts';
import type { ChangePlan } from './change-plan.ts';
import { startClock } from './clock.ts';
import { commitPages, hasIds } from './commit-pages.ts';
import { digestPages } from './dependency-map.ts';
import type { BuilderState, LastRun } from './run-state.ts';
import { planPages } from './site-run.ts';

/** An article whose body, and nothing else, a save changed. */
interface BodyChange {
  slug: string;
  /** The new body HTML (before brand linking) and its digest. */
  html: string;
  digest: string;
}

/**
 * watch's quick path for a save that changed article bodies and nothing else: their records
 * read back equal, so by the dependency map only the pages whose kind's `bodies` name them (the
 * article's own page) and the feed, when one is among its entries, show the change. Those are
 * planned and rendered; every other file of the last commit stays (no listing of the pages, no
 * digest of 10,000 pages, no sitemap). Undefined for any other save: a new, deleted, broken or
 * emptied article, or a changed record; the caller then runs every stage. Reads the saved
 * files only; writes through the watch writer.
 */
export async function runBodySave(
  state: BuilderState,
  last: LastRun,
  changes: ChangePlan,
): Promise<BuildResult | undefined> {
  const writer = state.keptWriter;
  if (!(writer instanceof IncrementalDirWriter) || !changes.isArticlesOnly) return undefined;
  const clock = startClock();
  const saved = bodyChanges(state, last, changes.files.article);
  if (!saved) return undefined;
  const { site } = last;
  for (const { slug, html, digest } of saved) site.bodies.replace(slug, html, digest);
  const slugs = new Set(saved.map(({ slug }) => slug));
  const pages = site.pages.filter((page) => bodiesShown(page).some((slug) => slugs.has(slug)));
  for (const page of pages) for (const slug of bodiesShown(page)) site.bodies.get(slug);
  clock.lap('read and link the changed articles');
  const digests = digestPages(pages, site.content, site.inputs);
  const { toRender, planned } = planPages({ ...site, digests }, pages);
  clock.lap('plan routes');
  last.feedEntries ??= feedEntries(site.pages, site.content.articles);
  const entries = last.feedEntries;
  const feed = { site: site.content.site, entries, bodies: site.feedBodies };
  const showsChange = entries.some((article: Article) => slugs.has(article.slug));
  const render = {
    ...site.loaded,
    limitMs: state.limitMs,
    mayRepeatIds: saved.some(({ slug }) => hasIds(site.bodies.get(slug)!)),
    onPage: state.project.onPage,
  };
  const hostFiles = () => (showsChange ? [feedFile(site.siteUrl, feed)] : []);
  // Every file of the last commit stays unless this one writes it again.
  writer.keepEverything();
  const summary = await commitPages(writer, { assets: [], toRender, render, hostFiles }, clock);
  for (const [outputPath, deps] of planned) last.pages.set(outputPath, deps);
  const { siteUrl } = site;
  const outcome = { routes: site.pages, toRender, siteUrl, summary, kept: last.kept, changes };
  return buildResult({ ...outcome, clock });
}

/**
 * The saves as body changes, when every saved file is an article the last run built with a
 * body, and it still parses without problems into an equal record with a body; undefined for
 * anything else. A save that left a file as it was is no change. Reads the saved files.
 */
function bodyChanges(state: BuilderState, last: LastRun, files: string[]) {
  const memo = state.memos.articleMemo;
  const { site } = last;
  if (!memo || !site.render) return undefined;
  const bySource = new Map(site.content.articles.map((article) => [article.source, article]));
  const changes: BodyChange[] = [];
  for (const file of new Set(files)) {
    const before = bySource.get(file);
    if (!before || !site.bodies.has(before.slug)) return undefined;
    const text = readSourceFile(path.join(state.root, file));
    if (typeof text !== 'string') return undefined;
    if (memo.get(file)?.text === text) continue;
    const phrases = siteList(site.content);
    const result = site.loaded.stages.parseArticleFile(file, text, site.render, phrases);
    const { article, html, bodyDigest } = result;
    if (result.problems.length > 0 || !article || html === undefined || !bodyDigest)
      return undefined;
    if (JSON.stringify(article) !== JSON.stringify(before)) return undefined;
    // New images are encoded by the full run, which knows every image of the site.
    if (!sameImages(memo.get(file)?.result.bodyImages, result.bodyImages)) return undefined;
    memo.set(file, { text, result: { ...result, article: before } });
    changes.push({ slug: before.slug, html, digest: bodyDigest });
  }
  return changes;
}

/** Whether two bodies show the same image files, in the same order. Pure. */
function sameImages(before: BodyImage[] | undefined, after: BodyImage[] | undefined): boolean {
  const sources = (images: BodyImage[] | undefined) =>
    JSON.stringify((images ?? []).map(({ source }) => source));
  return sources(before) === sources(after);
}
