import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { urlsOfList } from '../policy/urls.ts';
import {
  dataFile,
  isCount,
  isObject,
  isStringArray,
  readJson,
  reporter,
  shown,
} from './check-json.ts';
import { checkSearchIndex } from './check-search.ts';
import { locate, type Site } from './check-site.ts';

/**
 * The data the script reads to add a list's cards and search it (files/list-files.ts): each
 * `{list}list.json` parses and has the shape the script expects, each card file it names is a
 * file of the output holding that page's cards, each card's link is the path of a page of the
 * site and its picture's files exist; the search index it names is check-search.ts's.
 */

/**
 * Checks every `list.json` of the output and the files each names. Adds the pages cards link to
 * `site.linked` and the images they show to `site.images`. Reads the files.
 */
export function checkListData(site: Site): Problem[] {
  const problems: Problem[] = [];
  for (const file of site.output.files)
    if (path.posix.basename(file) === 'list.json') checkList(site, file, problems);
  return problems;
}

function checkList(site: Site, file: string, problems: Problem[]) {
  const report = reporter(problems, file);
  const data = readJson(site, file, report);
  if (!isObject(data)) {
    if (data !== undefined) report('is not a JSON object; expected {"total", "pageSize", "pages"}');
    return;
  }
  const { total, pageSize, pages } = data;
  if (!isCount(total)) return report(`"total" is ${shown(total)}; expected a whole number`);
  if (!isCount(pageSize) || pageSize === 0)
    return report(`"pageSize" is ${shown(pageSize)}; expected a whole number above 0`);
  if (!isStringArray(pages)) return report(`"pages" is ${shown(pages)}; expected a list of URLs`);
  const expected = Math.ceil(total / pageSize);
  if (pages.length !== expected)
    report(
      `"pages" names ${pages.length} card ${pages.length === 1 ? 'file' : 'files'} for a "total" of ${total} cards, ${pageSize} a page; expected ${expected}`,
    );
  pages.forEach((url, index) => {
    const cards = dataFile(site, url, '"pages"', report);
    const count = Math.min(pageSize, total - index * pageSize);
    if (cards) checkCards(site, cards, count, problems);
  });
  if (data.search !== undefined) checkSearchIndex(site, data.search, file, total, problems);
}

/** The string fields of a card (files/list-files.ts CardData). */
const CARD_STRINGS = [
  'href',
  'title',
  'excerpt',
  'brand',
  'brandName',
  'author',
  'date',
  'readTime',
] as const;

/** One card file: a list of `count` cards, each a card the script can fill in. */
function checkCards(site: Site, file: string, count: number, problems: Problem[]) {
  const report = reporter(problems, file);
  const cards = readJson(site, file, report);
  if (cards === undefined) return;
  if (!Array.isArray(cards)) return report('is not a JSON list; expected a list of cards');
  if (cards.length !== count)
    report(`holds ${cards.length} cards; expected ${count} (a page of its list.json)`);
  cards.forEach((card, index) => {
    const problem = isObject(card) ? cardProblem(site, file, card) : 'is not an object';
    if (problem) report(`card ${index + 1}: ${problem}`);
  });
}

/** Why one card is not one the script can show; undefined when it is. */
function cardProblem(site: Site, file: string, card: Record<string, unknown>): string | undefined {
  for (const key of CARD_STRINGS)
    if (typeof card[key] !== 'string') return `"${key}" is ${shown(card[key])}; expected a string`;
  if (card.draft !== undefined && card.draft !== true)
    return `"draft" is ${shown(card.draft)}; expected true or nothing`;
  const href = card.href as string;
  if (!href.startsWith('/') || href.startsWith('//'))
    return `"href" is ${JSON.stringify(href)}; expected the path of a page of this site, from ${site.base}`;
  const { found, missing } = locate(site, href, site.base);
  if (!found) return `"href" ${JSON.stringify(href)} does not resolve: ${missing}`;
  if (!found.endsWith('.html')) return `"href" ${JSON.stringify(href)} is ${found}, not a page`;
  site.linked.add(found);
  return card.image === undefined ? undefined : imageProblem(site, file, card.image);
}

/** A card's picture (templates/types.ts ImageView): its files exist. */
function imageProblem(site: Site, file: string, image: unknown): string | undefined {
  if (!isObject(image) || typeof image.src !== 'string' || typeof image.srcset !== 'string')
    return `"image" is ${shown(image)}; expected {"src", "srcset", "sizes", "width", "height", "alt"}`;
  for (const url of [image.src, ...urlsOfList('srcset', image.srcset)]) {
    const { found, missing } = locate(site, url, site.base);
    if (!found) return `"image" ${JSON.stringify(url)} does not resolve: ${missing}`;
    site.images.set(found, [...(site.images.get(found) ?? []), { page: file }]);
  }
  return undefined;
}
