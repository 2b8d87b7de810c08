import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { load, type CheerioAPI } from 'cheerio/slim';
import type * as SharpModule from 'sharp';
import { checkXml } from './check-xml.ts';
import { pngProblem } from '../assets/image-check.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import { NoPages } from '../errors/errors-data.ts';
import { formatKb } from '../errors/format-text.ts';
import type { Problem } from '../errors/problem.ts';
import { checkPage, redirectTarget } from '../policy/page-policy.ts';
import { isOutboundLink, opensSafely, urlsOfList } from '../policy/urls.ts';
import {
  hostRoot,
  normalizeBase,
  resolveUrlPath,
  stripBasePath,
  vetUrlPath,
  type Refusal,
} from '../host/static-host.ts';

export interface CheckOptions {
  /** Budget for one page's first load: gzip of its HTML plus the CSS and JS it loads. */
  budgetBytes: number;
}

export interface PageWeight {
  /** Page file, relative to the checked folder. */
  file: string;
  html: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  js: { raw: number; gzip: number };
  /** gzip of HTML + CSS + JS. */
  firstLoadGzip: number;
}

export interface CheckReport {
  pages: number;
  files: number;
  /** Every problem, each in a built file (`built`), relative to the checked folder. */
  problems: Problem[];
  weights: PageWeight[];
}

interface Size {
  raw: number;
  gzip: number;
}

/** What every page's checks share: the folder, the site's address, and the size of each file. */
interface Site {
  /** The checked folder's real path (static-host.ts `hostRoot`). */
  root: string;
  /** The site's base path ("/" or "/repo/"), from the home page's canonical URL. */
  base: string;
  siteUrl?: string;
  budgetBytes: number;
  /** Raw and gzip size of a file (relative to root), measured once. */
  measure(file: string): Size;
  /** Every image file the pages show (relative to root), with the pages that show it. */
  images: Map<string, string[]>;
}

/**
 * Checks a built folder the way a static host and a careful reviewer would: links and
 * assets resolve, each page has lang="id", title, description and an absolute canonical
 * URL (404 pages, served at any address, are exempt from the canonical), JSON-LD parses,
 * outbound links open safely in a new tab, a redirect page (an article alias) leads to a page
 * of the output, with noindex, its canonical URL there and a link there, the page passes the
 * HTML policy (checkPage in
 * page-policy.ts: the same URL, handler and style rules as article bodies, nothing the CSP
 * would block, the CSP meta tag, and the article allow-list inside every article body),
 * no page is over budget, every image a page shows (og:image, img, srcset) decodes,
 * feed.xml and sitemap.xml (and the parts a sitemap index lists) are well-formed XML, and
 * every part a sitemap index lists is a file of the output. Reads disk, writes nothing.
 */
export async function checkOutput(dir: string, options: CheckOptions): Promise<CheckReport> {
  const root = hostRoot(dir);
  const files = listFiles(root);
  const pages = files.filter((file) => file.endsWith('.html') && !isSiteVerification(root, file));
  const problems: Problem[] = [];
  const weights: PageWeight[] = [];
  if (pages.length === 0) {
    const noPages = { message: NoPages.message({ folder: dir }) };
    return { pages: 0, files: files.length, problems: [noPages], weights };
  }
  const address = siteAddress(root, pages);
  const site: Site = {
    root,
    ...address,
    budgetBytes: options.budgetBytes,
    measure: sizeMeter(root),
    images: new Map(),
  };
  for (const file of pages) {
    const report = (message: string, line?: number) =>
      problems.push({ file, line, message, built: true });
    const weight = checkPageFile(site, file, report);
    if (weight) weights.push(weight);
  }
  for (const file of files.filter((name) => name.endsWith('.xml'))) {
    for (const problem of checkXml(readFileSync(path.join(root, file), 'utf8')))
      problems.push({ file, ...problem, built: true });
  }
  problems.push(...sitemapIndexProblems(site, files));
  problems.push(...(await checkImages(root, site.images)));
  return { pages: pages.length, files: files.length, problems, weights };
}

/**
 * Google Search Console's HTML verification file (public/google0123abcd.html, which the build
 * copies as it is): named google*.html at the top level and holding only
 * "google-site-verification: <its name>". It is a token for Google's crawler, not a page, so the
 * page rules do not apply. Reads the file.
 */
function isSiteVerification(root: string, file: string): boolean {
  if (!/^google[0-9a-z]+\.html$/.test(file)) return false;
  const text = readFileSync(path.join(root, file), 'utf8').trim();
  return text === `google-site-verification: ${file}`;
}

