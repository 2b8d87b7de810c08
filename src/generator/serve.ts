import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import { ERROR_SCREEN_CSS, ERROR_STYLESHEET_PATH, renderErrorScreen, type ErrorScreen } from './error-screen.ts';
import { sitegenError } from './errors.ts';
import { ListenFailed, PortInUse } from './errors-data.ts';
import { SECURITY_HEADERS } from './html-policy.ts';
import { answerRequest, hostRoot } from './static-host.ts';

const TEXT = 'text/plain; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';

/**
 * The text formats a build writes, with their charset; sirv's MIME table (mrmime) names
 * them without one and names every other type.
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

/** Paths the dev server answers itself; never files of the site. */
const RELOAD_SCRIPT_PATH = '/__sitegen/reload.js';
const EVENTS_PATH = '/__sitegen/events';
const RELOAD_SCRIPT = `const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
events.addEventListener('open', () => { document.documentElement.dataset.sitegenReload = 'connected'; });
events.addEventListener('reload', () => location.reload());
`;
const RELOAD_TAG = `<script src="${RELOAD_SCRIPT_PATH}" defer></script>`;

export interface ServerOptions {
  /** Folder to serve; nothing outside it is ever read. */
  dir: string;
  host: string;
  port: number;
  /** The site's base path ("/repo/" for https://user.github.io/repo/); default "/". */
  base?: string;
  /** Adds the reload hook to HTML responses and the events endpoint (watch only). */
  isLiveReload?: boolean;
  /** When it returns an error, every page answers with the error screen (watch only). */
  currentError?: () => ErrorScreen | undefined;
  /** Host names accepted in the Host header besides loopback and the listening address (--allowed-host). */
  allowedHosts?: string[];
}

export type { ErrorScreen } from './error-screen.ts';

