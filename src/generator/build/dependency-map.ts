import { createHash } from 'node:crypto';
import type { Article, Content } from '../../content/types.ts';
import { articlesShown, bodiesShown, factsOf, type Page } from '../pages/kinds.ts';
import { listDataUrl } from '../pages/paging.ts';

/**
 * The one dependency map: for every page (by output path), the digest of everything it read
 * and the files it put in the output (the page and its social card). A page whose digest is
 * unchanged renders to the same bytes, so its files are kept and it is not planned or rendered.
 * watch keeps the map between saves; a one-shot build keeps it in the build manifest
 * (build-manifest.ts). Both decide with selectPages.
 */
export type DependencyMap = Map<string, PageDeps>;

export interface PageDeps {
  digest: string;
  /** The page's own file first, then its social card when it has a drawn one. */
  files: string[];
}

/**
 * What a page can read besides its own address, digested. `site` is what every page reads: the
 * site's code (templates and the configuration modules are bundled into it), the asset URLs,
 * the site URL and the run's switches. The rest is per article, for the pages that show it.
 */
export interface PageInputs {
  site: string;
  /** Every article by slug. */
  bySlug: ReadonlyMap<string, Article>;
  /** The digest of `article`'s record as pages show it (recordDigest), image included. */
  record(article: Article): string;
  /** The digest of the body of `slug` before linking; undefined when it has none. */
  body(slug: string): string | undefined;
}

/**
 * The digest of each page of `pages`, by output path: its template and address, the records
 * of the articles it shows in the order it shows them (its kind's `shows`), what else it reads
 * of the content (its kind's `facts`: a list's size and pages), and the bodies it shows (its
 * kind's `bodies`). A title change thus reaches the article's page, the lists and
 * brand page that show it and home when featured; a body change only its own page. Pure.
 */
export function digestPages(
  pages: Page[],
  content: Content,
  inputs: PageInputs,
): Map<string, string> {
  const { bySlug } = inputs;
  const digests = new Map<string, string>();
  for (const page of pages) {
    const hash = createHash('sha1').update(inputs.site);
    const { url, outputPath, template, isIndexable, lastModified, source } = page;
    hash.update(JSON.stringify([template, url, outputPath, isIndexable, lastModified, source]));
    for (const slug of articlesShown(page, content)) hash.update(inputs.record(bySlug.get(slug)!));
    hash.update(JSON.stringify(factsOf(page, content)));
    hash.update('\0bodies');
    for (const slug of bodiesShown(page)) hash.update(inputs.body(slug) ?? '-');
    digests.set(outputPath, hash.digest('hex'));
  }
  return digests;
}

/** Record digests by article object: an article unchanged since the last save is not hashed again. */
const recordDigests = new WeakMap<Article, string>();

/**
 * The digest of one article record with whatever else its cards and page show of it
 * (`extra`: its processed image, as JSON). Its `aliases` are left out: no page shows them, and
 * each redirect page has its address in its own digest. Pure apart from a cache keyed by the
 * record.
 */
export function recordDigest(article: Article, extra = ''): string {
  let digest = recordDigests.get(article);
  if (digest === undefined) {
    const { aliases: _aliases, ...shown } = article;
    digest = createHash('sha1').update(JSON.stringify(shown)).digest('hex');
    recordDigests.set(article, digest);
  }
  return extra === '' ? digest : createHash('sha1').update(digest).update(extra).digest('hex');
}

/** The digest of what every page reads (PageInputs.site), from its parts. Pure. */
export function siteDigest(parts: unknown[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part));
  return hash.digest('hex');
}

/** What selectPages decides: the pages to plan and render, and the files kept from before. */
export interface PageSelection {
  toPlan: Page[];
  /** The kept pages' entries, by output path (their files stay as the last commit left them). */
  kept: DependencyMap;
}

/**
 * Chooses the pages to plan and render: those whose digest differs from `previous`, or whose
 * files `keepAll` cannot keep (the last output lacks one, or it was changed). The others keep
 * their files. `keepAll` is asked only for unchanged pages. Pure apart from `keepAll`.
 */
export function selectPages(
  pages: Page[],
  digests: Map<string, string>,
  previous: DependencyMap | undefined,
  keepAll: ((files: string[]) => boolean) | undefined,
): PageSelection {
  const toPlan: Page[] = [];
  const kept: DependencyMap = new Map();
  for (const page of pages) {
    const last = previous?.get(page.outputPath);
    if (last && keepAll && last.digest === digests.get(page.outputPath) && keepAll(last.files))
      kept.set(page.outputPath, last);
    else toPlan.push(page);
  }
  return { toPlan, kept };
}

/**
 * The digest of each paged list's data files (files/list-files.ts), by the list's data file
 * path ("artikel/list.json"): the digests of the list's pages, in order. The files hold what
 * those pages show (cards, and the search index of their titles, excerpts and brands), so they
 * change exactly when a page of the list does. Pure.
 */
export function digestLists(pages: Page[], digests: Map<string, string>): Map<string, string> {
  const parts = new Map<string, string[]>();
  for (const page of pages) {
    if (!('list' in page)) continue;
    const key = listDataUrl(page.list.listUrl).slice(1);
    if (!parts.has(key)) parts.set(key, []);
    parts.get(key)!.push(digests.get(page.outputPath)!);
  }
  return new Map([...parts].map(([key, pageDigests]) => [key, siteDigest(pageDigests)] as const));
}

/**
 * Which lists keep their data files (unchanged digest, every file still there: `keepAll`) and
 * which are made again, by data file path. Pure but for `keepAll`, which marks kept files.
 */
export function selectLists(
  digests: Map<string, string>,
  previous: DependencyMap | undefined,
  keepAll: ((files: string[]) => boolean) | undefined,
): { kept: DependencyMap; toMake: Set<string> } {
  const kept: DependencyMap = new Map();
  const toMake = new Set<string>();
  for (const [key, digest] of digests) {
    const last = previous?.get(key);
    if (last && keepAll && last.digest === digest && keepAll(last.files)) kept.set(key, last);
    else toMake.add(key);
  }
  return { kept, toMake };
}
