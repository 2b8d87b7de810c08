import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SitegenError } from './errors.ts';
import { SECURITY_HEADERS } from './html-policy.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

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
  /** Adds the reload hook to HTML responses and the events endpoint (watch only). */
  isLiveReload?: boolean;
  /** When it returns an error, every page answers with the error screen (watch only). */
  currentError?: () => ErrorScreen | undefined;
  /** Host names accepted in the Host header besides loopback and the listening address (--allowed-host). */
  allowedHosts?: string[];
}

export interface ErrorScreen {
  message: string;
  file?: string;
  line?: number;
}

export interface SiteServer {
  url: string;
  /** Tells every open page to reload (watch). */
  reload(): void;
  close(): Promise<void>;
}

/**
 * Serves a built folder the way static hosts do: `route/` from route/index.html, `/route`
 * redirected to `/route/` when it is a folder, `route.html` for `/route`, and the nearest
 * 404.html (with status 404) for anything missing. Requests that would leave the folder,
 * by `..`, encoded separators or symlinks, get 403. Binds to `host` only.
 */
export async function startServer(options: ServerOptions): Promise<SiteServer> {
  const root = await realpath(path.resolve(options.dir)).catch(() => path.resolve(options.dir));
  const clients = new Set<ServerResponse>();

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`sitegen server error: ${(error as Error).message}\n`);
    });
  });

  const allowedHosts = allowedHostNames(options.host, options.allowedHosts ?? []);

  async function handle(request: IncomingMessage, response: ServerResponse) {
    // DNS rebinding: a page on evil.com that resolves its name to 127.0.0.1 reaches this
    // server with `Host: evil.com`. Answer only names that mean this machine.
    const hostName = hostNameOf(request.headers.host);
    if (hostName === undefined || !allowedHosts.has(hostName)) {
      send(response, request, 403, '.txt', refusedHostMessage(hostName));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const rawPath = (request.url ?? '/').split('?')[0].split('#')[0];
    if (options.isLiveReload && rawPath === EVENTS_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      response.write(': connected\n\n');
      clients.add(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    if (options.isLiveReload && rawPath === RELOAD_SCRIPT_PATH) {
      send(response, request, 200, '.js', RELOAD_SCRIPT);
      return;
    }

    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      send(response, request, 400, '.txt', 'Bad request: the path is not valid percent-encoding.\n');
      return;
    }
    const segments = pathname.split('/');
    if (pathname.includes('\0') || pathname.includes('\\') || segments.some((s) => s === '..') || !pathname.startsWith('/')) {
      send(response, request, 403, '.txt', 'Forbidden.\n');
      return;
    }

    const error = options.currentError?.();
    const found = await resolveFile(root, pathname);
    if (found.kind === 'forbidden') {
      send(response, request, 403, '.txt', 'Forbidden.\n');
      return;
    }
    if (found.kind === 'redirect') {
      response.writeHead(301, { Location: `${pathname}/${request.url?.includes('?') ? `?${request.url.split('?')[1]}` : ''}` }).end();
      return;
    }
    if (error && (found.kind === 'missing' || found.file.endsWith('.html'))) {
      send(response, request, 500, '.html', injectReload(renderErrorScreen(error), options.isLiveReload));
      return;
    }
    if (found.kind === 'missing') {
      const notFound = await findNearest404(root, pathname);
      if (notFound) {
        await sendFile(response, request, 404, notFound, options.isLiveReload);
      } else {
        send(response, request, 404, '.txt', 'Not found.\n');
      }
      return;
    }
    await sendFile(response, request, 200, found.file, options.isLiveReload);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new SitegenError(`Port ${options.port} on ${options.host} is already in use. Stop the other server or pass --port with a free port.`)
          : new SitegenError(`Could not listen on ${options.host}:${options.port}: ${error.message}`, { cause: error }),
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
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

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Host-header names (lowercase, IPv6 in brackets, no port) the server answers. */
export function allowedHostNames(listenHost: string, extra: string[]): Set<string> {
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

type Resolved = { kind: 'file'; file: string } | { kind: 'redirect' } | { kind: 'missing' } | { kind: 'forbidden' };

/** Maps a URL path to a file under root, following static-host rules. */
async function resolveFile(root: string, pathname: string): Promise<Resolved> {
  const target = path.join(root, pathname);
  const candidates = pathname.endsWith('/') ? [path.join(target, 'index.html')] : [target, `${target}.html`];
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      const index = await stat(path.join(candidate, 'index.html')).catch(() => null);
      if (index?.isFile()) return { kind: 'redirect' };
      continue;
    }
    if (!info.isFile()) continue;
    // A symlink inside the folder may point outside it: compare the real path.
    const real = await realpath(candidate);
    if (real !== root && !real.startsWith(root + path.sep)) return { kind: 'forbidden' };
    return { kind: 'file', file: real };
  }
  return { kind: 'missing' };
}

/** The 404.html nearest to the requested path: /brand/x/ tries brand/x/404.html, brand/404.html, 404.html. */
async function findNearest404(root: string, pathname: string): Promise<string | undefined> {
  const parts = pathname.split('/').filter(Boolean);
  for (let depth = parts.length; depth >= 0; depth--) {
    const candidate = path.join(root, ...parts.slice(0, depth), '404.html');
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) {
      const real = await realpath(candidate);
      if (real.startsWith(root + path.sep)) return real;
    }
  }
  return undefined;
}

async function sendFile(response: ServerResponse, request: IncomingMessage, status: number, file: string, isLiveReload?: boolean) {
  const extension = path.extname(file);
  if (extension === '.html') {
    send(response, request, status, extension, injectReload(await readFile(file, 'utf8'), isLiveReload));
    return;
  }
  const info = await stat(file);
  response.writeHead(status, headersFor(extension, info.size));
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}

function send(response: ServerResponse, request: IncomingMessage, status: number, extension: string, body: string) {
  const bytes = Buffer.from(body);
  response.writeHead(status, headersFor(extension, bytes.length));
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

function headersFor(extension: string, length: number): Record<string, string | number> {
  return {
    ...SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': length,
    'Cache-Control': 'no-cache',
  };
}

/** The reload hook is added by the server as pages go out: files on disk never carry it. */
function injectReload(html: string, isLiveReload?: boolean): string {
  if (!isLiveReload) return html;
  return html.includes('</head>') ? html.replace('</head>', `${RELOAD_TAG}</head>`) : html + RELOAD_TAG;
}

/** The page every route answers with while the last rebuild is failing. */
export function renderErrorScreen(error: ErrorScreen): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const where = error.file ? `${error.file}${error.line ? `:${error.line}` : ''}` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head>
<body><main>
<h1>Unexpected Application Error!</h1>
<pre>${escape(error.message)}</pre>
${where ? `<p>File: <code>${escape(where)}</code></p>` : ''}
<p>Fix the file and save: the page reloads after the next successful rebuild.</p>
</main></body></html>
`;
}
