/**
 * The route walk a real web server is held to (nginx.test.ts, caddy.test.ts): the built
 * folder is walked and every file in it becomes requests with the answer a host configured
 * from docs/hosting.md must give, checked one by one over HTTP.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/generator/policy/security-headers.ts';

/** The Cache-Control of every file under /assets/ (fingerprinted, so never stale). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The feed's type (`_headers` sends it; a server's default for .xml is another). */
export const FEED_TYPE = 'application/atom+xml; charset=utf-8';

/** What a server's default types may be for each extension the build writes. */
const TYPES: Record<string, RegExp> = {
  '.html': /^text\/html/,
  '.css': /^text\/css/,
  '.js': /^(text|application)\/javascript/,
  '.json': /^application\/json/,
  '.png': /^image\/png$/,
  '.webp': /^image\/webp$/,
  '.jpg': /^image\/jpeg$/,
  '.svg': /^image\/svg\+xml/,
  '.txt': /^text\/plain/,
  '.xml': /^(application|text)\/xml/,
};

/** One request and the answer it must get. */
export interface Expected {
  url: string;
  status: 200 | 301 | 404;
  /** The file whose bytes the body must be: the file itself, or the 404 page. */
  body?: string;
  /** The exact Location of a redirect. */
  location?: string;
  /** The exact Cache-Control (null: none). */
  cacheControl?: string | null;
  contentType?: RegExp | string;
}

/** A server the walk runs against: its base URL and how to stop it. */
export interface RunningHost {
  base: string;
  stop: () => Promise<void>;
}

