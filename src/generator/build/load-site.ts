import path from 'node:path';
import type { SiteContent } from '../../content/types.ts';
import { readArticleFiles, type ArticleFiles } from '../content/article-files.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import { type ArticleMemo, forgetOtherLists, isKnown } from '../content/article-memo.ts';
import { siteList } from '../content/check-responsible-copy.ts';
import type { ContentMemo } from '../content/load-content.ts';
import { readSourceFile, type SourceFile } from '../content/read-source-file.ts';
import { peekImage } from '../content/image-uses.ts';
import type { Bundles } from '../site/bundle-site.ts';
import { evaluateSite } from '../site/evaluate-site.ts';
import { MIN_PARALLEL_WORK, type WorkerPool } from '../workers/worker-pool.ts';
import type { Clock } from './clock.ts';
import { brandTargets, type Prelinked } from './link-bodies.ts';

/**
 * Stage modules loaded while esbuild runs: content checks (yaml, valibot), the linker (cheerio),
 * React, the HTML policy.
 */
export type Stages = Awaited<ReturnType<typeof loadStages>>;

/** Imports the stage modules a run needs (once per process: the module cache keeps them). */
export function loadStages() {
  return Promise.all([
    import('../content/load-content.ts'),
    import('../content/read-articles.ts'),
    import('../content/link-brands.ts'),
    import('../workers/render-page.ts'),
  ]).then(
    ([
      { loadContent },
      { reparseBody, parseArticleFile },
      { linkFirstMentions },
      { renderSlice, checkUniqueIds, renderPicture },
    ]) => ({
      loadContent,
      reparseBody,
      parseArticleFile,
      linkFirstMentions,
      renderSlice,
      checkUniqueIds,
      renderPicture,
    }),
  );
}

/** How loadSite gets its bundles and reads the articles. */
export interface LoadOptions {
  /** The site's bundles: made again, or the last ones (the change plan decides). */
  bundle: () => Promise<Bundles>;
  /** Build the articles marked `draft: true` too. */
  drafts?: boolean;
  limitMs: number;
  articleMemo?: ArticleMemo;
  /** The last run's Content (watch), kept while it is made of the same objects. */
  contentMemo?: ContentMemo;
  /**
   * The files saved since the last run (watch): every other file the memo holds the text of is
   * not read again. Undefined: every file is read.
   */
  changed?: ReadonlySet<string>;
  /** Worker threads: many article files are parsed and linked there. */
  pool?: WorkerPool;
  clock: Clock;
}

/** What each memo's last run read of the articles' folder (readArticleFiles `last`). */
const lastFiles = new WeakMap<ArticleMemo, ArticleFiles>();

/**
 * Bundles the site (or reuses the last bundles), loads the stage modules and evaluates the site
 * module, then reads and checks the content. The articles are read first, so the parsers they
 * need load while esbuild runs; their texts are let go on return (250 MB at 50,000 articles).
 * Reads disk.
 */
export async function loadSite(root: string, options: LoadOptions) {
  const { drafts, limitMs, articleMemo, clock } = options;
  const { changed } = options;
  const last = changed && articleMemo && lastFiles.get(articleMemo);
  let articleFiles = readArticleFiles(root, {
    unchanged: changed && ((file) => (changed.has(file) ? undefined : bodyOf(articleMemo, file))),
    known: articleMemo?.known?.bind(articleMemo),
    last: last && { files: last, saved: changed },
  });
  // The workers load their modules while esbuild bundles, when there are enough files to
  // parse (a pool stopped while its threads still load modules can crash Node).
  if (options.pool && toParse(articleFiles, articleMemo).length >= MIN_PARALLEL_WORK)
    options.pool.start();
  const [bundles, stages, render] = await Promise.all([
    options.bundle(),
    loadStages(),
    articleFiles.hasBodies
      ? import('../content/markdown.ts').then((module) => module.renderMarkdown)
      : undefined,
  ]);
  clock.lap('read and bundle');
  const site = evaluateSite(bundles, root, limitMs);
  // Articles checked against another responsible-copy list are read and parsed again.
  if (articleMemo && forgetOtherLists(articleMemo, siteList(site.content)?.digest))
    articleFiles = readArticleFiles(root, { known: articleMemo.known?.bind(articleMemo) });
  if (articleMemo) lastFiles.set(articleMemo, articleFiles);
  const ahead = await parseAhead(articleFiles, site.content, options);
  const loaded = stages.loadContent(site.content, articleFiles, {
    drafts,
    render,
    memo: articleMemo,
    parsed: ahead?.parsed,
    readSource: (file) => textOf(readSourceFile(path.join(root, file))),
    lookAtImage: (source) => peekImage(root, source),
    last: options.contentMemo,
  });
  clock.lap('load and validate');
  const prelinked: Prelinked | undefined = ahead && {
    targetsKey: JSON.stringify(ahead.targets),
    bodies: ahead.linked,
  };
  return { bundles, stages, render, site, ...loaded, prelinked };
}

/**
 * Parses the article files the memo does not hold on the worker threads, when there are enough
 * of them to be worth it, and links their bodies when the brands look sound (loadContent checks
 * them; a body linked to anything else is linked again later). Undefined otherwise.
 */
async function parseAhead(files: ArticleFiles, content: SiteContent, options: LoadOptions) {
  const { pool, articleMemo } = options;
  if (!pool) return undefined;
  const unparsed = toParse(files, articleMemo);
  if (unparsed.length < MIN_PARALLEL_WORK) return undefined;
  const targets = soundTargets(content);
  return { ...(await pool.parse(unparsed, targets, siteList(content))), targets };
}

/** The article files the memo does not hold the result of (readable ones only). */
function toParse(files: ArticleFiles, memo: ArticleMemo | undefined) {
  return files.files.filter(
    (entry): entry is { file: string; text: string } =>
      typeof entry.text === 'string' &&
      !entry.isUnchanged &&
      !isKnown(memo, entry.file, entry.text),
  );
}

/** The brands' outbound links (brandTargets), if every brand has a name and a URL. */
function soundTargets(content: SiteContent): LinkTarget[] | undefined {
  const brands: unknown = content.brands;
  const isSound =
    Array.isArray(brands) &&
    brands.every((brand) => typeof brand?.name === 'string' && typeof brand?.url === 'string');
  return isSound ? brandTargets(content) : undefined;
}

/** Whether the memo's result of `file` has a body; undefined when the memo has none. */
function bodyOf(memo: ArticleMemo | undefined, file: string) {
  const kept = memo?.get(file);
  return kept && { hasBody: kept.result.bodyDigest !== undefined };
}

/** A file read by readSourceFile as text, or undefined when it is missing or unusable. */
function textOf(file: SourceFile): string | undefined {
  return typeof file === 'string' ? file : undefined;
}
