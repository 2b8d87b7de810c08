import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { lookup } from 'mrmime';
import {
  ERROR_SCREEN_CSS,
  ERROR_STYLESHEET_PATH,
  renderErrorScreen,
  type ErrorScreen,
} from './error-screen.ts';
import { sitegenError } from '../errors/errors.ts';
import { HostNotFound, ListenFailed, NoFreePort, PortInUse } from '../errors/errors-data.ts';
import { SECURITY_HEADERS } from '../policy/security-headers.ts';
import { createLiveReload, type LiveReload } from './live-reload.ts';
import type { LiveUpdate } from './live-update.ts';
import {
  answerRequest,
  byteRange,
  hostRoot,
  isRangeCurrent,
  normalizeBase,
  stripBasePath,
  urlOfOutputFile,
  vetUrlPath,
} from '../host/static-host.ts';

const TEXT = 'text/plain; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';

/**
 * The text formats a build writes, with their charset; mrmime's MIME table names them without
 * one and names every other type.
 */
const TEXT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': JAVASCRIPT,
  '.mjs': JAVASCRIPT,
  '.txt': TEXT,
  '.xml': 'application/xml; charset=utf-8',
};

/** Sent with every response, before the body's own headers. */
const COMMON_HEADERS: Record<string, string> = { ...SECURITY_HEADERS, 'Cache-Control': 'no-cache' };

/** When the port is busy, the next ports tried (as Vite does), unless --strict-port. */
const MORE_PORTS = 10;

export interface ServerOptions {
  /** Folder to serve; nothing outside it is ever read. */
  dir: string;
  host: string;
  /**
   * The port to listen on; when it is busy, the next free one of the MORE_PORTS after it. 0: any
   * free port.
   */
  port: number;
  /** A busy port is an error instead (--strict-port). */
  isStrictPort?: boolean;
  /**
   * The site's base path ("/repo/" for https://user.github.io/repo/); default "/". A
   * function is asked on every request (watch learns the site URL from each build).
   */
  base?: string | (() => string);
  /** Adds the reload hook to HTML responses and the live-reload endpoints (watch only). */
  isLiveReload?: boolean;
  /** When it returns an error, every page answers with the error screen (watch only). */
  currentError?: () => ErrorScreen | undefined;
  /**
   * Host names accepted in the Host header besides loopback and the listening address
   * (--allowed-host).
   */
  allowedHosts?: string[];
  /**
   * Requests are answered once it settles (watch: the first build), so a page asked for while
   * the site is being built waits for it instead of getting a 404.
   */
  ready?: Promise<unknown>;
  /** Files the output lacks that are made when asked for (watch: the social cards left to draw). */
  lateFiles?: LateFiles;
}

/**
 * Files made when a request names them (watch: a social card is drawn when it is asked for;
 * while a run is under way, its pages and assets). Paths are the output's
 * ("og/x.1a2b3c4d5e.png", "artikel/x/index.html").
 */
export interface LateFiles {
  /** Whether `file`, which the output lacks, is one to make. */
  has(file: string): boolean;
  /**
   * Its bytes, made now (text for a page, which gets the reload hook); undefined when it is no
   * longer one to make (then it is missing, as any file). A rejection answers 500: the maker
   * reports why.
   */
  make(file: string): Promise<string | Uint8Array | undefined>;
}

export type { ErrorScreen } from './error-screen.ts';

