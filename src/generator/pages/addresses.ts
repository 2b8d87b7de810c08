import type { Article } from '../../content/types.ts';

/** The feed's file name, in the output root: served at the site URL + "feed.xml". */
export const FEED_FILE = 'feed.xml';

/** Site-relative URL of an article's page ("/artikel/{slug}/"). Pure. */
export function articleUrl(slug: string): string {
  return `/artikel/${slug}/`;
}

/** The date an article last changed (YYYY-MM-DD): `updatedAt ?? publishedAt`. Pure. */
export function lastUpdated(article: Article): string {
  return article.updatedAt ?? article.publishedAt;
}

/**
 * The newest `lastUpdated` of `articles` (YYYY-MM-DD sorts as text), or undefined when there are
 * none. Pure.
 */
export function newestDate(articles: Article[]): string | undefined {
  return articles.reduce<string | undefined>((newest, article) => {
    const date = lastUpdated(article);
    return newest === undefined || date > newest ? date : newest;
  }, undefined);
}
