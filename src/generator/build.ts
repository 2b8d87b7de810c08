import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSiteBundler, type SiteBundler } from './bundle-site.ts';
import { SitegenError } from './errors.ts';
import { planHostFiles } from './host-files.ts';
import type { LinkTarget } from './link-brands.ts';
import { loadContent } from './load-content.ts';
import { loadSite } from './load-site.ts';
import { resolveOutputDir } from './output-dir.ts';
import { planRoutes, type Route } from './plan-routes.ts';
import { renderTimeLimitMs } from './time-limit.ts';
import { AtomicDirWriter, type OutputFile, type Writer } from './write-output.ts';

export interface BuildOptions {
  /** Project folder holding src/content, src/templates and src/client. */
  root: string;
  /** Output folder; a build replaces it whole (or, with an incremental writer, updates it). */
  outDir: string;
  /** Overrides the site URL from src/content/site.ts. */
  siteUrl?: string;
  /** Where `siteUrl` came from, for error messages; default "--site-url". */
  siteUrlOrigin?: string;
  /** Defaults to an AtomicDirWriter on outDir. */
  writer?: Writer;
  /** Defaults to a one-shot bundler; watch passes an incremental one. */
  bundler?: SiteBundler;
  /** Called after each page is rendered (progress display). */
  onPage?: (done: number, total: number) => void;
  /** Linked body HTML by raw body HTML, kept between rebuilds (watch): unchanged bodies skip cheerio. */
  linkCache?: Map<string, string>;
  /** How long one page may render before the build fails; default $SITEGEN_RENDER_TIMEOUT_MS, else 10 s. */
  renderTimeLimitMs?: number;
}

export interface BuildResult {
  routes: Route[];
  pages: number;
  files: number;
  bytes: number;
  /** Files written (fewer than `files` when an incremental writer skipped unchanged ones). */
  written: number;
  removed: string[];
  durationMs: number;
  warnings: string[];
  /** Source files the build read, relative to the root. */
  inputs: string[];
  /** Milliseconds spent in each stage, in order. */
  timings: Record<string, number>;
  /** Resolves when the previous output folder has been deleted. */
  cleanup: Promise<void>;
}

