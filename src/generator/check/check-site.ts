import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { type FindFile, listingFinder, locateReference } from '../host/site-reference.ts';
import { resolveUrlPath } from '../host/static-host.ts';
import { isNotFoundPage } from '../policy/page-head.ts';
import type { OutputFiles } from './check-files.ts';

export { resolveReference, shownFile, type Target } from '../host/site-reference.ts';
export { isAbsoluteUrl, isNotFoundPage, pagePath } from '../policy/page-head.ts';

/**
 * What every check of a built folder shares: its files, the site's address, and what the page
 * pass learnt of each page for the whole-site checks (the sitemap, orphans); and how a URL of
 * the site becomes a file of the folder, by the static host's rules.
 */

/** Where an og:image is shown, and the size the page declares for it. */
export interface ImageUse {
  page: string;
  declared?: { width: number; height: number };
}

export interface Site {
  /** The checked folder's real path (static-host.ts `hostRoot`). */
  root: string;
  output: OutputFiles;
  /** The site's base path ("/" or "/repo/"), from the home page's canonical URL. */
  base: string;
  /** The site URL ("https://example.com/repo/"): the home page's canonical URL. */
  siteUrl?: string;
  /** Every image file the pages show (relative to root), with the pages that show it. */
  images: Map<string, ImageUse[]>;
  /** The pages read, each with what the whole-site checks need of it. */
  pages: Map<string, PageFacts>;
  /** The files some page (or card) links to with `<a href>`, not counting its own. */
  linked: Set<string>;
  /** findFile's answers by site path: thousands of pages link the same few. */
  found: Map<string, string | undefined>;
  /** The output's listing as a FindFile (host/site-reference.ts listingFinder), when plain. */
  listed?: FindFile;
}

export interface PageFacts {
  isNoindex: boolean;
  isRedirect: boolean;
}

/**
 * `site.listed` for a folder whose listing is plain (check-files.ts: regular files and folders
 * only, nothing refused), else undefined. Pure.
 */
export function listedFinder(output: OutputFiles): FindFile | undefined {
  return output.isPlain ? listingFinder(new Set(output.files)) : undefined;
}

/**
 * The file (relative to root) a static host serves for a site path, by the rules of
 * static-host.ts: a folder's index.html (also for `/route`, which the host redirects to
 * `/route/`), the file itself or `route.html`. Undefined when missing or outside the root.
 * The listing answers when it has the file (in a plain folder the disk names the same one, its
 * real path its own); else the disk is asked, once per path (a disk that folds case or
 * normalises names finds more).
 */
export function findFile(site: Site, pathname: string): string | undefined {
  if (site.found.has(pathname)) return site.found.get(pathname);
  const listed = site.listed?.(pathname);
  if (listed !== undefined) {
    site.found.set(pathname, listed);
    return listed;
  }
  let found = resolveUrlPath(site.root, pathname);
  if (found.kind === 'redirect') found = resolveUrlPath(site.root, `${pathname}/`);
  const file =
    found.kind === 'file'
      ? path.relative(site.root, found.file).split(path.sep).join('/')
      : undefined;
  site.found.set(pathname, file);
  return file;
}

/**
 * Where a URL of the site leads, as the end of a message (host/site-reference.ts
 * `locateReference`, over this folder's files): `found` names the file, else `missing` says why.
 */
export function locate(
  site: Site,
  reference: string,
  pageUrl: string,
): { found?: string; missing?: string } {
  const find = (pathname: string) => findFile(site, pathname);
  return locateReference(reference, pageUrl, { base: site.base, siteUrl: site.siteUrl, find });
}

/**
 * The pages a reader cannot reach: no other page (or list card) links to them and the sitemap
 * does not list them. A 404 page and a redirect page (an article's old address) are reached by
 * addresses, not links; the home page is where a visit starts; a noindex page is one its author
 * keeps out of search on purpose (the build leaves it out of the sitemap, and does not read the
 * links of public/ pages to know whether one leads there). One problem per page. Pure.
 */
export function orphanProblems(site: Site, inSitemap: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const [file, facts] of site.pages) {
    if (file === 'index.html' || isNotFoundPage(file) || facts.isRedirect || facts.isNoindex)
      continue;
    if (site.linked.has(file) || inSitemap.has(file)) continue;
    problems.push({
      file,
      message:
        'no page links to it and the sitemap does not list it; expected a link from a page of the site, or no such page (a leftover or a stray copy?)',
      built: true,
    });
  }
  return problems;
}
