import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import type { Article, SiteConfig } from '../../content/types.ts';
import { escapeAttribute, escapeText } from '../policy/escape.ts';
import { articleUrl, FEED_FILE, lastUpdated } from '../pages/routes.ts';

/**
 * How many of the newest articles the feed carries. Readers poll a feed for what is new;
 * every article with its full body would be a 36 MB file at 10,000 articles.
 */
export const FEED_ENTRIES = 50;

export interface FeedInput {
  site: Pick<SiteConfig, 'name' | 'description' | 'articleSchemaDate'>;
  /** Absolute site URL with a trailing slash; its path is the base path. */
  siteUrl: string;
  /** The published articles (the indexable article pages), in the site's order. */
  articles: Article[];
  /** Linked body HTML by article slug, as the article pages show it. */
  /** Linked body HTML by slug (a Map, or any lookup like one). */
  bodies: Pick<ReadonlyMap<string, string>, 'get'>;
}

/**
 * Returns the site's Atom 1.0 feed: one entry per article, the FEED_ENTRIES newest (see
 * newestArticles), each with its full body, every link in it made absolute. The feed's
 * `<updated>` is the newest entry's, or `site.articleSchemaDate` when there is none, so two
 * builds of the same content give the same bytes. Pure.
 */
export function atomFeed(input: FeedInput): string {
  return atomFeedOf(newestArticles(input.articles), input);
}

/**
 * The feed's entries: the FEED_ENTRIES newest articles (by lastUpdated), newest first, ties in
 * the order given. Pure.
 */
export function newestArticles(articles: Article[]): Article[] {
  // Array.prototype.sort is stable: equal dates keep the site's order.
  return [...articles]
    .sort((a, b) => compareDesc(lastUpdated(a), lastUpdated(b)))
    .slice(0, FEED_ENTRIES);
}

/**
 * atomFeed with its entries already chosen by newestArticles (a body save in watch keeps them).
 * Pure.
 */
export function atomFeedOf(
  newestFirst: Article[],
  { site, siteUrl, bodies }: Omit<FeedInput, 'articles'>,
): string {
  const updated = newestFirst.length > 0 ? lastUpdated(newestFirst[0]) : site.articleSchemaDate;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="id">',
    `  <title>${escapeText(site.name)}</title>`,
    `  <subtitle>${escapeText(site.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeAttribute(siteUrl + FEED_FILE)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeAttribute(siteUrl)}"/>`,
    `  <id>${escapeText(siteUrl)}</id>`,
    `  <updated>${atomDate(updated)}</updated>`,
    ...newestFirst.map((article) => feedEntry(article, bodies.get(article.slug) ?? '', siteUrl)),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}

function feedEntry(article: Article, body: string, siteUrl: string): string {
  const canonical = siteUrl + articleUrl(article.slug).slice(1);
  return [
    '  <entry>',
    `    <title>${escapeText(article.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeAttribute(canonical)}"/>`,
    `    <id>${escapeText(canonical)}</id>`,
    `    <published>${atomDate(article.publishedAt)}</published>`,
    `    <updated>${atomDate(lastUpdated(article))}</updated>`,
    `    <author><name>${escapeText(article.author)}</name></author>`,
    `    <summary>${escapeText(article.excerpt)}</summary>`,
    `    <content type="html">${escapeText(absoluteLinks(body, canonical, siteUrl))}</content>`,
    '  </entry>',
  ].join('\n');
}

/** "2024-12-15" -> "2024-12-15T00:00:00Z" (RFC 3339, as Atom requires). Pure. */
export function atomDate(date: string): string {
  return `${date}T00:00:00Z`;
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Attributes whose value is one URL, in what article bodies may hold (body-policy.ts). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

/**
 * Returns `html` with every href, src and cite made absolute, so it reads the same in a feed
 * reader as on `pageUrl`: a relative URL is resolved against `pageUrl`; a root-relative one
 * ("/artikel/x/") is a path of the site, so it gets the site's base path ("/repo/") unless it
 * already starts with it; a scheme-relative one ("//host/x") gets the site's scheme. URLs
 * with a scheme (https:, mailto:, tel:) and the rest of the text stay byte for byte as they
 * were. Pure.
 */
export function absoluteLinks(html: string, pageUrl: string, siteUrl: string): string {
  // Most bodies link only with full URLs: no need to parse them (parse5 takes ~8 ms a body).
  if (!hasRelativeUrl(html)) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: Node) => {
    if ('attrs' in node && node.sourceCodeLocation?.attrs) {
      for (const { name, value } of (node as Element).attrs) {
        const location = node.sourceCodeLocation.attrs[name];
        if (!URL_ATTRIBUTES.has(name) || !location) continue;
        const absolute = absoluteUrl(value, pageUrl, siteUrl);
        if (absolute !== value)
          edits.push({
            start: location.startOffset,
            end: location.endOffset,
            text: `${name}="${escapeAttribute(absolute)}"`,
          });
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(parseFragment(html, { sourceCodeLocationInfo: true }));
  let result = html;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** Every href, src and cite value as written (quoted or not); entities are left encoded. */
const URL_VALUE = /\s(?:href|src|cite)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * True when some href, src or cite value has no scheme: a relative URL to resolve. A value
 * written with entities (`&#104;ttps:`) counts as relative, so such a body is parsed. Pure.
 */
function hasRelativeUrl(html: string): boolean {
  for (const match of html.matchAll(URL_VALUE)) {
    if (!/^\s*[a-z][a-z0-9+.-]*:/i.test(match[1] ?? match[2] ?? match[3])) return true;
  }
  return false;
}

function absoluteUrl(value: string, pageUrl: string, siteUrl: string): string {
  const url = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return value;
  try {
    if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith(new URL(siteUrl).pathname))
      return new URL(url.slice(1), siteUrl).href;
    return new URL(url, pageUrl).href;
  } catch {
    return value;
  }
}
