/**
 * A site bigger than one page of cards (bench/generate.mjs, 52 articles: 13 per brand) in a real
 * browser: every page of /artikel/ and of a brand's list is a real page without JavaScript;
 * with it, 'Muat Lebih Banyak Artikel' adds the next page's cards in place, cards the script
 * fills from the page's `<template>` are the server's cards to the byte, and the search finds
 * articles of every page, not only the one shown.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { makeTempDir } from '../helpers/cli.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { generatedProject } from '../helpers/fixtures.ts';
import { MOBILE, useSite } from './harness.ts';
import { htmlValidateMessages } from '../helpers/html-validate.ts';

/** expect.poll with room for a loaded machine: a first search fetches three files in turn. */
const poll = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 15_000 });

const ARTICLES = 52;
let removeTemp: (() => Promise<void>) | undefined;
let dist = '';
afterAll(() => removeTemp?.());

const site = useSite(async () => {
  const temp = await makeTempDir('sitegen-paged-');
  removeTemp = temp.remove;
  const project = path.join(temp.dir, 'site');
  generatedProject(project, ARTICLES);
  const result = await sitegen(['build', '--root', project, '--no-cards']);
  if (result.code !== 0) throw new Error(`build failed: ${result.stderr}`);
  dist = path.join(project, 'dist');
  return dist;
});

const cardLinks = (page: Page) =>
  page.$$eval('[data-article-grid] [data-card] .card-title a', (links) =>
    links.map((link) => link.getAttribute('href')),
  );
const loadMore = (page: Page) => page.locator('[data-load-more]');
/** The server-rendered cards of the page at `url`, as HTML, fetched and parsed in the page. */
const serverCards = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const html = await (await fetch(address)).text();
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    return [...parsed.querySelectorAll('[data-article-grid] [data-card]')].map(
      (card) => card.outerHTML,
    );
  }, url);
const shownCards = (page: Page) =>
  page.$$eval('[data-article-grid] [data-card]', (cards) => cards.map((card) => card.outerHTML));

describe('paged article list without JavaScript', () => {
  test('every page is a real page: 12 cards, links to the next and previous page', async () => {
    const options = { viewport: MOBILE, javaScriptEnabled: false };
    const { page } = await site.open('/artikel/', options);
    const first = await cardLinks(page);
    expect(first).toHaveLength(12);
    expect(await loadMore(page).evaluate((el) => el.tagName)).toBe('A');
    await loadMore(page).click();
    await page.waitForURL(site.url('/artikel/halaman/2/'));
    const second = await cardLinks(page);
    expect(second).toHaveLength(12);
    expect(second.filter((href) => first.includes(href))).toEqual([]);
    expect(await page.title()).toContain('Halaman 2');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(
      /\/artikel\/halaman\/2\/$/,
    );
    expect(await page.locator('nav.pager a[rel=prev]').getAttribute('href')).toBe('/artikel/');

    const { page: last } = await site.open('/artikel/halaman/5/', options);
    expect(await cardLinks(last)).toHaveLength(ARTICLES - 48);
    expect(await loadMore(last).evaluate((el) => el.tagName)).toBe('BUTTON');
    expect(await loadMore(last).isDisabled()).toBe(true);
    expect(await last.locator('nav.pager a[rel=next]').count()).toBe(0);
  });

  test('a brand page shows six cards and links to all 13, on two pages', async () => {
    const options = { javaScriptEnabled: false };
    const { page } = await site.open('/brand/loyal4d/', options);
    expect(await page.locator('[data-card]').count()).toBe(6);
    await page.getByRole('link', { name: 'Lihat semua 13 artikel Loyal4D' }).click();
    await page.waitForURL(site.url('/brand/loyal4d/artikel/'));
    const first = await cardLinks(page);
    expect(first).toHaveLength(12);
    await loadMore(page).click();
    await page.waitForURL(site.url('/brand/loyal4d/artikel/halaman/2/'));
    expect(await cardLinks(page)).toHaveLength(1);
  });
});

