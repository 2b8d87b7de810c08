import type { Content, SiteContent } from '../../content/types.ts';
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
}

/**
 * Joins the TypeScript configuration with the articles parsed from their files, after
 * checking both: every problem of every file in one SitegenError (ContentInvalid), so one
 * run shows them all. Drafts are left out unless `drafts`. Pure apart from the memo and
 * `lookAtImage`.
 */
export function loadContent(
  siteContent: SiteContent,
  files: ArticleFiles,
  { drafts = false, render, memo, parsed, readSource, lookAtImage }: LoadOptions = {},
): LoadedContent {
  const problems = validateContent(siteContent, readSource);
  // The responsible-copy list (src/content/responsible.ts) every text is held to.
  const phrases = siteList(siteContent);
  problems.push(...responsibleListProblems(siteContent));
  problems.push(...configPhraseProblems(siteContent, phrases, readSource));
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
      content: { ...siteContent, articles: read.articles },
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
    content: { ...siteContent, articles: read.articles.filter((article) => !article.draft) },
    bodies: published(read.bodies),
    bodyDigests: published(read.bodyDigests),
    bodyImages: published(read.bodyImages),
    draftsLeftOut,
  };
}