/**
 * Runs every stage: bundle sources, load and validate content, link brand mentions,
 * plan routes, render each page and hand it to the writer, then host files. Nothing
 * becomes visible unless every page rendered; a failure throws a SitegenError.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = now - mark;
    mark = now;
  };
  const root = path.resolve(options.root);
  // Flags and the output folder are checked before any work, so a mistake fails at once.
  const givenSiteUrl = options.siteUrl === undefined ? undefined : normalizeSiteUrl(options.siteUrl, options.siteUrlOrigin ?? '--site-url');
  const outDir = options.writer ? undefined : await resolveOutputDir(options.outDir, root);
  const limitMs = options.renderTimeLimitMs ?? renderTimeLimitMs();
  const bundler = options.bundler ?? (await createSiteBundler(root));
  let bundles;
  let stages;
  try {
    // esbuild bundles in its own process; load the linker (cheerio) and React meanwhile.
    const bundling = bundler.bundle();
    [stages, bundles] = await Promise.all([Promise.all([import('./link-brands.ts'), import('./render-pages.ts'), import('./html-policy.ts')]), bundling]);
  } finally {
    if (!options.bundler) await bundler.dispose();
  }
  const [{ linkFirstMentions }, { renderSlice }, { duplicateIds }] = stages;
  lap('bundle');
  const site = loadSite(bundles, root, limitMs);
  const { content, bodies } = await loadContent(site.content, root);
  lap('load and validate');
  const siteUrl = givenSiteUrl ?? normalizeSiteUrl(content.site.url, 'src/content/site.ts: site "url"');

  const targets = content.brands.map((brand) => ({ name: brand.name, url: brand.url }));
  const linkedBodies = linkBodies(bodies, targets, linkFirstMentions, options.linkCache);
  lap('link brand mentions');

  const brandCss = content.brands.map((brand) => `.badge-${brand.slug}{background:${brand.color}}`).join('');
  const styles = fingerprint('assets/styles', '.css', bundles.css + brandCss);
  const client = fingerprint('assets/client', '.js', bundles.clientJs);
  const icon = fingerprint('assets/favicon', '.svg', bundles.favicon);
  const routes = planRoutes({ content, bodies: linkedBodies, siteUrl, assets: { css: `/${styles.path}`, js: `/${client.path}`, icon: `/${icon.path}` } });
  lap('plan routes');

  // A body may set ids; a page that then uses one twice (id="main" is the skip link's
  // target) is invalid HTML. Only pages that can hold such an id are parsed again.
  const mayRepeatIds = [...linkedBodies.values()].some((html) => /\sid\s*=/i.test(html));

  const writer = options.writer ?? new AtomicDirWriter(outDir!);
  let summary;
  try {
    for (const asset of [styles, client, icon]) await writer.add(asset);
    let done = 0;
    while (done < routes.length) {
      for (const contents of renderSlice(routes, done, site, limitMs)) {
        if (mayRepeatIds) checkUniqueIds(routes[done], contents, duplicateIds);
        await writer.add({ path: routes[done].outputPath, contents });
        done++;
        options.onPage?.(done, routes.length);
      }
      // A turn for signals (Ctrl-C), timers and the dev server's requests between slices.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const file of planHostFiles(routes, siteUrl)) await writer.add(file);
    lap('render and write');
    summary = await writer.commit();
    lap('commit');
  } catch (error) {
    await writer.abort();
    throw error;
  }

  const missingBodies = content.articles.filter((article) => !article.body).map((article) => article.slug);
  const warnings =
    missingBodies.length > 0
      ? [
          `${missingBodies.length} article${missingBodies.length === 1 ? ' has' : 's have'} no body yet and render the fallback article with noindex: ${summarizeList(missingBodies)}`,
        ]
      : [];
  return {
    routes,
    pages: routes.length,
    files: summary.files,
    bytes: summary.bytes,
    written: summary.written,
    removed: summary.removed,
    durationMs: performance.now() - started,
    warnings,
    inputs: bundles.inputs,
    timings,
    cleanup: writer instanceof AtomicDirWriter ? writer.cleanup : Promise.resolve(),
  };
}

/**
 * Links the first brand mentions of every body. With a cache (watch), bodies whose text
 * and targets are unchanged reuse the last result, and entries no body uses are dropped.
 */
function linkBodies(
  bodies: Map<string, string>,
  targets: LinkTarget[],
  link: (html: string, targets: LinkTarget[]) => string,
  cache?: Map<string, string>,
): Map<string, string> {
  const prefix = JSON.stringify(targets);
  const used = new Set<string>();
  const linked = new Map<string, string>();
  for (const [slug, html] of bodies) {
    const key = `${prefix}\n${html}`;
    let result = cache?.get(key);
    if (result === undefined) {
      result = link(html, targets);
      cache?.set(key, result);
    }
    used.add(key);
    linked.set(slug, result);
  }
  if (cache) for (const key of cache.keys()) if (!used.has(key)) cache.delete(key);
  return linked;
}

function checkUniqueIds(route: Route, html: string, duplicateIds: (html: string) => string[]) {
  const repeated = duplicateIds(html);
  if (repeated.length > 0) {
    throw new SitegenError(
      `${route.source}: the page ${route.url} uses the id ${repeated.map((id) => `"${id}"`).join(', ')} more than once; an id in an article body must not repeat one of the page's own (such as "main") or another in the body. Rename it.`,
      { file: route.source },
    );
  }
}

/** An absolute http(s) URL ending in "/", or a SitegenError naming where the bad value came from. */
export function normalizeSiteUrl(value: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SitegenError(`${origin}: "${value}" is not an absolute URL; expected something like https://www.example.id/.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SitegenError(`${origin}: "${value}" must use http or https.`);
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

function fingerprint(stem: string, extension: string, contents: string): OutputFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `${stem}.${hash}${extension}`, contents };
}

function summarizeList(items: string[], max = 4): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
