import { createHash, hash } from 'node:crypto';
import type { Article, Content } from '../../content/types.ts';
import type { Page } from '../pages/kinds.ts';
import { listDataUrl } from '../pages/paging.ts';
import { ALL_ARTICLES, querySlugs, type ReadKey } from '../pages/reads.ts';

/**
 * The one dependency map: for every page (by output path), the digest of everything it read,
 * the keys it read (pages/reads.ts) and the files it put in the output (the page and its
 * social card); for every list's data file and public file, the same without reads. Kept by
 * the history (history.ts) from one run to the next.
 */
export type DependencyMap = Map<string, PageDeps>;

export interface PageDeps {
  digest: string;
  /** The page's own file first, then its social card when it has a drawn one. */
  files: string[];
  /** What its props read, as recorded (pages only). */
  reads?: ReadKey[];
}

/**
 * What the pages of one run can read beyond what every page reads (the site's code, with the
 * templates and configuration bundled into it, the asset URLs, the site URL and the run's
 * switches: one digest in every page's): the values behind the read keys of pages/reads.ts.
 */
export interface ReadInputs {
  content: Content;
  /** Every article by slug. */
  bySlug: ReadonlyMap<string, Article>;
  /** The digest of the body of `slug` as its page shows it; undefined when it has none. */
  body(slug: string): string | undefined;
  /** What the front matter image of `slug` became (JSON); '' without one. */
  image(slug: string): string;
}

/** The digest of one read key's value in this run, memoized; undefined for a key no run makes. */
export type ReadDigest = (key: ReadKey) => string | undefined;

/** Returns the digests of the read keys for `inputs`, each worked out once. Pure. */
export function readDigests(inputs: ReadInputs): ReadDigest {
  const known = new Map<ReadKey, string | undefined>();
  return (key) => {
    if (!known.has(key)) known.set(key, digestOfRead(key, inputs));
    return known.get(key);
  };
}

function digestOfRead(key: ReadKey, inputs: ReadInputs): string | undefined {
  if (key === ALL_ARTICLES) return allArticlesDigest(inputs.content.articles);
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const slug = key.slice(colon + 1);
  const article = inputs.bySlug.get(slug);
  switch (kind) {
    case 'article':
      return article ? recordDigest(article) : '-';
    case 'aliases':
      return JSON.stringify(article?.aliases ?? null);
    case 'body':
      return inputs.body(slug) ?? '-';
    case 'image':
      return inputs.image(slug);
    case 'query': {
      const slugs = querySlugs(key, inputs.content);
      return slugs && sha1(slugs.join('\n'));
    }
    default:
      return undefined;
  }
}

/** Record digests by article object: an article unchanged since the last save is not hashed again. */
const recordDigests = new WeakMap<Article, string>();

/**
 * The digest of one article record as pages read it: every field but `aliases` (read keys
 * `article:` and `aliases:` are apart). Pure apart from a cache keyed by the record.
 */
export function recordDigest(article: Article): string {
  let digest = recordDigests.get(article);
  if (digest === undefined) {
    const { aliases: _aliases, ...shown } = article;
    digest = sha1(JSON.stringify(shown));
    recordDigests.set(article, digest);
  }
  return digest;
}

/**
 * Notes that `article`'s record digest is `digest`: the build manifest keeps each record's
 * digest beside the record, so a second build does not hash 10,000 records again.
 */
export function knowRecordDigest(article: Article, digest: string): void {
  recordDigests.set(article, digest);
}

function allArticlesDigest(articles: Article[]): string {
  const hash = createHash('sha1');
  for (const article of articles)
    hash.update(recordDigest(article)).update(JSON.stringify(article.aliases ?? null));
  return hash.digest('hex');
}

/** The digest of a list of parts (strings as they are, anything else as JSON). Pure. */
export function siteDigest(parts: unknown[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part));
  return hash.digest('hex');
}

function sha1(text: string): string {
  return hash('sha1', text);
}

/**
 * The digest of `page` after a run in which it read `reads`: what every page reads, its own
 * address and record (the article or brand it carries by name: their contents are reads), and
 * the digest of each read. Undefined when a read is of a key this run cannot digest. Pure.
 */
export function pageDigest(
  page: Page,
  reads: readonly ReadKey[],
  site: string,
  digestOf: ReadDigest,
): string | undefined {
  return readsDigest(JSON.stringify(pageIdentity(page)), reads, site, digestOf);
}

/**
 * The digest of a file made from what every page reads (`site`), its own `identity` (a page's
 * address; the feed's entries) and `reads`, each with its digest in this run. Undefined when a
 * read is of a key this run cannot digest. Pure.
 */
export function readsDigest(
  identity: string,
  reads: readonly ReadKey[],
  site: string,
  digestOf: ReadDigest,
): string | undefined {
  let text = `${site}\0${identity}`;
  for (const key of reads) {
    const digest = digestOf(key);
    if (digest === undefined) return undefined;
    text += `\0${key}\0${digest}`;
  }
  return sha1(text);
}

/** A page as its digest sees it: its fields, an article or brand by its slug. Pure. */
function pageIdentity(page: Page): unknown {
  const { article, brand, ...own } = page as Page & { article?: Article; brand?: { slug: string } };
  return [own, article?.slug, brand?.slug];
}

/** What decidePages decides: the pages to plan and render, and the files kept from before. */
export interface PageSelection {
  toPlan: Page[];
  /** The kept pages' entries, by output path (their files stay as the last commit left them). */
  kept: DependencyMap;
}

/**
 * THE decider: which pages a run plans and renders. A page is kept when the previous run left
 * it with reads whose values are unchanged (its digest, worked out again from those reads, is
 * the one it had) and `keepAll` can keep every file it made; every other page (new, changed,
 * or whose files are gone) is planned, and its reads recorded afresh. Body saves, title saves,
 * configuration changes and a second `sitegen build` all go through here. Pure apart from
 * `keepAll`, which marks kept files.
 */
export function decidePages(
  pages: Page[],
  previous: DependencyMap | undefined,
  now: { site: string; digestOf: ReadDigest },
  keepAll: ((files: string[]) => boolean) | undefined,
): PageSelection {
  const toPlan: Page[] = [];
  const kept: DependencyMap = new Map();
  for (const page of pages) {
    const last = previous?.get(page.outputPath);
    const isSame =
      last?.reads !== undefined &&
      keepAll !== undefined &&
      pageDigest(page, last.reads, now.site, now.digestOf) === last.digest &&
      keepAll(last.files);
    if (isSame) kept.set(page.outputPath, last!);
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
 * Which entries keep their files (same digest as before, every file still there: `keepAll`)
 * and which are made again: the lists' data files and public/'s files. Pure but for
 * `keepAll`, which marks kept files.
 */
export function decideFiles(
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
