import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder } from '../../src/generator/builder.ts';
import { isSameData } from '../../src/generator/rendered-pages.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { hashTree } from '../helpers/tree.ts';

const ARTICLE = 'src/content/articles/perang88-panduan.md';

/**
 * watch's builder renders only the pages whose props changed, when the templates did not;
 * after every update its output must equal a full build of the same sources, file for file.
 */
describe('update() renders only the pages a change reaches', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let builder: Builder;
  let fullBuilds = 0;
  const rendered: string[] = [];
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(root, file);
    const before = readFileSync(full, 'utf8');
    const after = change(before);
    expect(after, `test setup: the edit changed ${file}`).not.toBe(before);
    writeFileSync(full, after);
  };
  /** What a one-shot `build` of the current sources writes, minus the watch-only lock. */
  const freshBuild = async () => {
    const out = path.join(temp.dir, `fresh-${fullBuilds++}`);
    const once = await createBuilder({ root, outDir: out, drafts: true, cacheDir: path.join(temp.dir, 'cache') });
    await once.build().finally(() => once.dispose());
    return hashTree(out);
  };
  const update = async (file: string) => {
    rendered.length = 0;
    const result = await builder.update([file]);
    expect(result.rendered).toBe(rendered.length);
    expect(hashTree(builder.outDir)).toEqual(await freshBuild());
    return result;
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    builder = await createBuilder(
      { root, outDir: path.join(temp.dir, 'dist'), drafts: true, cacheDir: path.join(temp.dir, 'cache'), onPage: (done, total) => rendered.push(`${done}/${total}`) },
      { incremental: true },
    );
    const first = await builder.build();
    expect(first.rendered).toBe(11);
  });
  afterAll(async () => {
    await builder?.dispose();
    await temp?.remove();
  });

  it('a body edit (read time fixed in the front matter) renders its own page only', async () => {
    edit(ARTICLE, (text) => text.replace('Perang88 adalah brand uji pertama.', 'Perang88 adalah brand uji pertama yang diubah.'));
    const result = await update(ARTICLE);
    expect(result.rendered).toBe(1);
    expect(result.writtenFiles).toEqual(['artikel/perang88-panduan/index.html', 'feed.xml']);
  });

  it('a title edit renders the pages that show the title: the article, the lists and its brand page', async () => {
    edit(ARTICLE, (text) => text.replace(/^title: .*$/m, 'title: Panduan Perang88 yang Baru'));
    const result = await update(ARTICLE);
    expect(result.rendered).toBeGreaterThan(1);
    expect(result.rendered).toBeLessThan(result.pages);
    expect(result.writtenFiles).toEqual(expect.arrayContaining(['artikel/perang88-panduan/index.html', 'artikel/index.html', 'brand/perang88/index.html']));
    expect(result.writtenFiles).not.toContain('brand/nusa77/index.html');
  });

  it('a template edit renders every page', async () => {
    edit('src/templates/SiteFooter.tsx', (text) => text.replace('Situs informasi', 'Situs informasi dan ulasan'));
    const result = await update('src/templates/SiteFooter.tsx');
    expect(result.rendered).toBe(result.pages);
  });

  it('after a failed update, the next good one renders every page again', async () => {
    edit(ARTICLE, (text) => text.replace(/^date: .*$/m, 'date: 2024-02-30'));
    await expect(builder.update([ARTICLE])).rejects.toThrow(/The content has 1 problem/);
    edit(ARTICLE, (text) => text.replace(/^date: .*$/m, 'date: 2024-12-16'));
    const result = await update(ARTICLE);
    expect(result.rendered).toBe(result.pages);
  });
});

describe('isSameData', () => {
  it('compares props as data: nested objects and arrays by value, a missing key unlike an undefined one', () => {
    const props = { layout: { meta: { title: 'A', jsonLd: [{ '@type': 'Article' }] } }, articles: [{ slug: 'x', readTime: '2 menit baca' }] };
    expect(isSameData(props, structuredClone(props))).toBe(true);
    expect(isSameData(props, { ...props, articles: [{ slug: 'x', readTime: '3 menit baca' }] })).toBe(false);
    expect(isSameData(props, { ...props, articles: [...props.articles, { slug: 'y', readTime: '1 menit baca' }] })).toBe(false);
    expect(isSameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(isSameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(isSameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(isSameData({ n: 0 }, { n: -0 })).toBe(true);
  });
});
