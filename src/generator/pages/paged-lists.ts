import type { ArticleSummary } from '../../templates/index.ts';
import { ARTICLE_LIST_URL } from './kind-article-list.ts';
import type { Page } from './kinds.ts';
import { listDataUrl } from './paging.ts';
import type { Route } from './plan-routes.ts';

/** One paged list: its URL and its items in list order, as summaries. */
export interface PagedList {
  url: string;
  items: ArticleSummary[];
  isSearchable: boolean;
}

/**
 * Returns the paged lists among `pages` (the one list of pages) whose data file path
 * ("artikel/list.json") is in `only`, each with its items in list order: the cards its pages'
 * props show (`plan`: a planner without social cards), page after page. The article list is
 * the searchable one. Pure.
 */
export function pagedLists(
  pages: Page[],
  plan: (page: Page) => Route,
  only: ReadonlySet<string>,
): PagedList[] {
  const lists = new Map<string, PagedList>();
  for (const page of pages) {
    if (!('list' in page) || !only.has(listDataUrl(page.list.listUrl).slice(1))) continue;
    const { listUrl } = page.list;
    let list = lists.get(listUrl);
    if (!list) {
      list = { url: listUrl, items: [], isSearchable: listUrl === ARTICLE_LIST_URL };
      lists.set(listUrl, list);
    }
    const { props } = plan(page);
    if ('articles' in props) list.items.push(...props.articles);
  }
  return [...lists.values()];
}
