import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { answerRequest, hostRoot } from '../../src/generator/host/static-host.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A deliberately plain static server for browser tests, as GitHub Pages serves a site: the
 * host rules of static-host.ts (the same the dev server and `sitegen check` use), except
 * that everything missing gets the ROOT 404.html only. It sends no headers but the type
 * and the site's CSP, so a page that needed inline script would fail.
 */
export async function serveRootOnly404(
  dir: string,
  csp: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const root = hostRoot(dir);
  const server: Server = createServer((request, response) => {
    const answer = answerRequest(root, request.url ?? '/', { notFound: 'root' });
    if (answer.status === 301) {
      response.writeHead(301, { Location: answer.location }).end();
      return;
    }
    if (answer.status === 400 || answer.status === 403 || answer.file === undefined) {
      response.writeHead(answer.status).end();
      return;
    }
    response.writeHead(answer.status, {
      'Content-Type': TYPES[path.extname(answer.file)] ?? 'application/octet-stream',
      'Content-Security-Policy': csp,
    });
    createReadStream(answer.file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
