import { load } from 'cheerio/slim';
import type { PublicFolder } from '../content/public-folder.ts';
import type { Problem } from '../errors/problem.ts';
import { followReference, type SiteLookup } from '../host/site-reference.ts';
import {
  headProblems,
  isNoindex,
  isNotFoundPage,
  type PageFinding,
  pagePath,
  readMeta,
  redirectOf,
  redirectPageProblems,
} from '../policy/page-head.ts';
import { outboundLinkProblems, type PageReference, referencesOf } from '../policy/page-links.ts';
import { isSiteVerification } from '../policy/script-files.ts';
import { publicClashes } from './public-files.ts';
import type { SitemapEntry } from './sitemap.ts';

/**
 * public/'s HTML pages against the rules `sitegen check` holds every page of the output to,
 * beyond the page policy content/public-folder.ts applies as it reads them: the head and a
 * redirect page's rules (policy/page-head.ts), links to other sites, and, once the build knows
 * every file it writes, every reference resolving (policy/page-links.ts, host/site-reference.ts).
 * The pages search engines may index go in the sitemap, so none of them is an orphan to check.
 * Google's verification file is no page; a file refused for its name, its place or the page
 * policy is not read further.
 */

/** What the second look at a public page needs: its references and the ids it has. */
export interface PublicPage {
  /** "public/tentang.html", for messages. */
  source: string;
  /** Its path in the output, "tentang.html". */
  file: string;
  references: PageReference[];
  ids: Set<string>;
  /** The line an offset of the page is on. */
  lineOf: (at: number | undefined) => number | undefined;
}

export interface PublicPages {
  /**
   * Every problem of public/ known before the output is listed: the folder's (public-folder.ts),
   * the clashes with what sitegen writes (public-files.ts), then the head, redirect and
   * outbound-link problems of each page not refused by those, at their lines.
   */
  problems: Problem[];
  /** The indexable pages at their canonical addresses, in public/'s order: for the sitemap. */
  sitemap: SitemapEntry[];
  pages: PublicPage[];
}

/** The last reading of public/'s pages for each map of generated files. */
const readFor = new WeakMap<
  Map<string, string>,
  { siteUrl: string; folder: string; read: PublicPages }
>();

/**
 * Reads each public `.html` page of `folder` for the site at `siteUrl`, whose generated files
 * are `generated` (public-files.ts generatedFiles). The same `generated` map, site URL and
 * folder (folderKey: its files' paths and digests, its problems) give the last reading again;
 * the caller changes nothing of it. Pure apart from that memo.
 */
export function readPublicPages(
  folder: PublicFolder,
  siteUrl: string,
  generated: Map<string, string>,
): PublicPages {
  const key = folderKey(folder);
  const last = readFor.get(generated);
  if (last?.siteUrl === siteUrl && last.folder === key) return last.read;
  const read = readPublicPagesOf(folder, siteUrl, generated);
  readFor.set(generated, { siteUrl, folder: key, read });
  return read;
}

/** What readPublicPages reads of public/: every file's paths and digest, and the problems. */
function folderKey(folder: PublicFolder): string {
  const files = folder.files.map((file) => [file.path, file.source, file.digest]);
  return JSON.stringify([files, folder.problems]);
}

function readPublicPagesOf(
  folder: PublicFolder,
  siteUrl: string,
  generated: Map<string, string>,
): PublicPages {
  const problems = [...folder.problems, ...publicClashes(folder.files, generated)];
  const refused = new Set(problems.map((problem) => problem.file));
  const read: PublicPages = { problems, sitemap: [], pages: [] };
  for (const { path: file, source, bytes } of folder.files) {
    if (!file.endsWith('.html') || refused.has(source)) continue;
    const html = bytes.toString('utf8');
    if (isSiteVerification(file, html)) continue;
    readPage({ file, source, html }, siteUrl, read);
  }
  return read;
}

/** One page's problems and sitemap entry into `read`, and what referenceProblems needs. */
function readPage(
  page: { file: string; source: string; html: string },
  siteUrl: string,
  read: PublicPages,
) {
  const { file, source, html } = page;
  // Parsed as check parses it (htmlparser2, HTML mode), each element knowing where it starts.
  const $ = load(html, { xml: { xmlMode: false, withStartIndices: true } });
  const meta = readMeta($);
  const redirect = redirectOf(meta);
  const lineOf = lineFinder(html);
  const findings: PageFinding[] = [
    ...headProblems($, meta, { file, siteUrl, isRedirect: redirect !== undefined }),
    ...outboundLinkProblems($, siteUrl),
    ...(redirect === undefined ? [] : redirectPageProblems($, meta, redirect, siteUrl)),
  ];
  for (const { message, at } of findings)
    read.problems.push({ file: source, line: lineOf(at), message });
  const ids = new Set<string>();
  $('[id]').each((_, el) => void ids.add(el.attribs.id));
  read.pages.push({ source, file, references: referencesOf($, meta), ids, lineOf });
  if (isNotFoundPage(file) || redirect !== undefined || isNoindex(meta)) return;
  const canonical = $('link[rel=canonical]').attr('href');
  const url = canonical?.startsWith(siteUrl)
    ? `/${canonical.slice(siteUrl.length)}`
    : pagePath(file);
  read.sitemap.push({ url });
}

/**
 * Every reference of `pages` that leads nowhere on `site` (its `find` knows every file the
 * build writes: host/site-reference.ts `listingFinder`), at its line, in check's words. Pure.
 */
export function referenceProblems(pages: PublicPage[], site: SiteLookup): Problem[] {
  const problems: Problem[] = [];
  for (const page of pages) {
    const pageUrl = `${site.base}${pagePath(page.file).slice(1)}`;
    const lookup = { ...site, hasId: (id: string) => page.ids.has(id) };
    for (const [kind, reference, at] of page.references) {
      const { problem } = followReference(kind, reference, pageUrl, lookup);
      if (problem) problems.push({ file: page.source, line: page.lineOf(at), message: problem });
    }
  }
  return problems;
}

/** The 1-based line of an offset into `text`, by binary search over where lines start. Pure. */
function lineFinder(text: string): (at: number | undefined) => number | undefined {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (at) => {
    if (at === undefined) return undefined;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
