import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeAttribute } from '../policy/escape.ts';
import type { LiveUpdate } from './live-update.ts';

/**
 * The dev server's live-reload channel: server-sent events at EVENTS_PATH and the script
 * that listens to them, RELOAD_SCRIPT_PATH (an external file, as the pages' CSP allows
 * only scripts of the site's own origin).
 *
 * Every rebuild, good or failed, is one revision. Each event carries its revision as its
 * SSE id ("<session>.<revision>"), and each HTML page is stamped, as it is served, with
 * the revision it was served at (data-revision on its script tag). When a page's event
 * stream connects, the server compares: a page served before the latest rebuild missed
 * that rebuild's event (it loaded during the rebuild and connected after it), so it is
 * told to reload at once; an up-to-date page gets a "ready" event instead. EventSource sends the
 * id of the last event it received (Last-Event-ID) when it reconnects, so a page that took a
 * stylesheet swap in place is not reloaded for it again. The session changes with every server
 * start: a page of an earlier `sitegen watch` reloads when it reconnects to the new one.
 */
const RELOAD_SCRIPT_PATH = '/__sitegen/reload.js';
const EVENTS_PATH = '/__sitegen/events';

/**
 * The browser side. It reads its stamp from its own script tag and reports its state on
 * <html> for tests and curious developers: data-sitegen-reload="connected" once the
 * server has said the page is up to date, data-sitegen-revision the last revision seen. A
 * stylesheet is swapped by adding the new link after the old one and removing the old one once the
 * new one has loaded, so the page never shows unstyled. Links are matched by their URL without the
 * fingerprint (assets.ts names files "<stem>.<hex>.css").
 */
const RELOAD_SCRIPT = `(() => {
  const stamp = document.currentScript.dataset;
  const root = document.documentElement;
  root.dataset.sitegenRevision = stamp.revision;
  const query = new URLSearchParams({ session: stamp.session, revision: stamp.revision });
  const events = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?' + query);
  const noteRevision = (event) => { root.dataset.sitegenRevision = event.lastEventId.split('.').pop(); };
  const stem = (href) => new URL(href, location.href).pathname.replace(/\\.[0-9a-f]+\\.css$/, '');
  const swapStylesheets = (hrefs) => {
    for (const href of hrefs) {
      const next = new URL(href, location.href);
      for (const link of document.querySelectorAll('link[rel="stylesheet"]:not([data-sitegen-replaced])')) {
        if (stem(link.href) !== stem(href) || new URL(link.href).pathname === next.pathname) continue;
        const fresh = link.cloneNode();
        link.dataset.sitegenReplaced = '';
        fresh.href = next.pathname;
        fresh.addEventListener('load', () => link.remove(), { once: true });
        fresh.addEventListener('error', () => location.reload(), { once: true });
        link.after(fresh);
      }
    }
  };
  const here = [stamp.page, location.pathname];
  events.addEventListener('ready', () => { root.dataset.sitegenReload = 'connected'; });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('pages', (event) => {
    noteRevision(event);
    if (JSON.parse(event.data).urls.some((url) => here.includes(url))) location.reload();
  });
  events.addEventListener('css', (event) => {
    noteRevision(event);
    swapStylesheets(JSON.parse(event.data).stylesheets);
  });
})();
`;

export interface LiveReload {
  /**
   * The script tag for an HTML page, stamped with the current revision and, for a page
   * served from a file, the URL of that file ("/artikel/x/", "/404.html").
   */
  tag(pageUrl?: string): string;
  /** Answers the event stream and the reload script; false for any other path. */
  answer(
    request: IncomingMessage,
    response: ServerResponse,
    send: (body: string, contentType: string) => void,
  ): boolean;
  /** Starts the next revision and sends `update` to every open page. */
  publish(update: LiveUpdate): void;
  /** Ends every open event stream. */
  close(): void;
}

/** Returns a live-reload channel at revision 0 with a new session id. Touches no disk. */
export function createLiveReload(): LiveReload {
  const session = randomBytes(4).toString('hex');
  const clients = new Set<ServerResponse>();
  let revision = 0;
  const eventId = () => `${session}.${revision}`;
  return {
    tag(pageUrl) {
      const page = pageUrl === undefined ? '' : ` data-page="${escapeAttribute(pageUrl)}"`;
      return `<script src="${RELOAD_SCRIPT_PATH}" data-session="${session}" data-revision="${revision}"${page} defer></script>`;
    },
    answer(request, response, send) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === RELOAD_SCRIPT_PATH) {
        send(RELOAD_SCRIPT, 'text/javascript; charset=utf-8');
        return true;
      }
      if (url.pathname !== EVENTS_PATH) return false;
      response.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      const known =
        lastEventIdOf(request) ??
        `${url.searchParams.get('session')}.${url.searchParams.get('revision')}`;
      // A page that missed a rebuild (or comes from an earlier session) is out of date.
      response.write(
        known === eventId()
          ? formatEvent(eventId(), 'ready', {})
          : formatEvent(eventId(), 'reload', { reason: 'stale' }),
      );
      clients.add(response);
      request.on('close', () => clients.delete(response));
      return true;
    },
    publish(update) {
      revision++;
      const { kind, ...data } = update;
      const event = formatEvent(eventId(), kind, data);
      for (const client of clients) client.write(event);
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

function lastEventIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

/** One server-sent event; JSON has no line breaks, so `data` is one line. */
function formatEvent(id: string, name: string, data: object): string {
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
