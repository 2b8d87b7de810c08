import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { movedSources, stampSources, watchSources } from '../../src/generator/dev/watch-sources.ts';
import { copyProject, makeTempDir } from '../helpers/cli.ts';

const ARTICLE = 'src/content/articles/loyal4d-fast-withdrawal-system.md';

/** Appends `text` to a project file: a save. */
function save(project: string, file: string, text: string) {
  const full = path.join(project, file);
  writeFileSync(full, readFileSync(full, 'utf8') + text);
}

// Each test gets a copy of the shipped project's src/ (no public/).
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
beforeEach(async () => {
  temp = await makeTempDir();
  project = await copyProject(path.join(temp.dir, 'site'));
});
afterEach(() => temp.remove());

describe('watchSources', () => {
  // chokidar 4.0.3, given a path that does not exist (public/ here), said 'ready' before it
  // watched src/content/articles/: a save right after was never reported. It reproduced in
  // every try, so a watch started beside its first build could lose a save made during it.
  it('reports a save in a nested folder made the moment it resolves, in a project without public/', async () => {
    const seen = new Set<string>();
    const waiting = new Map<string, () => void>();
    /** Resolves once `file` has been reported (at once if it was); the test's timeout bounds it. */
    const reportOf = (file: string) =>
      new Promise<void>((resolve) => (seen.has(file) ? resolve() : waiting.set(file, resolve)));
    const watcher = await watchSources(project, (file) => {
      seen.add(file);
      waiting.get(file)?.();
    });
    try {
      save(project, ARTICLE, '\nDisimpan.\n');
      await reportOf(ARTICLE);
      // The missing folder is watched once it appears, and so are the files put in it.
      mkdirSync(path.join(project, 'public'));
      await reportOf('public');
      writeFileSync(path.join(project, 'public/ads.txt'), 'contoh\n');
      await reportOf('public/ads.txt');
      expect([...seen]).toEqual(expect.arrayContaining([ARTICLE, 'public', 'public/ads.txt']));
    } finally {
      await watcher.close();
    }
  }, 15_000);
});

describe('stampSources and movedSources', () => {
  it('list nothing when nothing moved, and every saved, added and deleted file when it did', async () => {
    const before = stampSources(project);
    expect(before.has(ARTICLE)).toBe(true);
    expect(before.has('src/templates/SiteFooter.tsx')).toBe(true);
    expect(movedSources(before, stampSources(project))).toEqual([]);
    save(project, ARTICLE, '\nDisimpan.\n');
    writeFileSync(path.join(project, 'src/content/articles/baru.md'), 'baru\n');
    rmSync(path.join(project, 'src/client/list.ts'));
    // Hidden files and node_modules are not sources.
    writeFileSync(path.join(project, 'src/content/.catatan.md'), 'x\n');
    expect(movedSources(before, stampSources(project))).toEqual([
      'src/client/list.ts',
      'src/content/articles/baru.md',
      ARTICLE,
    ]);
  });

  it('see a same-size save whose modification time was set back', async () => {
    const full = path.join(project, ARTICLE);
    const before = stampSources(project);
    const text = readFileSync(full, 'utf8');
    const stamp = before.get(ARTICLE)!;
    // Same length, other bytes, and the old modification time put back.
    writeFileSync(full, text.replace('a', 'b'));
    const mtime = Number(stamp.split(':')[1]) / 1000;
    utimesSync(full, mtime, mtime);
    expect(movedSources(before, stampSources(project))).toEqual([ARTICLE]);
  });
});
