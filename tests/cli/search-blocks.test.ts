/**
 * A title save and the search index: the index is cut into blocks of the list
 * (src/generator/files/search-blocks.ts), so a title edit that keeps the article's place
 * changes the files of the one block holding it, and every other block's files stay as they
 * were. Two builds of a generated site of two blocks, in this process, the second after the
 * edit; the files under assets/search/ compared by name (each is named by its bytes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearch } from '../../src/client/search.ts';
import { SEARCH_BLOCK_DOCS } from '../../src/generator/files/search-blocks.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { generatedProject } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';

/** A full block and a part of one: the edited article sits in the first. */
const ARTICLES = SEARCH_BLOCK_DOCS + 100;
const EDITED = SEARCH_BLOCK_DOCS / 2;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let root: string;
beforeAll(async () => {
  temp = await makeTempDir('sitegen-search-blocks-');
  root = generatedProject(path.join(temp.dir, 'site'), ARTICLES);
}, 120_000);
afterAll(() => temp.remove());

const build = async () => {
  const result = await sitegen(['build', '--root', root, '--no-cards', '--jobs', '1']);
  expect(result.code, result.stderr).toBe(0);
};
const dist = () => path.join(root, 'dist');
const filesUnder = (dir: string) =>
  readdirSync(path.join(dist(), dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.posix.join(path.relative(dist(), entry.parentPath), entry.name));
const searchFiles = () => new Set(filesUnder('assets/search'));
/** The inode of every file of the lists' data (card files and search blocks), by path. */
const dataInodes = () =>
  new Map(
    [...filesUnder('assets/search'), ...filesUnder('assets/lists')].map((file) => [
      file,
      statSync(path.join(dist(), file)).ino,
    ]),
  );

describe('the search index after a title edit', () => {
  it('changes the files of the one block holding the article, no other', async () => {
    await build();
    const before = searchFiles();
    const inodes = dataInodes();
    const list = JSON.parse(readFileSync(path.join(dist(), 'artikel/list.json'), 'utf8'));
    const page = JSON.parse(
      readFileSync(path.join(dist(), list.pages[Math.floor(EDITED / list.pageSize)]), 'utf8'),
    );
    const slug = page[EDITED % list.pageSize].href.split('/').at(-2);
    // At the title's end: articles of one date are in title order, and this keeps its place.
    replaceInFile(
      path.join(root, 'src/content/articles', `${slug}.md`),
      '"\nexcerpt:',
      ' baru"\nexcerpt:',
    );
    await build();
    const after = searchFiles();
    const changed = [...before, ...after].filter((file) => !before.has(file) || !after.has(file));
    const block = `assets/search/${Math.floor(EDITED / SEARCH_BLOCK_DOCS)}/`;
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((file) => !file.startsWith(block))).toEqual([]);
    // The other blocks are there, and the same.
    const others = [...after].filter((file) => !file.startsWith(block));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((file) => before.has(file))).toBe(true);
    // A file of the same name has the same bytes (its name is their hash): it is kept as it
    // was, not written again.
    const rewritten = [...dataInodes()].filter(
      ([file, ino]) => inodes.has(file) && inodes.get(file) !== ino,
    );
    expect(rewritten).toEqual([]);
    // And the script finds the article by its new title, at its place.
    const read = (url: string) => JSON.parse(readFileSync(path.join(dist(), url.slice(1)), 'utf8'));
    const edited = read('/artikel/list.json');
    const { search } = createSearch(edited.search, edited.total, async (url) => read(url));
    expect(await search('baru')).toEqual([EDITED]);
  }, 300_000);
});
