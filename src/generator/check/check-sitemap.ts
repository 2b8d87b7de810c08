import type { Problem } from '../errors/problem.ts';
import { SITEMAP_FILE } from '../files/sitemap.ts';
import type { XmlElement } from './check-xml.ts';
import { locate, type Site } from './check-site.ts';

/**
 * sitemap.xml as a search engine reads it (files/sitemap.ts writes it): there is one; each URL
 * it lists is on the site URL, a page of the output and a page without noindex; each
 * `<lastmod>` is a date. A sitemap index's parts are files of the output, each read the same
 * way. Its well-formedness is check-xml.ts's, with every other XML file.
 */

/** What the sitemap check found: its problems, and the pages it lists (for orphanProblems). */
export interface SitemapReport {
  problems: Problem[];
  listed: Set<string>;
}

/**
 * Checks sitemap.xml and the parts it lists. `xml` holds the elements of each well-formed XML
 * file that was read (readXml); a file that is not well-formed has none and is not checked
 * further here. Reads the file facts the page pass left in `site`.
 */
export function checkSitemap(site: Site, xml: Map<string, XmlElement[]>): SitemapReport {
  const report: SitemapReport = { problems: [], listed: new Set() };
  if (!site.output.files.includes(SITEMAP_FILE)) {
    report.problems.push({
      file: SITEMAP_FILE,
      message: 'is missing; expected the sitemap of the indexable pages, which robots.txt names',
      built: true,
    });
    return report;
  }
  const index = xml.get(SITEMAP_FILE) ?? [];
  for (const { loc, lastmod } of entries(index, 'sitemap')) {
    checkDate(SITEMAP_FILE, loc?.text.trim() ?? '', lastmod, report);
    const part = loc && checkPart(site, loc, report);
    if (part) checkUrls(site, part, xml.get(part) ?? [], report);
  }
  checkUrls(site, SITEMAP_FILE, index, report);
  return report;
}

/** One part a sitemap index lists: the file it names, or undefined (and a problem). */
function checkPart(site: Site, loc: XmlElement, report: SitemapReport): string | undefined {
  const url = loc.text.trim();
  const { found } =
    site.siteUrl && url.startsWith(site.siteUrl) ? locate(site, url, site.base) : {};
  if (found) return found;
  report.problems.push({
    file: SITEMAP_FILE,
    message: `lists the sitemap "${url}", which is not a file of the output`,
    built: true,
  });
  return undefined;
}

/** The `<url>` entries of one sitemap file: each `<loc>` and its `<lastmod>`. */
function checkUrls(site: Site, file: string, elements: XmlElement[], report: SitemapReport) {
  for (const { loc, lastmod } of entries(elements, 'url')) {
    const url = loc?.text.trim() ?? '';
    const message = loc ? locProblem(site, url, report.listed) : undefined;
    if (message) report.problems.push({ file, line: loc!.line, message, built: true });
    checkDate(file, url, lastmod, report);
  }
}

/** A `<lastmod>`, when there is one, is a date. */
function checkDate(
  file: string,
  url: string,
  lastmod: XmlElement | undefined,
  report: SitemapReport,
) {
  const date = lastmod?.text.trim();
  if (date === undefined || isW3cDate(date)) return;
  report.problems.push({
    file,
    line: lastmod!.line,
    message: `the <lastmod> of "${url}" is "${date}"; expected a date, YYYY-MM-DD (or a W3C datetime)`,
    built: true,
  });
}

/** Each `<url>` (or an index's `<sitemap>`) with its `<loc>` and `<lastmod>`, in order. Pure. */
function entries(
  elements: XmlElement[],
  entry: 'url' | 'sitemap',
): { loc?: XmlElement; lastmod?: XmlElement }[] {
  const found = new Map<XmlElement, { loc?: XmlElement; lastmod?: XmlElement }>();
  for (const element of elements) {
    const { parent, name } = element;
    if (parent?.name !== entry || (name !== 'loc' && name !== 'lastmod')) continue;
    const item = found.get(parent) ?? {};
    item[name] = element;
    found.set(parent, item);
  }
  return [...found.values()];
}

/** Why a listed URL should not be there; adds the page it names to `listed`. */
function locProblem(site: Site, url: string, listed: Set<string>): string | undefined {
  if (!site.siteUrl) return undefined;
  if (!url.startsWith(site.siteUrl))
    return `lists "${url}", which is not on the site URL ${site.siteUrl}`;
  const { found, missing } = locate(site, url, site.base);
  if (!found) return `lists "${url}", which does not resolve: ${missing}`;
  if (!found.endsWith('.html')) return `lists "${url}", which is ${found}, not a page`;
  const facts = site.pages.get(found);
  // A page check could not read is a problem of its own already.
  if (!facts) return undefined;
  listed.add(found);
  if (facts.isNoindex)
    return `lists "${url}", whose page has noindex; expected only pages search engines may index`;
  return undefined;
}

/** A W3C datetime, as sitemaps.org asks: YYYY-MM-DD, or with a time and a zone; a real date. */
const W3C_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function isW3cDate(text: string): boolean {
  const match = W3C_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
