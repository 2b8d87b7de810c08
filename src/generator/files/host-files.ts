import type { Article } from '../../content/types.ts';
import { atomFeedOf, type FeedInput, newestArticles } from './feed.ts';
import { mergeHeaders } from './public-files.ts';
import { type SitemapEntry, sitemapFiles } from './sitemap.ts';
import { type AliasRule, redirectsFile } from './redirects-file.ts';
import { SECURITY_HEADERS } from '../policy/security-headers.ts';
import type { OutputFile } from '../output/writer.ts';
import type { Route } from '../pages/plan-routes.ts';
import { articleUrl, FEED_FILE } from '../pages/routes.ts';

/** What the host files read of a page (a Route or a Page): its address, not its props. */
type PageAddress = Pick<Route, 'url' | 'template' | 'isIndexable' | 'lastModified'>;

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * What the feed is made of: the site, every article (the feed takes the indexable ones) and the
 * linked bodies by slug.
 */
export interface FeedSources {
  site: FeedInput['site'];
  articles: Article[];
  bodies: FeedInput['bodies'];
}

/**
 * Files static hosts and readers read: sitemap.xml (indexable pages only, each with its
 * `lastModified`; past what one file may hold, an index of sitemap-N.xml parts: sitemap.ts),
 * the Atom feed (feed.ts: the articles whose pages are indexable),
 * robots.txt, `_headers` (Netlify, Cloudflare Pages), `.nojekyll` (GitHub Pages), and
 * `_redirects` (Netlify, Cloudflare Pages) when it has a rule: the article aliases, then the
 * maintainer's public/_redirects (redirects-file.ts). `theirs.pages`, public/'s indexable pages
 * (public-pages.ts), follow sitegen's in the sitemap. `theirs.headers`, the text of
 * public/_headers, follows sitegen's rules in `_headers` (mergeHeaders). No 404 rewrite for
 * /brand/* and /artikel/*: it is Netlify's alone and Cloudflare Pages rejects it (it serves the
 * nearest 404.html by itself); docs/hosting.md has the rule for netlify.toml. `feed`
 * undefined: no feed.xml here (the builder makes it apart, when its reads changed). The
 * sitemap is made once per array of routes (sitemapOf), which the caller changes no more than
 * the files. Pure apart from that memo.
 */
export function planHostFiles(
  routes: PageAddress[],
  siteUrl: string,
  feed: FeedSources | undefined,
  theirs: { headers?: string; redirects?: string; pages?: SitemapEntry[] } = {},
  aliases: AliasRule[] = [],
): OutputFile[] {
  const base = new URL(siteUrl).pathname;
  const sitemap = sitemapOf(routes, siteUrl, theirs.pages);
  const headerLines = Object.entries(SECURITY_HEADERS).map(
    ([name, value]) => `  ${name}: ${value}`,
  );
  const headers = [
    `${base}*`,
    ...headerLines,
    `${base}assets/*`,
    `  Cache-Control: ${IMMUTABLE_CACHE}`,
    `${base}${FEED_FILE}`,
    '  Content-Type: application/atom+xml; charset=utf-8',
    '',
  ].join('\n');
  const redirectsOut = redirectsFile(aliases, base, theirs.redirects);
  return [
    ...sitemap,
    ...(feed
      ? [
          feedFile(siteUrl, {
            site: feed.site,
            entries: feedEntries(routes, feed.articles),
            bodies: feed.bodies,
          }),
        ]
      : []),
    { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}sitemap.xml\n` },
    { path: '_headers', contents: mergeHeaders(headers, theirs.headers) },
    ...(redirectsOut ? [redirectsOut] : []),
    { path: '.nojekyll', contents: '' },
  ];
}

/** The last sitemap and feed entries made of each array of pages (pages/routes.ts keeps it). */
const byRoutes = {
  sitemap: new WeakMap<
    readonly PageAddress[],
    { siteUrl: string; theirs?: SitemapEntry[]; files: OutputFile[] }
  >(),
  feed: new WeakMap<readonly PageAddress[], { articles: Article[]; entries: Article[] }>(),
};

/**
 * The sitemap's files (sitemapFiles) of the indexable `routes` and then public/'s pages
 * (`theirs`): the last ones made for the same arrays and site URL. Pure apart from that memo.
 */
function sitemapOf(
  routes: PageAddress[],
  siteUrl: string,
  theirs: SitemapEntry[] | undefined,
): OutputFile[] {
  const last = byRoutes.sitemap.get(routes);
  if (last?.siteUrl === siteUrl && last.theirs === theirs) return last.files;
  const entries = [...routes.filter((route) => route.isIndexable), ...(theirs ?? [])];
  const files = sitemapFiles(entries, siteUrl);
  byRoutes.sitemap.set(routes, { siteUrl, theirs, files });
  return files;
}

/**
 * The feed's entries: the newest of the articles whose pages are indexable (feed.ts); the last
 * ones for the same arrays of routes and articles. Pure apart from that memo.
 */
export function feedEntries(routes: PageAddress[], articles: Article[]): Article[] {
  const last = byRoutes.feed.get(routes);
  if (last?.articles === articles) return last.entries;
  const entries = feedEntriesOf(routes, articles);
  byRoutes.feed.set(routes, { articles, entries });
  return entries;
}

function feedEntriesOf(routes: PageAddress[], articles: Article[]): Article[] {
  const published = new Set(
    routes
      .filter((route) => route.template === 'ArticlePage' && route.isIndexable)
      .map((route) => route.url),
  );
  return newestArticles(articles.filter((article) => published.has(articleUrl(article.slug))));
}

/** feed.xml for these entries (feedEntries) and linked bodies. Pure. */
export function feedFile(
  siteUrl: string,
  feed: { site: FeedInput['site']; entries: Article[]; bodies: FeedInput['bodies'] },
): OutputFile {
  return {
    path: FEED_FILE,
    contents: atomFeedOf(feed.entries, { site: feed.site, siteUrl, bodies: feed.bodies }),
  };
}
