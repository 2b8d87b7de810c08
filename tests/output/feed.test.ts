import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { distDir, readDist } from '../helpers/dist.ts';
import { shippedContent } from '../helpers/shipped-content.ts';
import { sitegen } from '../helpers/sitegen.ts';

type Feed = ReturnType<typeof parseFeed>;

const { content, bodies } = await shippedContent();
const SITE = content.site.url;

/** Every HTML file under `dir`, relative, with "/" separators. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * The site URLs of the article pages search engines may index: artikel/<slug>/index.html without
 * noindex.
 */
function indexableArticleUrls(dir: string, siteUrl: string): string[] {
  return htmlFiles(dir)
    .filter((file) => /^artikel\/[^/]+\/index\.html$/.test(file))
    .filter(
      (file) =>
        !readFileSync(path.join(dir, file), 'utf8').includes(
          '<meta name="robots" content="noindex">',
        ),
    )
    .map((file) => siteUrl + file.replace(/index\.html$/, ''));
}

/**
 * The file under `dir` a URL of the site is served from (`<path>/index.html`), or undefined when it
 * leaves the site.
 */
function fileOf(url: string, siteUrl: string, dir: string): string | undefined {
  if (!url.startsWith(siteUrl)) return undefined;
  const rest = new URL(url).pathname.slice(new URL(siteUrl).pathname.length);
  return path.join(dir, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest);
}

/** Every href and src in an HTML fragment. */
function linksIn(html: string): string[] {
  const $ = load(html, null, false);
  return $('[href], [src]')
    .toArray()
    .flatMap((el) =>
      [$(el).attr('href'), $(el).attr('src')].filter(
        (value): value is string => value !== undefined,
      ),
    );
}

const updatedOf = (item: Feed['items'][number]) => item.updated?.getTime() ?? NaN;

/**
 * Checks what holds for the feed of any build: Atom 1.0, its self link, one entry per
 * indexable article page (newest first, each complete and served from `dir`), and one feed
 * link on every HTML page.
 */
