import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ARTICLE_DIR, readArticleFiles } from '../../src/generator/content/article-files.ts';
import type { ArticleMemo } from '../../src/generator/content/article-memo.ts';
import { renderMarkdown } from '../../src/generator/content/markdown.ts';
import { readArticles } from '../../src/generator/content/read-articles.ts';
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

describe('readArticles after a save in watch', () => {
  it('works out the saved file again and takes every other outcome from the last run', () => {
    const entries = new Map<string, Parameters<ArticleMemo['set']>[1]>();
    const looked: string[] = [];
    const memo: ArticleMemo = {
      get: (file) => {
        looked.push(file);
        return entries.get(file);
      },
      set: (file, entry) => entries.set(file, entry),
      delete: (file) => entries.delete(file),
      keys: () => entries.keys(),
    };
    const brands = ['lux88togel', 'loyal4d', 'perang88', 'pegasus4d'];
    const options = { memo, render: renderMarkdown };
    const first = readArticleFiles(project);
    const before = readArticles(first, brands, options);
    const text = `${readFileSync(path.join(project, SAVED), 'utf8')}\nDisimpan.\n`;
    writeFileSync(path.join(project, SAVED), text);
    const saved = new Set([SAVED]);
    // What watch hands the next run: every file not saved vouched for by the memo.
    const vouched = readArticleFiles(project, {
      unchanged: (file) => (saved.has(file) ? undefined : { hasBody: true }),
    });
    readArticles(vouched, brands, options);
    looked.length = 0;
    const files = readArticleFiles(project, {
      unchanged: (file) => (saved.has(file) ? undefined : { hasBody: true }),
      last: { files: vouched, saved },
    });
    const after = readArticles(files, brands, options);
    expect(new Set(looked)).toEqual(new Set([SAVED]));
    expect(after.articles).toEqual(before.articles);
    const slug = path.basename(SAVED, '.md');
    expect(after.bodyDigests.get(slug)).not.toBe(before.bodyDigests.get(slug));
    expect(after.bodies.get(slug)).toContain('Disimpan.');
  });
});
