import type { Paging } from '../../templates/index.ts';

/**
 * Paged lists (/artikel/ and each brand's /brand/{slug}/artikel/): every page of a list is a
 * real static page with its own URL, 12 cards each, as Hugo's `.Paginate` and Astro's
 * `paginate()` do. Page 1 lives at the list's own URL, page n at `{list}halaman/{n}/`.
 */

/** Cards per page, and per 'Muat Lebih Banyak Artikel' click. */
export const LIST_PAGE_SIZE = 12;

/** One page of a list: its number (from 1), how many there are, and its neighbours' URLs. */
export interface ListPage {
  page: number;
  pageCount: number;
  /** The list's own URL ("/artikel/"): page 1. */
  listUrl: string;
  /** This page's URL. */
  url: string;
  previous?: string;
  next?: string;
}

/** The site-relative URL of page `page` of the list at `listUrl`. Pure. */
export function pageUrl(listUrl: string, page: number): string {
  return page === 1 ? listUrl : `${listUrl}halaman/${page}/`;
}

/** The output path of a site-relative URL that ends in "/": its index.html. Pure. */
export function indexPath(url: string): string {
  return `${url.slice(1)}index.html`;
}

/** How many pages `count` items take (at least one, so an empty list still has its page). Pure. */
function pageCountOf(count: number): number {
  return Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));
}

/** Every page of the list at `listUrl` holding `count` items, in order. Pure. */
export function pagesOfList(listUrl: string, count: number): ListPage[] {
  const pageCount = pageCountOf(count);
  return Array.from({ length: pageCount }, (_, i) => {
    const page = i + 1;
    return {
      page,
      pageCount,
      listUrl,
      url: pageUrl(listUrl, page),
      ...(page > 1 ? { previous: pageUrl(listUrl, page - 1) } : {}),
      ...(page < pageCount ? { next: pageUrl(listUrl, page + 1) } : {}),
    };
  });
}

/** The items page `page` (from 1) shows. Pure. */
export function pageSlice<T>(items: T[], page: number): T[] {
  return items.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
}

/** The URL of a list's data file (cards and search index entry): `{list}list.json`. Pure. */
export function listDataUrl(listUrl: string): string {
  return `${listUrl}list.json`;
}

/**
 * What a list template shows of `list`: page numbers, neighbours, the data file, and which
 * parts its card template needs (drafts shown, pictures). Pure.
 */
export function pagingOf(
  list: ListPage,
  { showsDrafts = false, showsImages = false } = {},
): Paging {
  const { page, pageCount, previous, next } = list;
  return {
    page,
    pageCount,
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
    data: listDataUrl(list.listUrl),
    ...(showsDrafts ? { showsDrafts } : {}),
    ...(showsImages ? { showsImages } : {}),
  };
}
