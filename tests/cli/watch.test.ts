import { request } from 'node:http';
import {
  existsSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  unlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyProject,
  eventually,
  makeTempDir,
  runCli,
  startCli,
  type RunningCli,
} from '../helpers/cli.ts';
import { fixtureProject, layFixture, restoreShipped } from '../helpers/fixtures.ts';
import { get } from '../helpers/http.ts';
import { cacheWithCards, sitegen } from '../helpers/sitegen.ts';

/** Where watch writes without --out: a folder of its own in the project's cache, never dist/. */
const DEV_OUT = 'node_modules/.cache/sitegen/dev';

/**
 * The status and body of a GET sent with exactly this Host header (null: none at all),
 * which fetch cannot do. An event stream never ends: its body is not awaited.
 */
function getWithHost(
  base: string,
  rawPath: string,
  host: string | null,
): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method: 'GET',
        setHost: false,
        headers: host === null ? {} : { Host: host },
      },
      (res) => {
        if (res.headers['content-type'] === 'text/event-stream') {
          resolve({ status: res.statusCode ?? 0, body: '' });
          req.destroy();
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface ServerEvent {
  id: string;
  event: string;
  data: any;
}

/**
 * Opens the live-reload event stream as a page's EventSource would and hands out its
 * events one by one, in order; comments (": connected") are skipped.
 */
function openEvents(base: string, rawPath: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  const events: ServerEvent[] = [];
  const waiting: ((event: ServerEvent) => void)[] = [];
  let buffer = '';
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: rawPath,
      headers: { Accept: 'text/event-stream', ...headers },
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.event === undefined) continue;
          const event = { id: fields.id, event: fields.event, data: JSON.parse(fields.data) };
          const next = waiting.shift();
          if (next) next(event);
          else events.push(event);
        }
      });
    },
  );
  req.end();
  return {
    /** The next event, waiting up to 10 s for it. */
    next(): Promise<ServerEvent> {
      const queued = events.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no event on ${rawPath} within 10 s`)),
          10_000,
        );
        waiting.push((event) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
    },
    close: () => req.destroy(),
  };
}

/** The live-reload stamp the server put on a page as it served it. */
async function stampOf(
  base: string,
  rawPath: string,
): Promise<{ session: string; revision: number; page: string }> {
  const body = (await get(base, rawPath)).body;
  const match = body.match(
    /<script src="\/__sitegen\/reload\.js" data-session="([0-9a-f]+)" data-revision="(\d+)" data-page="([^"]+)" defer><\/script><\/head>/,
  );
  if (!match) throw new Error(`no reload stamp in ${rawPath}`);
  return { session: match[1], revision: Number(match[2]), page: match[3] };
}

/** What a DNS-rebinding page would get, and what the real names get. */
async function expectOnlyLocalHosts(base: string, paths: string[]) {
  const port = new URL(base).port;
  for (const rawPath of paths) {
    for (const host of [
      'evil.com',
      `evil.com:${port}`,
      `EVIL.com:${port}`,
      'localhost.evil.com',
      '127.0.0.1.nip.io',
      `localhost:${port}@evil.com`,
      `127.0.0.1:${port}, evil.com`,
      '',
    ]) {
      const refused = await getWithHost(base, rawPath, host);
      expect(refused.status, `${host} ${rawPath}`).toBe(403);
    }
    // Node itself answers 400 to an HTTP/1.1 request without Host; the server refuses HTTP/1.0
    // ones.
    const missing = await getWithHost(base, rawPath, null);
    expect([400, 403], `no Host, ${rawPath}`).toContain(missing.status);
    expect(missing.body).not.toContain('<html');
  }
  const refused = await getWithHost(base, '/', `evil.com:${port}`);
  expect(refused.body).toContain('"evil.com" is not allowed');
  expect(refused.body).toContain('--allowed-host evil.com');
  expect(refused.body).not.toContain('<html');
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'localhost', `LocalHost:${port}`]) {
    expect((await getWithHost(base, '/', host)).status, host).toBe(200);
  }
}

/**
 * The code frame of an error page as plain text: the rows of its frame `<pre>`, tags removed,
 * entities decoded.
 */
function frameOfPage(html: string): string | undefined {
  const rows = /<figure class="frame">[\s\S]*?<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1];
  return rows
    ?.replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The code frame sitegen should show, built here from the file's lines: two lines either side,
 * the gutter, ">" on the error line and, when `column` is given, a caret under it.
 */
function expectedFrame(lines: string[], line: number, column?: number): string {
  // split('\n') of a file that ends in a line break ends in '': that is no line of the file.
  const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  const last = Math.min(count, line + 2);
  const width = String(last).length;
  const rows: string[] = [];
  for (let n = Math.max(1, line - 2); n <= last; n++) {
    rows.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`.trimEnd());
    if (n === line && column !== undefined)
      rows.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}^`);
  }
  return rows.join('\n');
}

/**
 * The error page works under the site's CSP: no inline style or script; its style and script come
 * from /__sitegen/.
 */
function expectNoInlineCode(html: string, label: string) {
  expect(html, label).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  // One script, external and empty (its data-* attributes stamp the page's revision).
  expect(html.match(/<script\b[^>]*>[^<]*<\/script>/g), label).toEqual([
    expect.stringMatching(
      /^<script src="\/__sitegen\/reload\.js"( data-[a-z]+="[^"]*")* defer><\/script>$/,
    ),
  ]);
  expect(html.match(/<link\b[^>]*>/g), label).toEqual([
    '<link rel="stylesheet" href="/__sitegen/error.css">',
  ]);
}

/** How many times the terminal output reports a failed rebuild. */
function errorReports(output: string): number {
  return output.match(/Unexpected Application Error!/g)?.length ?? 0;
}

describe('sitegen watch', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let watcher: RunningCli;
  let base: string;
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(project, file);
    const before = readFileSync(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`test setup: the edit changed nothing in ${file}`);
    writeFileSync(full, after);
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'site'));
    watcher = startCli(['watch', '--root', project, '--port', '0']);
    base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
  });
  afterAll(async () => {
    await watcher?.stop();
    await temp.remove();
  });

  it('builds, then serves pages the way a static host does', async () => {
    // The pages go out at once; the 18 social cards the empty cache lacks are drawn on request.
    expect(watcher.output()).toMatch(
      /initial build: 49 files written, \d+ ms; 18 social cards left to draw on request/,
    );
    expect(watcher.stdout()).toContain(
      `dev output, drafts included: ${path.join(project, DEV_OUT)}/`,
    );
    expect(existsSync(path.join(project, 'dist'))).toBe(false);
    const home = await get(base, '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<html lang="id">');
    const folder = await get(base, '/artikel');
    expect(folder.status).toBe(301);
    expect(folder.headers.location).toBe('/artikel/');
    const css = home.body.match(/href="(\/assets\/styles\.[0-9a-f]+\.css)"/)![1];
    expect((await get(base, css)).headers['content-type']).toBe('text/css; charset=utf-8');
    const unknownBrand = await get(base, '/brand/tidak-ada/');
    expect(unknownBrand.status).toBe(404);
    expect(unknownBrand.body).toContain('Brand tidak ditemukan');
    const unknownArticle = await get(base, '/artikel/tidak-ada/');
    expect(unknownArticle.status).toBe(404);
    expect(unknownArticle.body).toContain('Artikel Tidak Ditemukan');
    const unknown = await get(base, '/tidak/ada/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Oops! Page not found');
  });

  it("draws a page's social card when it is requested, and adds it to the dev output", async () => {
    const home = await get(base, '/');
    const card = home.body.match(/property="og:image" content="https?:\/\/[^/]+(\/og\/[^"]+)"/)![1];
    const png = await get(base, card);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // tests/cli/watch-cards.test.ts follows the drawing further.
    const file = path.join(project, DEV_OUT, card);
    await eventually(async () => existsSync(file), 20_000, watcher.output);
    expect(readdirSync(path.join(project, DEV_OUT, 'og'))).toEqual([path.basename(card)]);
  });

  it('adds the reload hook, stamped with the build revision and the page, to served pages only, never to the files on disk', async () => {
    const stamp = await stampOf(base, '/kontak/');
    expect(stamp.page).toBe('/kontak/');
    expect(stamp.revision).toBeGreaterThanOrEqual(1);
    // A 404 answer names the 404 page it is, whatever the URL.
    expect((await stampOf(base, '/brand/tidak-ada/')).page).toBe('/brand/404.html');
    expect(readFileSync(path.join(project, DEV_OUT, 'kontak/index.html'), 'utf8')).not.toContain(
      '__sitegen',
    );
    expect((await get(base, '/__sitegen/reload.js')).body).toContain('EventSource');
  });

  it('tells a page served before the latest rebuild to reload as soon as its event stream connects', async () => {
    const article = (slug: string, mark: string) =>
      edit(`src/content/articles/${slug}.md`, (t) => t.replace('\n---\n\n', `\n---\n\n${mark}`));
    // The page is served, then a rebuild finishes before its event stream connects (the race).
    const served = await stampOf(base, '/kontak/');
    article('perang88-mengenal-fitur-slot-modern', 'a');
    await eventually(async () => (await stampOf(base, '/kontak/')).revision > served.revision);
    const late = openEvents(
      base,
      `/__sitegen/events?session=${served.session}&revision=${served.revision}`,
    );
    expect((await late.next()).event).toBe('reload');
    late.close();
    // A page of an earlier watch session reloads too.
    const current = await stampOf(base, '/kontak/');
    const earlier = openEvents(
      base,
      `/__sitegen/events?session=00000000&revision=${current.revision}`,
    );
    expect((await earlier.next()).event).toBe('reload');
    earlier.close();

    // An up-to-date page is told it is ready, then gets the next rebuild's event: the pages to
    // reload.
    const fresh = openEvents(
      base,
      `/__sitegen/events?session=${current.session}&revision=${current.revision}`,
    );
    expect(await fresh.next()).toEqual({
      id: `${current.session}.${current.revision}`,
      event: 'ready',
      data: {},
    });
    article('perang88-mengenal-fitur-slot-modern', 'b');
    const next = await fresh.next();
    expect(next.event).toBe('pages');
    expect(next.data.urls).toContain('/artikel/perang88-mengenal-fitur-slot-modern/');
    expect(next.data.urls).not.toContain('/kontak/');
    // A reconnecting EventSource sends the id of the last event it got; that wins over its stamp.
    const reconnected = openEvents(
      base,
      `/__sitegen/events?session=${current.session}&revision=${current.revision}`,
      { 'Last-Event-ID': next.id },
    );
    expect((await reconnected.next()).event).toBe('ready');
    reconnected.close();

    // A failed rebuild reloads every page, and so does the first good one after it, even for a
    // content save.
    article('perang88-mengenal-fitur-slot-modern', '<div>tidak ditutup\n\n');
    expect((await fresh.next()).event).toBe('reload');
    edit('src/content/articles/perang88-mengenal-fitur-slot-modern.md', (t) =>
      t.replace('<div>tidak ditutup\n\n', ''),
    );
    expect((await fresh.next()).event).toBe('reload');
    fresh.close();
  });

  it('never serves a file outside the output folder', async () => {
    symlinkSync(path.join(project, 'src/content/site.ts'), path.join(project, DEV_OUT, 'leak.ts'));
    try {
      for (const attempt of [
        '/../src/content/site.ts',
        '/%2e%2e/src/content/site.ts',
        '/%2e%2e%2fsrc%2fcontent%2fsite.ts',
        '/assets/..%2f..%2fsrc/content/site.ts',
        '/..%5csrc%5ccontent%5csite.ts',
        '/leak.ts',
      ]) {
        const response = await get(base, attempt);
        expect([403, 404], attempt).toContain(response.status);
        expect(response.body, attempt).not.toContain('export const site');
      }
    } finally {
      unlinkSync(path.join(project, DEV_OUT, 'leak.ts'));
    }
  });

  it('serves an edited article body after a save', async () => {
    edit('src/content/articles/loyal4d-fast-withdrawal-system.md', (t) =>
      t.replace('\n---\n\n', '\n---\n\nCatatan baru dari redaksi. '),
    );
    await eventually(async () =>
      (await get(base, '/artikel/loyal4d-fast-withdrawal-system/')).body.includes(
        'Catatan baru dari redaksi.',
      ),
    );
    // The page and feed.xml, which holds the body too.
    await watcher.waitFor(/loyal4d-fast-withdrawal-system\.md changed: 2 files written, \d+ ms/);
    expect((await get(base, '/feed.xml')).body).toContain('Catatan baru dari redaksi.');
  });

  it('shows a new draft article at once, marked DRAFT, on its page and its brand page', async () => {
    const file = 'src/content/articles/perang88-draf-baru.md';
    writeFileSync(
      path.join(project, file),
      '---\ntitle: Draf Baru Perang88\nexcerpt: Ringkasan draf.\nbrand: perang88\nauthor: Tim Redaksi\ndate: 2026-01-05\ndraft: true\n---\n\nIsi draf tentang Perang88.\n',
    );
    await eventually(async () => (await get(base, '/artikel/perang88-draf-baru/')).status === 200);
    const page = (await get(base, '/artikel/perang88-draf-baru/')).body;
    expect(page).toContain('<span class="badge badge-draft">DRAFT</span>');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect((await get(base, '/brand/perang88/')).body).toMatch(
      /badge-draft">DRAFT<\/span><h3 class="card-title"><a href="\/artikel\/perang88-draf-baru\/">/,
    );
    expect((await get(base, '/sitemap.xml')).body).not.toContain('perang88-draf-baru');
    expect((await get(base, '/feed.xml')).body).not.toContain('perang88-draf-baru');
    unlinkSync(path.join(project, file));
    await eventually(async () => (await get(base, '/artikel/perang88-draf-baru/')).status === 404);
  });

  it('removes the page of a deleted article', async () => {
    const page = path.join(project, DEV_OUT, 'artikel/perang88-sistem-keamanan-data/index.html');
    expect((await get(base, '/artikel/perang88-sistem-keamanan-data/')).status).toBe(200);
    expect(existsSync(page)).toBe(true);
    const logged = watcher.stdout().length;
    unlinkSync(path.join(project, 'src/content/articles/perang88-sistem-keamanan-data.md'));
    await eventually(
      async () => (await get(base, '/artikel/perang88-sistem-keamanan-data/')).status === 404,
      20_000,
      watcher.output,
    );
    expect(existsSync(page)).toBe(false);
    // The rebuild of the deletion reports it, naming the deleted file and the page. (chokidar
    // held a deletion's 'unlink' back 100 ms, so a late second run of the previous test's
    // deletion could take this one and name that file: watch-sources.ts now turns that off.)
    await eventually(
      async () =>
        /perang88-sistem-keamanan-data\.md changed: \d+ files? written, 1 removed \(artikel\/perang88-sistem-keamanan-data\/index\.html\)/.test(
          watcher.stdout().slice(logged),
        ),
      20_000,
      watcher.output,
    );
    // The deletion was one run: the next line is the next save's. chokidar's hold was 100 ms,
    // so the pause makes a held 'unlink' certain to come first if it still came at all.
    const deletionLine = /perang88-sistem-keamanan-data\.md changed: [^\n]*\n/.exec(
      watcher.stdout().slice(logged),
    )!;
    const afterDeletion = logged + deletionLine.index + deletionLine[0].length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    edit('src/content/articles/perang88-mengatur-batas-waktu-bermain.md', (t) =>
      t.replace('\n---\n\n', '\n---\n\nSetelah penghapusan. '),
    );
    await eventually(
      async () => watcher.stdout().slice(afterDeletion).includes(' changed: '),
      20_000,
      watcher.output,
    );
    const nextRun = watcher
      .stdout()
      .slice(afterDeletion)
      .split('\n')
      .find((line) => line.includes(' changed: '));
    expect(nextRun).toMatch(
      /^\[sitegen\] src\/content\/articles\/perang88-mengatur-batas-waktu-bermain\.md changed: /,
    );
  });

  it('shows the error screen on every route while a template is broken, then recovers', async () => {
    const file = 'src/templates/SiteFooter.tsx';
    const good = readFileSync(path.join(project, file), 'utf8');
    edit(file, (t) =>
      t.replace(
        'export function SiteFooter({ layout }: { layout: Layout }) {',
        "export function SiteFooter({ layout }: { layout: Layout }) {\n  throw new Error('footer data is missing');",
      ),
    );
    const lines = readFileSync(path.join(project, file), 'utf8').split('\n');
    const line = lines.indexOf("  throw new Error('footer data is missing');") + 1;
    // V8 points at `new`, and the source map carries the column back to the template.
    const column = lines[line - 1].indexOf('new Error') + 1;
    const frame = expectedFrame(lines, line, column);
    const routes = [
      '/',
      '/artikel/',
      '/artikel/loyal4d-fast-withdrawal-system/',
      '/brand/pegasus4d/',
      '/kontak/',
      '/tidak-ada/',
    ];
    await eventually(async () => (await get(base, '/kontak/')).status === 500);
    for (const route of routes) {
      const response = await get(base, route);
      expect(response.status, route).toBe(500);
      expect(response.body, route).toContain('<h1>Unexpected Application Error!</h1>');
      expect(response.body, route).toMatch(
        /<pre class="message">[^<]*footer data is missing<\/pre>/,
      );
      expect(response.body, route).toContain(
        `File: <code>src/templates/SiteFooter.tsx:${line}</code>`,
      );
      expect(frameOfPage(response.body), route).toBe(frame);
      expect(response.body, route).toContain(
        `<span class="error-line">&gt; ${line} |   throw new Error('footer data is missing');</span>`,
      );
      expectNoInlineCode(response.body, route);
    }
    const stylesheet = await get(base, '/__sitegen/error.css');
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.body).toContain('.error-line');
    expect(watcher.output()).toContain(
      `Unexpected Application Error! (src/templates/SiteFooter.tsx:${line})`,
    );
    // A failed rebuild is an error: reported on stderr, never on stdout (with no colour through a
    // pipe).
    expect(watcher.stderr()).toContain(
      `[sitegen] Unexpected Application Error! (src/templates/SiteFooter.tsx:${line})`,
    );
    expect(watcher.stdout()).not.toContain('Unexpected Application Error!');
    expect(watcher.stderr()).not.toMatch(/\x1b\[/);
    expect(watcher.output()).toContain(
      `\nsrc/templates/SiteFooter.tsx:${line}:${column}\n${frame}\n`,
    );
    // The last good output is untouched on disk.
    expect(readFileSync(path.join(project, DEV_OUT, 'kontak/index.html'), 'utf8')).toContain(
      'Kirim Pesan',
    );

    edit(file, (t) =>
      t.replace(
        "export function SiteFooter({ layout }: { layout: Layout }) {\n  throw new Error('footer data is missing');",
        'export function SiteFooter({ layout }: { layout: Layout }) {',
      ),
    );
    expect(readFileSync(path.join(project, file), 'utf8')).toBe(good);
    await eventually(async () => (await get(base, '/kontak/')).status === 200);
    for (const route of routes.slice(0, -1))
      expect((await get(base, route)).status, route).toBe(200);
  });

  it("shows a frame of an article's front matter at the bad key, then recovers", async () => {
    const file = 'src/content/articles/loyal4d-fast-withdrawal-system.md';
    edit(file, (t) => t.replace('\nlisted: true\n', '\nlisted: ya\n'));
    const lines = readFileSync(path.join(project, file), 'utf8').split('\n');
    const line = lines.indexOf('listed: ya') + 1;
    const frame = expectedFrame(lines, line, 1);
    const page = await eventually(async () => {
      const response = await get(base, '/kontak/');
      return response.status === 500 && response.body.includes('listed') ? response.body : '';
    });
    expect(page).toContain(`  - ${file}:${line}:1: "listed" is "ya"; expected true or false`);
    expect(page).toContain(`<figcaption><code>${file}:${line}:1</code></figcaption>`);
    expect(frameOfPage(page)).toBe(frame);
    expect(frame).toMatch(new RegExp(`^> +${line} \\| listed: ya\\n +\\| \\^$`, 'm'));
    expectNoInlineCode(page, '/kontak/');
    await eventually(async () => watcher.output().includes(`\n${file}:${line}:1\n${frame}\n`));

    edit(file, (t) => t.replace('\nlisted: ya\n', '\nlisted: true\n'));
    await eventually(async () => (await get(base, '/kontak/')).status === 200);
  });

  it('prints a build that fails from the start once, however many requests come in', async () => {
    const broken = await fixtureProject(
      path.join(temp.dir, 'broken'),
      'two-brands',
      'broken-template',
    );
    const other = startCli(['watch', '--root', broken, '--port', '0', '--no-open', '--no-cards']);
    try {
      const otherBase = (await other.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      await other.waitFor(/Waiting for the next save/);
      const lines = readFileSync(path.join(broken, 'src/templates/BrandPage.tsx'), 'utf8').split(
        '\n',
      );
      const line =
        lines.findIndex((text) => text.includes("throw new Error('rating table is missing')")) + 1;
      const frame = expectedFrame(lines, line, lines[line - 1].indexOf('new Error') + 1);
      // No page is open (no event stream): the error is in the terminal all the same.
      expect(other.output()).toContain(
        `Unexpected Application Error! (src/templates/BrandPage.tsx:${line})`,
      );
      expect(other.output()).toContain(`${frame}\n`);
      for (let i = 0; i < 3; i++) {
        for (const route of [
          '/',
          '/brand/perang88/',
          '/brand/nusa77/',
          '/tidak-ada/',
          '/__sitegen/error.css',
        ]) {
          const response = await get(otherBase, route);
          expect(response.status, route).toBe(route.endsWith('.css') ? 200 : 500);
        }
      }
      expect(frameOfPage((await get(otherBase, '/')).body)).toBe(frame);
      expect(errorReports(other.output()), other.output()).toBe(1);

      // No count after this save: a copy seen between its truncate and its write fails one more
      // rebuild, which is reported on its own (a report per failed rebuild, not per request).
      await restoreShipped(broken, 'src/templates/BrandPage.tsx');
      await eventually(async () => (await get(otherBase, '/brand/perang88/')).status === 200);
    } finally {
      await other.stop('SIGKILL');
    }
  });

  it('survives a syntax error and content that breaks a rule', async () => {
    // esbuild counts columns in bytes; the frame counts characters, so "—" and "é" (5 bytes) must
    // not move the caret.
    const bad = "const sapaan = 'Halo — é'; const broken = ;";
    edit('src/client/main.ts', (t) => `${t}\n${bad}\n`);
    const page = await eventually(async () => {
      const body = (await get(base, '/')).body;
      return body.includes('src/client/main.ts:') ? body : '';
    }, 5000).catch((e) => {
      throw new Error(`${e.message}\n${watcher.output()}`);
    });
    const lines = readFileSync(path.join(project, 'src/client/main.ts'), 'utf8').split('\n');
    const line = lines.indexOf(bad) + 1;
    expect(page).toContain(
      `src/client/main.ts:${line}:${bad.length}: Unexpected &quot;;&quot;`.replace(/&quot;/g, '"'),
    );
    expect(frameOfPage(page)).toBe(expectedFrame(lines, line, bad.length));
    edit('src/client/main.ts', (t) => t.replace(`\n${bad}\n`, ''));
    await eventually(async () => (await get(base, '/')).status === 200, 5000).catch((e) => {
      throw new Error(`${e.message}\n${watcher.output()}`);
    });

    edit('src/content/brands.ts', (t) => t.replace('rating: 4.9,', 'rating: 9,'));
    await eventually(
      async () =>
        (await get(base, '/')).body.includes('"rating" is 9; expected a number from 0 to 5'),
      5000,
    ).catch((e) => {
      throw new Error(`${e.message}\n${watcher.output()}`);
    });
    edit('src/content/brands.ts', (t) => t.replace('rating: 9,', 'rating: 4.9,'));
    await eventually(async () => (await get(base, '/')).status === 200);
  });

  it('refuses requests whose Host header is not this machine (DNS rebinding)', async () => {
    await expectOnlyLocalHosts(base, [
      '/',
      '/kontak/',
      '/__sitegen/events',
      '/__sitegen/reload.js',
      '/tidak/ada/',
      '/assets/nothing.css',
    ]);
    expect(
      (await getWithHost(base, '/__sitegen/events', `localhost:${new URL(base).port}`)).status,
    ).toBe(200);
  });

  it('stops a template that never returns, shows the error screen, recovers on a fixed save, and ends on SIGTERM', async () => {
    const looping = await fixtureProject(path.join(temp.dir, 'looping'), 'two-brands');
    // --no-cards: the two-brand site's cards are in no cache, and this test looks at none.
    const other = startCli(['watch', '--root', looping, '--port', '0', '--no-cards'], {
      env: { SITEGEN_RENDER_TIMEOUT_MS: '2000' },
    });
    try {
      const otherBase = (await other.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      await layFixture(looping, 'looping-template');
      await other.waitFor(/Unexpected Application Error!/, 10_000);
      const broken = await get(otherBase, '/brand/perang88/');
      expect(broken.status).toBe(500);
      expect(broken.body).toContain('Unexpected Application Error!');
      expect(broken.body).toContain(
        'Rendering /brand/perang88/ with BrandPage ran longer than 2000 ms (maybe an infinite loop)',
      );

      await restoreShipped(looping, 'src/templates/BrandPage.tsx');
      await eventually(async () => (await get(otherBase, '/brand/perang88/')).status === 200);
      // Ends on SIGTERM with exit code 0; the test's timeout bounds a process that does not.
      expect(await other.stop('SIGTERM'), other.output()).toBe(0);
    } finally {
      await other.stop('SIGKILL');
    }
  });

  it('with --strict-port, reports a port already in use in one line and exits 1', async () => {
    const port = new URL(base).port;
    const second = await runCli([
      'watch',
      '--root',
      project,
      '--port',
      port,
      '--strict-port',
      '--out',
      path.join(temp.dir, 'other'),
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `sitegen: Port ${port} on 127.0.0.1 is already in use (--strict-port). Stop the other server, pass --port with a free port, or leave out --strict-port to take the next free one.\n`,
    );
  });

  it('serves a site whose URL has a path at that base path, and stamps pages with their URLs under it', async () => {
    const other = startCli([
      'watch',
      '--root',
      project,
      '--port',
      '0',
      '--out',
      path.join(temp.dir, 'based'),
      '--site-url',
      'https://user.example.io/repo/',
    ]);
    try {
      const otherBase = (
        await other.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)repo\/ \(Ctrl-C to stop\)/)
      )[1];
      expect((await get(otherBase, '/repo/artikel/')).status).toBe(200);
      expect((await stampOf(otherBase, '/repo/kontak/')).page).toBe('/repo/kontak/');
      expect((await get(otherBase, '/kontak/')).status).toBe(404);
      expect(await other.stop('SIGINT')).toBe(0);
    } finally {
      await other.stop('SIGKILL');
    }
  });

  it('answers a host named by --allowed-host, and stops cleanly with exit code 0 on SIGINT', async () => {
    const other = startCli([
      'watch',
      '--root',
      project,
      '--port',
      '0',
      '--out',
      path.join(temp.dir, 'sigint'),
      '--allowed-host',
      'evil.com',
      '--allowed-host',
      'Dev.Example',
    ]);
    const otherBase = (await other.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
    expect((await getWithHost(otherBase, '/', 'evil.com')).status).toBe(200);
    expect(
      (await getWithHost(otherBase, '/', `dev.example:${new URL(otherBase).port}`)).status,
    ).toBe(200);
    expect((await getWithHost(otherBase, '/__sitegen/events', 'evil.com')).status).toBe(200);
    expect((await getWithHost(otherBase, '/', 'other.example')).status).toBe(403);
    expect(other.output()).not.toContain('reachable from the network');
    expect(await other.stop('SIGINT'), other.output()).toBe(0);
    expect(other.output()).toMatch(/stopped/);
    expect(await watcher.stop('SIGTERM'), watcher.output()).toBe(0);
  });
});

describe('sitegen preview', () => {
  it('refuses a folder with no pages, with the message check gives, and starts no server', async () => {
    const temp = await makeTempDir();
    try {
      const missing = path.join(temp.dir, 'nosuchdir');
      const check = await sitegen(['check', missing]);
      const preview = await runCli(['preview', missing, '--port', '0']);
      expect(preview.code).toBe(1);
      expect(preview.stdout).not.toContain('previewing');
      const sentence = `${missing}: no HTML pages found; build the site first (sitegen build)`;
      expect(check.stderr).toContain(sentence);
      expect(preview.stderr).toBe(`sitegen: ${sentence}\n`);
    } finally {
      await temp.remove();
    }
  });

  it('serves a built folder with nested 404 pages and no reload hook', async () => {
    const temp = await makeTempDir();
    // Each preview started here; a failed assertion must not leave one running.
    const started: RunningCli[] = [];
    const start = (args: string[]) => started[started.push(startCli(args)) - 1];
    try {
      const out = path.join(temp.dir, 'out');
      expect((await sitegen(['build', '--out', out])).code).toBe(0);
      const preview = start(['preview', out, '--port', '0']);
      const base = (await preview.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      const home = await get(base, '/');
      expect(home.status).toBe(200);
      expect(home.body).not.toContain('__sitegen');
      expect((await get(base, '/__sitegen/events')).status).toBe(404);
      const brand = await get(base, '/brand/tidak-ada/');
      expect(brand.status).toBe(404);
      expect(brand.body).toContain('Brand tidak ditemukan');
      expect((await get(base, '/../package.json')).status).toBe(403);
      // The host's files are not the visitors' (as on Netlify and Cloudflare Pages).
      for (const file of ['/.sitegen-output', '/.nojekyll', '/_headers']) {
        const hidden = await get(base, file);
        expect(hidden.status, file).toBe(404);
        expect(hidden.body, file).not.toContain('written by sitegen');
      }
      await expectOnlyLocalHosts(base, [
        '/',
        '/brand/loyal4d/',
        '/__sitegen/events',
        '/tidak/ada/',
      ]);
      expect(await preview.stop('SIGINT')).toBe(0);

      const allowing = start(['preview', out, '--port', '0', '--allowed-host', 'evil.com']);
      const allowingBase = (await allowing.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      expect((await getWithHost(allowingBase, '/', 'evil.com')).status).toBe(200);
      expect((await getWithHost(allowingBase, '/', 'evil.org')).status).toBe(403);
      expect(await allowing.stop('SIGINT')).toBe(0);

      // On every interface: a warning, and the machine's own addresses are allowed.
      const open = start(['preview', out, '--host', '0.0.0.0', '--port', '0']);
      const port = (
        await open.waitFor(
          /on every network interface \(Ctrl-C to stop\)\n {2}Local: {3}http:\/\/localhost:(\d+)\//,
        )
      )[1];
      expect(open.output()).toMatch(
        /warning: --host 0\.0\.0\.0 makes this server reachable from the network/,
      );
      const openBase = `http://127.0.0.1:${port}/`;
      const own = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      if (own)
        expect((await getWithHost(openBase, '/', `${own.address}:${port}`)).status).toBe(200);
      expect((await getWithHost(openBase, '/', `evil.com:${port}`)).status).toBe(403);
      expect(await open.stop('SIGINT')).toBe(0);
    } finally {
      await Promise.all(started.map((cli) => cli.stop('SIGKILL')));
      await temp.remove();
    }
  });

  it('answers If-None-Match with 304 and a byte range with 206, with the security headers', async () => {
    const temp = await makeTempDir();
    let preview: RunningCli | undefined;
    try {
      const out = path.join(temp.dir, 'out');
      expect((await sitegen(['build', '--out', out])).code).toBe(0);
      preview = startCli(['preview', out, '--port', '0']);
      const base = (await preview.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      const css = (await get(base, '/')).body.match(
        /href="(\/assets\/styles\.[0-9a-f]+\.css)"/,
      )![1];
      const full = await get(base, css);
      expect(full.status).toBe(200);
      expect(full.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      const etag = full.headers.etag as string;
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

      const cached = await get(base, css, { 'If-None-Match': etag });
      expect(cached.status).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers['x-content-type-options']).toBe('nosniff');

      const range = await get(base, css, { Range: 'bytes=0-9' });
      expect(range.status).toBe(206);
      expect(range.body).toBe(full.body.slice(0, 10));
      expect(range.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(full.body)}`);
      expect(await preview.stop('SIGINT')).toBe(0);
    } finally {
      await preview?.stop('SIGKILL');
      await temp.remove();
    }
  });
  // A file deleted while the server sends it: tests/unit/serve-deleted-file.test.ts, where the
  // deletion lands between sirv's stat and its open on every request, not by luck.
});

describe('sitegen watch, a save during its first build', () => {
  it('is built once that build is done, not lost', async () => {
    const temp = await makeTempDir();
    let watcher: RunningCli | undefined;
    try {
      const project = await copyProject(path.join(temp.dir, 'site'));
      // The footer holds the first build at its first page until the test says go: by then
      // every article has been read, so a save now is one the build cannot see.
      const rendering = path.join(temp.dir, 'rendering');
      const go = path.join(temp.dir, 'go');
      const footer = path.join(project, 'src/templates/SiteFooter.tsx');
      const gate = `const fs = require('node:fs');\n  if (!fs.existsSync(${JSON.stringify(go)})) {\n    fs.writeFileSync(${JSON.stringify(rendering)}, '');\n    while (!fs.existsSync(${JSON.stringify(go)})) {}\n  }`;
      const signature = 'export function SiteFooter({ layout }: { layout: Layout }) {';
      writeFileSync(
        footer,
        readFileSync(footer, 'utf8').replace(signature, `${signature}\n  ${gate}`),
      );
      const cache = await cacheWithCards(path.join(temp.dir, 'cache'));
      watcher = startCli(['watch', '--root', project, '--port', '0'], {
        env: { SITEGEN_CACHE_DIR: cache },
      });
      await eventually(async () => existsSync(rendering));
      const article = path.join(project, 'src/content/articles/loyal4d-fast-withdrawal-system.md');
      writeFileSync(
        article,
        readFileSync(article, 'utf8').replace(
          '\n---\n\n',
          '\n---\n\nDisimpan saat build pertama. ',
        ),
      );
      writeFileSync(go, '');
      const base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      // The save is built by the run after the first, whether the file watcher saw it (it
      // started beside the build) or the stamps taken before the build did (watch.ts).
      const running = watcher;
      await eventually(
        async () =>
          (await get(base, '/artikel/loyal4d-fast-withdrawal-system/')).body.includes(
            'Disimpan saat build pertama.',
          ),
        30_000,
        running.output,
      );
      expect(watcher.stdout()).toMatch(
        /loyal4d-fast-withdrawal-system\.md changed: \d+ files? written/,
      );
    } finally {
      await watcher?.stop();
      await temp.remove();
    }
  }, 60_000);
});

describe('sitegen watch and drafts', () => {
  it('keeps drafts out of dist/: the dev site lives in the cache, and check fails a folder that shows drafts', async () => {
    const temp = await makeTempDir();
    let watcher: RunningCli | undefined;
    try {
      const project = await copyProject(path.join(temp.dir, 'site'));
      const created = await sitegen([
        'new',
        'article',
        'loyal4d-draf-rahasia',
        '--brand',
        'loyal4d',
        '--root',
        project,
      ]);
      expect(created.code, created.stderr).toBe(0);
      // A cache of its own holding the shipped cards: the dev site is written to its dev/.
      const cache = await cacheWithCards(path.join(temp.dir, 'cache'));
      watcher = startCli(['watch', '--root', project, '--port', '0'], {
        env: { SITEGEN_CACHE_DIR: cache },
      });
      const base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      expect(watcher.stdout()).toContain(
        `dev output, drafts included: ${path.join(cache, 'dev')}/`,
      );
      // The dev site shows the draft, on its page and on its brand page...
      expect((await get(base, '/artikel/loyal4d-draf-rahasia/')).status).toBe(200);
      expect((await get(base, '/brand/loyal4d/')).body).toContain('/artikel/loyal4d-draf-rahasia/');
      await watcher.stop();
      watcher = undefined;
      // ...but nothing of it is in dist/, which watch never wrote.
      const dist = path.join(project, 'dist');
      expect(existsSync(dist)).toBe(false);
      const built = await sitegen(['build', '--root', project]);
      expect(built.code, built.stderr).toBe(0);
      expect(existsSync(path.join(dist, 'artikel/loyal4d-draf-rahasia'))).toBe(false);
      expect(readFileSync(path.join(dist, 'brand/loyal4d/index.html'), 'utf8')).not.toContain(
        'loyal4d-draf-rahasia',
      );
      expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).not.toContain(
        'loyal4d-draf-rahasia',
      );
      expect((await sitegen(['check', dist])).code).toBe(0);
      // A folder that does show drafts (watch --out, build --drafts) fails check, page by page.
      const shown = await sitegen(['check', path.join(cache, 'dev')]);
      expect(shown.code).toBe(1);
      expect(shown.stderr).toContain(
        'artikel/loyal4d-draf-rahasia/index.html: shows a draft (marked DRAFT)',
      );
      expect(shown.stderr).toContain('brand/loyal4d/index.html: shows a draft (marked DRAFT)');
    } finally {
      await watcher?.stop();
      await temp.remove();
    }
  }, 90_000);
});
