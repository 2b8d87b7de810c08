import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder } from '../../src/generator/build/builder.ts';
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
    const once = await createBuilder({
      root,
      outDir: out,
      drafts: true,
      cacheDir: path.join(temp.dir, 'cache'),
    });
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
      {
        root,
        outDir: path.join(temp.dir, 'dist'),
        drafts: true,
        cacheDir: path.join(temp.dir, 'cache'),
        onPage: (done, total) => rendered.push(`${done}/${total}`),
      },
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
    edit(ARTICLE, (text) =>
      text.replace(
        'Perang88 adalah brand uji pertama.',
        'Perang88 adalah brand uji pertama yang diubah.',
      ),
    );
    const result = await update(ARTICLE);
    expect(result.rendered).toBe(1);
    expect(result.writtenFiles).toEqual(['artikel/perang88-panduan/index.html', 'feed.xml']);
    expect(result.pages).toBe(11);
  });

  it("a body edit, then a save that puts the old body back along with another article's title, ends as a full build would", async () => {
    const sentence = 'Perang88 adalah brand uji pertama yang diubah.';
    const other = 'src/content/articles/nusa77-ulasan.md';
    edit(other, (text) => text.replace(/^title: .*$/m, 'title: Ulasan Nusa77 Pertama'));
    await update(other);
    edit(ARTICLE, (text) => text.replace(sentence, 'Kalimat sementara.'));
    expect((await update(ARTICLE)).rendered).toBe(1);
    // Not a body-only save (a title changed): every stage runs, and this page's props are
    // those of two saves ago again. It must still be rendered, as the page on disk is newer.
    edit(ARTICLE, (text) => text.replace('Kalimat sementara.', sentence));
    edit(other, (text) => text.replace(/^title: .*$/m, 'title: Ulasan Nusa77 Kedua'));
    rendered.length = 0;
    const result = await builder.update([ARTICLE, other]);
    expect(result.writtenFiles).toContain('artikel/perang88-panduan/index.html');
    expect(hashTree(builder.outDir)).toEqual(await freshBuild());
  });

  it('a body edit that changes the read time (none in the front matter) renders the lists too', async () => {
    edit(ARTICLE, (text) => text.replace(/^readTime: .*\n/m, ''));
    await update(ARTICLE);
    edit(ARTICLE, (text) => `${text}\n${'kata '.repeat(600)}\n`);
    const result = await update(ARTICLE);
    expect(result.writtenFiles).toEqual(
      expect.arrayContaining([
        'artikel/perang88-panduan/index.html',
        'artikel/index.html',
        'brand/perang88/index.html',
      ]),
    );
  });

  it('a body emptied renders the fallback article; a body written again brings the article back', async () => {
    const full = path.join(root, ARTICLE);
    const original = readFileSync(full, 'utf8');
    edit(ARTICLE, (text) => text.replace(/\n---\n[\s\S]*$/, '\n---\n'));
    const emptied = await update(ARTICLE);
    expect(emptied.warnings.join('\n')).toMatch(/perang88-panduan/);
    writeFileSync(full, original);
    const back = await update(ARTICLE);
    expect(back.warnings.join('\n')).not.toMatch(/perang88-panduan/);
  });

  it("a body save that breaks the HTML policy or repeats the page's ids fails with the file and line, and the next good save recovers", async () => {
    const full = path.join(root, ARTICLE);
    const original = readFileSync(full, 'utf8');
    edit(ARTICLE, (text) => `${text}\n<iframe src="https://example.com/"></iframe>\n`);
    await expect(builder.update([ARTICLE])).rejects.toMatchObject({
      problems: [
        {
          file: 'src/content/articles/perang88-panduan.md',
          line: expect.any(Number),
          message: expect.stringMatching(/iframe/),
        },
      ],
    });
    writeFileSync(full, `${original}\n<p id="main">Sama dengan tautan lompat.</p>\n`);
    await expect(builder.update([ARTICLE])).rejects.toThrow(/uses the id "main" more than once/);
    writeFileSync(full, original.replace('Perang88', 'Perang88 (lagi)'));
    const result = await update(ARTICLE);
    expect(result.rendered).toBe(result.pages);
  });

  it('a title edit renders the pages that show the title: the article, the lists and its brand page', async () => {
    edit(ARTICLE, (text) => text.replace(/^title: .*$/m, 'title: Panduan Perang88 yang Baru'));
    const result = await update(ARTICLE);
    expect(result.rendered).toBeGreaterThan(1);
    expect(result.rendered).toBeLessThan(result.pages);
    expect(result.writtenFiles).toEqual(
      expect.arrayContaining([
        'artikel/perang88-panduan/index.html',
        'artikel/index.html',
        'brand/perang88/index.html',
      ]),
    );
    expect(result.writtenFiles).not.toContain('brand/nusa77/index.html');
  });

  it('a template edit renders every page', async () => {
    edit('src/templates/SiteFooter.tsx', (text) =>
      text.replace('Situs informasi', 'Situs informasi dan ulasan'),
    );
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
