import path from 'node:path';
import { isHostFile, type Refusal, stripBasePath, vetUrlPath } from './static-host.ts';

/**
 * Where a reference of a page (a link, an asset, a `_redirects` target) leads on the site, by
 * the static host's rules (static-host.ts), and how a reference that leads nowhere is worded.
 * `sitegen check` asks it of the built folder on disk (check/check-site.ts `findFile`); the
 * build asks it of its own listing of the output before writing anything (`listingFinder`:
 * public/ pages and public/_redirects), so both refuse the same references with the same words.
 */

/**
 * Where a reference leads: "ignore" for what is not ours to check (another origin,
 * mailto:, data:), "outside" when it leaves the base path, "refused" when a static host
 * would answer 400 or 403 (static-host.ts `vetUrlPath`), else the site path below the base
 * ("/" for the home page).
 */
export type Target =
  | { kind: 'ignore' }
  | { kind: 'outside' }
  | { kind: 'refused'; status: Refusal }
  | { kind: 'path'; pathname: string };

export function resolveReference(
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

/** The file (relative to the output folder) a static host serves for a site path, or undefined. */
export type FindFile = (pathname: string) => string | undefined;

/** The site a reference is followed on: its base path, its URL, and how a path becomes a file. */
export interface SiteLookup {
  base: string;
  siteUrl?: string;
  find: FindFile;
}

/**
 * "/brand/x/" -> "brand/x/index.html", "/" -> "index.html", "/a.css" -> "a.css": the file a reader
 * would look for.
 */
export function shownFile(pathname: string): string {
  const relative = pathname.slice(1);
  return relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
}

/**
 * Where a URL of the site leads, as the end of a message: undefined when it is a file of the
 * output (`found` names it), else why not ("no file x/index.html in the output", "a static
 * host refuses it (403)", "it leaves the base path /repo/"). "ignore" targets are found.
 */
export function locateReference(
  reference: string,
  pageUrl: string,
  site: SiteLookup,
): { found?: string; missing?: string } {
  const target = resolveReference(reference, pageUrl, site.base, site.siteUrl);
  if (target.kind === 'ignore') return {};
  if (target.kind === 'outside') return { missing: `it leaves the site's base path ${site.base}` };
  if (target.kind === 'refused') return { missing: `a static host refuses it (${target.status})` };
  const found = site.find(target.pathname);
  return found ? { found } : { missing: `no file ${shownFile(target.pathname)} in the output` };
}

/**
 * One reference of a page at `pageUrl` (`kind` names it in the message: "link", "og:image"):
 * the file it leads to, or its problem. A fragment ("#main") needs an element with that id on
 * the page (`hasId`); another origin, mailto: and the like are not followed (neither).
 */
export function followReference(
  kind: string,
  reference: string,
  pageUrl: string,
  site: SiteLookup & { hasId: (id: string) => boolean },
): { found?: string; problem?: string } {
  if (reference.startsWith('#')) {
    const id = reference.slice(1);
    if (id.length > 0 && !site.hasId(id))
      return { problem: `${kind} "${reference}" points to no element with that id on the page` };
    return {};
  }
  const target = resolveReference(reference, pageUrl, site.base, site.siteUrl);
  if (target.kind === 'ignore') return {};
  if (target.kind === 'outside')
    return { problem: `${kind} "${reference}" leaves the site's base path ${site.base}` };
  const found = target.kind === 'path' ? site.find(target.pathname) : undefined;
  if (found) return { found };
  const why =
    target.kind === 'path'
      ? `no file ${shownFile(target.pathname)} in the output`
      : `a static host refuses it (${target.status})`;
  return { problem: `${kind} "${reference}" does not resolve: ${why}` };
}

/**
 * findFile over a listing of the output (every file's path, "artikel/x/index.html") instead of
 * the disk, by the rules of static-host.ts `resolveUrlPath`: `/route/` is route/index.html;
 * `/route` is route/index.html when route/ is a folder holding one, else the file `route` or
 * `route.html`; a host's own file (`_headers`, a hidden name) is none. Pure.
 */
export function listingFinder(files: ReadonlySet<string>): FindFile {
  const folders = new Set<string>();
  for (const file of files)
    for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1))
      folders.add(file.slice(0, end));
  const has = (file: string) => (files.has(file) ? file : undefined);
  return (pathname) => {
    if (isHostFile(pathname)) return undefined;
    const relative = path.posix.normalize(pathname).slice(1);
    if (relative === '' || relative.endsWith('/')) return has(`${relative}index.html`);
    for (const candidate of [relative, `${relative}.html`]) {
      if (files.has(candidate)) return candidate;
      // A folder with an index.html: the host redirects to `/route/`, which is that file.
      if (folders.has(candidate) && files.has(`${candidate}/index.html`))
        return has(`${relative}/index.html`);
    }
    return undefined;
  };
}
