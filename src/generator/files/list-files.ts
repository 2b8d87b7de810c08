import { createHash } from 'node:crypto';
import { fingerprint } from '../assets/assets.ts';
import type { OutputFile } from '../output/writer.ts';
import type { ArticleSummary, ImageView } from '../../templates/index.ts';
import type { PagedList } from '../pages/paged-lists.ts';
import { LIST_PAGE_SIZE, listDataUrl } from '../pages/paging.ts';
import { lastCallMemo } from './last-call-memo.ts';
import { planSearchBlocks, type SearchEntry } from './search-blocks.ts';

/**
 * What the script reads to add a list's cards without reloading: per paged list (the article
 * list, each brand's list), a file `{list}list.json` (not fingerprinted, so a page always finds
 * the current one) naming one fingerprinted file of cards per page under assets/lists/; for the
 * article list, also its search index in blocks (search-blocks.ts). Cards are data, not markup:
 * the script fills the page's `<template>` card (templates/PagedCards.tsx) with them. A page's
 * card file is kept from the last call while its cards are the same, so a watch save that
 * changes one card serializes one page of cards, not the whole list.
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

/** The card files of the last call, by cardFileKey. */
const cardFiles = lastCallMemo<OutputFile>();

/**
 * Returns each list's data files by the path of its data file ("artikel/list.json"), their URLs
 * under `base` ("/" or "/repo/"). Deterministic; pure apart from the memos of the last call's
 * card files and search blocks.
 */
export function planListFiles(lists: PagedList[], base: string): Map<string, OutputFile[]> {
  return cardFiles.run(
    (get) =>
      new Map(lists.map((list) => [listDataUrl(list.url).slice(1), listFiles(list, base, get)])),
  );
}

function listFiles(
  list: PagedList,
  base: string,
  get: (key: string, make: () => OutputFile) => OutputFile,
): OutputFile[] {
  const stem = `assets/lists/${list.url.replace(/^\/|\/$/g, '').replaceAll('/', '-')}`;
  const cards = list.items.map((item) => cardData(item, base));
  const pages: OutputFile[] = [];
  for (let start = 0; start < cards.length; start += LIST_PAGE_SIZE) {
    const name = `${stem}-${start / LIST_PAGE_SIZE + 1}`;
    const own = cards.slice(start, start + LIST_PAGE_SIZE);
    pages.push(get(cardFileKey(name, own), () => fingerprint(name, '.json', JSON.stringify(own))));
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

/**
 * What a card file is made of: its name and its cards, every field in order, as one string
 * hashed once (at 10,000 cards about half the time of the JSON and its fingerprint): each card
 * starts "card" and each field is `key=value`, after a NUL, which no text, slug or URL of the
 * site holds (policy/text-policy.ts); an image (rare) as JSON.
 */
function cardFileKey(name: string, cards: CardData[]): string {
  let text = name;
  for (const card of cards) {
    text += '\0card';
    for (const key in card) {
      const value = card[key as keyof CardData];
      text += `\0${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    }
  }
  return createHash('sha1').update(text).digest('hex');
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