describe('paged article list with JavaScript', () => {
  test("'Muat Lebih Banyak Artikel' adds each next page in place, the server's cards exactly", async () => {
    const { page } = await site.open('/artikel/');
    const button = page.getByRole('button', { name: 'Muat Lebih Banyak Artikel' });
    await button.click();
    await poll(async () => (await cardLinks(page)).length).toBe(24);
    expect(page.url()).toBe(site.url('/artikel/'));
    expect((await shownCards(page)).slice(12)).toEqual(
      await serverCards(page, '/artikel/halaman/2/'),
    );
    // Focus goes to the first new card's link.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      (await cardLinks(page))[12],
    );
    for (const count of [36, 48, ARTICLES]) {
      await button.click();
      await poll(async () => (await cardLinks(page)).length).toBe(count);
    }
    expect(await button.isDisabled()).toBe(true);
  });

  test("the search finds articles on every page, in list order, as the server's cards", async () => {
    const { page } = await site.open('/artikel/');
    const input = page.locator('#article-search');
    // "Artikel 5" titles: 5 and 50-52, wherever they are in the list.
    const everyPage = ['/artikel/', ...[2, 3, 4, 5].map((n) => `/artikel/halaman/${n}/`)];
    const allCards = (await Promise.all(everyPage.map((url) => serverCards(page, url)))).flat();
    const expected = allCards.filter((card) => /Artikel (5|5[0-2]):/.test(card));
    expect(expected).toHaveLength(4);
    await input.pressSequentially('ARTIKEL 5');
    await poll(() => shownCards(page)).toEqual(expected);
    expect(await page.locator('[data-result-count]').textContent()).toBe('4 artikel');

    await input.fill('loyal4d');
    await poll(async () => (await cardLinks(page)).length).toBe(12);
    expect(await page.locator('[data-result-count]').textContent()).toBe('13 artikel');
    await page.getByRole('button', { name: 'Muat Lebih Banyak Artikel' }).click();
    await poll(async () => (await cardLinks(page)).length).toBe(13);
    expect(await loadMore(page).isDisabled()).toBe(true);

    await input.fill('tidak ada sama sekali');
    await page.locator('[data-empty-state]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Reset Pencarian' }).click();
    await poll(async () => (await cardLinks(page)).length).toBe(12);
    expect(await shownCards(page)).toEqual(await serverCards(page, '/artikel/'));
    expect(await loadMore(page).isDisabled()).toBe(false);
  });
});

describe('the new page kinds are valid and accessible', () => {
  const PAGES = [
    '/artikel/halaman/2/',
    '/artikel/halaman/5/',
    '/brand/loyal4d/',
    '/brand/loyal4d/artikel/',
    '/brand/loyal4d/artikel/halaman/2/',
  ];

  test('html-validate (the repository config) finds 0 errors', async () => {
    const pages = PAGES.map((url) => path.join(url, 'index.html'));
    expect(await htmlValidateMessages(dist, pages)).toEqual([]);
  });

  test('axe-core finds no violations, also after cards were added in place', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const audit = async (page: Page) => {
      await page.evaluate(axe);
      return page.evaluate(async () => {
        const run = (window as unknown as { axe: { run: (d: Document) => Promise<unknown> } }).axe
          .run;
        const result = (await run(document)) as { violations: { id: string }[] };
        return result.violations.map((violation) => violation.id);
      });
    };
    for (const url of PAGES) {
      const { page } = await site.open(url, { viewport: MOBILE });
      expect(await audit(page), url).toEqual([]);
    }
    const { page } = await site.open('/artikel/');
    await page.getByRole('button', { name: 'Muat Lebih Banyak Artikel' }).click();
    await poll(async () => (await cardLinks(page)).length).toBe(24);
    expect(await audit(page), 'after Muat Lebih Banyak Artikel').toEqual([]);
  });
});
