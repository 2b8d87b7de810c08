/**
 * Header behaviour in a real browser: the mobile menu toggle, the desktop layout, the
 * active nav link, the nav search and the header without JavaScript.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, pageMessages, useSite } from './harness.ts';

const site = useSite();

const NAV_LABELS = ['Home', 'Artikel', 'Lux88Togel', 'Loyal4D', 'Perang88', 'Pegasus4D', 'Kontak'];

const toggle = (page: Page) => page.locator('[data-menu-toggle]');
const navLinks = (page: Page) => page.locator('nav[aria-label="Navigasi utama"] a');
const navLink = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Navigasi utama' })
    .getByRole('link', { name: label, exact: true });

/** Visibility of every main nav link, in order. */
async function linkVisibility(page: Page): Promise<boolean[]> {
  const links = await navLinks(page).all();
  return Promise.all(links.map((link) => link.isVisible()));
}

describe('mobile menu (375x800)', () => {
  test('the toggle is a collapsed button that controls #site-menu, and the links start hidden', async () => {
    const { page } = await site.open('/', { viewport: MOBILE });
    const button = toggle(page);
    expect(await button.evaluate((el) => el.tagName)).toBe('BUTTON');
    expect(await button.getAttribute('type')).toBe('button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-controls')).toBe('site-menu');
    expect(await page.locator('#site-menu').count()).toBe(1);
    expect(await button.isVisible()).toBe(true);
    expect(await navLinks(page).allTextContents()).toEqual(NAV_LABELS);
    expect(await linkVisibility(page)).toEqual(NAV_LABELS.map(() => false));
    expect(await page.getByPlaceholder('Cari artikel...').isVisible()).toBe(false);
  });

  test('clicking the toggle opens the menu; clicking it again closes it', async () => {
    const { page } = await site.open('/', { viewport: MOBILE });
    await toggle(page).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await navLink(page, 'Kontak').waitFor({ state: 'visible' });
    expect(await linkVisibility(page)).toEqual(NAV_LABELS.map(() => true));
    expect(await page.getByPlaceholder('Cari artikel...').isVisible()).toBe(true);

    await toggle(page).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await navLink(page, 'Kontak').waitFor({ state: 'hidden' });
    expect(await linkVisibility(page)).toEqual(NAV_LABELS.map(() => false));
  });

  test('clicking a nav link closes the menu', async () => {
    const { page } = await site.open('/', { viewport: MOBILE });
    // Keep the page: cancel the link's navigation after the menu's own click handler ran
    // (a listener on window fires after the one on the menu element).
    await page.evaluate(() => {
      (window as any).__linkClicks = [];
      window.addEventListener('click', (event) => {
        const link = (event.target as Element).closest('a');
        if (link) {
          (window as any).__linkClicks.push(link.getAttribute('href'));
          event.preventDefault();
        }
      });
    });
    await toggle(page).click();
    await navLink(page, 'Kontak').click();

    expect(await page.evaluate(() => (window as any).__linkClicks)).toEqual(['/kontak/']);
    expect(page.url()).toBe(site.url('/'));
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await navLink(page, 'Kontak').waitFor({ state: 'hidden' });
  });

  test('following a nav link lands on the new page with the menu closed', async () => {
    const { page } = await site.open('/', { viewport: MOBILE });
    await toggle(page).click();
    await Promise.all([page.waitForURL(site.url('/kontak/')), navLink(page, 'Kontak').click()]);
    await page.getByRole('heading', { level: 1, name: 'Hubungi Kami' }).waitFor();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await navLink(page, 'Kontak').isVisible()).toBe(false);
  });

  test('Escape closes the open menu and returns focus to the toggle', async () => {
    const { page } = await site.open('/', { viewport: MOBILE });
    await toggle(page).click();
    await navLink(page, 'Perang88').focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Perang88');

    await page.keyboard.press('Escape');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await navLink(page, 'Perang88').waitFor({ state: 'hidden' });
    expect(
      await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle')),
    ).toBe(true);
  });

  test('Escape with the menu closed leaves focus where it is', async () => {
    const { page } = await site.open('/artikel/', { viewport: MOBILE });
    await page.locator('#article-search').focus();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('article-search');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('desktop header (1280 wide)', () => {
  test('the links are visible without the toggle, and the toggle is hidden', async () => {
    const { page } = await site.open('/', { viewport: DESKTOP });
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await linkVisibility(page)).toEqual(NAV_LABELS.map(() => true));
    expect(await page.getByPlaceholder('Cari artikel...').isVisible()).toBe(true);
  });

  test('the current page\'s link has aria-current="page" and its own background colour', async () => {
    const { page } = await site.open('/brand/loyal4d/', { viewport: DESKTOP });
    const current = navLink(page, 'Loyal4D');
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await page.locator('nav[aria-label="Navigasi utama"] a[aria-current]').count()).toBe(1);

    const background = (label: string) =>
      navLink(page, label).evaluate((el) => getComputedStyle(el).backgroundColor);
    const active = await background('Loyal4D');
    const inactive = await Promise.all(
      NAV_LABELS.filter((label) => label !== 'Loyal4D').map(background),
    );
    for (const colour of inactive) expect(colour).not.toBe(active);
    // Every inactive link looks the same; the active one is an opaque colour.
    expect(new Set(inactive).size).toBe(1);
    expect(active).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  });
});

