import { fingerprint } from '../assets/assets.ts';
import type { OutputFile } from '../output/writer.ts';
import type { ArticleSummary, ImageView } from '../../templates/index.ts';
import type { PagedList } from '../pages/paged-lists.ts';
import { LIST_PAGE_SIZE, listDataUrl } from '../pages/paging.ts';
import { planSearchBlocks, type SearchEntry } from './search-blocks.ts';

/**
 * What the script reads to add a list's cards without reloading: per paged list (the article
 * list, each brand's list), a file `{list}list.json` (not fingerprinted, so a page always finds
 * the current one) naming one fingerprinted file of cards per page under assets/lists/; for the
 * article list, also its search index in blocks (search-blocks.ts). Cards are data, not markup:
 * the script fills the page's `<template>` card (templates/PagedCards.tsx) with them.
 */

/** One card as the script fills it in: what ArticleCard shows, its link ready to use. */
export interface CardData {
  href: string;
  title: string;
  excerpt: string;
  brand: string;
  brandName: string;
  author: string;
  date: string;
  readTime: string;
  draft?: true;
  image?: ImageView;
}

/** `{list}list.json`: the list's size and its card files, one per page, in page order. */
export interface ListData {
  total: number;
  pageSize: number;
  pages: string[];
  search?: SearchEntry;
}

/**
 * Returns each list's data files by the path of its data file ("artikel/list.json"), their URLs
 * under `base` ("/" or "/repo/"). Deterministic; pure apart from the memo of the last call's
 * search blocks.
 */
export function planListFiles(lists: PagedList[], base: string): Map<string, OutputFile[]> {
  return new Map(lists.map((list) => [listDataUrl(list.url).slice(1), listFiles(list, base)]));
}

function listFiles(list: PagedList, base: string): OutputFile[] {
  const stem = `assets/lists/${list.url.replace(/^\/|\/$/g, '').replaceAll('/', '-')}`;
  const cards = list.items.map((item) => cardData(item, base));
  const pages: OutputFile[] = [];
  for (let start = 0; start < cards.length; start += LIST_PAGE_SIZE) {
    const page = start / LIST_PAGE_SIZE + 1;
    const contents = JSON.stringify(cards.slice(start, start + LIST_PAGE_SIZE));
    pages.push(fingerprint(`${stem}-${page}`, '.json', contents));
  }
  const search = list.isSearchable
    ? planSearchBlocks(
        list.items.map((item) => ({
          title: item.title,
          excerpt: item.excerpt,
          brand: item.brand.name,
        })),
        base,
      )
    : undefined;
  const data: ListData = {
    total: cards.length,
    pageSize: LIST_PAGE_SIZE,
    pages: pages.map((file) => base + file.path),
    ...(search ? { search: search.entry } : {}),
  };
  return [
    ...pages,
    ...(search?.files ?? []),
    { path: listDataUrl(list.url).slice(1), contents: JSON.stringify(data) },
  ];
}

/** What the script needs of a card's summary to fill the `<template>` card. Pure. */
function cardData(summary: ArticleSummary, base: string): CardData {
  return {
    href: `${base}artikel/${summary.slug}/`,
    title: summary.title,
    excerpt: summary.excerpt,
    brand: summary.brand.slug,
    brandName: summary.brand.name,
    author: summary.author,
    date: summary.date,
    readTime: summary.readTime,
    ...(summary.isDraft ? { draft: true as const } : {}),
    ...(summary.image ? { image: summary.image } : {}),
  };
}
