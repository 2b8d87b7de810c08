import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { load, type CheerioAPI } from 'cheerio/slim';
import { checkPage } from './html-policy.ts';

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
  problems: string[];
  weights: PageWeight[];
}

export const DEFAULT_BUDGET_BYTES = 30 * 1024;

/**
 * Checks a built folder the way a static host and a careful reviewer would: links and
 * assets resolve, each page has lang="id", title, description and an absolute canonical
 * URL (404 pages, served at any address, are exempt from the canonical), JSON-LD parses,
 * outbound links open safely in a new tab, the page passes the HTML policy (checkPage in
 * html-policy.ts: the same URL, handler and style rules as article bodies, nothing the CSP
 * would block, the CSP meta tag, and the article allow-list inside every article body),
 * and no page is over budget. Reads disk, writes nothing.
 */
export function checkOutput(dir: string, options: CheckOptions): CheckReport {
  const root = path.resolve(dir);
  const files = listFiles(root);
  const pages = files.filter((file) => file.endsWith('.html'));
  const problems: string[] = [];
  const weights: PageWeight[] = [];
  if (pages.length === 0) {
    return { pages: 0, files: files.length, problems: [`${dir}: no HTML pages found; build the site first (sitegen build)`], weights };
  }

  const home = pages.includes('index.html') ? load(readFileSync(path.join(root, 'index.html'), 'utf8')) : undefined;
  const siteUrl = home?.('link[rel=canonical]').attr('href');
  const base = siteUrl && isAbsoluteUrl(siteUrl) ? new URL(siteUrl).pathname : '/';
  const gzipCache = new Map<string, { raw: number; gzip: number }>();
  const measure = (file: string) => {
    let size = gzipCache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(root, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gzipCache.set(file, size);
    }
    return size;
  };

  for (const file of pages) {
    const html = readFileSync(path.join(root, file), 'utf8');
    const report = (message: string) => problems.push(`${file}: ${message}`);
    // The policy runs first: it refuses markup too deep for the recursive parts of cheerio.
    const policyProblems = checkPage(html);
    for (const problem of policyProblems) report(problem);
    if (policyProblems.some((problem) => / is nested \d+ elements deep; /.test(problem))) continue;
    const $ = load(html);
    const pageUrl = `${base}${file.replace(/(^|\/)index\.html$/, '$1')}`;
    const resolveLocal = (reference: string) => resolveReference(reference, pageUrl, base, siteUrl);

    checkHead($, file, report);

    const css = { raw: 0, gzip: 0 };
    const js = { raw: 0, gzip: 0 };
    const references: [string, string][] = [];
    $('a[href]').each((_, el) => void references.push(['link', $(el).attr('href')!]));
    $('link[href]').each((_, el) => void references.push([`<link rel="${$(el).attr('rel')}">`, $(el).attr('href')!]));
    $('script[src], img[src], source[src]').each((_, el) => void references.push([`<${el.tagName}>`, $(el).attr('src')!]));
    $('form[action]').each((_, el) => void references.push(['form action', $(el).attr('action')!]));

    for (const [kind, reference] of references) {
      if (reference.startsWith('#')) {
        if (reference.length > 1 && $(`[id="${reference.slice(1)}"]`).length === 0) {
          report(`${kind} "${reference}" points to no element with that id on the page`);
        }
        continue;
      }
      const target = resolveLocal(reference);
      if (target === null) continue;
      if (target === undefined) {
        report(`${kind} "${reference}" leaves the site's base path ${base}`);
        continue;
      }
      const found = findFile(root, target);
      if (!found) {
        report(`${kind} "${reference}" does not resolve: no file ${target || '/'}${target.endsWith('/') || target === '' ? 'index.html' : ''} in the output`);
        continue;
      }
      if (kind.startsWith('<link rel="stylesheet"')) addTo(css, measure(found));
      if (kind === '<script>') addTo(js, measure(found));
    }

    $('a[href]').each((_, el) => {
      const href = $(el).attr('href')!;
      if (!/^https?:/i.test(href) || (siteUrl && href.startsWith(siteUrl))) return;
      const rel = ($(el).attr('rel') ?? '').split(/\s+/);
      if ($(el).attr('target') !== '_blank') report(`external link "${href}" has no target="_blank"`);
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) {
        report(`external link "${href}" needs rel with noopener and noreferrer (found "${rel.join(' ')}")`);
      }
    });

    const htmlSize = measure(file);
    const weight: PageWeight = { file, html: htmlSize, css, js, firstLoadGzip: htmlSize.gzip + css.gzip + js.gzip };
    weights.push(weight);
    if (weight.firstLoadGzip > options.budgetBytes) {
      report(
        `first load is ${formatKb(weight.firstLoadGzip)} gzip (HTML ${formatKb(htmlSize.gzip)}, CSS ${formatKb(css.gzip)}, JS ${formatKb(js.gzip)}), over the ${formatKb(options.budgetBytes)} budget`,
      );
    }
  }
  return { pages: pages.length, files: files.length, problems, weights };
}

function checkHead($: CheerioAPI, file: string, report: (message: string) => void) {
  if ($('html').attr('lang') !== 'id') report(`<html> needs lang="id" (found ${JSON.stringify($('html').attr('lang') ?? null)})`);
  if (!$('head > title').text().trim()) report('has no <title>');
  if (!$('meta[name=description]').attr('content')?.trim()) report('has no <meta name="description">');
  const is404 = path.basename(file) === '404.html';
  const canonical = $('link[rel=canonical]').attr('href');
  if (!is404 && !(canonical && isAbsoluteUrl(canonical))) {
    report(`needs an absolute canonical URL (found ${JSON.stringify(canonical ?? null)})`);
  }
  $('script[type="application/ld+json"]').each((i, el) => {
    try {
      const data = JSON.parse($(el).text());
      const items = Array.isArray(data) ? data : [data];
      if (!items.every((item) => item && typeof item['@type'] === 'string')) report(`JSON-LD block ${i + 1} has no "@type"`);
    } catch (error) {
      report(`JSON-LD block ${i + 1} does not parse: ${(error as Error).message}`);
    }
  });
}

/**
 * The output-relative path a reference points to: "" for the site root, a path ending in
 * "/" for a folder. null means "not ours to check" (other origin, mailto:, data:);
 * undefined means it points outside the base path.
 */
function resolveReference(reference: string, pageUrl: string, base: string, siteUrl?: string): string | null | undefined {
  if (/^(mailto|tel|data|javascript):/i.test(reference)) return null;
  let url: URL;
  try {
    url = new URL(reference, `http://site.invalid${pageUrl}`);
  } catch {
    return undefined;
  }
  if (url.host !== 'site.invalid') {
    if (!siteUrl || !reference.startsWith(siteUrl)) return null;
    url = new URL(reference);
  }
  const pathname = decodeURIComponent(url.pathname);
  if (!pathname.startsWith(base)) return undefined;
  return pathname.slice(base.length);
}

/** The file a static host serves for `target`: the file itself or a folder's index.html. */
function findFile(root: string, target: string): string | undefined {
  const candidates = target === '' || target.endsWith('/') ? [`${target}index.html`] : [target, `${target}/index.html`];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (!full.startsWith(root)) return undefined;
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return undefined;
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

function addTo(total: { raw: number; gzip: number }, size: { raw: number; gzip: number }) {
  total.raw += size.raw;
  total.gzip += size.gzip;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
