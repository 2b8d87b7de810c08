/**
 * /artikel/ of the shipped site in a real browser: the live search (title, excerpt, brand;
 * case-insensitive) over the list's index, the empty state, 'Reset Pencarian', ?q= on load,
 * the disabled 'Muat Lebih Banyak Artikel' and the card clamps. paged-list.test.ts has a list
 * of many pages; tests/unit/search-index.property.test.ts holds the search to the spec's rule.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE, useSite } from './harness.ts';

/** expect.poll with room for a loaded machine: a first search fetches three files in turn. */
const poll = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 15_000 });

const site = useSite();

const EMPTY_TEXT = 'Tidak ada artikel yang ditemukan untuk pencarian';
const ALL_TITLES = [
  'Panduan Lengkap Lux88Togel untuk Pemain Baru',
  'Memahami RTP dan Volatilitas Slot di Lux88Togel',
  'Menjaga Keamanan Akun dan Privasi di Lux88Togel',
  'Membaca Syarat dan Ketentuan Bonus di Loyal4D',
  'Strategi Bankroll Management di Loyal4D',
  'Cara Kerja Sistem Fast Withdrawal Loyal4D',
  'Bermain Secara Bertanggung Jawab di Perang88',
  'Mengenal Fitur Slot Modern di Perang88: Scatter, Wild, dan Free Spin',
  'Mengatur Batas Waktu dan Anggaran Bermain di Perang88',
  'Teknologi AI dan Machine Learning di Pegasus4D',
  'Crypto Payment Gateway Pegasus4D: Cara Kerja dan Risikonya',
  'Virtual Reality Gaming di Pegasus4D: Sejauh Mana Perkembangannya?',
];

/** Titles and brands of the cards a reader can see, in order. */
const visibleCards = (page: Page) =>
  page.$$eval('[data-card]', (cards) =>
    cards
      .filter((card) => card.checkVisibility())
      .map((card) => ({
        title: card.querySelector('.card-title')!.textContent!.trim(),
        brand: (card as HTMLElement).dataset.brand,
      })),
  );
const visibleTitles = async (page: Page) => (await visibleCards(page)).map((card) => card.title);
const search = (page: Page) => page.locator('#article-search');
const emptyState = (page: Page) => page.locator('[data-empty-state]');

