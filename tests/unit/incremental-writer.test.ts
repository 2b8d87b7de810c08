import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtomicDirWriter } from '../../src/generator/output/atomic-writer.ts';
import { KeptFileMissing, stampOf } from '../../src/generator/output/kept-files.ts';
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

  it('an atomic writer keeps files of the previous output in place, only while that output is the one listed', async () => {
    const dist = path.join(temp.dir, 'atomic');
    const first = new AtomicDirWriter(dist);
    await first.add({ path: 'index.html', contents: 'home' });
    await first.add({ path: 'artikel/a/index.html', contents: 'a' });
    await first.commit();
    await first.cleanup;
    const listing = first.listing();
    expect([...listing.files]).toEqual([
      ['index.html', stampOf(path.join(dist, 'index.html'))],
      ['artikel/a/index.html', stampOf(path.join(dist, 'artikel/a/index.html'))],
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
    expect(newA.ctimeMs).toBe(oldA.ctimeMs);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('home, edited');
    expect(siblings()).toEqual([]);

    // The listing of the first output no longer describes the folder: nothing is kept.
    const third = new AtomicDirWriter(dist);
    expect(await third.reuse(listing)).toBe(false);
    expect(third.has('artikel/a/index.html')).toBe(false);
    await third.abort();
  });

  it('keeps no file edited by hand since the commit, whatever its size or times, nor a file it did not write', async () => {
    const dist = path.join(temp.dir, 'tampered');
    const names = ['a', 'b', 'c', 'd', 'e'].map((name) => `artikel/${name}/index.html`);
    const first = new AtomicDirWriter(dist);
    for (const name of names) await first.add({ path: name, contents: 'same' });
    await first.add({ path: 'index.html', contents: 'home' });
    await first.commit();
    await first.cleanup;
    const listing = first.listing();
    const file = (name: string) => path.join(dist, name);
    const before = statSync(file(names[0]));
    writeFileSync(file(names[0]), 'SAME');
    utimesSync(file(names[0]), before.atime, before.mtime);
    chmodSync(file(names[1]), 0o000);
    rmSync(file(names[2]));
    writeFileSync(file(names[2]), 'same');
    writeFileSync(path.join(dist, 'artikel/zzz.html'), 'stray');
    mkdirSync(path.join(dist, 'artikel/e/extra'));
    writeFileSync(path.join(dist, 'artikel/e/extra/index.html'), 'stray');

    const second = new AtomicDirWriter(dist);
    expect(await second.reuse(listing)).toBe(true);
    expect(names.map((name) => second.keep(name))).toEqual([false, false, false, true, true]);
    expect(second.keep('index.html')).toBe(true);
    for (const name of names.slice(0, 3)) await second.add({ path: name, contents: 'same' });
    await second.commit();
    await second.cleanup;
    for (const name of names) expect(readFileSync(file(name), 'utf8')).toBe('same');
    expect(statSync(file(names[1])).mode & 0o777).toBe(0o644);
    expect(existsSync(path.join(dist, 'artikel/zzz.html'))).toBe(false);
    expect(existsSync(path.join(dist, 'artikel/e/extra'))).toBe(false);
  });

  it('fails the commit with KeptFileMissing when a kept file goes before it, the output untouched', async () => {
    const dist = path.join(temp.dir, 'missing');
    const first = new AtomicDirWriter(dist);
    await first.add({ path: 'index.html', contents: 'home' });
    await first.add({ path: 'artikel/a/index.html', contents: 'a' });
    await first.add({ path: 'artikel/c/index.html', contents: 'c' });
    await first.commit();
    await first.cleanup;
    const second = new AtomicDirWriter(dist);
    expect(await second.reuse(first.listing())).toBe(true);
    expect(second.keep('index.html')).toBe(true);
    expect(second.keep('artikel/a/index.html')).toBe(true);
    await second.add({ path: 'artikel/b/index.html', contents: 'b' });
    rmSync(path.join(dist, 'artikel/a'), { recursive: true });
    await expect(second.commit()).rejects.toBeInstanceOf(KeptFileMissing);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('home');
    expect(existsSync(path.join(dist, 'artikel/b'))).toBe(false);
    expect(siblings()).toEqual([]);
  });

  it('swaps in a new folder, the kept files linked, when a build writes more files than it keeps', async () => {
    const dist = path.join(temp.dir, 'swapped');
    const first = new AtomicDirWriter(dist);
    for (const name of ['a', 'b', 'c']) await first.add({ path: `${name}.html`, contents: name });
    await first.commit();
    await first.cleanup;
    writeFileSync(path.join(dist, 'stray.html'), 'stray');
    const oldA = statSync(path.join(dist, 'a.html'));
    const second = new AtomicDirWriter(dist);
    expect(await second.reuse(first.listing())).toBe(true);
    expect(second.keep('a.html')).toBe(true);
    await second.add({ path: 'b.html', contents: 'B' });
    await second.add({ path: 'c.html', contents: 'C' });
    await second.commit();
    await second.cleanup;
    expect(statSync(path.join(dist, 'a.html')).ino).toBe(oldA.ino);
    expect(readdirSync(dist).sort()).toEqual(['.sitegen-output', 'a.html', 'b.html', 'c.html']);
    expect(siblings()).toEqual([]);
  });

  /** What writers leave beside their output folders: temporary folders, journals, locks. */
  const siblings = () => readdirSync(temp.dir).filter((name) => name.startsWith('.'));
});