export interface SiteServer {
  url: string;
  /** Tells every open page to reload (watch). */
  reload(): void;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Serves a built folder the way static hosts do, by the rules of static-host.ts: `route/`
 * from route/index.html, `/route` redirected to `/route/` when it is a folder, `route.html`
 * for `/route`, the nearest 404.html (with status 404) for anything missing, and 403 for
 * requests that would leave the folder. HTML is read and sent here (the reload hook goes
 * in as it is served); every other file goes out through sirv (ETag/304, Range, MIME
 * types). Binds to `host` only, and answers only Host headers that name this machine.
 */
export async function startServer(options: ServerOptions): Promise<SiteServer> {
  const clients = new Set<ServerResponse>();
  const handle = guarded(options, clients);
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': TEXT });
      response.end(`sitegen server error: ${(error as Error).message}\n`);
    });
  });
  await listen(server, options.host, options.port);
  const address = server.address() as { port: number };
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${address.port}/`,
    reload() {
      for (const client of clients) client.write('event: reload\ndata: now\n\n');
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Listens on host:port, or fails with a message that says why (a busy port names itself). */
function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? sitegenError(PortInUse, { host, port })
          : sitegenError(ListenFailed, { host, port, reason: error.message }, { cause: error }),
      );
    });
    server.listen(port, host, () => resolve());
  });
}

/**
 * The request handler, in the order requests are refused or answered: a Host that is not
 * this machine (403), a method other than GET/HEAD (405), the live-reload endpoints, then
 * the site's files.
 */
function guarded(options: ServerOptions, clients: Set<ServerResponse>): Handler {
  const allowedHosts = allowedHostNames(options.host, options.allowedHosts ?? []);
  const serveSite = siteHandler(options);
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
    if (options.isLiveReload && answerLiveReload(request, response, clients)) return;
    await serveSite(request, response);
  };
}

/** Answers the events stream, the reload script and the error screen's stylesheet; false for any other path. */
function answerLiveReload(request: IncomingMessage, response: ServerResponse, clients: Set<ServerResponse>): boolean {
  const rawPath = (request.url ?? '/').split('?')[0].split('#')[0];
  if (rawPath === EVENTS_PATH) {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write(': connected\n\n');
    clients.add(response);
    request.on('close', () => clients.delete(response));
    return true;
  }
  if (rawPath === RELOAD_SCRIPT_PATH) {
    send(response, request, 200, JAVASCRIPT, RELOAD_SCRIPT);
    return true;
  }
  if (rawPath === ERROR_STYLESHEET_PATH) {
    send(response, request, 200, TEXT_TYPES['.css'], ERROR_SCREEN_CSS);
    return true;
  }
  return false;
}

/** Answers a request for the site's files by the static-host rules (or the error screen). */
function siteHandler(options: ServerOptions): Handler {
  const root = hostRoot(options.dir);
  const sendBytes = bytesSender(root);
  return async (request, response) => {
    const answer = answerRequest(root, request.url ?? '/', { base: options.base });
    if (answer.status === 400 || answer.status === 403) {
      return send(response, request, answer.status, TEXT, answer.status === 400 ? 'Bad request: the path is not valid percent-encoding.\n' : 'Forbidden.\n');
    }
    if (answer.status === 301) {
      response.writeHead(301, { ...COMMON_HEADERS, Location: answer.location }).end();
      return;
    }
    const error = options.currentError?.();
    if (error && (answer.status === 404 || isHtml(answer.file))) {
      return send(response, request, 500, HTML, injectReload(renderErrorScreen(error), options.isLiveReload));
    }
    if (answer.file === undefined) return send(response, request, 404, TEXT, 'Not found.\n');
    if (isHtml(answer.file)) {
      return send(response, request, answer.status, HTML, injectReload(await readFile(answer.file, 'utf8'), options.isLiveReload));
    }
    sendBytes(request, response, answer.file);
  };
}

/**
 * Sends one file that static-host.ts resolved (a real path under root) through sirv:
 * sirv is pointed at exactly that file, so its own path lookup decides nothing. The
 * security headers are set first, so a 304 carries them too.
 */
function bytesSender(root: string): (request: IncomingMessage, response: ServerResponse, file: string) => void {
  const statics = sirv(root, {
    dev: true,
    etag: true,
    dotfiles: true,
    extensions: [],
    setHeaders(response, pathname) {
      // sirv sends an empty type for a name without an extension (_headers, .nojekyll).
      const extension = path.extname(pathname).toLowerCase();
      const type = extension === '' ? 'application/octet-stream' : TEXT_TYPES[extension];
      if (type) response.setHeader('Content-Type', type);
    },
  });
  return (request, response, file) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) response.setHeader(name, value);
    request.url = `/${path.relative(root, file).split(path.sep).map(encodeURIComponent).join('/')}`;
    // Only a name sirv cannot look up (one with "?" or "#") or a file deleted since it was resolved gets here.
    statics(request, response, () => send(response, request, 404, TEXT, 'Not found.\n'));
  };
}

function isHtml(file: string | undefined): boolean {
  return file !== undefined && path.extname(file).toLowerCase() === '.html';
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Host-header names (lowercase, IPv6 in brackets, no port) the server answers. */
function allowedHostNames(listenHost: string, extra: string[]): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, bracketed(listenHost), ...extra.map(bracketed)]);
  // A wildcard address is reached by any of the machine's own addresses.
  if (listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '[::]') {
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
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(header?.trim().toLowerCase() ?? '')?.[1];
}

/** An IPv6 address in brackets, as it appears in a Host header; names and IPv4 as they are, lowercase. */
function bracketed(host: string): string {
  const name = host.trim().toLowerCase().replace(/%.*$/, '');
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

function refusedHostMessage(hostName: string | undefined): string {
  if (hostName === undefined) return 'Blocked request: it has no Host header. The sitegen server answers only requests that name it.\n';
  // Header values cannot hold line breaks; quote the rest as it is.
  return `Blocked request: the host "${hostName}" is not allowed. The sitegen server answers only localhost, 127.0.0.1, [::1] and the address it listens on.\nTo allow this host, restart with --allowed-host ${hostName}\n`;
}

/** True for addresses only this machine can reach: localhost, 127.x.x.x, ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = bracketed(host);
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A whole body from memory, with the common headers. */
function send(response: ServerResponse, request: IncomingMessage, status: number, contentType: string, body: string) {
  const bytes = Buffer.from(body);
  response.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': contentType, 'Content-Length': bytes.length });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

/** The reload hook is added by the server as pages go out: files on disk never carry it. */
function injectReload(html: string, isLiveReload?: boolean): string {
  if (!isLiveReload) return html;
  return html.includes('</head>') ? html.replace('</head>', `${RELOAD_TAG}</head>`) : html + RELOAD_TAG;
}
