import type { Article, Content, SiteContent } from '../../content/types.ts';
import type { Problem } from '../errors/problem.ts';
import type { ArticleFiles } from './article-files.ts';
import type { BodyImage } from './body-images.ts';
import { sitegenError } from '../errors/errors.ts';
import { ContentInvalid } from '../errors/errors-data.ts';
import type { ArticleMemo } from './article-memo.ts';
import { type ParsedFiles, readArticles, type Render } from './read-articles.ts';
import { refusedSeoCopy } from './check-seo-copy.ts';
import {
  configPhraseProblems,
  responsibleListProblems,
  siteList,
} from './check-responsible-copy.ts';
import { type ReadSource, validateContent } from './validate-content.ts';

export interface LoadedContent {
  content: Content;
  /** Body HTML by article slug (Markdown rendered, not yet brand-linked). */
  bodies: Map<string, string>;
  /** The digest of every article's body by slug (ArticleSet.bodyDigests); absent: no body. */
  bodyDigests: Map<string, string>;
  /** The images of each body by slug (ArticleSet.bodyImages); absent: none. */
  bodyImages: Map<string, BodyImage[]>;
  /** Slugs of the drafts left out (empty when drafts are included). */
  draftsLeftOut: string[];
}

export interface LoadOptions {
  /** Keep the articles marked `draft: true`; default false. */
  drafts?: boolean;
  /** markdown.ts's renderMarkdown; required when `files.hasBodies`. */
  render?: Render;
  memo?: ArticleMemo;
  /** Files parsed ahead by worker threads, by path (see readArticles). */
  parsed?: ParsedFiles;
  /** Reads a configuration file (src/content/site.ts, ...) to name the line of a problem. */
  readSource?: ReadSource;
  /**
   * readArticles' `lookAtImage`: an image file that is missing or no image is a content problem
   * like the others.
   */
  lookAtImage?: (source: string) => string | undefined;
  /** The Content of the last run (watch): kept when this one is made of the same objects. */
  last?: ContentMemo;
}

/**
 * The last Content loadContent made and the configuration it was made from, kept between the
 * runs of watch: a run whose configuration and articles are the same objects, in the same
 * order, gets the same Content object, and what is memoized by it (its pages) stays valid.
 */
export interface ContentMemo {
  last?: { site: SiteContent; content: Content };
}

/**
 * Joins the TypeScript configuration with the articles parsed from their files, after
 * checking both: every problem of every file in one SitegenError (ContentInvalid), so one
 * run shows them all. Drafts are left out unless `drafts`. A configuration object found sound
 * is not checked again (configProblems), and the last Content is handed out again when made of
 * the same objects (`last`, contentOf). Pure apart from the memos and `lookAtImage`.
 */
export function loadContent(
  siteContent: SiteContent,
  files: ArticleFiles,
  { drafts = false, render, memo, parsed, readSource, lookAtImage, last }: LoadOptions = {},
): LoadedContent {
  const problems = configProblems(siteContent, readSource);
  // The responsible-copy list (src/content/responsible.ts) every text is held to.
  const phrases = siteList(siteContent);
  const brandSlugs = Array.isArray(siteContent.brands)
    ? siteContent.brands.map((brand) => brand?.slug).filter((slug) => typeof slug === 'string')
    : [];
  const read = readArticles(files, brandSlugs, { render, memo, parsed, lookAtImage, phrases });
  problems.push(...read.problems);
  // The page copy is built from all of the above: checked once they are sound.
  if (problems.length === 0) {
    const content = { ...siteContent, articles: read.articles };
    problems.push(...refusedSeoCopy(content, readSource, phrases));
  }
  if (problems.length > 0) {
    throw sitegenError(
      ContentInvalid,
      { count: problems.length },
      { problems, file: problems[0].file },
    );
  }
  if (drafts)
    return {
      content: contentOf(siteContent, read.articles, last),
      bodies: read.bodies,
      bodyDigests: read.bodyDigests,
      bodyImages: read.bodyImages,
      draftsLeftOut: [],
    };
  const draftsLeftOut = read.articles
    .filter((article) => article.draft)
    .map((article) => article.slug);
  const left = new Set(draftsLeftOut);
  const published = <T>(bySlug: Map<string, T>) =>
    new Map([...bySlug].filter(([slug]) => !left.has(slug)));
  return {
    content: contentOf(
      siteContent,
      read.articles.filter((article) => !article.draft),
      last,
    ),
    bodies: published(read.bodies),
    bodyDigests: published(read.bodyDigests),
    bodyImages: published(read.bodyImages),
    draftsLeftOut,
  };
}

/** The configurations found sound (validateContent and the responsible-copy checks). */
const soundConfigs = new WeakSet<SiteContent>();

/**
 * The problems of the configuration: the schemas and the character rule (validateContent), the
 * responsible-copy list itself and the phrases in the site and the brands. A configuration
 * object found sound once is sound (it is the evaluated site module's, which nothing changes).
 * Pure apart from `readSource` and that memo.
 */
function configProblems(siteContent: SiteContent, readSource?: ReadSource): Problem[] {
  if (soundConfigs.has(siteContent)) return [];
  const problems = validateContent(siteContent, readSource);
  problems.push(...responsibleListProblems(siteContent));
  problems.push(...configPhraseProblems(siteContent, siteList(siteContent), readSource));
  if (problems.length === 0) soundConfigs.add(siteContent);
  return problems;
}

/**
 * The Content of `siteContent` and `articles`: the last one (`memo`) when it was made of the
 * same configuration object and the same article records in the same order, else a new one,
 * which the memo then keeps. Pure apart from the memo.
 */
function contentOf(
  siteContent: SiteContent,
  articles: Article[],
  memo: ContentMemo | undefined,
): Content {
  const last = memo?.last;
  const isSame =
    last?.site === siteContent &&
    last.content.articles.length === articles.length &&
    last.content.articles.every((article, index) => article === articles[index]);
  if (isSame) return last.content;
  const content = { ...siteContent, articles };
  if (memo) memo.last = { site: siteContent, content };
  return content;
}