/**
 * When sitemap.xml is a sitemap index (files/sitemap.ts: past 50,000 URLs), one problem per
 * part it lists that is not a file of the output; the parts themselves are checked as XML with
 * every other .xml file. Empty for a plain sitemap. Reads disk.
 */
function sitemapIndexProblems(site: Site, files: string[]): Problem[] {
  if (!files.includes('sitemap.xml')) return [];
  const $ = load(readFileSync(path.join(site.root, 'sitemap.xml'), 'utf8'), { xml: true });
  const problems: Problem[] = [];
  $('sitemapindex > sitemap > loc').each((_, el) => {
    const loc = $(el).text().trim();
    const target = resolveReference(loc, site.base, site.base, site.siteUrl);
    if (target.kind === 'ignore') return;
    if (target.kind === 'path' && findFile(site.root, target.pathname)) return;
    const message = `lists the sitemap "${loc}", which is not a file of the output`;
    problems.push({ file: 'sitemap.xml', message, built: true });
  });
  return problems;
}

/** The site's URL and base path, read from the home page's canonical link ("/" without one). */
function siteAddress(root: string, pages: string[]): { siteUrl?: string; base: string } {
  const home = pages.includes('index.html')
    ? load(readFileSync(path.join(root, 'index.html'), 'utf8'))
    : undefined;
  const siteUrl = home?.('link[rel=canonical]').attr('href');
  return {
    siteUrl,
    base: siteUrl && isAbsoluteUrl(siteUrl) ? normalizeBase(new URL(siteUrl).pathname) : '/',
  };
}

function sizeMeter(root: string): (file: string) => Size {
  const cache = new Map<string, Size>();
  return (file) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(root, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      cache.set(file, size);
    }
    return size;
  };
}

/** The DRAFT badge (src/templates/DraftMarker.tsx) that watch and build --drafts put on drafts. */
const DRAFT_MARKER = '.badge-draft';
const DRAFT_SHOWN =
  'shows a draft (marked DRAFT): this folder was written by sitegen watch or build --drafts. ' +
  'Deploy what sitegen build writes, which leaves drafts out';

/**
 * Every check of one page, each problem reported with its line when the check knows it; the
 * page's weight, or undefined when it is too deep to read further.
 */
function checkPageFile(
  site: Site,
  file: string,
  report: (message: string, line?: number) => void,
): PageWeight | undefined {
  const html = readFileSync(path.join(site.root, file), 'utf8');
  // The policy runs first: it refuses markup too deep for the recursive parts of cheerio.
  const policyProblems = checkPage(html);
  for (const { message, line } of policyProblems) report(message, line);
  if (policyProblems.some((problem) => problem.isTooDeep)) return undefined;
  const $ = load(html);
  checkHead($, file, report);
  const { css, js } = checkReferences($, site, file, report);
  checkOutboundLinks($, site.siteUrl, report);
  checkRedirect($, report);
  if ($(DRAFT_MARKER).length > 0) report(DRAFT_SHOWN);

  const htmlSize = site.measure(file);
  const weight: PageWeight = {
    file,
    html: htmlSize,
    css,
    js,
    firstLoadGzip: htmlSize.gzip + css.gzip + js.gzip,
  };
  if (weight.firstLoadGzip > site.budgetBytes) {
    report(
      `first load is ${formatKb(weight.firstLoadGzip)} gzip (HTML ${formatKb(htmlSize.gzip)}, CSS ${formatKb(css.gzip)}, JS ${formatKb(js.gzip)}), over the ${formatKb(site.budgetBytes)} budget`,
    );
  }
  return weight;
}

/** Every link, asset and form action of a page, with the kind named in problems. */
function referencesOf($: CheerioAPI): [kind: string, reference: string][] {
  const references: [string, string][] = [];
  $('a[href]').each((_, el) => void references.push(['link', $(el).attr('href')!]));
  $('link[href]').each(
    (_, el) => void references.push([`<link rel="${$(el).attr('rel')}">`, $(el).attr('href')!]),
  );
  $('script[src], img[src], source[src]').each(
    (_, el) => void references.push([`<${el.tagName}>`, $(el).attr('src')!]),
  );
  $('img[srcset], source[srcset]').each((_, el) => {
    for (const url of urlsOfList('srcset', $(el).attr('srcset')!))
      references.push([`<${el.tagName} srcset>`, url]);
  });
  $('form[action]').each((_, el) => void references.push(['form action', $(el).attr('action')!]));
  $('meta[property="og:image"][content]').each(
    (_, el) => void references.push(['og:image', $(el).attr('content')!]),
  );
  const target = redirectOf($);
  if (target !== undefined) references.push([REFRESH_KIND, target]);
  return references;
}