describe('nav search', () => {
  /** Records, after the site's handlers, whether each submit event was cancelled. */
  const recordSubmits = (page: Page) =>
    page.evaluate(() => {
      (window as any).__submits = [];
      window.addEventListener('submit', (event) =>
        (window as any).__submits.push(event.defaultPrevented),
      );
    });

  test('submitting "  bankroll  " logs the trimmed query and stays on the page', async () => {
    const visit = await site.open('/', { viewport: DESKTOP });
    const { page } = visit;
    await recordSubmits(page);
    const input = page.getByPlaceholder('Cari artikel...');
    await input.fill('  bankroll  ');
    await input.press('Enter');

    await expect
      .poll(() => pageMessages(visit).map((m) => m.text()))
      .toEqual(['Search query: bankroll']);
    const args = await Promise.all(
      pageMessages(visit)[0]
        .args()
        .map((arg) => arg.jsonValue()),
    );
    expect(args).toContain('bankroll');
    expect(await page.evaluate(() => (window as any).__submits)).toEqual([true]);
    expect(page.url()).toBe(site.url('/'));
  });

  test('the Cari button submits the same way', async () => {
    const visit = await site.open('/kontak/', { viewport: DESKTOP });
    await visit.page.getByPlaceholder('Cari artikel...').fill('RTP');
    await visit.page.locator('.nav-search-button').click();
    await expect
      .poll(() => pageMessages(visit).map((m) => m.text()))
      .toEqual(['Search query: RTP']);
    expect(visit.page.url()).toBe(site.url('/kontak/'));
  });

  test('a blank or whitespace-only query logs nothing and does not navigate', async () => {
    const visit = await site.open('/', { viewport: DESKTOP });
    const { page } = visit;
    await recordSubmits(page);
    const input = page.getByPlaceholder('Cari artikel...');
    for (const value of ['', '   ', '\t ']) {
      await input.fill(value);
      await input.press('Enter');
    }
    await visit.flushConsole();
    expect(pageMessages(visit).map((m) => m.text())).toEqual([]);
    expect(await page.evaluate(() => (window as any).__submits)).toEqual([true, true, true]);
    expect(page.url()).toBe(site.url('/'));
  });
});

describe('without JavaScript (375 wide)', () => {
  test('every nav link is visible and the useless toggle is not', async () => {
    const { page } = await site.open('/artikel/', { viewport: MOBILE, javaScriptEnabled: false });
    expect(await navLinks(page).allTextContents()).toEqual(NAV_LABELS);
    for (const label of NAV_LABELS)
      expect(await navLink(page, label).isVisible(), label).toBe(true);
    expect(await toggle(page).isVisible()).toBe(false);
  });
});

describe('the after-each guard', () => {
  test('sees a CSP violation and a page error', async () => {
    const visit = await site.open('/', { allowProblems: true });
    // An inline script is exactly what the site's CSP forbids.
    await visit.page.addScriptTag({ content: 'window.__inlineRan = true;' }).catch(() => undefined);
    await visit.page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom from the page');
      }),
    );
    await expect
      .poll(() => visit.problems().join('\n'))
      .toMatch(
        /Content Security Policy[\s\S]*boom from the page|boom from the page[\s\S]*Content Security Policy/,
      );
    expect(await visit.page.evaluate(() => (window as any).__inlineRan)).toBeUndefined();
  });
});
