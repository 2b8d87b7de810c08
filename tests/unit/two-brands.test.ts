import { existsSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/generator/build/build.ts';
import { MemoryWriter } from '../../src/generator/output/memory-writer.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { hashTree } from '../helpers/tree.ts';

/** The whole pipeline over tests/fixtures/two-brands, in memory: assertions on the real output. */
describe('build() of the two-brands fixture with an in-memory writer', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let outDir: string;
  let treeBefore: Record<string, string>;
  let writer: MemoryWriter;
  let result: BuildResult;
  const page = (file: string) => {
    const html = writer.files.get(file);
    if (typeof html !== 'string')
      throw new Error(`no page ${file}; pages: ${[...writer.files.keys()].join(', ')}`);
    return cheerio.load(html);
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    outDir = path.join(root, 'dist');
    treeBefore = hashTree(root);
    writer = new MemoryWriter();
    result = await build({ root, outDir, writer });
  });
  afterAll(async () => {
    await temp?.remove();
  });

  it('renders exactly the pages of two brands and three articles, and nothing touches the disk', () => {
    const pages = [...writer.files.keys()].filter((file) => file.endsWith('.html')).sort();
    expect(pages).toEqual(
      [
        'index.html',
        'artikel/index.html',
        'artikel/perang88-panduan/index.html',
        'artikel/nusa77-ulasan/index.html',
        'artikel/nusa77-belum-ditulis/index.html',
        'brand/perang88/index.html',
        'brand/nusa77/index.html',
        'kontak/index.html',
        '404.html',
        'brand/404.html',
        'artikel/404.html',
      ].sort(),
    );
    expect(result.pages).toBe(11);
    expect(writer.isCommitted).toBe(true);
    expect(writer.files.size).toBe(result.files);
    expect(existsSync(outDir)).toBe(false);
    expect(hashTree(root)).toEqual(treeBefore);
  });

  it('renders the listed article without a body as the fallback, with noindex and outside the sitemap', () => {
    const $ = page('artikel/nusa77-belum-ditulis/index.html');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    // The fallback article's own metadata (issue 12), at the missing article's address.
    expect($('title').text()).toBe('Artikel Tidak Ditemukan | Dua Brand');
    expect($('link[rel=canonical]').attr('href')).toBe(
      'https://two-brands.example/artikel/nusa77-belum-ditulis/',
    );
    expect(JSON.parse($('script[type="application/ld+json"]').text())).toMatchObject({
      '@type': 'Article',
      headline: 'Artikel Tidak Ditemukan',
    });
    expect($('main').text()).toContain('Artikel yang Anda cari tidak dapat ditemukan.');
    for (const file of [
      'artikel/perang88-panduan/index.html',
      'artikel/nusa77-ulasan/index.html',
    ]) {
      expect(page(file)('meta[name="robots"]'), file).toHaveLength(0);
    }
    const sitemap = String(writer.files.get('sitemap.xml'));
    expect(sitemap).toContain('https://two-brands.example/artikel/nusa77-ulasan/');
    expect(sitemap).not.toContain('nusa77-belum-ditulis');
  });

  it('links the first mention of each brand in a body, sponsored, and leaves later mentions and code plain', () => {
    const first = page('artikel/perang88-panduan/index.html');
    const links = first('.prose a[rel="sponsored noopener noreferrer"]');
    expect(
      links.toArray().map((a) => [first(a).text(), first(a).attr('href'), first(a).attr('target')]),
    ).toEqual([
      ['Perang88', 'https://perang88.example/', '_blank'],
      ['Nusa77', 'https://nusa77.example/', '_blank'],
    ]);
    expect(first('.prose p').first().text()).toMatch(
      /^Perang88 adalah brand uji pertama\. Perang88 disebut dua kali/,
    );
    expect(first('.prose a')).toHaveLength(2);

    const second = page('artikel/nusa77-ulasan/index.html');
    const secondLinks = second('.prose a[rel="sponsored noopener noreferrer"]');
    expect(secondLinks.toArray().map((a) => second(a).attr('href'))).toEqual([
      'https://nusa77.example/',
    ]);
    expect(second('.prose code').text()).toBe('Perang88');
    expect(second('.prose a')).toHaveLength(1);
  });
});
