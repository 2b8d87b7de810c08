import path from 'node:path';
import type { CheerioAPI } from 'cheerio/slim';
import { redirectTarget } from './page-policy.ts';

/**
 * The rules of a page's head that read the page alone (and the site URL): lang="id", a title, a
 * description, an absolute canonical URL that is the page's own address, an og:url that is that
 * address too, an og:image with its size declared, JSON-LD whose every `@type` names a type; and
 * those of a redirect page (an article alias). `sitegen check` holds every built page to them
 * (workers/page-facts.ts, check-output.ts) and the build every public/ page (files/public-pages.ts),
 * so the two refuse the same pages with the same words. The page is read with cheerio; read with
 * `withStartIndices`, each finding says where its element starts, for the build to name the line.
 */

/** One problem of a page: what is wrong, and where its element starts in the page (an offset). */
export interface PageFinding {
  message: string;
  at?: number;
}

/**
 * A page's `<meta>` tags, read in one pass: each content by its name, property or http-equiv
 * (lower case; the first of each) and where that tag starts, and every og:image. Selecting each
 * one by itself walked the whole page again for each.
 */
export interface Meta {
  content: Map<string, string>;
  /** Where the tag of each `content` entry starts, when the page was read with start indices. */
  starts: Map<string, number>;
  ogImages: string[];
  /** Where each og:image tag starts (same order as ogImages), when known. */
  ogImageStarts: (number | undefined)[];
}

export function readMeta($: CheerioAPI): Meta {
  const meta: Meta = { content: new Map(), starts: new Map(), ogImages: [], ogImageStarts: [] };
  $('meta').each((_, el) => {
    const { name, property, content: value } = el.attribs;
    const key = (name ?? property ?? el.attribs['http-equiv'])?.toLowerCase();
    if (key === undefined || value === undefined) return;
    if (!meta.content.has(key)) {
      meta.content.set(key, value);
      if (el.startIndex !== null) meta.starts.set(key, el.startIndex);
    }
    if (key === 'og:image') {
      meta.ogImages.push(value);
      meta.ogImageStarts.push(el.startIndex ?? undefined);
    }
  });
  return meta;
}

/** Whether the page's robots meta tag says noindex. */
export function isNoindex(meta: Meta): boolean {
  return /\bnoindex\b/.test(meta.content.get('robots') ?? '');
}

/** A redirect page's target (page-policy.ts `redirectTarget`); undefined for any other page. */
export function redirectOf(meta: Meta): string | undefined {
  const refresh = meta.content.get('refresh');
  return refresh === undefined ? undefined : redirectTarget(refresh);
}

