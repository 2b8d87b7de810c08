import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/generator/build/build.ts';
import { WORDS_PER_MINUTE } from '../../src/generator/content/read-articles.ts';
import { MemoryWriter } from '../../src/generator/output/memory-writer.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { fixtureProject } from '../helpers/fixtures.ts';

const words = (count: number) => Array.from({ length: count }, (_, i) => `kata${i}`).join(' ');

/**
 * Markdown articles through the whole pipeline, in memory, over the two-brands fixture plus the
 * files below.
 */
const extraArticles: Record<string, string> = {
  // No readTime: 450 words at 200 a minute is 3 minutes. An update after the date. A GFM table.
  'perang88-tanggal-dan-tabel.md': `---
title: Tanggal dan Tabel
excerpt: Artikel uji dengan tanggal pembaruan, tabel dan waktu baca yang dihitung.
brand: perang88
author: Penulis Uji
date: 2025-02-03
updated: 2025-03-04
listed: true
---

${words(426)} [Bantuan](https://bantuan.example/) dan [daftar](/artikel/).

| Batas | Nilai |
|:------|------:|
| Harian | 100 |
| Sesi | 30 |
`,
  // order -1: before every article with the default order 0 and the fixture's 1 to 3.
  'nusa77-paling-depan.md': `---
title: Paling Depan
excerpt: Artikel uji dengan order -1.
brand: nusa77
author: Penulis Uji
date: 2020-01-01
readTime: 4
listed: true
order: -1
---

Isi singkat.
`,
  // A draft: left out of build unless drafts are asked for.
  'nusa77-draf.md': `---
title: Draf Nusa77
excerpt: Artikel uji yang masih draf.
brand: nusa77
author: Penulis Uji
date: 2026-06-01
listed: true
draft: true
---

Isi draf.
`,
};

describe('Markdown articles in the built pages', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let published: MemoryWriter;
  let withDrafts: MemoryWriter;
  const page = (writer: MemoryWriter, file: string) => cheerio.load(String(writer.files.get(file)));

  beforeAll(async () => {
    temp = await makeTempDir();
    const root = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    for (const [name, text] of Object.entries(extraArticles))
      await writeFile(path.join(root, 'src/content/articles', name), text);
    published = new MemoryWriter();
    withDrafts = new MemoryWriter();
    await build({ root, outDir: path.join(root, 'dist'), writer: published });
    await build({ root, outDir: path.join(root, 'dist'), writer: withDrafts, drafts: true });
  });
  afterAll(() => temp?.remove());

  it('feeds "date" and "updated" to the visible dates and the JSON-LD', () => {
    const $ = page(published, 'artikel/perang88-tanggal-dan-tabel/index.html');
    expect($('.article-meta').text().replace(/\s+/g, ' ')).toBe(
      'Oleh Penulis Uji · 3 Februari 2025 · Diperbarui 4 Maret 2025 · 3 menit baca',
    );
    const article = JSON.parse($('script[type="application/ld+json"]').first().text());
    expect(article).toMatchObject({
      '@type': 'Article',
      datePublished: '2025-02-03',
      dateModified: '2025-03-04',
    });
    const shipped = page(published, 'artikel/perang88-panduan/index.html');
    expect(JSON.parse(shipped('script[type="application/ld+json"]').first().text())).toMatchObject({
      datePublished: '2024-12-15',
      dateModified: '2024-12-15',
    });
  });

  it(`computes a missing read time from the body's words at ${WORDS_PER_MINUTE} a minute`, () => {
    // 430 words of text and 6 in the table: ceil(436 / 200) = 3.
    expect(WORDS_PER_MINUTE).toBe(200);
    const card = page(
      published,
      'artikel/index.html',
    )('a[href="/artikel/perang88-tanggal-dan-tabel/"]').closest('article');
    expect(card.find('.card-meta').text()).toBe('Penulis Uji · 3 Feb 2025 · 3 menit baca');
  });

  it('opens Markdown links to other sites in a new tab, safely; leaves site links alone', () => {
    const $ = page(published, 'artikel/perang88-tanggal-dan-tabel/index.html');
    expect($('.prose a[href="https://bantuan.example/"]').attr('target')).toBe('_blank');
    expect($('.prose a[href="https://bantuan.example/"]').attr('rel')).toBe('noopener noreferrer');
    expect($('.prose a[href="/artikel/"]').attr('target')).toBeUndefined();
  });

  it('renders GFM tables, with alignment as classes the CSP allows, never style=', () => {
    const $ = page(published, 'artikel/perang88-tanggal-dan-tabel/index.html');
    expect(
      $('.prose table th')
        .map((_, th) => $(th).attr('class') ?? '')
        .get(),
    ).toEqual(['align-left', 'align-right']);
    expect($('.prose td.align-right').first().text()).toBe('100');
    expect($('.prose [style]')).toHaveLength(0);
  });

  it('orders lists by "order", then the newest date, never by file name', () => {
    const list = page(published, 'artikel/index.html');
    const slugs = list('[data-article-grid] .card-title a')
      .map((_, a) => list(a).attr('href'))
      .get();
    expect(slugs).toEqual([
      '/artikel/nusa77-paling-depan/',
      '/artikel/perang88-tanggal-dan-tabel/',
      '/artikel/perang88-panduan/',
      '/artikel/nusa77-ulasan/',
      '/artikel/nusa77-belum-ditulis/',
    ]);
  });

  it('leaves a draft out of build: no page, no card, not in the sitemap', () => {
    const files = [...published.files.keys()];
    expect(files.some((file) => file.includes('nusa77-draf'))).toBe(false);
    for (const file of files.filter((name) => /\.(html|xml)$/.test(name)))
      expect(String(published.files.get(file)), file).not.toContain('nusa77-draf');
  });

  it('builds drafts when asked: marked DRAFT on the page and the cards, noindex, out of the sitemap', () => {
    const $ = page(withDrafts, 'artikel/nusa77-draf/index.html');
    expect($('.article-brand .badge-draft').text()).toBe('DRAFT');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    const brand = page(withDrafts, 'brand/nusa77/index.html');
    expect(
      brand('a[href="/artikel/nusa77-draf/"]').closest('article').find('.badge-draft').text(),
    ).toBe('DRAFT');
    expect(String(withDrafts.files.get('sitemap.xml'))).not.toContain('nusa77-draf');
    expect(page(withDrafts, 'artikel/perang88-panduan/index.html')('.badge-draft')).toHaveLength(0);
  });

  it('keeps the new markup (DRAFT markers, tables, "Diperbarui") valid HTML: 0 html-validate errors', async () => {
    const validator = new HtmlValidate(
      JSON.parse(readFileSync(path.join(REPO, '.htmlvalidate.json'), 'utf8')),
    );
    const problems: string[] = [];
    for (const file of [
      'artikel/nusa77-draf/index.html',
      'brand/nusa77/index.html',
      'artikel/index.html',
      'artikel/perang88-tanggal-dan-tabel/index.html',
    ]) {
      const report = await validator.validateString(String(withDrafts.files.get(file)), file);
      for (const result of report.results)
        for (const message of result.messages)
          problems.push(
            `${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          );
    }
    expect(problems).toEqual([]);
  });
});
