import { sitegenError } from '../errors/errors.ts';
import { SiteUrlNotAbsolute, SiteUrlNotHttp } from '../errors/errors-data.ts';

/**
 * Returns the site URL given to the build (--site-url or $SITE_URL, blamed on `origin` when
 * bad), or undefined when none was given. Checked before any work, so a mistake fails at once.
 * Pure.
 */
export function givenSiteUrl(given: {
  siteUrl?: string;
  siteUrlOrigin?: string;
}): string | undefined {
  return given.siteUrl === undefined
    ? undefined
    : normalizeSiteUrl(given.siteUrl, given.siteUrlOrigin ?? '--site-url');
}

/**
 * Returns the content's own site URL (src/content/site.ts), normalized. Pure; throws a
 * SitegenError.
 */
export function contentSiteUrl(url: string): string {
  return normalizeSiteUrl(url, 'src/content/site.ts: site "url"');
}

/**
 * Returns an absolute http(s) URL ending in "/", or throws a SitegenError naming where the bad
 * value came from. Pure.
 */
function normalizeSiteUrl(value: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw sitegenError(SiteUrlNotAbsolute, { origin, value });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw sitegenError(SiteUrlNotHttp, { origin, value });
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/**
 * The base path of a site URL, decoded as the host rules compare paths:
 * "https://user.github.io/repo/" -> "/repo/", "https://example.id/" -> "/". Pure.
 */
export function basePathOf(siteUrl: string): string {
  const { pathname } = new URL(siteUrl);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