/** The site path of a page file ("artikel/x/index.html" -> "/artikel/x/"), below the base. */
export function pagePath(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

export function isAbsoluteUrl(value: string): boolean {
  return /^https?:\/\/[^/]+/i.test(value);
}

/** A 404 page: served at any address below its folder, so it has no address of its own. */
export function isNotFoundPage(file: string): boolean {
  return path.posix.basename(file) === '404.html';
}

/** Which page is read: its file in the output, the site URL when known, and whether it redirects. */
export interface PageAt {
  file: string;
  siteUrl?: string;
  isRedirect: boolean;
}

/**
 * The head of one page: lang="id", a title, a description, an absolute canonical URL that is
 * the page's own address on the site URL (404 pages, served at any address, have none; a
 * redirect page's is its target, redirectPageProblems'), an og:url that is that address too,
 * an og:image with its size declared, and JSON-LD blocks that parse, each object's `@type` a
 * name. A missing element is reported where the head starts.
 */
export function headProblems($: CheerioAPI, meta: Meta, page: PageAt): PageFinding[] {
  const problems: PageFinding[] = [];
  const html = $('html');
  const head = startOf($('head')) ?? startOf(html);
  if (html.attr('lang') !== 'id')
    problems.push({
      message: `<html> needs lang="id" (found ${JSON.stringify(html.attr('lang') ?? null)})`,
      at: startOf(html),
    });
  if (!$('head > title').text().trim()) problems.push({ message: 'has no <title>', at: head });
  if (!meta.content.get('description')?.trim())
    problems.push({
      message: 'has no <meta name="description">',
      at: meta.starts.get('description') ?? head,
    });
  const link = $('link[rel=canonical]').first();
  const canonical = link.attr('href');
  if (!isNotFoundPage(page.file)) {
    if (!(canonical && isAbsoluteUrl(canonical)))
      problems.push({
        message: `needs an absolute canonical URL (found ${JSON.stringify(canonical ?? null)})`,
        at: startOf(link) ?? head,
      });
    else if (!page.isRedirect)
      problems.push(...ownAddressProblems(meta, page, { url: canonical, at: startOf(link) }));
  }
  problems.push(...ogImageSizeProblems(meta), ...jsonLdProblems($));
  return problems;
}

/** Where the first element of a selection starts, when the page was read with start indices. */
function startOf(selection: ReturnType<CheerioAPI>): number | undefined {
  const element = selection[0] as { startIndex?: number | null } | undefined;
  return element?.startIndex ?? undefined;
}

/**
 * The page's canonical URL and og:url name the page itself on the site URL: the address the
 * sitemap lists ("https://example.com/artikel/x/" for artikel/x/index.html; for x.html, also
 * "…/x", which a static host serves the same file at). Nothing without a site URL.
 */
function ownAddressProblems(
  meta: Meta,
  page: PageAt,
  canonical: { url: string; at?: number },
): PageFinding[] {
  if (!page.siteUrl) return [];
  const own = `${page.siteUrl}${pagePath(page.file).slice(1)}`;
  const accepted = new Set([own, own.replace(/\.html$/, '')]);
  const problems: PageFinding[] = [];
  if (!accepted.has(canonical.url))
    problems.push({
      message: `canonical URL "${canonical.url}" is not this page's own address; expected "${own}"`,
      at: canonical.at,
    });
  const ogUrl = meta.content.get('og:url');
  if (ogUrl !== undefined && !accepted.has(ogUrl))
    problems.push({
      message: `og:url "${ogUrl}" is not this page's own address; expected "${own}"`,
      at: meta.starts.get('og:url'),
    });
  return problems;
}

/** The size a page declares for its og:image, when it declares one in whole pixels. */
export function declaredOgImageSize(meta: Meta): { width: number; height: number } | undefined {
  const [width, height] = ['width', 'height'].map((side) =>
    Number(meta.content.get(`og:image:${side}`)),
  );
  return Number.isSafeInteger(width) && width > 0 && Number.isSafeInteger(height) && height > 0
    ? { width, height }
    : undefined;
}

/** An og:image needs its size (og:image:width and og:image:height), which check-images.ts holds it to. */
function ogImageSizeProblems(meta: Meta): PageFinding[] {
  if (meta.ogImages.length === 0 || declaredOgImageSize(meta)) return [];
  return [
    {
      message:
        'has an og:image without og:image:width and og:image:height in whole pixels; expected the size of the image',
      at: meta.ogImageStarts[0],
    },
  ];
}

function jsonLdProblems($: CheerioAPI): PageFinding[] {
  const problems: PageFinding[] = [];
  $('script[type="application/ld+json"]').each((i, el) => {
    const report = (message: string) => problems.push({ message, at: el.startIndex ?? undefined });
    let data: unknown;
    try {
      data = JSON.parse($(el).text());
    } catch (error) {
      return void report(`JSON-LD block ${i + 1} does not parse: ${(error as Error).message}`);
    }
    const items = Array.isArray(data) ? data : [data];
    if (!items.every((item) => item && typeof item === 'object' && '@type' in item))
      return void report(`JSON-LD block ${i + 1} has no "@type"`);
    const at = emptyType(data, '');
    if (at !== undefined)
      report(
        `JSON-LD block ${i + 1} has an empty "@type"${at ? ` at ${at}` : ''}; expected a schema.org type`,
      );
  });
  return problems;
}

/**
 * Where the first `@type` under `value` that names no type is ("" for `value` itself,
 * "publisher", "author[0]"): an empty or blank string, a list without a name, anything else.
 * Undefined when every `@type` names one. Pure.
 */
function emptyType(value: unknown, at: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = emptyType(item, `${at}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if ('@type' in record && !namesType(record['@type'])) return at;
  for (const [key, child] of Object.entries(record)) {
    const found = emptyType(child, at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function namesType(type: unknown): boolean {
  const names = Array.isArray(type) ? type : [type];
  return names.length > 0 && names.every((name) => typeof name === 'string' && name.trim() !== '');
}

/**
 * The rules of a redirect page (an article alias, or a public page that redirects), whose
 * target the page's references resolve with its other links: it is kept out of search results
 * (noindex), its canonical URL is the page it leads to (on the site URL; only the path without
 * one), and it links there for readers whose browser does not follow the refresh. Reported at
 * the refresh tag, the canonical URL's at its link.
 */
export function redirectPageProblems(
  $: CheerioAPI,
  meta: Meta,
  target: string,
  siteUrl: string | undefined,
): PageFinding[] {
  const problems: PageFinding[] = [];
  const at = meta.starts.get('refresh');
  if (!isNoindex(meta))
    problems.push({
      message: 'is a redirect page without <meta name="robots" content="noindex">',
      at,
    });
  const link = $('link[rel=canonical]').first();
  const canonical = link.attr('href');
  const expected = siteUrl ? new URL(target, siteUrl).href : target;
  const shown = (url: URL) => (siteUrl ? url.href : url.pathname);
  if (canonical && isAbsoluteUrl(canonical) && shown(new URL(canonical)) !== expected)
    problems.push({
      message: `is a redirect page to "${target}" whose canonical URL is "${canonical}"; expected the page it leads to`,
      at: startOf(link),
    });
  if ($('a[href]').filter((_, el) => $(el).attr('href') === target).length === 0)
    problems.push({
      message: `is a redirect page to "${target}" with no link there; expected <a href="${target}"> for readers whose browser does not follow the refresh`,
      at,
    });
  return problems;
}