/**
 * Reports fragments with no element and local references a static host would not serve;
 * returns the size of the stylesheets and scripts the page loads.
 */
function checkReferences(
  $: CheerioAPI,
  site: Site,
  file: string,
  report: (message: string) => void,
): { css: Size; js: Size } {
  const css = { raw: 0, gzip: 0 };
  const js = { raw: 0, gzip: 0 };
  const pageUrl = `${site.base}${file.replace(/(^|\/)index\.html$/, '$1')}`;
  for (const [kind, reference] of referencesOf($)) {
    if (reference.startsWith('#')) {
      if (reference.length > 1 && $(`[id="${reference.slice(1)}"]`).length === 0) {
        report(`${kind} "${reference}" points to no element with that id on the page`);
      }
      continue;
    }
    const target = resolveReference(reference, pageUrl, site.base, site.siteUrl);
    if (target.kind === 'ignore') continue;
    if (target.kind === 'outside') {
      report(`${kind} "${reference}" leaves the site's base path ${site.base}`);
      continue;
    }
    const found = target.kind === 'path' ? findFile(site.root, target.pathname) : undefined;
    if (!found) {
      report(
        `${kind} "${reference}" does not resolve: ${target.kind === 'path' ? `no file ${shownFile(target.pathname)} in the output` : `a static host refuses it (${target.status})`}`,
      );
      continue;
    }
    if (IMAGE_KINDS.has(kind)) site.images.set(found, [...(site.images.get(found) ?? []), file]);
    if (kind.startsWith('<link rel="stylesheet"')) addTo(css, site.measure(found));
    if (kind === '<script>') addTo(js, site.measure(found));
  }
  return { css, js };
}

/** How a redirect page's target is named among a page's references. */
const REFRESH_KIND = 'the redirect (<meta http-equiv="refresh">)';

/** A redirect page's target (page-policy.ts `redirectTarget`); undefined for any other page. */
function redirectOf($: CheerioAPI): string | undefined {
  const refresh = $('meta[http-equiv="refresh" i]').attr('content');
  return refresh === undefined ? undefined : redirectTarget(refresh);
}

/**
 * The rules of a redirect page (an article alias), whose target checkReferences resolves with
 * the page's other references: it is kept out of search results (noindex), its canonical URL is
 * the page it leads to, and it links there for readers whose browser does not follow the
 * refresh. Nothing for any other page.
 */
function checkRedirect($: CheerioAPI, report: (message: string) => void) {
  const target = redirectOf($);
  if (target === undefined) return;
  if (!/\bnoindex\b/.test($('meta[name=robots]').attr('content') ?? ''))
    report('is a redirect page without <meta name="robots" content="noindex">');
  const canonical = $('link[rel=canonical]').attr('href');
  if (canonical && isAbsoluteUrl(canonical) && new URL(canonical).pathname !== target)
    report(
      `is a redirect page to "${target}" whose canonical URL is "${canonical}"; expected the page it leads to`,
    );
  if ($('a[href]').filter((_, el) => $(el).attr('href') === target).length === 0)
    report(
      `is a redirect page to "${target}" with no link there; expected <a href="${target}"> for readers whose browser does not follow the refresh`,
    );
}

/** The references whose target is an image a reader sees (or a sharing service fetches). */
const IMAGE_KINDS = new Set(['og:image', '<img>', '<img srcset>', '<source srcset>']);
/** How many images are decoded at once (sharp runs on libuv's pool). */
const IMAGES_IN_FLIGHT = 4;

/**
 * Checks every image the pages show, each once: a PNG by image-check.ts (its structure and
 * every chunk's CRC-32), a JPEG or WebP decoded by sharp (loaded only when there is one).
 * One problem per image that does not decode, naming a page that shows it. Reads disk.
 */
async function checkImages(root: string, images: Map<string, string[]>): Promise<Problem[]> {
  const problems: { file: string; message: string; built: true }[] = [];
  const queue = [...images];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [image, pages] = next;
      const problem = await imageProblem(readFileSync(path.join(root, image)));
      if (!problem) continue;
      const shownBy =
        pages.length > 1 ? `${pages[0]} and ${pages.length - 1} more pages` : pages[0];
      problems.push({
        file: image,
        message: `does not decode: ${problem}; shown by ${shownBy}. Build again (delete node_modules/.cache/sitegen/ first if it came from there)`,
        built: true,
      });
    }
  };
  await Promise.all(Array.from({ length: IMAGES_IN_FLIGHT }, worker));
  // In file order, whichever image finished decoding first.
  return problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Why image bytes do not decode, or undefined when they do. */
