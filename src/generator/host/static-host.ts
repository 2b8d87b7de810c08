import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The static-host rules, in one place: which file a URL path names, when a folder URL is
 * redirected, which 404 page answers a missing path, and which paths are refused. The dev
 * server (serve.ts), `sitegen check` (check-output.ts) and the test tools all ask these
 * functions; none of them decides on its own. Synchronous on purpose: check is synchronous,
 * and a request costs the server a few stat calls.
 *
 * The rules are those of GitHub Pages, Netlify and Cloudflare Pages for a
 * `route/index.html` layout:
 * - `/route/` is route/index.html; `/route` is redirected to `/route/` when route/ is a
 *   folder with an index.html, else it is the file `route` or `route.html`;
 * - a missing path gets the nearest 404.html (hosts that know only the root one use
 *   `rootNotFoundPage`);
 * - a path that is not valid percent-encoding is a bad request (400), and one that could
 *   leave the folder (`..`, NUL, backslash, an encoded `/` or `\`, or a symlink whose real
 *   path is outside the folder) is forbidden (403);
 * - files that are the host's, not the visitor's, are missing: any name that starts with
 *   "." but `.well-known` (the `.sitegen-output` marker, `.nojekyll`: Netlify drops them
 *   from a deploy) and the `_headers` and `_redirects` that Netlify and Cloudflare Pages
 *   read and never serve;
 * - a GET with a Range header gets the one byte range it names (206), 416 for a range past
 *   the end, and the whole file for anything else (`byteRange`, `isRangeCurrent`).
 */

/** A URL path decoded and found safe to look up, or the status that refuses it. */
export type VettedPath = { ok: true; pathname: string } | { ok: false; status: Refusal };

/** 400: not valid percent-encoding; 403: a path that could leave the folder. */
export type Refusal = 400 | 403;

/** What a URL path names under a root. `file` is the real (symlink-free) absolute path. */
export type Resolution =
  | { kind: 'file'; file: string }
  | { kind: 'redirect' }
  | { kind: 'missing' }
  | { kind: 'forbidden' };

/** The whole answer of a static host to one request path. */
export type HostAnswer =
  | { status: 200; file: string }
  /** `location` keeps the request's own encoding and query. */
  | { status: 301; location: string }
  /** `file` is the 404 page to send, if there is one. */
  | { status: 404; file?: string }
  | { status: 400 }
  | { status: 403 };

export interface HostOptions {
  /** The site's base path, such as "/repo/" for https://user.github.io/repo/; default "/". */
  base?: string;
  /**
   * "nearest" (Netlify, Cloudflare, the dev server) or "root" (GitHub Pages); default "nearest".
   */
  notFound?: 'nearest' | 'root';
}

/** Encoded "/" or "\": a host would decode them into separators the router never saw. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/**
 * Decodes the path part of a request URL ("/a%20b/", no query) and vets it: 400 when it is
 * not valid percent-encoding; 403 when it is not an origin path ("/..."), or holds an
 * encoded separator, a NUL, a backslash or a ".." segment, raw or decoded.
 */
export function vetUrlPath(rawPath: string): VettedPath {
  if (!rawPath.startsWith('/') || ENCODED_SEPARATOR.test(rawPath))
    return { ok: false, status: 403 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..'))
    return { ok: false, status: 403 };
  return { ok: true, pathname };
}

/**
 * The path below the site's base: "/repo/x/" -> "/x/" for base "/repo/". Undefined when the
 * path is outside the base ("/repo" itself included: the caller redirects it to the base).
 */
export function stripBasePath(pathname: string, base = '/'): string | undefined {
  const prefix = normalizeBase(base);
  if (!pathname.startsWith(prefix)) return undefined;
  return `/${pathname.slice(prefix.length)}`;
}

/** "repo", "/repo" and "/repo/" all mean "/repo/"; "" means "/". */
export function normalizeBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/**
 * The URL path a host serves an output file at, under the site's base: "index.html" -> "/",
 * "artikel/x/index.html" -> "/artikel/x/", and any other file by its own name ("404.html"
 * -> "/404.html", since a 404 page answers at many URLs). Segments are percent-encoded as
 * a browser's location.pathname is. Pure.
 */
export function urlOfOutputFile(outputPath: string, base = '/'): string {
  const file = outputPath.split(path.sep).join('/');
  const folder =
    file === 'index.html'
      ? ''
      : file.endsWith('/index.html')
        ? file.slice(0, -'index.html'.length)
        : file;
  return [...normalizeBase(base).split('/').slice(0, -1), ...folder.split('/')]
    .map(encodeURIComponent)
    .join('/');
}

/** The real path of the folder a host serves (the folder itself when it does not exist yet). */
export function hostRoot(dir: string): string {
  const resolved = path.resolve(dir);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

/**
 * The file a vetted, base-stripped URL path names under `root` (a `hostRoot`): see the
 * rules above. A candidate whose real path leaves `root` makes the answer "forbidden".
 */
export function resolveUrlPath(root: string, pathname: string): Resolution {
  if (isHostFile(pathname)) return { kind: 'missing' };
  const target = path.join(root, pathname);
  const candidates = pathname.endsWith('/')
    ? [path.join(target, 'index.html')]
    : [target, `${target}.html`];
  for (const candidate of candidates) {
    const info = statOrNull(candidate);
    if (!info) continue;
    if (info.isDirectory()) {
      if (statOrNull(path.join(candidate, 'index.html'))?.isFile()) return { kind: 'redirect' };
      continue;
    }
    if (!info.isFile()) continue;
    const real = realpathSync(candidate);
    return isInside(root, real) ? { kind: 'file', file: real } : { kind: 'forbidden' };
  }
  return { kind: 'missing' };
}

/**
 * Host configuration files at the top ("/_headers") and hidden names anywhere ("/.x", "/a/.x/").
 */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/** Whether a URL path names a file a host keeps to itself (see the rules above). Pure. */
export function isHostFile(pathname: string): boolean {
  if (HOST_FILES.has(pathname)) return true;
  return pathname
    .split('/')
    .some((segment) => segment.startsWith('.') && segment !== '.well-known');
}

/**
 * Whether a folder holds at least one HTML page: what `sitegen check` and `preview` require
 * of a built folder. Stops at the first page it finds. Reads disk.
 */
export function hasAnyPage(dir: string): boolean {
  const folders = [dir];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.html')) return true;
      if (entry.isDirectory()) folders.push(path.join(folder, entry.name));
    }
  }
  return false;
}

/**
 * The 404.html nearest to a missing path: /brand/x/ tries brand/x/404.html, brand/404.html,
 * 404.html.
 */
export function nearestNotFoundPage(root: string, pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  for (let depth = parts.length; depth >= 0; depth--) {
    const found = resolveUrlPath(root, `/${[...parts.slice(0, depth), '404.html'].join('/')}`);
    if (found.kind === 'file') return found.file;
  }
  return undefined;
}

/** The root 404.html, the only one GitHub Pages uses. */
export function rootNotFoundPage(root: string): string | undefined {
  const found = resolveUrlPath(root, '/404.html');
  return found.kind === 'file' ? found.file : undefined;
}

/**
 * The whole static-host answer for a request URL ("/a/b?q=1", origin form) under `root`:
 * vet, strip the base, resolve, and pick the 404 page. The base itself without its
 * trailing slash ("/repo") is redirected to the base.
 */
export function answerRequest(
  root: string,
  requestUrl: string,
  options: HostOptions = {},
): HostAnswer {
  const [rawPath, query] = splitQuery(requestUrl);
  const vetted = vetUrlPath(rawPath);
  if (!vetted.ok) return vetted.status === 400 ? { status: 400 } : { status: 403 };
  const base = normalizeBase(options.base ?? '/');
  if (`${vetted.pathname}/` === base) return { status: 301, location: `${rawPath}/${query}` };
  const pathname = stripBasePath(vetted.pathname, base);
  const found =
    pathname === undefined ? ({ kind: 'missing' } as const) : resolveUrlPath(root, pathname);
  if (found.kind === 'forbidden') return { status: 403 };
  if (found.kind === 'redirect') return { status: 301, location: `${rawPath}/${query}` };
  if (found.kind === 'file') return { status: 200, file: found.file };
  const notFound =
    options.notFound === 'root' || pathname === undefined
      ? rootNotFoundPage(root)
      : nearestNotFoundPage(root, pathname);
  return { status: 404, file: notFound };
}

/** What a Range header gets: the whole file (200), one part (206), or 416. */
export type ByteRange =
  | { kind: 'whole' }
  /** `end` is inclusive, as in Content-Range. */
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/** One range-spec: an int-range ("5-", "5-9") or a suffix-range ("-5"); digits are ASCII. */
const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * What a GET's Range header asks of a file of `size` bytes (RFC 9110 §14.1-14.2): one part,
 * clipped to the file; "unsatisfiable" when the range starts at or past the end or is a suffix
 * of 0 bytes ("bytes=-0"); "whole" (the header ignored, as the RFC allows) when there is no
 * header or it is not exactly one valid byte range: another unit, a syntax error
 * ("bytes=abc"), a last position before the first ("bytes=5-2"), or several ranges (no
 * multipart/byteranges is ever sent). A suffix of an empty file is the whole (empty) file: no
 * Content-Range can name zero bytes. Pure.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  const whole: ByteRange = { kind: 'whole' };
  const unsatisfiable: ByteRange = { kind: 'unsatisfiable' };
  // The unit is case-insensitive; a list may hold empty elements and spaces around commas.
  const set = /^bytes=(.*)$/i.exec(header?.trim() ?? '')?.[1];
  const specs =
    set
      ?.split(',')
      .map((spec) => spec.trim())
      .filter(Boolean) ?? [];
  if (specs.length !== 1) return whole;
  const [, first, last] = RANGE_SPEC.exec(specs[0]) ?? [];
  if (first === undefined || (first === '' && last === '')) return whole;
  if (first === '') {
    const length = Number(last);
    if (length === 0) return unsatisfiable;
    return size === 0 ? whole : { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return whole;
  if (start >= size) return unsatisfiable;
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}

/**
 * Whether a Range header may be honoured, given the request's If-Range (RFC 9110 §13.1.5):
 * always without one; for a date, when it is exactly the file's Last-Modified; never for an
 * entity tag, which If-Range compares strongly while the server's tags are weak. When it is
 * false the whole file is sent. Pure.
 */
export function isRangeCurrent(ifRange: string | undefined, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  const validator = ifRange.trim();
  if (validator.startsWith('"') || validator.startsWith('W/')) return false;
  return validator === lastModified;
}

/**
 * "/a?b=1#c" -> ["/a", "?b=1"]: the path and the query with its "?" (or ""); the fragment is
 * dropped.
 */
function splitQuery(requestUrl: string): [string, string] {
  const withoutFragment = requestUrl.split('#')[0];
  const mark = withoutFragment.indexOf('?');
  return mark === -1
    ? [withoutFragment, '']
    : [withoutFragment.slice(0, mark), withoutFragment.slice(mark)];
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
