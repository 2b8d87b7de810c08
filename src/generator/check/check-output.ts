import { gzipSync } from 'node:zlib';
import { isSiteVerification, SITE_VERIFICATION_NAME } from '../policy/script-files.ts';
import { load, type CheerioAPI } from 'cheerio/slim';
import { readXml, type XmlElement } from './check-xml.ts';
import { checkNames } from './check-names.ts';
import { checkListData } from './check-data.ts';
import {
  fingerprintProblems,
  outputFiles,
  unpublishableFiles,
  type OutputFiles,
} from './check-files.ts';
import { checkHead, declaredOgImageSize, isNoindex, type Meta, readMeta } from './check-head.ts';
import { checkHostFiles } from './check-host-files.ts';
import { checkImages } from './check-images.ts';
import { checkSitemap } from './check-sitemap.ts';
import { findFile, isAbsoluteUrl, orphanProblems, pagePath, type Site } from './check-site.ts';
import { NoPages } from '../errors/errors-data.ts';
import { formatKb } from '../errors/format-text.ts';
import type { Problem } from '../errors/problem.ts';
import { followReference } from '../host/site-reference.ts';
import { redirectOf, redirectPageProblems } from '../policy/page-head.ts';
import { outboundLinkProblems, referencesOf } from '../policy/page-links.ts';
import { checkPage } from '../policy/page-policy.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';
import { hostRoot, normalizeBase } from '../host/static-host.ts';