function expectSoundFeed(dir: string, siteUrl: string): Feed {
  const xml = readFileSync(path.join(dir, 'feed.xml'), 'utf8');
  const feed = parseFeed(xml);
  expect(feed.meta).toEqual({ type: 'atom', version: '1.0' });
  expect(feed.title).toBe(content.site.name);
  expect(feed.description).toBe(content.site.description);
  expect(feed.self).toBe(`${siteUrl}feed.xml`);
  expect(feed.url).toBe(siteUrl);
  expect(feed.language).toBe('id');
  // The parser resolves relative links; the file itself must hold absolute ones only.
  for (const [, href] of xml.matchAll(/\shref="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);

  const indexable = indexableArticleUrls(dir, siteUrl);
  expect(indexable.length).toBeGreaterThan(0);
  expect(feed.items).toHaveLength(indexable.length);
  expect(feed.items.map((item) => item.url).sort()).toEqual([...indexable].sort());
  const updated = feed.items.map(updatedOf);
  expect(updated).toEqual([...updated].sort((a, b) => b - a));
  expect(feed.updated?.getTime()).toBe(updated[0]);

  for (const item of feed.items) {
    const label = item.url ?? String(item.title);
    const file = fileOf(item.url ?? '', siteUrl, dir);
    expect(file && existsSync(file), `${label} is served from ${file}`).toBe(true);
    expect(item.id, label).toBe(item.url);
    expect(item.title, label).toBeTruthy();
    expect(item.description, label).toBeTruthy();
    expect(
      item.authors.map((author) => author.name),
      label,
    ).toEqual([expect.stringMatching(/\S/)]);
    expect(item.published?.toISOString(), label).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(updatedOf(item), label).toBeGreaterThanOrEqual(item.published!.getTime());
    expect(item.content, label).toMatch(/<p>/);
    for (const link of linksIn(item.content ?? ''))
      expect(link, label).toMatch(/^(https?:\/\/|mailto:|tel:)/);
    // The fallback article (a page without a body) is never an entry.
    expect(item.content, label).not.toContain(content.site.fallbackArticle.bodyText);
  }

  const feedUrl = `${siteUrl}feed.xml`;
  for (const file of htmlFiles(dir)) {
    const $ = load(readFileSync(path.join(dir, file), 'utf8'));
    const links = $('link[rel="alternate"][type="application/atom+xml"]');
    expect(links, file).toHaveLength(1);
    expect(links.attr('title'), file).toBe(content.site.name);
    expect(new URL(links.attr('href')!, siteUrl + file).href, file).toBe(feedUrl);
  }
  return feed;
}

describe('feed.xml of the shipped site', () => {
  let parsed: Feed | undefined;
  const feed = () => (parsed ??= expectSoundFeed(distDir(), SITE));

  it('is an Atom feed of exactly the indexable article pages, newest first, linked from every page', () => {
    feed();
  });

  it('holds each article in full: the body its page shows, brand links included', () => {
    for (const item of feed().items) {
      const slug = item.url!.slice(`${SITE}artikel/`.length, -1);
      const article = content.articles.find((a) => a.slug === slug)!;
      expect(item.title).toBe(article.title);
      expect(item.description).toBe(article.excerpt);
      expect(item.authors[0].name).toBe(article.author);
      expect(item.published?.toISOString().slice(0, 10)).toBe(article.publishedAt);
      expect(item.updated?.toISOString().slice(0, 10)).toBe(
        article.updatedAt ?? article.publishedAt,
      );
      const $page = load(readDist(`artikel/${slug}/index.html`));
      const text = (html: string) =>
        load(html, null, false).root().text().replace(/\s+/g, ' ').trim();
      expect(text(item.content!)).toBe(text($page('.prose').html()!));
      expect(linksIn(item.content!)).toEqual(linksIn($page('.prose').html()!));
    }
  });

  it('leaves out every article without a body', () => {
    const missing = content.articles
      .filter((a) => !bodies.has(a.slug))
      .map((a) => `${SITE}artikel/${a.slug}/`);
    expect(missing.length).toBeGreaterThan(0);
    for (const url of missing) expect(feed().items.map((item) => item.url)).not.toContain(url);
  });

  it('is served as Atom by hosts that read _headers', () => {
    expect(readDist('_headers')).toContain(
      '/feed.xml\n  Content-Type: application/atom+xml; charset=utf-8\n',
    );
  });
});

describe('feed.xml and sitemap.xml of a site under a base path, with dated articles', () => {
  const SITE_URL = 'https://user.example.io/repo/';
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let out: string;

  beforeAll(async () => {
    temp = await makeTempDir();
    const project = await copyProject(path.join(temp.dir, 'site'));
    const edit = (slug: string, change: (text: string) => string) => {
      const file = path.join(project, 'src/content/articles', `${slug}.md`);
      writeFileSync(file, change(readFileSync(file, 'utf8')));
    };
    // The shipped articles share one date: give two of them newer ones, and links to rewrite.
    edit('perang88-mengatur-batas-waktu-bermain', (t) =>
      t
        .replace('date: 2024-12-15\n', 'date: 2024-12-15\nupdated: 2025-02-01\n')
        .replace(
          /\n---\n\n/,
          '\n---\n\nLihat [daftar artikel](/artikel/), [artikel lain](../perang88-bermain-secara-bertanggung-jawab/) dan [catatan](#catatan).\n\n',
        ),
    );
    edit('loyal4d-fast-withdrawal-system', (t) =>
      t.replace('date: 2024-12-15\n', 'date: 2025-01-10\n'),
    );
    out = path.join(temp.dir, 'out');
    const result = await sitegen([
      'build',
      '--root',
      project,
      '--out',
      out,
      '--site-url',
      SITE_URL,
    ]);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => temp?.remove());

  it('carries /repo/ in every link, and the feed link of every page', () => {
    const feed = expectSoundFeed(out, SITE_URL);
    expect(feed.self).toBe('https://user.example.io/repo/feed.xml');
    for (const item of feed.items)
      expect(item.url).toMatch(/^https:\/\/user\.example\.io\/repo\/artikel\/[^/]+\/$/);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(
      '<link rel="alternate" type="application/atom+xml" title="InfoSlot Indonesia" href="/repo/feed.xml">',
    );
    expect(readFileSync(path.join(out, '_headers'), 'utf8')).toContain(
      '/repo/feed.xml\n  Content-Type: application/atom+xml',
    );
  });

  it('puts the newest entries first, by updated date, and dates the feed by the newest', () => {
    const feed = parseFeed(readFileSync(path.join(out, 'feed.xml'), 'utf8'));
    const slugs = feed.items.map((item) => item.url!.slice(`${SITE_URL}artikel/`.length, -1));
    expect(slugs.slice(0, 2)).toEqual([
      'perang88-mengatur-batas-waktu-bermain',
      'loyal4d-fast-withdrawal-system',
    ]);
    expect(feed.updated?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(feed.items[0].published?.toISOString()).toBe('2024-12-15T00:00:00.000Z');
    expect(feed.items[0].updated?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    // Equal dates keep the site's order (content order).
    const rest = slugs.slice(2);
    const order = content.articles.filter((a) => rest.includes(a.slug)).map((a) => a.slug);
    expect(rest).toEqual(order);
  });

  it('makes the links of a body absolute under the base path', () => {
    const feed = parseFeed(readFileSync(path.join(out, 'feed.xml'), 'utf8'));
    const canonical = `${SITE_URL}artikel/perang88-mengatur-batas-waktu-bermain/`;
    const links = linksIn(feed.items.find((item) => item.url === canonical)!.content!);
    expect(links).toEqual(
      expect.arrayContaining([
        `${SITE_URL}artikel/`,
        `${SITE_URL}artikel/perang88-bermain-secara-bertanggung-jawab/`,
        `${canonical}#catatan`,
        'https://perang88.example/',
      ]),
    );
  });

  it('dates sitemap.xml: articles by their front matter, brands by their newest article, the rest by the newest overall', () => {
    const lastmod = new Map(
      [
        ...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(
          /<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g,
        ),
      ].map((m) => [m[1], m[2]]),
    );
    expect(lastmod.get(`${SITE_URL}artikel/perang88-mengatur-batas-waktu-bermain/`)).toBe(
      '2025-02-01',
    );
    expect(lastmod.get(`${SITE_URL}artikel/loyal4d-fast-withdrawal-system/`)).toBe('2025-01-10');
    expect(lastmod.get(`${SITE_URL}artikel/perang88-bermain-secara-bertanggung-jawab/`)).toBe(
      '2024-12-15',
    );
    expect(lastmod.get(`${SITE_URL}brand/perang88/`)).toBe('2025-02-01');
    expect(lastmod.get(`${SITE_URL}brand/loyal4d/`)).toBe('2025-01-10');
    expect(lastmod.get(`${SITE_URL}brand/lux88togel/`)).toBe('2024-12-15');
    for (const url of ['', 'artikel/', 'kontak/'])
      expect(lastmod.get(SITE_URL + url)).toBe('2025-02-01');
  });
});