describe('article list filter', () => {
  test('shows all 12 cards at first, with the empty state hidden', async () => {
    const { page } = await site.open('/artikel/');
    expect(await page.locator('[data-card]').count()).toBe(12);
    expect(await visibleTitles(page)).toEqual(ALL_TITLES);
    expect(await emptyState(page).isVisible()).toBe(false);
    expect(await search(page).inputValue()).toBe('');
  });

  test('"PEGASUS4D" matches the three Pegasus4D cards, ignoring case', async () => {
    const { page } = await site.open('/artikel/');
    await search(page).fill('PEGASUS4D');
    await poll(() => visibleCards(page)).toEqual([
      { title: ALL_TITLES[9], brand: 'Pegasus4D' },
      { title: ALL_TITLES[10], brand: 'Pegasus4D' },
      { title: ALL_TITLES[11], brand: 'Pegasus4D' },
    ]);
    expect(await page.locator('[data-result-count]').textContent()).toBe('3 artikel');
    expect(await emptyState(page).isVisible()).toBe(false);
  });

  test('a word found only in one excerpt finds that card', async () => {
    const { page } = await site.open('/artikel/');
    // 'phishing' appears only in the excerpt of the account-security article.
    await search(page).fill('Phishing');
    await poll(() => visibleTitles(page)).toEqual([
      'Menjaga Keamanan Akun dan Privasi di Lux88Togel',
    ]);
    const excerpt = await page.locator('[data-card]:visible .card-excerpt').textContent();
    expect(excerpt).toContain('phishing');
    expect(await page.locator('[data-card]:visible .card-title').textContent()).not.toMatch(
      /phishing/i,
    );
  });

  test('a phrase found only in one title finds that card', async () => {
    const { page } = await site.open('/artikel/');
    await search(page).fill('machine LEARNING');
    await poll(() => visibleTitles(page)).toEqual([
      'Teknologi AI dan Machine Learning di Pegasus4D',
    ]);
  });

  test('the filter follows each keystroke', async () => {
    const { page } = await site.open('/artikel/');
    await search(page).pressSequentially('loy');
    await poll(async () => (await visibleCards(page)).map((card) => card.brand)).toEqual([
      'Loyal4D',
      'Loyal4D',
      'Loyal4D',
    ]);
    await search(page).pressSequentially('x');
    await emptyState(page).waitFor({ state: 'visible' });
    expect(await visibleTitles(page)).toEqual([]);
    for (let i = 0; i < 4; i++) await search(page).press('Backspace');
    expect(await search(page).inputValue()).toBe('');
    await poll(() => visibleTitles(page)).toEqual(ALL_TITLES);
    expect(await emptyState(page).isVisible()).toBe(false);
  });

  test('a query without matches shows the empty state with the query as text', async () => {
    const { page } = await site.open('/artikel/');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const query = '<img src=x onerror=alert(1)>';
    await search(page).fill(query);

    await emptyState(page).waitFor({ state: 'visible' });
    expect(await visibleTitles(page)).toEqual([]);
    expect(await emptyState(page).innerText()).toContain(`${EMPTY_TEXT} "${query}"`);
    expect(await page.locator('[data-empty-query]').textContent()).toBe(query);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('[data-empty-state] *:not(p, span, button)').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await page.locator('[data-result-count]').textContent()).toBe('0 artikel');
  });

  test("'Reset Pencarian' clears the box and shows all 12 again", async () => {
    const { page } = await site.open('/artikel/');
    await search(page).fill('tidak ada yang cocok xyz');
    await emptyState(page).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'Reset Pencarian' }).click();
    expect(await search(page).inputValue()).toBe('');
    await emptyState(page).waitFor({ state: 'hidden' });
    expect(await visibleTitles(page)).toEqual(ALL_TITLES);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('article-search');
  });

  test('a blank or whitespace-only query shows all cards', async () => {
    const { page } = await site.open('/artikel/');
    await search(page).fill('perang88');
    await poll(async () => (await visibleTitles(page)).length).toBe(3);
    await search(page).fill('   ');
    await poll(() => visibleTitles(page)).toEqual(ALL_TITLES);
    expect(await emptyState(page).isVisible()).toBe(false);
    await search(page).fill('');
    await poll(() => visibleTitles(page)).toEqual(ALL_TITLES);
  });

  test('submitting the list search stays on the page', async () => {
    const { page } = await site.open('/artikel/');
    await search(page).fill('bonus');
    await search(page).press('Enter');
    await poll(() => visibleTitles(page)).toEqual([
      'Membaca Syarat dan Ketentuan Bonus di Loyal4D',
    ]);
    expect(page.url()).toBe(site.url('/artikel/'));
  });

  test('/artikel/?q=loyal4d filters on load and fills the box', async () => {
    const { page } = await site.open('/artikel/?q=loyal4d');
    expect(await search(page).inputValue()).toBe('loyal4d');
    await poll(() => visibleCards(page)).toEqual([
      { title: ALL_TITLES[3], brand: 'Loyal4D' },
      { title: ALL_TITLES[4], brand: 'Loyal4D' },
      { title: ALL_TITLES[5], brand: 'Loyal4D' },
    ]);
  });

  test("'Muat Lebih Banyak Artikel' is visible and disabled with 12 articles", async () => {
    const { page } = await site.open('/artikel/');
    const loadMore = page.getByRole('button', { name: 'Muat Lebih Banyak Artikel' });
    expect(await loadMore.isVisible()).toBe(true);
    expect(await loadMore.isDisabled()).toBe(true);
    // One page of 12: no page links, and a search's results fit on it too.
    expect(await page.locator('nav.pager').count()).toBe(0);
    await search(page).fill('slot');
    await poll(async () => (await visibleTitles(page)).length).toBeGreaterThan(0);
    expect(await loadMore.isDisabled()).toBe(true);
  });

  test('card titles clamp to 2 lines and excerpts to 3', async () => {
    const { page } = await site.open('/artikel/');
    const clamps = await page.$$eval('[data-card]', (cards) =>
      cards.map((card) => {
        const style = (selector: string) => getComputedStyle(card.querySelector(selector)!);
        return [
          style('.card-title').getPropertyValue('-webkit-line-clamp'),
          style('.card-title').overflow,
          style('.card-excerpt').getPropertyValue('-webkit-line-clamp'),
          style('.card-excerpt').overflow,
        ];
      }),
    );
    expect(clamps).toHaveLength(12);
    for (const clamp of clamps) expect(clamp).toEqual(['2', 'hidden', '3', 'hidden']);
  });
});

describe('article list without JavaScript (375 wide)', () => {
  test('all 12 cards are visible', async () => {
    const { page } = await site.open('/artikel/', { viewport: MOBILE, javaScriptEnabled: false });
    const cards = page.locator('[data-card]');
    expect(await cards.count()).toBe(12);
    for (const card of await cards.all()) expect(await card.isVisible()).toBe(true);
    expect(await page.locator('[data-card] .card-title').allTextContents()).toEqual(ALL_TITLES);
  });
});
