import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtomicDirWriter } from '../../src/generator/output/atomic-writer.ts';
import { KeptFileMissing } from '../../src/generator/output/kept-files.ts';
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

  it('an atomic writer moves in files of the previous output it keeps, only while that output is the one listed', async () => {
    const dist = path.join(temp.dir, 'atomic');
    const first = new AtomicDirWriter(dist);
    await first.add({ path: 'index.html', contents: 'home' });
    await first.add({ path: 'artikel/a/index.html', contents: 'a' });
    await first.commit();
    await first.cleanup;
    const listing = first.listing();
    expect([...listing.files]).toEqual([
      ['index.html', 4],
      ['artikel/a/index.html', 1],
    ]);

    const second = new AtomicDirWriter(dist);
    expect(await second.reuse(listing)).toBe(true);
    expect(second.keep('artikel/a/index.html')).toBe(true);
    expect(second.keep('artikel/b/index.html')).toBe(false);
    await second.add({ path: 'index.html', contents: 'home, edited' });
    const oldA = statSync(path.join(dist, 'artikel/a/index.html'));
    expect(await second.commit()).toMatchObject({ files: 2, bytes: 13 });
    await second.cleanup;
    const newA = statSync(path.join(dist, 'artikel/a/index.html'));
    expect(newA.ino).toBe(oldA.ino);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('home, edited');

    // The listing of the first output no longer describes the folder: nothing is kept.
    const third = new AtomicDirWriter(dist);
    expect(await third.reuse(listing)).toBe(false);
    expect(third.has('artikel/a/index.html')).toBe(false);
    await third.abort();

    // A file deleted by hand since the commit is not kept; one deleted after it was kept (between
    // the keep and the commit) fails the commit with KeptFileMissing, and what had moved is back.
    const current = second.listing();
    rmSync(path.join(dist, 'artikel/a/index.html'));
    const fourth = new AtomicDirWriter(dist);
    expect(await fourth.reuse(current)).toBe(true);
    expect(fourth.keep('artikel/a/index.html')).toBe(false);
    await fourth.abort();
    writeFileSync(path.join(dist, 'artikel/a/index.html'), 'a');
    const fifth = new AtomicDirWriter(dist);
    expect(await fifth.reuse(current)).toBe(true);
    expect(fifth.keep('index.html')).toBe(true);
    expect(fifth.keep('artikel/a/index.html')).toBe(true);
    await fifth.add({ path: 'artikel/b/index.html', contents: 'b' });
    rmSync(path.join(dist, 'artikel/a'), { recursive: true });
    await expect(fifth.commit()).rejects.toBeInstanceOf(KeptFileMissing);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('home, edited');
    expect(readdirSync(temp.dir).filter((name) => name.startsWith('.atomic.'))).toEqual([]);
  });
});