async function imageProblem(bytes: Buffer): Promise<string | undefined> {
  if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') return pngProblem(bytes);
  const sharp = requireFromSitegen('sharp') as typeof SharpModule.default;
  try {
    await sharp(bytes, { failOn: 'error' }).raw().toBuffer();
    return undefined;
  } catch (error) {
    return String((error as Error).message).split('\n')[0];
  }
}

/** Links to other sites must open in a new tab without handing it this page. */
function checkOutboundLinks(
  $: CheerioAPI,
  siteUrl: string | undefined,
  report: (message: string) => void,
) {
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')!;
    if (!isOutboundLink(href, siteUrl)) return;
    const target = $(el).attr('target');
    const rel = $(el).attr('rel') ?? '';
    if (target !== '_blank') report(`external link "${href}" has no target="_blank"`);
    if (!opensSafely('_blank', rel))
      report(
        `external link "${href}" needs rel with noopener and noreferrer (found "${rel.split(/\s+/).join(' ')}")`,
      );
  });
}

function checkHead($: CheerioAPI, file: string, report: (message: string) => void) {
  if ($('html').attr('lang') !== 'id')
    report(`<html> needs lang="id" (found ${JSON.stringify($('html').attr('lang') ?? null)})`);
  if (!$('head > title').text().trim()) report('has no <title>');
  if (!$('meta[name=description]').attr('content')?.trim())
    report('has no <meta name="description">');
  const is404 = path.basename(file) === '404.html';
  const canonical = $('link[rel=canonical]').attr('href');
  if (!is404 && !(canonical && isAbsoluteUrl(canonical))) {
    report(`needs an absolute canonical URL (found ${JSON.stringify(canonical ?? null)})`);
  }
  $('script[type="application/ld+json"]').each((i, el) => {
    try {
      const data = JSON.parse($(el).text());
      const items = Array.isArray(data) ? data : [data];
      if (!items.every((item) => item && typeof item['@type'] === 'string'))
        report(`JSON-LD block ${i + 1} has no "@type"`);
    } catch (error) {
      report(`JSON-LD block ${i + 1} does not parse: ${(error as Error).message}`);
    }
  });
}

/**
 * Where a reference leads: "ignore" for what is not ours to check (another origin,
 * mailto:, data:), "outside" when it leaves the base path, "refused" when a static host
 * would answer 400 or 403 (static-host.ts `vetUrlPath`), else the site path below the base
 * ("/" for the home page).
 */
type Target =
  | { kind: 'ignore' }
  | { kind: 'outside' }
  | { kind: 'refused'; status: Refusal }
  | { kind: 'path'; pathname: string };

function resolveReference(
  reference: string,
  pageUrl: string,
  base: string,
  siteUrl?: string,
): Target {
  if (/^(mailto|tel|data|javascript):/i.test(reference)) return { kind: 'ignore' };
  let url: URL;
  try {
    url = new URL(reference, `http://site.invalid${pageUrl}`);
  } catch {
    return { kind: 'outside' };
  }
  if (url.host !== 'site.invalid') {
    if (!siteUrl || !reference.startsWith(siteUrl)) return { kind: 'ignore' };
    url = new URL(reference);
  }
  const vetted = vetUrlPath(url.pathname);
  if (!vetted.ok) return { kind: 'refused', status: vetted.status };
  const pathname = stripBasePath(vetted.pathname, base);
  return pathname === undefined ? { kind: 'outside' } : { kind: 'path', pathname };
}

/**
 * The file (relative to root) a static host serves for a site path, by the rules of
 * static-host.ts: a folder's index.html (also for `/route`, which the host redirects to
 * `/route/`), the file itself or `route.html`. Undefined when missing or outside the root.
 */
function findFile(root: string, pathname: string): string | undefined {
  let found = resolveUrlPath(root, pathname);
  if (found.kind === 'redirect') found = resolveUrlPath(root, `${pathname}/`);
  return found.kind === 'file'
    ? path.relative(root, found.file).split(path.sep).join('/')
    : undefined;
}

/**
 * "/brand/x/" -> "brand/x/index.html", "/" -> "index.html", "/a.css" -> "a.css": the file a reader
 * would look for.
 */
function shownFile(pathname: string): string {
  const relative = pathname.slice(1);
  return relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
}

function isAbsoluteUrl(value: string): boolean {
  return /^https?:\/\/[^/]+/i.test(value);
}

function addTo(total: Size, size: Size) {
  total.raw += size.raw;
  total.gzip += size.gzip;
}
