import { isDeepStrictEqual } from 'node:util';
import type { Content } from '../../content/types.ts';
import type { TemplateName, TemplateProps } from '../../templates/index.ts';
import { sitegenError } from '../errors/errors.ts';
import { ContentInvalid, DuplicateOutputPath } from '../errors/errors-data.ts';
import type { Problem } from '../errors/problem.ts';
import { foldName, howNamesDiffer } from '../host/name-fold.ts';
import { pageKinds, type Page } from './kinds.ts';
import { pageFacts } from './page-kind.ts';

export { articleUrl, FEED_FILE, lastUpdated } from './addresses.ts';
export type { Page } from './kinds.ts';
export type { TemplateName, TemplateProps };

/**
 * `make` made once per array of pages: listPages hands out the same array while the content
 * is the same, so what is made from it (generated files, alias rules) is made once, and none of
 * it is changed by its callers. Pure apart from that memo.
 */
export function perPageList<T>(make: (pages: readonly Page[]) => T): (pages: readonly Page[]) => T {
  const made = new WeakMap<readonly Page[], T>();
  return (pages) => {
    if (!made.has(pages)) made.set(pages, make(pages));
    return made.get(pages)!;
  };
}

/** The pages of each Content, with which of its articles had a body then. */
const listed = new WeakMap<Content, { hasBodies: boolean[]; pages: Page[] }>();

/**
 * Returns the one list of every page, in sitemap order: each kind's pages in pageKinds() order
 * (home, article list, every article slug, every brand, contact and the three 404 pages). An
 * article is indexable only when `hasBody(slug)` and it is not a draft. Indexable pages carry
 * `lastModified`: an article's lastUpdated; a brand's, its newest indexable article's (else the
 * site's); home, list and contact, the newest indexable article's. Pure; throws a SitegenError
 * when two pages share an output path, compared by foldName (`Index.html` is index.html on a
 * case-insensitive disk or host): ContentInvalid, with every clash at its alias's line, when
 * one of them is a redirect page (front matter `aliases`), else DuplicateOutputPath. The same
 * Content object whose articles have a body just as before gives the same array of the same
 * page objects (watch: what is memoized by the pages, and the decider's fast path, stay valid).
 * Pure apart from that memo.
 */
export function listPages(content: Content, hasBody: (slug: string) => boolean): Page[] {
  const hasBodies = content.articles.map((article) => hasBody(article.slug));
  const last = listed.get(content);
  if (last?.hasBodies.every((has, index) => has === hasBodies[index])) return last.pages;
  const facts = pageFacts(content, hasBody);
  const pages = reuseEqualPages(pageKinds().flatMap<Page>((kind) => kind.pages(content, facts)));
  assertUniqueOutputPaths(pages);
  listed.set(content, { hasBodies, pages });
  return pages;
}

/** The pages listPages made last, in its order. */
let lastListed: readonly Page[] = [];

/**
 * `pages`, each one equal to the page listed last at its output path (samePage) replaced by
 * that page object: a title save makes a new Content, yet the 10,000 pages it does not change
 * stay the objects the decider's fast path knows. Pages are looked up by place first (the list
 * is in a fixed order), by output path when the places moved. Pure apart from that memo.
 */
function reuseEqualPages(pages: Page[]): Page[] {
  const last = lastListed;
  let byPath: Map<string, Page> | undefined;
  const reused = pages.map((page, index) => {
    let before: Page | undefined = last[index];
    if (before?.outputPath !== page.outputPath) {
      byPath ??= new Map(last.map((each) => [each.outputPath, each]));
      before = byPath.get(page.outputPath);
    }
    return before !== undefined && samePage(before, page) ? before : page;
  });
  lastListed = reused;
  return reused;
}

/**
 * Whether two pages have the same fields with equal values: the same record objects (a record
 * saved without change keeps its object, read-articles.ts sameRecordAs), else deeply equal.
 * Pure.
 */
function samePage(a: Page, b: Page): boolean {
  let count = 0;
  for (const key in a) {
    count++;
    const x = a[key as keyof Page];
    const y = b[key as keyof Page];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || !isDeepStrictEqual(x, y)) return false;
  }
  for (const _ in b) count--;
  return count === 0;
}

function assertUniqueOutputPaths(pages: Page[]) {
  const seen = new Map<string, Page>();
  const clashes: Problem[] = [];
  for (const page of pages) {
    const key = foldName(page.outputPath);
    const earlier = seen.get(key);
    if (earlier && page.template === 'RedirectPage') clashes.push(aliasClash(page, earlier));
    else if (earlier) {
      throw sitegenError(DuplicateOutputPath, {
        outputPath: page.outputPath,
        first: earlier.source,
        second: page.source,
      });
    } else seen.set(key, page);
  }
  if (clashes.length > 0)
    throw sitegenError(
      ContentInvalid,
      { count: clashes.length },
      { problems: clashes, file: clashes[0].file },
    );
}

/**
 * The problem of an alias whose redirect page would be written where `earlier` is: another
 * page of the site, or an alias of another article (or of the same one, by another spelling),
 * exactly or but for letter case, at the alias's line, naming the other's file. Pure.
 */
function aliasClash(page: Extract<Page, { template: 'RedirectPage' }>, earlier: Page): Problem {
  const { alias, article } = page;
  const shown = `alias ${JSON.stringify(alias.address)}`;
  const where = { file: article.source, line: alias.line, column: alias.column };
  const isExact = page.outputPath === earlier.outputPath;
  const differ = isExact ? '' : `, ${howNamesDiffer(page.outputPath, earlier.outputPath)}`;
  if (earlier.template !== 'RedirectPage') {
    const kind = earlier.template === 'ArticlePage' ? 'the article page' : 'the page';
    const what = `${kind} ${earlier.url} (${earlier.source})`;
    const found = isExact
      ? `is the address of ${what}`
      : `(its redirect page ${page.outputPath}) is ${earlier.outputPath}, the file of ${what}${differ}`;
    return {
      ...where,
      message: `${shown} ${found}; expected an old address that no page of the site has`,
    };
  }
  const at = `${earlier.article.source}:${earlier.alias.line}:${earlier.alias.column}`;
  const other = isExact ? at : `${at} (${JSON.stringify(earlier.alias.address)})${differ}`;
  return {
    ...where,
    message: `${shown} is also an alias at ${other}; expected each old address in one article, once`,
  };
}
