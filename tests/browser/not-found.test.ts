/**
 * The 404 page as GitHub Pages serves it: every unknown path gets the ROOT 404.html with
 * status 404, and the client script picks the generic, brand or article view from the path.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageMessages, useSite } from './harness.ts';

const site = useSite();

const FALLBACK_BODY =
  'Artikel yang Anda cari tidak dapat ditemukan. Silakan kembali ke halaman artikel untuk melihat artikel lainnya.';

const view = (page: Page, name: 'generic' | 'brand' | 'article') =>
  page.locator(`[data-not-found] [data-view="${name}"]`);
/** Which of the three views a reader can see. */
const shownViews = (page: Page) =>
  page.$$eval('[data-not-found] [data-view]', (views) =>
    views.filter((v) => v.checkVisibility()).map((v) => (v as HTMLElement).dataset.view),
  );
const notFoundLogs = (messages: ReturnType<typeof pageMessages>) =>
  messages.filter((m) => m.text().includes('non-existent route'));

describe('404 with JavaScript', () => {
  test('/tidak-ada/ answers 404 with the generic view, a link home, and logs the path', async () => {
    const visit = await site.open('/tidak-ada/');
    const { page, response } = visit;
    expect(response?.status()).toBe(404);
    expect(page.url()).toBe(site.url('/tidak-ada/'));
    expect(await shownViews(page)).toEqual(['generic']);

    const generic = view(page, 'generic');
    expect(await generic.locator('.not-found-code').innerText()).toBe('404');
    expect(await generic.locator('.not-found-code').isVisible()).toBe(true);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.allInnerTexts()).toEqual(['Oops! Page not found']);
    const home = generic.getByRole('link', { name: 'Kembali ke Beranda' });
    expect(await home.isVisible()).toBe(true);
    expect(await home.getAttribute('href')).toBe('/');

    await expect.poll(() => notFoundLogs(pageMessages(visit)).length).toBe(1);
    const [log] = notFoundLogs(pageMessages(visit));
    expect(log.text()).toContain('/tidak-ada/');
    const args = await Promise.all(log.args().map((arg) => arg.jsonValue()));
    expect(args).toContain('/tidak-ada/');
  });

  test('the home link leads back to the home page', async () => {
    const { page } = await site.open('/tidak-ada/');
    await Promise.all([
      page.waitForURL(site.url('/')),
      view(page, 'generic').getByRole('link', { name: 'Kembali ke Beranda' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Panduan dan Review Platform Slot Online',
    );
  });

  test("/brand/tidak-ada/ shows 'Brand tidak ditemukan' and hides the generic view", async () => {
    const visit = await site.open('/brand/tidak-ada/');
    const { page, response } = visit;
    expect(response?.status()).toBe(404);
    await expect.poll(() => shownViews(page)).toEqual(['brand']);
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([
      'Brand tidak ditemukan',
    ]);
    expect(await view(page, 'generic').isVisible()).toBe(false);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(false);
    await expect
      .poll(() => notFoundLogs(pageMessages(visit)).map((m) => m.text()))
      .toEqual([expect.stringContaining('/brand/tidak-ada/')]);
  });

  test('/artikel/tidak-ada/ shows the fallback article', async () => {
    const { page, response } = await site.open('/artikel/tidak-ada/');
    expect(response?.status()).toBe(404);
    await expect.poll(() => shownViews(page)).toEqual(['article']);
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([
      'Artikel Tidak Ditemukan',
    ]);
    const body = view(page, 'article').getByText(FALLBACK_BODY, { exact: true });
    expect(await body.isVisible()).toBe(true);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(false);
    expect(await page.getByText('Brand tidak ditemukan').isVisible()).toBe(false);
  });
});

describe('404 without JavaScript', () => {
  test("/brand/tidak-ada/ shows the generic 'Oops! Page not found' view", async () => {
    const { page, response } = await site.open('/brand/tidak-ada/', { javaScriptEnabled: false });
    expect(response?.status()).toBe(404);
    expect(await shownViews(page)).toEqual(['generic']);
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([
      'Oops! Page not found',
    ]);
    expect(
      await view(page, 'generic').getByRole('link', { name: 'Kembali ke Beranda' }).isVisible(),
    ).toBe(true);
    expect(await page.getByText('Brand tidak ditemukan').isVisible()).toBe(false);
  });
});