export interface SiteServer {
  /** http://host:port/ as bound (without the base path). */
  url: string;
  /** The port it listens on: `port`, the next free one, or any free one for 0. */
  port: number;
  /** Starts the next build revision and sends `update` to every open page (watch). */
  publish(update: LiveUpdate): void;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Serves a built folder the way static hosts do, by the rules of static-host.ts: `route/`
 * from route/index.html, `/route` redirected to `/route/` when it is a folder, `route.html`
 * for `/route`, the nearest 404.html (with status 404) for anything missing, and 403 for
 * requests that would leave the folder. HTML is read and sent whole (the reload hook goes in
 * as it is served; a Range header is ignored, as the RFC allows); every other file goes out
 * through sendFile (ETag/304, one byte range, MIME types), and so does a missing file that
 * `lateFiles` makes when asked for (watch's social cards). Binds to `host` only, and answers
 * only Host headers that name this machine.
 */
export async function startServer(options: ServerOptions): Promise<SiteServer> {
  const liveReload = options.isLiveReload ? createLiveReload() : undefined;
  const handle = guarded(options, liveReload);
  const ready = options.ready?.catch(() => {}) ?? Promise.resolve();
  const server: Server = createServer((request, response) => {
    ready
      .then(() => handle(request, response))
      .catch((error) => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': TEXT });
        response.end(`sitegen server error: ${(error as Error).message}\n`);
      });
  });
  const port = await listenOnFreePort(server, options);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    port,
    publish(update) {
      liveReload?.publish(update);
    },
    close() {
      liveReload?.close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Listens on the requested port or, when it is busy, on the first free one of the
 * MORE_PORTS after it, and returns the port; with isStrictPort a busy port is an error.
 * Any other failure is one line that says why.
 */
async function listenOnFreePort(
  server: Server,
  { host, port, isStrictPort }: ServerOptions,
): Promise<number> {
  const last = isStrictPort || port === 0 ? port : Math.min(port + MORE_PORTS, 65535);
  for (let candidate = port; ; candidate++) {
    const error = await listen(server, host, candidate);
    if (!error) return (server.address() as { port: number }).port;
    if (error.code !== 'EADDRINUSE') {
      const reason = error.message;
      throw /^(ENOTFOUND|EAI_)/.test(error.code ?? '')
        ? sitegenError(HostNotFound, { host, reason }, { cause: error })
        : sitegenError(ListenFailed, { host, port: candidate, reason }, { cause: error });
    }
    if (candidate >= last)
      throw isStrictPort
        ? sitegenError(PortInUse, { host, port })
        : sitegenError(NoFreePort, { host, first: port, last });
  }
}

/**
 * Listens on host:port; resolves with the error when that failed (the server may listen again
 * then).
 */
function listen(
  server: Server,
  host: string,
  port: number,
): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      resolve(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(undefined);
    };
    server.once('error', onError).once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * The line watch and preview print when the port was busy and they took another; undefined when
 * they did not.
 */
export function describePortChoice(requested: number, chosen: number): string | undefined {
  return requested === 0 || requested === chosen
    ? undefined
    : `port ${requested} is in use; using ${chosen}`;
}

/**
 * The request handler, in the order requests are refused or answered: a Host that is not
 * this machine (403), a method other than GET/HEAD (405), the live-reload endpoints, then
 * the site's files.
 */
function guarded(options: ServerOptions, liveReload: LiveReload | undefined): Handler {
  const allowedHosts = allowedHostNames(options.host, options.allowedHosts ?? []);
  const serveSite = siteHandler(options, liveReload);
  return async (request, response) => {
    // DNS rebinding: a page on evil.com that resolves its name to 127.0.0.1 reaches this
    // server with `Host: evil.com`. Answer only names that mean this machine.
    const hostName = hostNameOf(request.headers.host);
    if (hostName === undefined || !allowedHosts.has(hostName)) {
      send(response, request, 403, TEXT, refusedHostMessage(hostName));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (
      liveReload?.answer(request, response, (body, type) =>
        send(response, request, 200, type, body),
      )
    )
      return;
    // The error screen's stylesheet: an external file, so the screen passes the site's CSP.
    if (liveReload && (request.url ?? '').split('?')[0] === ERROR_STYLESHEET_PATH)
      return send(response, request, 200, TEXT_TYPES['.css'], ERROR_SCREEN_CSS);
    await serveSite(request, response);
  };
}

/** Answers a request for the site's files by the static-host rules (or the error screen). */
function siteHandler(options: ServerOptions, liveReload: LiveReload | undefined): Handler {
  const root = hostRoot(options.dir);
  const baseOf =
    typeof options.base === 'function'
      ? options.base
      : () => (options.base as string | undefined) ?? '/';
  // The reload hook is added by the server as pages go out: files on disk never carry it.
  const injectReload = (html: string, file?: string) => {
    if (!liveReload) return html;
    const tag = liveReload.tag(
      file === undefined ? undefined : urlOfOutputFile(path.relative(root, file), baseOf()),
    );
    return html.includes('</head>') ? html.replace('</head>', () => `${tag}</head>`) : html + tag;
  };
  return async (request, response) => {
    const answer = answerRequest(root, request.url ?? '/', { base: baseOf() });
    if (answer.status === 400 || answer.status === 403) {
      return send(
        response,
        request,
        answer.status,
        TEXT,
        answer.status === 400
          ? 'Bad request: the path is not valid percent-encoding.\n'
          : 'Forbidden.\n',
      );
    }
    if (answer.status === 301) {
      response.writeHead(301, { ...COMMON_HEADERS, Location: answer.location }).end();
      return;
    }
    const late = { base: baseOf(), injectReload };
    if (answer.status === 404 && (await sendLateFile(request, response, options, late))) return;
    const error = options.currentError?.();
    if (error && (answer.status === 404 || isHtml(answer.file))) {
      return send(response, request, 500, HTML, injectReload(renderErrorScreen(error)));
    }
    if (answer.file === undefined) return send(response, request, 404, TEXT, 'Not found.\n');
    if (isHtml(answer.file)) {
      return send(
        response,
        request,
        answer.status,
        HTML,
        injectReload(await readFile(answer.file, 'utf8'), answer.file),
      );
    }
    await sendFile(request, response, answer.file);
  };
}

/**
 * Sends one file that static-host.ts resolved (a real path under root), as a static host does
 * (sendBody). A file deleted since it was resolved is a 404; one deleted while it is being read
 * ends that one response, and the next request gets a 404.
 */
async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
): Promise<void> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) return send(response, request, 404, TEXT, 'Not found.\n');
  const body = { size: stats.size, mtime: stats.mtime, type: contentTypeOf(file) };
  sendBody(request, response, body, (start, end) =>
    createReadStream(file, { start, end })
      .once('error', () => response.destroy())
      .pipe(response),
  );
}

/**
 * Answers a request for a file the output lacks that `lateFiles` makes when asked for (watch's
 * social cards), with its bytes, as sendFile answers a file; true when it answered. A file no
 * longer to make is left to the caller's 404; one that cannot be made is a 500 (the maker has
 * said why in the terminal).
 */
async function sendLateFile(
  request: IncomingMessage,
  response: ServerResponse,
  { lateFiles }: ServerOptions,
  { base, injectReload }: { base: string; injectReload: (html: string) => string },
): Promise<boolean> {
  const vetted = vetUrlPath((request.url ?? '/').split('?')[0]);
  const pathname = vetted.ok ? stripBasePath(vetted.pathname, base) : undefined;
  // A page's address names its folder: its file is the folder's index.html.
  const file = pathname?.endsWith('/') ? `${pathname.slice(1)}index.html` : pathname?.slice(1);
  if (!lateFiles || !file || !lateFiles.has(file)) return false;
  let bytes: string | Uint8Array | undefined;
  try {
    bytes = await lateFiles.make(file);
  } catch {
    send(response, request, 500, TEXT, `Could not make ${file}: the terminal says why.\n`);
    return true;
  }
  if (bytes === undefined) return false;
  if (typeof bytes === 'string' && isHtml(file)) {
    send(response, request, 200, HTML, injectReload(bytes));
    return true;
  }
  const made = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const body = { size: made.byteLength, mtime: new Date(), type: contentTypeOf(file) };
  sendBody(request, response, body, (start, end) => response.end(made.subarray(start, end + 1)));
  return true;
}

/**
 * Sends a body of `size` bytes as a static host does: 304 when If-None-Match names its ETag;
 * for a GET with a Range header, the one byte range it names (206) or 416 (byteRange,
 * isRangeCurrent); else the whole body. The security headers go with every answer, a 304
 * included. `write` sends bytes start..end (inclusive) and ends the response.
 */
function sendBody(
  request: IncomingMessage,
  response: ServerResponse,
  { size, mtime, type }: { size: number; mtime: Date; type: string },
  write: (start: number, end: number) => void,
): void {
  const lastModified = mtime.toUTCString();
  const etag = `W/"${size}-${mtime.getTime()}"`;
  const validators = { ...COMMON_HEADERS, ETag: etag, 'Last-Modified': lastModified };
  if (isNotModified(request.headers['if-none-match'], etag)) {
    response.writeHead(304, validators).end();
    return;
  }
  const range =
    request.method === 'GET' && isRangeCurrent(headerOf(request, 'if-range'), lastModified)
      ? byteRange(request.headers.range, size)
      : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    const unsatisfied = { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 };
    response.writeHead(416, { ...COMMON_HEADERS, ...unsatisfied }).end();
    return;
  }
  const { start, end } = range.kind === 'part' ? range : { start: 0, end: size - 1 };
  response.writeHead(range.kind === 'part' ? 206 : 200, {
    ...validators,
    'Content-Type': type,
    'Content-Length': end - start + 1,
    'Accept-Ranges': 'bytes',
    ...(range.kind === 'part' && { 'Content-Range': `bytes ${start}-${end}/${size}` }),
  });
  if (request.method === 'HEAD' || end < start) {
    response.end();
    return;
  }
  write(start, end);
}

