import { describe, expect, it } from 'vitest';
import { isSkippedPublicName, type PublicFile } from '../../src/generator/content/public-folder.ts';
import {
  aliasPathClashes,
  generatedFiles,
  mergeHeaders,
  publicClashes,
} from '../../src/generator/files/public-files.ts';
import { listPages } from '../../src/generator/pages/routes.ts';
import { shippedContent } from '../helpers/shipped-content.ts';

const publicFile = (path: string): PublicFile => ({
  path,
  source: `public/${path}`,
  bytes: Buffer.from(''),
  digest: '',
});

describe('public/ against the files sitegen writes', () => {
  it('skips hidden names but a top-level .well-known, and editor and folder leftovers', () => {
    expect(isSkippedPublicName('.well-known', true)).toBe(false);
    expect(isSkippedPublicName('.well-known', false)).toBe(true);
    for (const name of ['.DS_Store', '.git', '.env', 'ads.txt~', '#ads.txt#', 'Thumbs.db'])
      expect(isSkippedPublicName(name, true), name).toBe(true);
    for (const name of ['ads.txt', 'CNAME', 'logo~v2.png', '_headers'])
      expect(isSkippedPublicName(name, true), name).toBe(false);
  });

  it('names every clash, with the generated file and what it is; other files pass', async () => {
    const { content } = await shippedContent();
    const generated = generatedFiles(listPages(content, () => true));
    const files = [
      'ads.txt',
      'artikel/panduan.pdf',
      'brand/loyal4d/logo.png',
      '404.html',
      'artikel/list.json',
      'feed.xml',
      'sitemap-3.xml',
      'assets/x.css',
      'og',
      'kontak',
      'index.html/x',
    ].map(publicFile);
    const problems = publicClashes(files, generated);
    expect(problems.map((problem) => problem.file)).toEqual([
      'public/404.html',
      'public/artikel/list.json',
      'public/feed.xml',
      'public/sitemap-3.xml',
      'public/assets/x.css',
      'public/og',
      'public/kontak',
      'public/index.html/x',
    ]);
    expect(problems[0].message).toMatch(/^would replace 404\.html, which sitegen writes: the page/);
    expect(problems[1].message).toContain('the data of the list /artikel/');
    expect(problems[6].message).toContain('sitegen writes the folder kontak/');
    expect(problems[7].message).toContain('sitegen writes the file index.html');
  });

  it('refuses an alias whose redirect page would go among the files sitegen writes, at its line', async () => {
    const { content } = await shippedContent();
    const [first, ...rest] = content.articles;
    const addresses = ['/lama/', '/assets/x/', '/og/lama.html', '/feed.xml/', '/brand/lama/'];
    const aliases = addresses.map((address, index) => ({ address, line: 8 + index, column: 5 }));
    const pages = listPages({ ...content, articles: [{ ...first, aliases }, ...rest] }, () => true);
    const problems = aliasPathClashes(pages);
    expect(problems.map(({ file, line, column }) => [file, line, column])).toEqual([
      [first.source, 9, 5],
      [first.source, 10, 5],
      [first.source, 11, 5],
    ]);
    expect(problems[0].message).toBe(
      'alias "/assets/x/" (its redirect page assets/x/index.html) is inside assets/, which sitegen writes whole (the fingerprinted stylesheet, script, icon, article images and list data); put it in another folder',
    );
    expect(problems[1].message).toContain('is inside og/, which sitegen writes whole');
    expect(problems[2].message).toContain('where sitegen writes the file feed.xml: the Atom feed');
  });

  it("puts public/_headers after sitegen's rules, under one comment line", () => {
    expect(mergeHeaders('/*\n  A: b\n', '/x\n  C: d')).toBe(
      "/*\n  A: b\n\n# From public/_headers (the site's own rules, after sitegen's):\n/x\n  C: d\n",
    );
    expect(mergeHeaders('/*\n  A: b\n', undefined)).toBe('/*\n  A: b\n');
    expect(mergeHeaders('/*\n  A: b\n', '\n  \n')).toBe('/*\n  A: b\n');
  });
});
