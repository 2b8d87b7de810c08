/**
 * The lists' data files (src/generator/files/list-files.ts) from one call to the next: a page's
 * card file whose cards are the same is the very file of the last call, not serialized again,
 * and a page whose card changed is made again with its new cards.
 */
import { describe, expect, it } from 'vitest';
import { planListFiles } from '../../src/generator/files/list-files.ts';
import type { PagedList } from '../../src/generator/pages/paged-lists.ts';
import type { ArticleSummary } from '../../src/templates/index.ts';

const BRAND = { slug: 'loyal4d', name: 'Loyal4D', description: '', rating: 4, color: '#1d4ed8' };

const summary = (i: number, title = `Artikel ${i}`): ArticleSummary => ({
  slug: `artikel-${i}`,
  title,
  excerpt: `Ringkasan ${i}`,
  brand: BRAND,
  author: 'Tim Redaksi',
  date: '15 Des 2024',
  readTime: '5 menit baca',
});

/** A brand's list of 30 articles (three card pages), the 16th article's title given. */
const list = (edited?: string): PagedList => ({
  url: '/brand/loyal4d/artikel/',
  items: Array.from({ length: 30 }, (_, i) => summary(i, i === 15 ? edited : undefined)),
  isSearchable: false,
});

const cardFiles = (lists: PagedList[]) =>
  planListFiles(lists, '/')
    .get('brand/loyal4d/artikel/list.json')!
    .filter((file) => file.path.startsWith('assets/lists/'));

describe('the card files of a list', () => {
  it('keeps the files of unchanged pages and makes the changed page again', () => {
    const first = cardFiles([list()]);
    const second = cardFiles([list('Artikel baru')]);
    expect(first).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1]).not.toBe(first[1]);
    expect(String(second[1].contents)).toContain('"title":"Artikel baru"');
    expect(second[1].path).not.toBe(first[1].path);
  });
});