/** A request header as one string (a repeated one joined by ", "); undefined when absent. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether If-None-Match names `etag` (or is "*"), compared weakly as RFC 9110 §13.1.2 says. */
function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * A file's Content-Type: the text formats a build writes with their charset, every other
 * extension by mrmime's table, and application/octet-stream for the rest (_headers, .nojekyll).
 */
function contentTypeOf(file: string): string {
  const name = path.basename(file);
  return TEXT_TYPES[path.extname(name).toLowerCase()] ?? lookup(name) ?? 'application/octet-stream';
}

function isHtml(file: string | undefined): boolean {
  return file !== undefined && path.extname(file).toLowerCase() === '.html';
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Host-header names (lowercase, IPv6 in brackets, no port) the server answers. */
function allowedHostNames(listenHost: string, extra: string[]): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, bracketed(listenHost), ...extra.map(bracketed)]);
  // A wildcard address is reached by any of the machine's own addresses.
  if (isWildcardHost(listenHost)) {
    for (const address of Object.values(os.networkInterfaces()).flat()) {
      if (address) names.add(bracketed(address.address));
    }
  }
  return names;
}

/**
 * "Example.COM:4321" -> "example.com", "[::1]:4321" -> "[::1]"; undefined when missing,
 * empty, or not the shape a browser sends (a name or bracketed IPv6 address and an
 * optional port: "localhost:80@evil.com" or "a, b" are refused, not read as "localhost").
 */
