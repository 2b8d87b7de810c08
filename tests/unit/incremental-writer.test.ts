import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncrementalDirWriter } from '../../src/generator/output/incremental-writer.ts';
import { makeTempDir } from '../helpers/cli.ts';

/** The writer watch uses, on a real folder: what it rewrites, keeps and removes between commits. */
describe('IncrementalDirWriter', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let out: string;
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    temp = await makeTempDir();
    out = path.join(temp.dir, 'dist');
  });
  afterAll(() => temp.remove());

  it('keeps a file it wrote last time without its bytes, rewrites only changed files and removes the rest', async () => {
    const writer = new IncrementalDirWriter(out);
    expect(writer.keep('og/a.1.png')).toBe(false);
    await writer.add({ path: 'index.html', contents: 'home' });
    await writer.add({ path: 'og/a.1.png', contents: 'card a' });
    await writer.add({ path: 'og/b.1.png', contents: 'card b' });
    const first = await writer.commit();
    expect(first).toMatchObject({ files: 3, bytes: 16, written: 3 });

    await writer.add({ path: 'index.html', contents: 'home, edited' });
    expect(writer.keep('og/a.1.png')).toBe(true);
    expect(writer.keep('og/c.1.png')).toBe(false);
    const second = await writer.commit();
    expect(second).toEqual({
      files: 2,
      bytes: 18,
      written: 1,
      writtenFiles: ['index.html'],
      removed: ['og/b.1.png'],
    });
    expect(read('og/a.1.png')).toBe('card a');
    expect(read('index.html')).toBe('home, edited');
    expect(existsSync(path.join(out, 'og/b.1.png'))).toBe(false);

    // A keep is for one commit only: not asked again, the file goes.
    await writer.add({ path: 'index.html', contents: 'home, edited' });
    const third = await writer.commit();
    expect(third).toMatchObject({ files: 1, written: 0, removed: ['og/a.1.png'] });
    expect(existsSync(path.join(out, 'og'))).toBe(false);
  });

  it('keepRest keeps every file of the last commit that is not added again, for one commit', async () => {
    const writer = new IncrementalDirWriter(path.join(temp.dir, 'rest'));
    const readRest = (file: string) => readFileSync(path.join(temp.dir, 'rest', file), 'utf8');
    await writer.add({ path: 'index.html', contents: 'home' });
    await writer.add({ path: 'artikel/a/index.html', contents: 'a' });
    await writer.add({ path: 'feed.xml', contents: 'feed' });
    await writer.commit();

    await writer.add({ path: 'artikel/a/index.html', contents: 'a, edited' });
    await writer.add({ path: 'feed.xml', contents: 'feed' });
    writer.keepRest();
    const partial = await writer.commit();
    expect(partial).toEqual({
      files: 3,
      bytes: 17,
      written: 1,
      writtenFiles: ['artikel/a/index.html'],
      removed: [],
    });
    expect([
      readRest('index.html'),
      readRest('artikel/a/index.html'),
      readRest('feed.xml'),
    ]).toEqual(['home', 'a, edited', 'feed']);

    await writer.add({ path: 'index.html', contents: 'home' });
    expect(await writer.commit()).toMatchObject({
      files: 1,
      written: 0,
      removed: ['artikel/a/index.html', 'feed.xml'],
    });
  });
});
