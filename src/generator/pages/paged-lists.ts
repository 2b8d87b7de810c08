import type { Content } from '../../content/types.ts';
import type { ArticleSummary } from '../../templates/index.ts';
import { ARTICLE_LIST_URL } from './kind-article-list.ts';
import { articlesShown, type Page } from './kinds.ts';
import type { PageContext } from './page-context.ts';
import { listDataUrl } from './paging.ts';

/** One paged list: its URL and its items in list order, as summaries. */
export interface PagedList {
  url: string;
  items: ArticleSummary[];
  isSearchable: boolean;
}

/**
 * Returns the paged lists among `pages` (the one list of pages) whose data file path
 * ("artikel/list.json") is in `only`, each with its items in list order: what its pages show,
 * page after page. The article list is the searchable one. Pure.
 */
export function pagedLists(
  pages: Page[],
  content: Content,
  context: PageContext,
  only: ReadonlySet<string>,
): PagedList[] {
  const bySlug = new Map(content.articles.map((article) => [article.slug, article]));
  const lists = new Map<string, PagedList>();
  for (const page of pages) {
    if (!('list' in page) || !only.has(listDataUrl(page.list.listUrl).slice(1))) continue;
    const { listUrl } = page.list;
    let list = lists.get(listUrl);
    if (!list) {
      list = { url: listUrl, items: [], isSearchable: listUrl === ARTICLE_LIST_URL };
      lists.set(listUrl, list);
    }
    for (const slug of articlesShown(page, content))
      list.items.push(context.summarize(bySlug.get(slug)!));
  }
  return [...lists.values()];
}
