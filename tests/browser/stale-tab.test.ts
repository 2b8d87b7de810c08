/**
 * A tab opened before a deploy (issue 29, item 7): /artikel/ of a 40-article site stays open
 * while a newer article is published and the same output folder is built again. The page's own
 * cards are then the old build's, while list.json, the card files and the search index are the
 * new build's (or, when the tab fetched list.json before, the old build's files are gone). In
 * that tab, without a reload, the search and 'Muat Lebih Banyak Artikel' show exactly what the
 * new build lists: its count, its cards in its order, the new article first, none twice.
 */
import { rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeEach, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { makeTempDir } from '../helpers/cli.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { generatedProject } from '../helpers/fixtures.ts';
import { useSite } from './harness.ts';

/** expect.poll with room for a loaded machine. */
const poll = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 15_000 });

const ARTICLES = 40;
const NEW_SLUG = 'artikel-terbaru-loyal4d';
const NEW_HREF = `/artikel/${NEW_SLUG}/`;
let removeTemp: (() => Promise<void>) | undefined;
let project = '';
let dist = '';
afterAll(() => removeTemp?.());

const build = async () => {
  const result = await sitegen(['build', '--root', project, '--no-cards']);
  if (result.code !== 0) throw new Error(`build failed: ${result.stderr}`);
};
const newArticle = () => path.join(project, 'src/content/articles', `${NEW_SLUG}.md`);

/** The deploy: a newer article (every generated one is dated 2024-12-15), built again. */
async function publishNewer() {
  const frontMatter = [
    'title: "Artikel Terbaru tentang Loyal4D"',
    'excerpt: "Artikel yang terbit setelah halaman ini dibuka."',
    'brand: loyal4d',
    'author: Tim Redaksi',
    'date: 2025-01-20',
    'readTime: 3',
    'listed: true',
  ].join('\n');
  await writeFile(newArticle(), `---\n${frontMatter}\n---\n\nIsi artikel terbaru.\n`);
  await build();
}

const site = useSite(async () => {
  const temp = await makeTempDir('sitegen-stale-tab-');
  removeTemp = temp.remove;
  project = generatedProject(path.join(temp.dir, 'site'), ARTICLES);
  await build();
  dist = path.join(project, 'dist');
  return dist;
});

// Each test opens its tab on the 40-article build.
beforeEach(async () => {
  await rm(newArticle(), { force: true });
  await build();
});

/** The card links of /artikel/ and its later pages as the build in `dist` renders them. */
function builtHrefs(): string[] {
  const hrefs: string[] = [];
  for (let page = 1; ; page++) {
    const file = page === 1 ? 'artikel/index.html' : `artikel/halaman/${page}/index.html`;
    let html: string;
    try {
      html = readFileSync(path.join(dist, file), 'utf8');
    } catch {
      return hrefs;
    }
    const $ = load(html);
    $('[data-article-grid] [data-card] .card-title a').each((_, link) => {
      hrefs.push($(link).attr('href')!);
    });
  }
}

const cardLinks = (page: Page) =>
  page.$$eval('[data-article-grid] [data-card] .card-title a', (links) =>
    links.map((link) => link.getAttribute('href')),
  );
const countText = (page: Page) => page.locator('[data-result-count]').textContent();
const loadMore = (page: Page) =>
  page.getByRole('button', { name: 'Muat Lebih Banyak Artikel' }).click();

test('a search in a tab opened before the deploy shows the new build’s results', async () => {
  const { page } = await site.open('/artikel/');
  const before = await cardLinks(page);
  await publishNewer();
  const built = builtHrefs();
  expect(built).toHaveLength(ARTICLES + 1);
  expect(built[0]).toBe(NEW_HREF);
  expect(before).toEqual(built.slice(1, 13));

  // Every title starts with "Artikel": the whole list, in the new build's order.
  await page.locator('#article-search').fill('artikel');
  await poll(() => countText(page)).toBe(`${ARTICLES + 1} artikel`);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 12));
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 24));

  // A word only the new article's title has.
  await page.locator('#article-search').fill('terbaru');
  await poll(() => cardLinks(page)).toEqual([NEW_HREF]);
  expect(await countText(page)).toBe('1 artikel');
});

test("'Muat Lebih Banyak Artikel' in a tab opened before the deploy shows no card twice", async () => {
  const { page } = await site.open('/artikel/');
  await publishNewer();
  const built = builtHrefs();
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 24));
  expect(await countText(page)).toBe(`${ARTICLES + 1} artikel`);
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 36));

  // A search and 'Reset Pencarian' bring back the list's first page as the new build has it.
  await page.locator('#article-search').fill('tidak ada sama sekali');
  await page.locator('[data-empty-state]').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Reset Pencarian' }).click();
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 12));
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 24));
});

test('a tab that fetched the list data before the deploy fetches it again', async () => {
  const { page } = await site.open('/artikel/');
  const listData = page.waitForResponse((response) => response.url().endsWith('/list.json'));
  // Focusing the box fetches list.json and the next pages' card files of the old build.
  await page.locator('#article-search').focus();
  await listData;
  await publishNewer();
  const built = builtHrefs();
  await page.locator('#article-search').fill('artikel');
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 12));
  expect(await countText(page)).toBe(`${ARTICLES + 1} artikel`);
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 24));
});

test('the next results of a search made before the deploy start the search again', async () => {
  // ?q= searches on load without focusing the box: only the first results' card file is fetched.
  const { page } = await site.open('/artikel/?q=artikel');
  // The search is made before the deploy: its results are shown (the grid no longer busy). The
  // count alone says nothing: the page's own count is the same "40 artikel". A deploy in the
  // middle of the search left it to fail and the list's own next page to answer the button.
  await poll(() => page.locator('[data-article-grid]').getAttribute('aria-busy')).toBeNull();
  await poll(() => countText(page)).toBe(`${ARTICLES} artikel`);
  await publishNewer();
  const built = builtHrefs();
  // The old build's second card file is gone: the first results of the new build instead.
  await loadMore(page);
  await poll(() => countText(page)).toBe(`${ARTICLES + 1} artikel`);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 12));
  await loadMore(page);
  await poll(() => cardLinks(page)).toEqual(built.slice(0, 24));
});
