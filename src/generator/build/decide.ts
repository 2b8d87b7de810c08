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
    let digest = known.get(key);
    if (digest === undefined && !known.has(key)) {
      digest = digestOfRead(key, inputs);
      known.set(key, digest);
    }
    return digest;
  };
}

/** The digests of the keys read from the content alone (the list, the queries), by content. */
const contentDigests = new WeakMap<Content, Map<ReadKey, string | undefined>>();

/**
 * The digest of one read key's value for `inputs`: those of the whole list and of the queries
 * are kept for the same Content object (pure of it), every other is worked out. Pure apart from
 * that memo.
 */
function digestOfRead(key: ReadKey, inputs: ReadInputs): string | undefined {
  const isOfContent = key === ALL_ARTICLES || key.startsWith('query:');
  if (!isOfContent) return digestOfInput(key, inputs);
  let known = contentDigests.get(inputs.content);
  if (!known) {
    known = new Map();
    contentDigests.set(inputs.content, known);
  }
  if (!known.has(key)) known.set(key, digestOfInput(key, inputs));
  return known.get(key);
}

function digestOfInput(key: ReadKey, inputs: ReadInputs): string | undefined {
  if (key === ALL_ARTICLES) return allArticlesDigest(inputs.content.articles);
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const slug = key.slice(colon + 1);
  switch (kind) {
    case 'article': {
      const article = inputs.bySlug.get(slug);
      return article ? recordDigest(article) : '-';
    }
    case 'aliases':
      return JSON.stringify(inputs.bySlug.get(slug)?.aliases ?? null);
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
  /**
   * With the fast path: this run's digests of the keys of the last run's ReadMemo (every key a
   * kept page read), for the next one (rememberReads, which takes them over).
   */
  digests?: KeyDigests;
}

/** What a run's pages read, with this run's digest of each key: RunReads in load-pages.ts. */
export interface RunReads {
  /** The digest of what every page reads. */
  site: string;
  digestOf: ReadDigest;
  /** The content the keys are read from (ReadInputs.content). */
  content: Content;
  /**
   * The articles (slugs) whose bodies and images may differ from the last run's: those of the
   * article files saved since, when nothing else that reaches a body changed. Undefined: any.
   */
  touched?: ReadonlySet<string>;
}

/**
 * The digests of read keys in one run: those read from the content alone and digestible
 * (`ofContent`: the records, their aliases, the queries, the whole list), the same while the
 * Content object is the same, and every other (`others`: bodies, images; any key no run can
 * digest, undefined), worked out again in every run.
 */
export interface KeyDigests {
  ofContent: Map<ReadKey, string>;
  others: Map<ReadKey, string | undefined>;
}

/**
 * What the decider keeps from one run of watch to the next (memoryHistory, beside the
 * dependency map it goes with) for its fast path: what every page read (`site`), the run's
 * content and page objects (listPages gives the same objects while the content is the same
 * object), and the digest in that run of every key some page of the dependency map read. A
 * cache: the fast path keeps exactly the pages the slow path keeps (tests/unit/decide.test.ts).
 * `sitegen build` has none: its objects are new in every process.
 */
export interface ReadMemo {
  site: string;
  content: Content;
  pages: readonly Page[];
  listed: ReadonlySet<Page>;
  digests: KeyDigests;
}

/**
 * THE decider: which pages a run plans and renders. A page is kept when the previous run left
 * it with reads whose values are unchanged (its digest, worked out again from those reads, is
 * the one it had) and `keepAll` can keep every file it made; every other page (new, changed,
 * or whose files are gone) is planned, and its reads recorded afresh. Body saves, title saves,
 * configuration changes and a second `sitegen build` all go through here.
 *
 * With `memo` (the ReadMemo of the run that left `previous`, in watch) and the same `site`, the
 * fast path: the keys of the memo are digested once (those of the content only when it is
 * another object), and a page that is the very object of the last run and read no key whose
 * digest changed keeps its files without its digest worked out again (it is the one it had:
 * the same page, the same reads, the same digests). Every other page goes the slow path. Pure
 * apart from `keepAll`, which marks kept files.
 */
export function decidePages(
  pages: Page[],
  previous: DependencyMap | undefined,
  now: RunReads,
  keepAll: ((files: string[]) => boolean) | undefined,
  memo?: ReadMemo,
): PageSelection {
  const fast = memo?.site === now.site ? fastPath(memo, now) : undefined;
  const toPlan: Page[] = [];
  const kept: DependencyMap = new Map();
  for (const page of pages) {
    const last = previous?.get(page.outputPath);
    const isSame =
      last?.reads !== undefined &&
      keepAll !== undefined &&
      (fast?.isUnchanged(page, last.reads) === true ||
        pageDigest(page, last.reads, now.site, now.digestOf) === last.digest) &&
      keepAll(last.files);
    if (isSame) kept.set(page.outputPath, last!);
    else toPlan.push(page);
  }
  return { toPlan, kept, digests: fast?.digests };
}

/**
 * The decider's fast path from `memo`: the digests of its keys now (copies of the memo's, with
 * the keys whose digest changed; those of the content kept as they are for the same Content
 * object), and whether a page is one of the memo's page objects that read no key whose digest
 * changed or that no run can digest. Pure.
 */
function fastPath(memo: ReadMemo, now: RunReads) {
  const isSameContent = memo.content === now.content;
  const { ofContent, others } = memo.digests;
  const digests: KeyDigests = {
    ofContent: isSameContent ? ofContent : new Map(ofContent),
    others: new Map(others),
  };
  const changed = new Set<ReadKey>();
  const redigest = (before: ReadonlyMap<ReadKey, string | undefined>) => {
    for (const [key, was] of before) {
      if (was !== undefined && isUntouched(key, now.touched)) continue;
      const digest = now.digestOf(key);
      if (digest !== undefined && digest === was) continue;
      changed.add(key);
      keepDigest(digests, key, digest, !isSameContent);
    }
  };
  if (!isSameContent) redigest(ofContent);
  redigest(others);
  const readsChanged = (reads: readonly ReadKey[]) =>
    changed.size > 0 && reads.some((key) => changed.has(key));
  return {
    digests,
    isUnchanged: (page: Page, reads: readonly ReadKey[]) =>
      memo.listed.has(page) && !readsChanged(reads),
  };
}

/**
 * Whether `key` is a body or image of an article outside `touched`: its digest is the last
 * run's (a body save at 10,000 articles digests one body, not every one). Pure.
 */
function isUntouched(key: ReadKey, touched: ReadonlySet<string> | undefined): boolean {
  if (touched === undefined) return false;
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  return (kind === 'body' || kind === 'image') && !touched.has(key.slice(colon + 1));
}

/** Whether a key's digest is pure of the content (digestOfRead): records, aliases, queries, the list. */
function isOfContent(key: ReadKey): boolean {
  return (
    key === ALL_ARTICLES ||
    key.startsWith('article:') ||
    key.startsWith('aliases:') ||
    key.startsWith('query:')
  );
}

/**
 * Notes `digest` of `key` in `digests`: in `ofContent` when it is pure of the content and
 * digestible, and `mayChangeContent` (else it goes to `others`, digested again in every run,
 * which is never wrong), out of the other map. `ofContent` is changed only with
 * `mayChangeContent`. Pure apart from `digests`.
 */
function keepDigest(
  digests: KeyDigests,
  key: ReadKey,
  digest: string | undefined,
  mayChangeContent: boolean,
) {
  if (mayChangeContent && digest !== undefined && isOfContent(key)) {
    digests.others.delete(key);
    digests.ofContent.set(key, digest);
    return;
  }
  if (mayChangeContent) digests.ofContent.delete(key);
  digests.others.set(key, digest);
}

/**
 * The ReadMemo a run leaves for the next: its `site`, content and pages, and the digest now of
 * every key a page of its dependency map read: the fast path's (`selection.digests`, taken over:
 * every key of the last memo, which holds those of the kept pages), else those of the kept
 * pages, and those of the pages planned (`planned`). A key of the content goes with the
 * content's digests (added to the last memo's map when the content is the same object: its
 * digest is pure of that content). `last`: the memo this run started from, whose set of pages
 * is reused for the same array. Pure apart from those maps.
 */
export function rememberReads(
  pages: readonly Page[],
  selection: PageSelection,
  planned: DependencyMap,
  now: RunReads,
  last: ReadMemo | undefined,
): ReadMemo {
  const digests = selection.digests ?? { ofContent: new Map(), others: new Map() };
  const add = (reads: readonly ReadKey[] | undefined) => {
    for (const key of reads ?? [])
      if (!digests.ofContent.has(key) && !digests.others.has(key))
        keepDigest(digests, key, now.digestOf(key), true);
  };
  if (!selection.digests) for (const entry of selection.kept.values()) add(entry.reads);
  for (const entry of planned.values()) add(entry.reads);
  const listed = last?.pages === pages ? last.listed : new Set(pages);
  return { site: now.site, content: now.content, pages, listed, digests };
}

/**
 * The digest of each paged list's data files (files/list-files.ts), by the list's data file
 * path ("artikel/list.json"): the digests of the list's pages, in order. The files hold what
 * those pages show (cards, and the search index of their titles, excerpts and brands), so they
 * change exactly when a page of the list does. `entries`: every page's entry of this run. Pure.
 */
export function digestLists(pages: Page[], entries: DependencyMap): Map<string, string> {
  const parts = new Map<string, string[]>();
  for (const page of pages) {
    if (!('list' in page)) continue;
    const key = listDataUrl(page.list.listUrl).slice(1);
    if (!parts.has(key)) parts.set(key, []);
    parts.get(key)!.push(entries.get(page.outputPath)!.digest);
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
