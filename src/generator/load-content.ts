import type { Content, SiteContent } from '../content/types.ts';
import { sitegenError } from './errors.ts';
import { ContentInvalid } from './errors-data.ts';
import { type ArticleMemo, readArticles } from './read-articles.ts';
import { validateContent } from './validate-content.ts';

export interface LoadedContent {
  content: Content;
  /** Body HTML by article slug (Markdown rendered, not yet brand-linked). */
  bodies: Map<string, string>;
  /** Slugs of the drafts left out (empty when drafts are included). */
  draftsLeftOut: string[];
}

/**
 * Joins the TypeScript configuration with the articles read from Markdown, after checking
 * both: every problem of every file in one SitegenError (ContentInvalid), so one run shows
 * them all. Drafts are left out unless `drafts`. Reads disk, writes nothing.
 */
export async function loadContent(siteContent: SiteContent, root: string, { drafts = false, memo }: { drafts?: boolean; memo?: ArticleMemo } = {}): Promise<LoadedContent> {
  const problems = validateContent(siteContent);
  const brandSlugs = Array.isArray(siteContent.brands) ? siteContent.brands.map((brand) => brand?.slug).filter((slug) => typeof slug === 'string') : [];
  const read = await readArticles(root, brandSlugs, memo);
  problems.push(...read.problems);
  if (problems.length > 0) {
    throw sitegenError(ContentInvalid, { count: problems.length }, { problems, file: problems[0].split(':')[0] });
  }
  const articles = drafts ? read.articles : read.articles.filter((article) => !article.draft);
  const draftsLeftOut = drafts ? [] : read.articles.filter((article) => article.draft).map((article) => article.slug);
  const bodies = drafts ? read.bodies : new Map([...read.bodies].filter(([slug]) => !draftsLeftOut.includes(slug)));
  return { content: { ...siteContent, articles }, bodies, draftsLeftOut };
}