export interface CheckOptions {
  /** Budget for one page's first load: gzip of its HTML plus the CSS and JS it loads. */
  budgetBytes: number;
  /** The site's responsible-copy list (check/site-phrases.ts): no page's text may hold a phrase. */
  phrases?: PhraseList;
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

/** What a page's weight needs: the budget, and the size of each file, measured once. */
interface Weigh {
  budgetBytes: number;
  measure(file: string): Size;
}

/**
 * Checks a built folder the way a static host, a crawler and a careful reviewer would. Each
 * page (checkPageFile): its links and assets resolve, its head (check-head.ts: lang, title,
 * description, its own canonical URL and og:url, og:image size, JSON-LD), outbound links open
 * safely in a new tab, a redirect page (an article alias) leads to a page of the output with
 * noindex, its canonical URL there and a link there, the HTML policy (checkPage in
 * page-policy.ts: the same URL, handler and style rules as article bodies, nothing the CSP
 * would block, the CSP meta tag, and the article allow-list inside every article body), no
 * draft shown and no page over budget. Then the whole site: the files themselves
 * (check-files.ts: only regular files of a sane size, no .env or source map, fingerprints that
 * match), every XML file well-formed (check-xml.ts), the sitemap (check-sitemap.ts), robots.txt,
 * `_headers`, `_redirects` and the feed's links (check-host-files.ts), the lists' data and search
 * index (check-data.ts), names a host would merge (check-names.ts), no page unreachable, and
 * every image a page shows decodes at its declared size (check-images.ts). Reads disk, writes
 * nothing.
 */
export async function checkOutput(dir: string, options: CheckOptions): Promise<CheckReport> {
  const root = hostRoot(dir);
  const output = outputFiles(root);
  const { files } = output;
  const pages = files.filter((file) => file.endsWith('.html') && !isVerificationFile(output, file));
  const problems: Problem[] = [];
  const weights: PageWeight[] = [];
  if (pages.length === 0) {
    const noPages = { message: NoPages.message({ folder: dir }) };
    return { pages: 0, files: files.length, problems: [noPages, ...output.problems], weights };
  }
  const site: Site = {
    root,
    output,
    ...siteAddress(output),
    images: new Map(),
    pages: new Map(),
    linked: new Set(),
    found: new Map(),
  };
  const weigh: Weigh = { budgetBytes: options.budgetBytes, measure: sizeMeter(output) };
  for (const file of pages) {
    const report = (message: string, line?: number, column?: number) =>
      problems.push({ file, line, column, message, built: true });
    const weight = checkPageFile(site, weigh, file, report, options.phrases);
    if (weight) weights.push(weight);
  }
  const xml = readXmlFiles(output, problems);
  const sitemap = checkSitemap(site, xml);
  problems.push(...sitemap.problems);
  problems.push(...checkHostFiles(site, xml));
  problems.push(...checkListData(site));
  problems.push(...checkNames(root, files));
  problems.push(...unpublishableFiles(files));
  problems.push(...fingerprintProblems(output));
  problems.push(...orphanProblems(site, sitemap.listed));
  problems.push(...(await checkImages(site)));
  problems.push(...output.problems);
  return { pages: pages.length, files: files.length, problems, weights };
}

/**
 * Every .xml file checked as XML (check-xml.ts), its problems added to `problems`; returns the
 * elements of each well-formed one, for the sitemap and feed checks. Reads the files.
 */
function readXmlFiles(output: OutputFiles, problems: Problem[]): Map<string, XmlElement[]> {
  const elements = new Map<string, XmlElement[]>();
  for (const file of output.files.filter((name) => name.endsWith('.xml'))) {
    const text = output.readText(file);
    if (text === undefined) continue;
    const read = readXml(text);
    for (const problem of read.problems) problems.push({ file, ...problem, built: true });
    elements.set(file, read.elements);
  }
  return elements;
}

/** Whether `file` is Google's verification file (policy/script-files.ts). Reads the file. */
function isVerificationFile(output: OutputFiles, file: string): boolean {
  return SITE_VERIFICATION_NAME.test(file) && isSiteVerification(file, output.readText(file) ?? '');
}

/**
 * The site's URL (its origin and base path, "https://example.com/repo/") and base path, read
 * from the home page's canonical link ("/" and no URL without one).
 */
function siteAddress(output: OutputFiles): { siteUrl?: string; base: string } {
  const text = output.files.includes('index.html') ? output.readText('index.html') : undefined;
  const canonical = text === undefined ? undefined : load(text)('link[rel=canonical]').attr('href');
  if (!canonical || !isAbsoluteUrl(canonical)) return { base: '/' };
  const url = new URL(canonical);
  const base = normalizeBase(url.pathname);
  return { siteUrl: `${url.origin}${base}`, base };
}

function sizeMeter(output: OutputFiles): (file: string) => Size {
  const cache = new Map<string, Size>();
  return (file) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = output.read(file) ?? Buffer.alloc(0);
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
 * Every check of one page, each problem reported with its line when the check knows it, and
 * what the whole-site checks need of it in `site.pages`; the page's weight, or undefined when
 * it cannot be read or is too deep to read further.
 */
function checkPageFile(
  site: Site,
  weigh: Weigh,
  file: string,
  report: (message: string, line?: number, column?: number) => void,
  phrases?: PhraseList,
): PageWeight | undefined {
  const html = site.output.readText(file);
  if (html === undefined) return undefined;
  // The policy runs first: it refuses markup too deep for the recursive parts of cheerio.
  const policyProblems = checkPage(html, { phrases });
  for (const { message, line, column } of policyProblems) report(message, line, column);
  if (policyProblems.some((problem) => problem.isTooDeep)) {
    site.pages.set(file, { isNoindex: false, isRedirect: false });
    return undefined;
  }
  const $ = load(html);
  const meta = readMeta($);
  const redirect = redirectOf(meta);
  site.pages.set(file, { isNoindex: isNoindex(meta), isRedirect: redirect !== undefined });
  checkHead($, meta, site, file, redirect !== undefined, report);
  const { css, js } = checkReferences($, meta, site, weigh, file, report);
  for (const { message } of outboundLinkProblems($, site.siteUrl)) report(message);
  if (redirect !== undefined)
    for (const { message } of redirectPageProblems($, meta, redirect, site.siteUrl))
      report(message);
  if ($(DRAFT_MARKER).length > 0) report(DRAFT_SHOWN);

  const htmlSize = weigh.measure(file);
  const weight: PageWeight = {
    file,
    html: htmlSize,
    css,
    js,
    firstLoadGzip: htmlSize.gzip + css.gzip + js.gzip,
  };
  if (weight.firstLoadGzip > weigh.budgetBytes) {
    report(
      `first load is ${formatKb(weight.firstLoadGzip)} gzip (HTML ${formatKb(htmlSize.gzip)}, CSS ${formatKb(css.gzip)}, JS ${formatKb(js.gzip)}), over the ${formatKb(weigh.budgetBytes)} budget`,
    );
  }
  return weight;
}

/**
 * Reports fragments with no element and local references a static host would not serve;
 * records the images the page shows and the pages it links to in `site`; returns the size of
 * the stylesheets and scripts the page loads.
 */
function checkReferences(
  $: CheerioAPI,
  meta: Meta,
  site: Site,
  weigh: Weigh,
  file: string,
  report: (message: string) => void,
): { css: Size; js: Size } {
  const css = { raw: 0, gzip: 0 };
  const js = { raw: 0, gzip: 0 };
  const pageUrl = `${site.base}${pagePath(file).slice(1)}`;
  const declared = declaredOgImageSize(meta);
  const lookup = {
    base: site.base,
    siteUrl: site.siteUrl,
    find: (pathname: string) => findFile(site, pathname),
    hasId: (id: string) => $(`[id="${id}"]`).length > 0,
  };
  for (const [kind, reference] of referencesOf($, meta)) {
    const { found, problem } = followReference(kind, reference, pageUrl, lookup);
    if (problem) report(problem);
    if (!found) continue;
    if (kind === 'link' && found !== file) site.linked.add(found);
    if (IMAGE_KINDS.has(kind)) {
      const use = { page: file, declared: kind === 'og:image' ? declared : undefined };
      site.images.set(found, [...(site.images.get(found) ?? []), use]);
    }
    if (kind.startsWith('<link rel="stylesheet"')) addTo(css, weigh.measure(found));
    if (kind === '<script>') addTo(js, weigh.measure(found));
  }
  return { css, js };
}

/** The references whose target is an image a reader sees (or a sharing service fetches). */
const IMAGE_KINDS = new Set(['og:image', '<img>', '<img srcset>', '<source srcset>']);

function addTo(total: Size, size: Size) {
  total.raw += size.raw;
  total.gzip += size.gzip;
}
