import { gzipSync } from 'node:zlib';
import { isSiteVerification, SITE_VERIFICATION_NAME } from '../policy/script-files.ts';
import { load } from 'cheerio/slim';
import { readXml, type XmlElement } from './check-xml.ts';
import { checkNames } from './check-names.ts';
import { checkListData } from './check-data.ts';
import {
  fingerprintProblems,
  outputFiles,
  unpublishableFiles,
  type OutputFiles,
} from './check-files.ts';
import { checkHostFiles } from './check-host-files.ts';
import { checkImages } from './check-images.ts';
import { readPages, type PagesOptions } from './check-pages.ts';
import { checkSitemap } from './check-sitemap.ts';
import {
  findFile,
  isAbsoluteUrl,
  listedFinder,
  orphanProblems,
  pagePath,
  type Site,
} from './check-site.ts';
import { NoPages } from '../errors/errors-data.ts';
import { formatKb } from '../errors/format-text.ts';
import type { Problem } from '../errors/problem.ts';
import { followReference } from '../host/site-reference.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';
import { hostRoot, normalizeBase } from '../host/static-host.ts';
import type { PageFacts } from '../workers/page-facts.ts';

export interface CheckOptions extends PagesOptions {
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
  /** The pages parsed by this check; the others' facts came from the cache (check-cache.ts). */
  parsed?: number;
}

interface Size {
  raw: number;
  gzip: number;
}

/**
 * What following a page's references needs: the budget, the size of each file (measured once),
 * and where each reference leads, worked out once for those that lead to the same place from any
 * page (referenceMemo).
 */
interface PageChecks {
  budgetBytes: number;
  measure(file: string): Size;
  follow: typeof followReference;
}

/** Where a reference leads: host/site-reference.ts `followReference`. */
type Followed = ReturnType<typeof followReference>;

/**
 * Checks a built folder the way a static host, a crawler and a careful reviewer would. Each
 * page, from its facts (workers/page-facts.ts, read or taken from the cache by check-pages.ts;
 * checkPageFacts): its links and assets resolve, its head (policy/page-head.ts: lang, title,
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
 * every image a page shows decodes at its declared size (check-images.ts). Reads disk; writes
 * nothing but the facts it keeps in the cache folder (check-cache.ts).
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
    const problems = [noPages, ...output.problems];
    return { pages: 0, files: files.length, problems, weights, parsed: 0 };
  }
  const site: Site = {
    root,
    output,
    ...siteAddress(output),
    images: new Map(),
    pages: new Map(),
    linked: new Set(),
    found: new Map(),
    listed: listedFinder(output),
  };
  const checks: PageChecks = {
    budgetBytes: options.budgetBytes,
    measure: sizeMeter(output),
    follow: referenceMemo(),
  };
  const read = await readPages(site, pages, options);
  for (const [i, file] of pages.entries()) {
    const report = (message: string, line?: number, column?: number) =>
      problems.push({ file, line, column, message, built: true });
    const facts = read.facts[i];
    if ('problem' in facts) output.refuse(file, facts.problem);
    const weight =
      'problem' in facts ? undefined : checkPageFacts(site, checks, file, facts, report);
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
  return { pages: pages.length, files: files.length, problems, weights, parsed: read.parsed };
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

/**
 * host/site-reference.ts `followReference`, worked out once per kind and URL for a URL that leads
 * to the same place from every page: a path from the site's root ("/brand/x/", and "//host/" too) or
 * an absolute http(s) URL (a page's own URL is only the base a relative one is read against, on
 * one origin). A relative URL or a fragment is worked out each time.
 */
function referenceMemo(): PageChecks['follow'] {
  const memo = new Map<string, Map<string, Followed>>();
  return (kind, reference, pageUrl, lookup) => {
    const isAnywhere = reference.startsWith('/') || /^https?:\/\//i.test(reference);
    if (!isAnywhere) return followReference(kind, reference, pageUrl, lookup);
    const ofKind = memo.get(kind) ?? new Map<string, Followed>();
    memo.set(kind, ofKind);
    let followed = ofKind.get(reference);
    if (!followed) {
      followed = followReference(kind, reference, pageUrl, lookup);
      ofKind.set(reference, followed);
    }
    return followed;
  };
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

/**
 * Every check of one page from its facts (workers/page-facts.ts: the page rules, its head, links
 * and size, read from its bytes alone), each problem reported with its line when the check knows
 * it, in the order the page's checks run: the facts' own problems, its references followed on
 * the folder, then its outbound links, redirect and draft badge, then its budget. What the
 * whole-site checks need of it goes into `site`. Returns the page's weight, or undefined when its
 * markup is too deep to read further.
 */
function checkPageFacts(
  site: Site,
  checks: PageChecks,
  file: string,
  facts: PageFacts,
  report: (message: string, line?: number, column?: number) => void,
): PageWeight | undefined {
  for (const { message, line, column } of facts.problems) report(message, line, column);
  site.pages.set(file, { isNoindex: facts.isNoindex, isRedirect: facts.isRedirect });
  if (facts.tooDeep) return undefined;
  const { css, js } = checkReferences(site, checks, file, facts, report);
  for (const message of facts.laterProblems) report(message);
  const htmlSize = facts.size;
  const weight: PageWeight = {
    file,
    html: htmlSize,
    css,
    js,
    firstLoadGzip: htmlSize.gzip + css.gzip + js.gzip,
  };
  if (weight.firstLoadGzip > checks.budgetBytes) {
    report(
      `first load is ${formatKb(weight.firstLoadGzip)} gzip (HTML ${formatKb(htmlSize.gzip)}, CSS ${formatKb(css.gzip)}, JS ${formatKb(js.gzip)}), over the ${formatKb(checks.budgetBytes)} budget`,
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
  site: Site,
  checks: PageChecks,
  file: string,
  facts: PageFacts,
  report: (message: string) => void,
): { css: Size; js: Size } {
  const css = { raw: 0, gzip: 0 };
  const js = { raw: 0, gzip: 0 };
  const pageUrl = `${site.base}${pagePath(file).slice(1)}`;
  const missing = new Set(facts.missingIds);
  const lookup = {
    base: site.base,
    siteUrl: site.siteUrl,
    find: (pathname: string) => findFile(site, pathname),
    hasId: (id: string) => !missing.has(id),
  };
  for (const [kind, reference] of facts.references) {
    const { found, problem } = checks.follow(kind, reference, pageUrl, lookup);
    if (problem) report(problem);
    if (!found) continue;
    if (kind === 'link' && found !== file) site.linked.add(found);
    if (IMAGE_KINDS.has(kind)) {
      const use = { page: file, declared: kind === 'og:image' ? facts.declared : undefined };
      const uses = site.images.get(found);
      if (uses) uses.push(use);
      else site.images.set(found, [use]);
    }
    if (kind.startsWith('<link rel="stylesheet"')) addTo(css, checks.measure(found));
    if (kind === '<script>') addTo(js, checks.measure(found));
  }
  return { css, js };
}

/** The references whose target is an image a reader sees (or a sharing service fetches). */
const IMAGE_KINDS = new Set(['og:image', '<img>', '<img srcset>', '<source srcset>']);

function addTo(total: Size, size: Size) {
  total.raw += size.raw;
  total.gzip += size.gzip;
}
