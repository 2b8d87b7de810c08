import { load } from 'cheerio/slim';
import type { Problem } from '../errors/problem.ts';
import { SITEMAP_FILE } from '../files/sitemap.ts';
import { SECURITY_HEADERS } from '../policy/security-headers.ts';
import { urlsOfList } from '../policy/urls.ts';
import type { XmlElement } from './check-xml.ts';
import { locate, type Site } from './check-site.ts';

/**
 * The files hosts, crawlers and feed readers read besides the pages (files/host-files.ts writes
 * them): robots.txt lets crawlers in and names the sitemap, `_headers` sends the security
 * headers, each `_redirects` rule leads to a file of the output, and every link of feed.xml on
 * the site resolves. The sitemap is check-sitemap.ts's.
 */
export function checkHostFiles(site: Site, xml: Map<string, XmlElement[]>): Problem[] {
  return [
    ...robotsProblems(site),
    ...headersProblems(site),
    ...redirectsProblems(site),
    ...feedProblems(site, xml.get('feed.xml') ?? []),
  ];
}

/** A problem of one built file, at a line when there is one. */
function problemIn(file: string) {
  return (message: string, line?: number): Problem => ({ file, line, message, built: true });
}

/** The lines of a text file, line breaks made LF. */
function linesOf(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * robots.txt: there is one; the group for every crawler (`User-agent: *`) does not disallow the
 * whole site; it names the sitemap on the site URL.
 */
function robotsProblems(site: Site): Problem[] {
  const problem = problemIn('robots.txt');
  const sitemap = site.siteUrl && `${site.siteUrl}${SITEMAP_FILE}`;
  if (!site.output.files.includes('robots.txt'))
    return [
      problem(
        `is missing; expected "User-agent: *", "Allow: /" and "Sitemap: ${sitemap ?? `<site URL>${SITEMAP_FILE}`}"`,
      ),
    ];
  const text = site.output.readText('robots.txt');
  if (text === undefined) return [];
  const problems: Problem[] = [];
  let agents: string[] = [];
  let inRules = false;
  const sitemaps: { url: string; line: number }[] = [];
  linesOf(text).forEach((raw, index) => {
    const [field, ...rest] = raw.replace(/#.*/, '').split(':');
    const name = field.trim().toLowerCase();
    const value = rest.join(':').trim();
    if (name === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
    } else if (name === 'sitemap') sitemaps.push({ url: value, line: index + 1 });
    else if (name === 'allow' || name === 'disallow') {
      inRules = true;
      if (name === 'disallow' && agents.includes('*') && /^\/\*?$/.test(value))
        problems.push(
          problem(
            `"${raw.trim()}" for every crawler (User-agent: *) keeps the whole site out of search engines; expected "Allow: /"`,
            index + 1,
          ),
        );
    }
  });
  if (sitemap && sitemaps.length === 0)
    problems.push(problem(`names no sitemap; expected "Sitemap: ${sitemap}"`));
  for (const { url, line } of sitemaps)
    if (sitemap && url !== sitemap)
      problems.push(problem(`names the sitemap "${url}"; expected "${sitemap}"`, line));
  return problems;
}

/**
 * `_headers` (Netlify, Cloudflare Pages): there is one, and its rule for every path of the site
 * (`/*`, below the base path) sends each of sitegen's security headers with its value.
 */
function headersProblems(site: Site): Problem[] {
  const problem = problemIn('_headers');
  const all = `${site.base}*`;
  const count = Object.keys(SECURITY_HEADERS).length;
  if (!site.output.files.includes('_headers'))
    return [
      problem(
        `is missing; expected the security headers under "${all}" (Content-Security-Policy and ${count - 1} more) for Netlify and Cloudflare Pages`,
      ),
    ];
  const text = site.output.readText('_headers');
  if (text === undefined) return [];
  const sent = new Set<string>();
  let rule = '';
  for (const line of linesOf(text)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rule = line.trim();
    else if (rule === all) sent.add(line.trim().replace(/\s*:\s*/, ': '));
  }
  return Object.entries(SECURITY_HEADERS)
    .filter(([name, value]) => !sent.has(`${name}: ${value}`))
    .map(([name, value]) =>
      problem(
        `"${all}" has no "${name}: ${value}"; expected sitegen's security headers for every page`,
      ),
    );
}

/**
 * `_redirects` (Netlify, Cloudflare Pages), when there is one: each rule whose target is a path
 * of the site (not another host, no `:placeholder` or `*` splat to fill in) leads to a file of
 * the output.
 */
function redirectsProblems(site: Site): Problem[] {
  if (!site.output.files.includes('_redirects')) return [];
  const text = site.output.readText('_redirects');
  if (text === undefined) return [];
  const problem = problemIn('_redirects');
  const problems: Problem[] = [];
  linesOf(text).forEach((line, index) => {
    const [source, target] = line.trim().split(/\s+/);
    if (!source || source.startsWith('#') || !target || /[*:]/.test(target.replace(/^https?:/, '')))
      return;
    const { missing } = locate(site, target, site.base);
    if (missing)
      problems.push(
        problem(
          `the rule for "${source}" leads to "${target}", which does not resolve: ${missing}`,
          index + 1,
        ),
      );
  });
  return problems;
}

/**
 * feed.xml: every `<link href>` (the feed itself, the site, each entry's page) and every link,
 * image and source in an entry's HTML content that is on the site resolves to a file of the
 * output. Links to other hosts are the reader's to follow.
 */
function feedProblems(site: Site, elements: XmlElement[]): Problem[] {
  const problem = problemIn('feed.xml');
  const problems: Problem[] = [];
  const check = (url: string, line: number, where = '') => {
    const { missing } = locate(site, url, site.base);
    if (missing) problems.push(problem(`link "${url}"${where} does not resolve: ${missing}`, line));
  };
  for (const element of elements) {
    if (element.name === 'link' && element.attributes.href !== undefined)
      check(element.attributes.href, element.line);
    if (element.name === 'content' && element.attributes.type === 'html')
      for (const url of contentUrls(element.text))
        check(url, element.line, " in an entry's content");
  }
  return problems;
}

/** The URLs an entry's HTML content links or shows: href, src and srcset. */
function contentUrls(html: string): string[] {
  const $ = load(html);
  const urls: string[] = [];
  $('[href], [src]').each((_, el) => {
    for (const name of ['href', 'src']) {
      const value = $(el).attr(name);
      if (value !== undefined) urls.push(value);
    }
  });
  $('[srcset]').each((_, el) => void urls.push(...urlsOfList('srcset', $(el).attr('srcset')!)));
  return urls;
}
