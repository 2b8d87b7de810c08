import { escapeText } from '../policy/escape.ts';
import type { OutputFile } from '../output/writer.ts';
import type { Route } from '../pages/plan-routes.ts';

/** What a sitemap lists of one page: its address and its `<lastmod>` (YYYY-MM-DD). */
export type SitemapEntry = Pick<Route, 'url' | 'lastModified'>;

/** The most one sitemap file may hold: URLs (or sitemaps, in an index) and uncompressed bytes. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/** sitemaps.org's limits for one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 52_428_800 };

/** The file robots.txt names: the one sitemap, or the index of its parts. */
export const SITEMAP_FILE = 'sitemap.xml';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_HEAD = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_TAIL = '\n</urlset>\n';
const INDEX_HEAD = `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n`;
const INDEX_TAIL = '\n</sitemapindex>\n';

/**
 * The sitemap of these pages (the indexable ones, in sitemap order), as files under the output
 * folder. When they fit in one file (`limits`: at most maxUrls URLs and maxBytes bytes), the one
 * `<urlset>` sitemap.xml; otherwise the pages in order in sitemap-1.xml, sitemap-2.xml, … each
 * filled up to both limits, and sitemap.xml a `<sitemapindex>` naming each part with the newest
 * `<lastmod>` of its pages (none when none has one). Throws when one page's entry alone, or the
 * index, is over the limits (not at sitemaps.org's: a page address would need megabytes). Pure.
 */
export function sitemapFiles(
  entries: SitemapEntry[],
  siteUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): OutputFile[] {
  const lines = entries.map((entry) => urlLine(siteUrl, entry));
  const parts = splitLines(lines, limits);
  if (parts.length <= 1) return [{ path: SITEMAP_FILE, contents: urlset(lines) }];
  const files: OutputFile[] = [];
  const indexLines: string[] = [];
  let first = 0;
  parts.forEach((count, i) => {
    const name = `sitemap-${i + 1}.xml`;
    files.push({ path: name, contents: urlset(lines.slice(first, first + count)) });
    const lastmod = newestLastModified(entries.slice(first, first + count));
    const date = lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`;
    indexLines.push(`  <sitemap><loc>${escapeText(siteUrl + name)}</loc>${date}</sitemap>`);
    first += count;
  });
  const index = `${INDEX_HEAD}${indexLines.join('\n')}${INDEX_TAIL}`;
  if (indexLines.length > limits.maxUrls || Buffer.byteLength(index) > limits.maxBytes)
    throw new Error(
      `the sitemap index of ${indexLines.length} parts (${Buffer.byteLength(index)} bytes) is over the limits of one sitemap file (${limits.maxUrls} entries, ${limits.maxBytes} bytes)`,
    );
  return [{ path: SITEMAP_FILE, contents: index }, ...files];
}

/** One page's `<url>` line, as sitemap.xml has always written it. Pure. */
function urlLine(siteUrl: string, entry: SitemapEntry): string {
  const lastmod =
    entry.lastModified === undefined ? '' : `<lastmod>${entry.lastModified}</lastmod>`;
  return `  <url><loc>${escapeText(siteUrl + entry.url.slice(1))}</loc>${lastmod}</url>`;
}

/** A `<urlset>` file of these `<url>` lines. Pure. */
function urlset(lines: string[]): string {
  return `${URLSET_HEAD}${lines.join('\n')}${URLSET_TAIL}`;
}

/**
 * How many of `lines`, in order, go in each part: each part as full as both limits allow (its
 * bytes are the urlset's head and tail, its lines and the newline between two lines). One
 * part for no lines. Throws when a line does not fit in a part by itself. Pure.
 */
function splitLines(lines: string[], limits: SitemapLimits): number[] {
  const frame = Buffer.byteLength(URLSET_HEAD) + Buffer.byteLength(URLSET_TAIL);
  const counts: number[] = [];
  let count = 0;
  let bytes = frame;
  for (const line of lines) {
    const size = Buffer.byteLength(line);
    if (frame + size > limits.maxBytes)
      throw new Error(
        `a sitemap entry of ${size} bytes does not fit in one sitemap file of at most ${limits.maxBytes} bytes`,
      );
    // A line after the first also adds the newline before it.
    if (count > 0 && (count === limits.maxUrls || bytes + 1 + size > limits.maxBytes)) {
      counts.push(count);
      count = 0;
      bytes = frame;
    }
    bytes += count === 0 ? size : size + 1;
    count++;
  }
  counts.push(count);
  return counts;
}

/** The newest `lastModified` of these pages (YYYY-MM-DD dates compare as text). Pure. */
function newestLastModified(entries: SitemapEntry[]): string | undefined {
  let newest: string | undefined;
  for (const { lastModified } of entries)
    if (lastModified !== undefined && (newest === undefined || lastModified > newest))
      newest = lastModified;
  return newest;
}
