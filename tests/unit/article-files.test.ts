import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ARTICLE_DIR, readArticleFiles } from '../../src/generator/content/article-files.ts';
import { copyProject, makeTempDir } from '../helpers/cli.ts';

const SAVED = `${ARTICLE_DIR}/loyal4d-fast-withdrawal-system.md`;
const NEW = `${ARTICLE_DIR}/loyal4d-artikel-baru.md`;

// Each test gets a copy of the shipped project's src/.
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
beforeEach(async () => {
  temp = await makeTempDir();
  project = await copyProject(path.join(temp.dir, 'site'));
});
afterEach(() => temp.remove());

/** What watch's last run read: every file vouched for by the memo (none has a body here). */
function lastRun() {
  return readArticleFiles(project, { unchanged: () => ({ hasBody: false }) });
}

/** A second read after `saved` changed, from the last run's entries. */
function readAfter(last: ReturnType<typeof lastRun>, saved: string[]) {
  const set = new Set(saved);
  return readArticleFiles(project, {
    unchanged: (file) => (set.has(file) ? undefined : { hasBody: false }),
    last: { files: last, saved: set },
  });
}

const names = (files: ReturnType<typeof lastRun>) => files.files.map((entry) => entry.file);

describe('readArticleFiles after a save in watch', () => {
  it('keeps the last listing when a listed file was saved, and reads only that file', () => {
    const last = lastRun();
    const text = `${readFileSync(path.join(project, SAVED), 'utf8')}\nDisimpan.\n`;
    writeFileSync(path.join(project, SAVED), text);
    // A file the watcher did not report: a folder listed again would show it.
    writeFileSync(path.join(project, NEW), readFileSync(path.join(project, SAVED)));
    const files = readAfter(last, [SAVED]);
    expect(names(files)).toEqual(names(last));
    const read = files.files.filter((entry) => !entry.isUnchanged);
    expect(read).toEqual([{ file: SAVED, text }]);
    expect(files.hasBodies).toBe(true);
    // Every other entry is the last run's object.
    expect(files.files.filter((entry, i) => entry !== last.files[i])).toEqual(read);
  });

  it('lists the folder again for a saved file it did not list, or one that is gone', () => {
    const last = lastRun();
    writeFileSync(path.join(project, NEW), readFileSync(path.join(project, SAVED)));
    expect(names(readAfter(last, [NEW]))).toContain(NEW);
    rmSync(path.join(project, SAVED));
    expect(names(readAfter(last, [SAVED]))).not.toContain(SAVED);
  });

  it('lists the folder again for a stray file saved in it', () => {
    const last = lastRun();
    writeFileSync(path.join(project, ARTICLE_DIR, 'catatan.txt'), 'bukan artikel');
    const files = readAfter(last, [`${ARTICLE_DIR}/catatan.txt`]);
    expect(files.problems.map((problem) => problem.file)).toEqual([`${ARTICLE_DIR}/catatan.txt`]);
  });
});