/** Every file under `dist` (dotfiles and dot-folders included), as '/'-separated paths. */
export function builtFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** Whether a path is the host's, not the visitors': a dot segment outside /.well-known/. */
function isHidden(file: string): boolean {
  const segments = file.replace(/^\.well-known\//, 'well-known/').split('/');
  return segments.some((segment) => segment.startsWith('.'));
}

/**
 * The 404 page a host that uses the nearest one answers `url` with: the closest `404.html`
 * up the tree from the URL's folder, else the root one. Reads whether files exist.
 */
export function nearest404(dist: string, url: string): string {
  let folder = path.posix.dirname(`${url.split('?')[0]}x`);
  while (folder !== '/' && !existsSync(path.join(dist, folder, '404.html')))
    folder = path.posix.dirname(folder);
  return path.join(dist, folder, '404.html');
}

/** Every page at its folder URL: 200, the page's bytes, not cached. Reads the folder. */
export function pageRoutes(dist: string): Expected[] {
  return builtFiles(dist)
    .filter((file) => (file === 'index.html' || file.endsWith('/index.html')) && !isHidden(file))
    .map((file) => ({
      url: `/${file.slice(0, -'index.html'.length)}`,
      status: 200,
      body: path.join(dist, file),
      cacheControl: null,
      contentType: TYPES['.html'],
    }));
}

/**
 * Every other visible file at its own URL: 200, its bytes, its type; a year of caching
 * under /assets/ and none elsewhere. Reads the folder.
 */
export function fileRoutes(dist: string): Expected[] {
  return builtFiles(dist)
    .filter((file) => !file.endsWith('index.html') && !isHidden(file))
    .filter((file) => file !== '_headers' && file !== '_redirects')
    .map((file) => ({
      url: `/${file}`,
      status: 200,
      body: path.join(dist, file),
      cacheControl: file.startsWith('assets/') ? IMMUTABLE : null,
      contentType: file === 'feed.xml' ? FEED_TYPE : TYPES[path.extname(file)],
    }));
}

/**
 * Every page's folder named without its slash, with and without a query: 301 to the same
 * path with the slash, as a relative Location. Reads the folder.
 */
export function folderRedirects(dist: string): Expected[] {
  return pageRoutes(dist)
    .filter((page) => page.url !== '/')
    .flatMap((page) => [
      { url: page.url.slice(0, -1), status: 301 as const, location: page.url },
      {
        url: `${page.url.slice(0, -1)}?q=bonus`,
        status: 301 as const,
        location: `${page.url}?q=bonus`,
      },
    ]);
}

/**
 * Paths the build does not have, under every folder holding a 404 page and elsewhere, and
 * every folder without an index page (never a listing): 404 with the nearest 404 page,
 * never cached (a missing asset included). Reads the folder.
 */
export function notFoundRoutes(dist: string): Expected[] {
  const files = builtFiles(dist);
  const folders = [...new Set(files.map((file) => path.posix.dirname(file)))]
    .filter((folder) => folder !== '.' && !isHidden(`${folder}/x`))
    .filter((folder) => !files.includes(`${folder}/index.html`));
  const homes = ['', ...files.filter((f) => f.endsWith('/404.html')).map((f) => path.dirname(f))];
  const urls = [
    ...homes.flatMap((home) =>
      ['tidak-ada/', 'tidak-ada', 'tidak/ada', 'tidak-ada.html'].map((rest) =>
        home ? `/${home}/${rest}` : `/${rest}`,
      ),
    ),
    ...folders.map((folder) => `/${folder}/`),
    '/assets/tidak-ada.css',
    '/index.html/',
    '/.well-known/tidak-ada',
  ];
  return urls.map((url) => notFound(dist, url));
}

/**
 * Every dotfile of the build (the output marker among them), a few that are not there,
 * and `/_headers` and `/_redirects`: 404 with the nearest 404 page. Reads the folder.
 */
export function hiddenRoutes(dist: string): Expected[] {
  const dotfiles = builtFiles(dist).filter(isHidden);
  const urls = [
    ...dotfiles.map((file) => `/${file}`),
    '/.env',
    '/.git/config',
    '/assets/.hidden',
    '/brand/.hidden',
    '/_headers',
    '/_redirects',
  ];
  return urls.map((url) => notFound(dist, url));
}

function notFound(dist: string, url: string): Expected {
  return {
    url,
    status: 404,
    body: nearest404(dist, url),
    cacheControl: null,
    contentType: TYPES['.html'],
  };
}

/**
 * Requests `expected.url` from `base` (no redirect followed) and returns what differs from
 * `expected`, the security headers included, one line each; [] when all is as expected.
 */
export async function checkRoute(base: string, expected: Expected): Promise<string[]> {
  const response = await fetch(base + expected.url, { redirect: 'manual' });
  const got = Buffer.from(await response.arrayBuffer());
  const problems: string[] = [];
  const differ = (what: string, actual: unknown, wanted: unknown) => {
    if (actual !== wanted) problems.push(`${expected.url}: ${what} ${actual}, expected ${wanted}`);
  };
  differ('status', response.status, expected.status);
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    differ(name, response.headers.get(name), value);
  if (expected.location !== undefined)
    differ('Location', response.headers.get('location'), expected.location);
  if (expected.cacheControl !== undefined)
    differ('Cache-Control', response.headers.get('cache-control'), expected.cacheControl);
  const type = response.headers.get('content-type') ?? '';
  if (typeof expected.contentType === 'string') differ('Content-Type', type, expected.contentType);
  else if (expected.contentType && !expected.contentType.test(type))
    problems.push(`${expected.url}: Content-Type ${type}, expected ${expected.contentType}`);
  if (expected.body !== undefined && !got.equals(readFileSync(expected.body)))
    problems.push(`${expected.url}: body is not ${path.basename(expected.body)}'s bytes`);
  return problems;
}

/** Checks every route of `routes` in turn; returns every problem found. */
export async function checkRoutes(base: string, routes: Expected[]): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) problems.push(...(await checkRoute(base, route)));
  return problems;
}

/**
 * Registers the whole walk against one server: `start` is given the shared build
 * (`inject('distDir')`) and returns the running server, stopped after the last test.
 * Each group of routes is one test that lists every route that failed.
 */
export function describeHost(name: string, start: (dist: string) => Promise<RunningHost>): void {
  describe(name, () => {
    let host: RunningHost | undefined;
    const dist = inject('distDir');
    beforeAll(async () => {
      host = await start(dist);
    });
    afterAll(async () => {
      await host?.stop();
    });

    const groups: [string, (dist: string) => Expected[], number][] = [
      ['serves every page at its folder URL, with every security header', pageRoutes, 30],
      ['serves every other file, with its type, assets cached for a year', fileRoutes, 20],
      ['redirects every folder without its slash with a relative 301', folderRedirects, 60],
      ['answers unknown paths with the nearest 404 page, status 404', notFoundRoutes, 12],
      ['keeps dotfiles, _headers and _redirects from visitors (404)', hiddenRoutes, 8],
    ];
    for (const [title, routes, least] of groups) {
      it(title, async () => {
        const expected = routes(dist);
        expect(expected.length, 'routes the walk found').toBeGreaterThanOrEqual(least);
        expect(await checkRoutes(host!.base, expected)).toEqual([]);
      });
    }
  });
}