function hostNameOf(header: string | undefined): string | undefined {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(
    header?.trim().toLowerCase() ?? '',
  )?.[1];
}

/**
 * An IPv6 address in brackets, as it appears in a Host header; names and IPv4 as they are,
 * lowercase.
 */
function bracketed(host: string): string {
  const name = host.trim().toLowerCase().replace(/%.*$/, '');
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

function refusedHostMessage(hostName: string | undefined): string {
  if (hostName === undefined)
    return 'Blocked request: it has no Host header. The sitegen server answers only requests that name it.\n';
  // Header values cannot hold line breaks; quote the rest as it is.
  return `Blocked request: the host "${hostName}" is not allowed. The sitegen server answers only localhost, 127.0.0.1, [::1] and the address it listens on.\nTo allow this host, restart with --allowed-host ${hostName}\n`;
}

/** True for the addresses that mean every interface: 0.0.0.0 (what --host alone binds) and ::. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * The URLs to print for a server on host:port serving a site at `base`: the one URL of a
 * specific address; for a wildcard address, localhost and every IPv4 address of the
 * machine's network interfaces that is not internal (reads the interface list).
 */
export function listeningUrls(
  host: string,
  port: number,
  base = '/',
): { local: string; network: string[] } {
  const url = (name: string) =>
    `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}${normalizeBase(base)}`;
  if (!isWildcardHost(host)) return { local: url(host), network: [] };
  const addresses = Object.values(os.networkInterfaces()).flat();
  const network = addresses
    .filter((address) => address?.family === 'IPv4' && !address.internal)
    .map((address) => url(address!.address));
  return { local: url('localhost'), network };
}

/** True for addresses only this machine can reach: localhost, 127.x.x.x, ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = bracketed(host);
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A whole body from memory, with the common headers. */
function send(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  contentType: string,
  body: string,
) {
  const bytes = Buffer.from(body);
  response.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': contentType,
    'Content-Length': bytes.length,
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}
