import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planHostFiles } from '../../src/generator/files/host-files.ts';
import {
  SITEMAP_LIMITS,
  type SitemapEntry,
  sitemapFiles,
} from '../../src/generator/files/sitemap.ts';
import type { OutputFile } from '../../src/generator/output/writer.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';

/** sitemaps.org's own XSDs (tests/fixtures/sitemap-schema/README.md says where from). */
const SCHEMAS = path.join(REPO, 'tests/fixtures/sitemap-schema');
const SITE = 'https://slot-review.example/';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const FEED = {
  site: { name: 'Situs', description: 'Tentang', articleSchemaDate: '2024-01-01' },
  articles: [],
  bodies: new Map<string, string>(),
};

/** `count` article pages /artikel/a-0/ …, each dated by `date(i)`. */
function articleRoutes(count: number, date: (i: number) => string | undefined) {
  return Array.from({ length: count }, (_, i) => ({
    url: `/artikel/a-${i}/`,
    template: 'ArticlePage' as const,
    isIndexable: true,
    lastModified: date(i),
  }));
}

/** The sitemap exactly as host-files.ts wrote it before sitemap indexes (one urlset). */
function legacySitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const lines = entries.map((entry) => {
    const lastmod =
      entry.lastModified === undefined ? '' : `<lastmod>${entry.lastModified}</lastmod>`;
    const loc = (siteUrl + entry.url.slice(1)).replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `  <url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${lines.join('\n')}\n</urlset>\n`;
}

const text = (file: OutputFile) => String(file.contents);
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml past what one sitemap file may hold', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let count = 0;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  /** `xmllint --noout --schema` of one file against sitemaps.org's XSD `schema`. */
  function lint(schema: 'sitemap.xsd' | 'siteindex.xsd', file: string) {
    const result = spawnSync('xmllint', ['--noout', '--schema', path.join(SCHEMAS, schema), file], {
      encoding: 'utf8',
    });
    expect(result.error, 'xmllint (Debian: libxml2-utils) must be installed').toBeUndefined();
    return result;
  }

  /**
   * Writes the files to a new folder and validates each with xmllint against sitemaps.org's XSD
   * for its root: siteindex.xsd for a `<sitemapindex>`, sitemap.xsd for a `<urlset>`.
   */
  function validate(files: OutputFile[]): void {
    const dir = path.join(temp.dir, `out-${count++}`);
    mkdirSync(dir);
    for (const file of files) {
      const full = path.join(dir, file.path);
      writeFileSync(full, file.contents);
      const schema = text(file).includes('<sitemapindex ') ? 'siteindex.xsd' : 'sitemap.xsd';
      const result = lint(schema, full);
      expect(result.stderr.trim(), `${file.path} against ${schema}`).toBe(`${full} validates`);
      expect(result.status).toBe(0);
    }
  }

  it('validates with the real schemas: xmllint refuses an index that breaks them', () => {
    const dir = path.join(temp.dir, 'refused');
    mkdirSync(dir);
    const index = sitemapFiles([{ url: '/a/' }, { url: '/b/' }, { url: '/c/' }], SITE, {
      maxUrls: 2,
      maxBytes: 10_000,
    })[0];
    const file = path.join(dir, 'sitemap.xml');
    writeFileSync(file, text(index));
    expect(lint('siteindex.xsd', file).status).toBe(0);
    // A <lastmod> that is no W3C date, and a urlset read as an index.
    writeFileSync(file, text(index).replace('</loc>', '</loc><lastmod>30-11-2024</lastmod>'));
    const badDate = lint('siteindex.xsd', file);
    expect(badDate.status).not.toBe(0);
    expect(badDate.stderr).toContain("'30-11-2024' is not a valid value");
    writeFileSync(file, legacySitemap(SITE, [{ url: '/a/' }]));
    expect(lint('siteindex.xsd', file).stderr).toContain('No matching global declaration');
  });

  it('splits 60,000 pages into sitemap-1.xml (50,000) and sitemap-2.xml (10,000) under a sitemap index, all valid by the sitemaps.org XSDs', () => {
    // Newest date of part 1 on its last page, of part 2 in its middle; one page without a date.
    const date = (i: number) =>
      i === 49_999
        ? '2024-11-30'
        : i === 55_000
          ? '2025-02-01'
          : i === 7
            ? undefined
            : '2024-01-01';
    const routes = [
      { url: '404.html', template: 'NotFoundPage' as const, isIndexable: false },
      ...articleRoutes(60_000, date),
    ];
    const files = planHostFiles(routes, SITE, FEED);
    const byPath = new Map(files.map((file) => [file.path, text(file)]));
    expect([...byPath.keys()].filter((name) => name.startsWith('sitemap'))).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
    ]);
    expect(byPath.get('sitemap.xml')).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n` +
        `  <sitemap><loc>${SITE}sitemap-1.xml</loc><lastmod>2024-11-30</lastmod></sitemap>\n` +
        `  <sitemap><loc>${SITE}sitemap-2.xml</loc><lastmod>2025-02-01</lastmod></sitemap>\n` +
        '</sitemapindex>\n',
    );
    const part1 = byPath.get('sitemap-1.xml')!;
    const part2 = byPath.get('sitemap-2.xml')!;
    // In order, every indexable page once, the 404 page in none.
    expect([...locsOf(part1), ...locsOf(part2)]).toEqual(
      routes.slice(1).map((route) => SITE + route.url.slice(1)),
    );
    expect(locsOf(part1)).toHaveLength(50_000);
    expect(locsOf(part2)).toHaveLength(10_000);
    // Each part is the urlset the single sitemap would be for its pages.
    expect(part2).toBe(legacySitemap(SITE, routes.slice(50_001)));
    expect(byPath.get('robots.txt')).toContain(`Sitemap: ${SITE}sitemap.xml\n`);
    validate(files.filter((file) => file.path.startsWith('sitemap')));
  });

  it('splits by size too: no part over 52,428,800 bytes, each as full as it may be', () => {
    // 26,000 addresses of 2,000 characters (the XSD's <loc> allows 2,048): about 53 MB.
    const long = 'x'.repeat(2_000 - SITE.length - '/artikel//'.length - 5);
    const entries = Array.from({ length: 26_000 }, (_, i) => ({
      url: `/artikel/${String(i).padStart(5, '0')}${long}/`,
      lastModified: '2024-05-05',
    }));
    const files = sitemapFiles(entries, SITE);
    expect(files.map((file) => file.path)).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
    ]);
    const sizes = files.slice(1).map((file) => Buffer.byteLength(text(file)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SITEMAP_LIMITS.maxBytes);
    // Part 1 is full: one more <url> line (and its newline) would not fit.
    const lineBytes = Buffer.byteLength(
      `  <url><loc>${SITE}${entries[0].url.slice(1)}</loc><lastmod>2024-05-05</lastmod></url>`,
    );
    expect(sizes[0] + lineBytes + 1).toBeGreaterThan(SITEMAP_LIMITS.maxBytes);
    expect(locsOf(text(files[1])).length + locsOf(text(files[2])).length).toBe(26_000);
    validate(files);
  });

  it('writes the one urlset, byte for byte as before, up to 50,000 pages', () => {
    const entries: SitemapEntry[] = [
      { url: '/', lastModified: '2024-12-15' },
      { url: '/artikel/a&b/' },
      { url: '/brand/loyal4d/', lastModified: '2024-12-01' },
    ];
    const [small] = sitemapFiles(entries, 'https://user.github.io/repo/');
    expect(sitemapFiles(entries, 'https://user.github.io/repo/')).toHaveLength(1);
    expect(small.path).toBe('sitemap.xml');
    expect(text(small)).toBe(legacySitemap('https://user.github.io/repo/', entries));
    expect(text(small)).toContain('<loc>https://user.github.io/repo/artikel/a&amp;b/</loc>');

    const routes = articleRoutes(50_000, () => '2024-01-01');
    const atLimit = planHostFiles(routes, SITE, FEED).filter((f) => f.path.startsWith('sitemap'));
    expect(atLimit.map((file) => file.path)).toEqual(['sitemap.xml']);
    expect(text(atLimit[0])).toBe(legacySitemap(SITE, routes));
    validate([small, ...atLimit].map((file, i) => ({ ...file, path: `single-${i}.xml` })));

    // No indexable page: the empty urlset as before.
    expect(sitemapFiles([], SITE)).toEqual([
      { path: 'sitemap.xml', contents: legacySitemap(SITE, []) },
    ]);
  });

  it('with small limits, fills parts in order and dates each by its newest page (none when none is dated)', () => {
    const entries: SitemapEntry[] = [
      { url: '/a/', lastModified: '2024-03-01' },
      { url: '/b/', lastModified: '2024-05-01' },
      { url: '/c/', lastModified: '2024-04-01' },
      { url: '/d/' },
      { url: '/e/' },
      { url: '/f/' },
      { url: '/g/', lastModified: '2023-01-01' },
      { url: '/h/' },
    ];
    const files = sitemapFiles(entries, SITE, { maxUrls: 3, maxBytes: 10_000 });
    expect(files.map((file) => file.path)).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
    ]);
    expect(text(files[0])).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n` +
        `  <sitemap><loc>${SITE}sitemap-1.xml</loc><lastmod>2024-05-01</lastmod></sitemap>\n` +
        `  <sitemap><loc>${SITE}sitemap-2.xml</loc></sitemap>\n` +
        `  <sitemap><loc>${SITE}sitemap-3.xml</loc><lastmod>2023-01-01</lastmod></sitemap>\n` +
        '</sitemapindex>\n',
    );
    expect(text(files[1])).toBe(legacySitemap(SITE, entries.slice(0, 3)));
    expect(text(files[2])).toBe(legacySitemap(SITE, entries.slice(3, 6)));
    expect(text(files[3])).toBe(legacySitemap(SITE, entries.slice(6)));
    validate(files);
    // The same pages give the same bytes.
    expect(sitemapFiles(entries, SITE, { maxUrls: 3, maxBytes: 10_000 })).toEqual(files);
  });

  it('with a small byte limit, a part holds what fits exactly and no more', () => {
    const entries: SitemapEntry[] = ['a', 'b', 'c'].map((name) => ({
      url: `/artikel/${name.repeat(200)}/`,
    }));
    const two = legacySitemap(SITE, entries.slice(0, 2));
    const exact = { maxUrls: 50_000, maxBytes: Buffer.byteLength(two) };
    expect(sitemapFiles(entries.slice(0, 2), SITE, exact)).toEqual([
      { path: 'sitemap.xml', contents: two },
    ]);
    const oneByteLess = sitemapFiles(entries.slice(0, 2), SITE, {
      ...exact,
      maxBytes: exact.maxBytes - 1,
    });
    expect(oneByteLess.map((file) => file.path)).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
    ]);
    const split = sitemapFiles(entries, SITE, { ...exact, maxBytes: exact.maxBytes + 10 });
    expect(split.map((file) => text(file))).toEqual([
      expect.stringContaining('<sitemapindex'),
      two,
      legacySitemap(SITE, entries.slice(2)),
    ]);
    // An entry that does not fit in a part by itself, or an index over the limits, is a mistake.
    expect(() => sitemapFiles(entries, SITE, { maxUrls: 10, maxBytes: 300 })).toThrow(
      /does not fit in one sitemap file of at most 300 bytes/,
    );
    expect(() => sitemapFiles(entries, SITE, { maxUrls: 1, maxBytes: 10_000 })).toThrow(
      /the sitemap index of 3 parts .* is over the limits of one sitemap file/,
    );
  });
});

describe("public/'s pages in the sitemap", () => {
  const routes = [
    { url: '/', template: 'HomePage' as const, isIndexable: true, lastModified: '2024-05-05' },
    { url: '/404.html', template: 'NotFoundPage' as const, isIndexable: false },
  ];

  it("lists them after sitegen's pages, without a date; none given, the sitemap is as before", () => {
    const sitemapOf = (files: OutputFile[]) =>
      text(files.find((file) => file.path === 'sitemap.xml')!);
    const pages = [{ url: '/tentang.html' }, { url: '/panduan/' }];
    expect(locsOf(sitemapOf(planHostFiles(routes, SITE, FEED, { pages })))).toEqual([
      SITE,
      `${SITE}tentang.html`,
      `${SITE}panduan/`,
    ]);
    expect(sitemapOf(planHostFiles(routes, SITE, FEED, { pages }))).toContain(
      `<url><loc>${SITE}panduan/</loc></url>\n</urlset>`,
    );
    expect(sitemapOf(planHostFiles(routes, SITE, FEED, {}))).toBe(
      legacySitemap(SITE, routes.slice(0, 1)),
    );
  });
});
