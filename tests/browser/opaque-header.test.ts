/**
 * What a person sees where the sticky header and the open mobile menu sit over the page:
 * nothing of the page may show through them. No auditor (Lighthouse, axe) measures this,
 * so the test compares pixels: the same region is captured with the page's content
 * visible under it and hidden, and the two captures must be identical.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useSite } from './harness.ts';

const site = useSite();

const PHONE = { width: 390, height: 844 } as const;

/** Scrolls so that the first card's title sits `offset` pixels below the top of the viewport. */
async function scrollCardTo(page: Page, offset: number) {
  await page.evaluate((offset) => {
    const title = document.querySelector('.article-card .card-title')!;
    window.scrollTo(0, title.getBoundingClientRect().top + window.scrollY - offset);
  }, offset);
}

/** The texts of the page's main content that lie under the point (x, y) of the viewport. */
function textUnder(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ([x, y]) =>
      document
        .elementsFromPoint(x, y)
        .filter((element) => element.closest('main') !== null)
        .map((element) => element.textContent?.trim() ?? '')
        .find((text) => text !== '') ?? '',
    [x, y] as const,
  );
}

/** A capture of `box` with the main content visible, and one with it hidden (layout kept). */
async function captureWithAndWithoutContent(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const clip = {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  const withContent = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  // Through the DevTools protocol, and through the CSSOM: the page's CSP does not apply.
  await page.evaluate(() => {
    (document.querySelector('main') as HTMLElement).style.visibility = 'hidden';
  });
  const withoutContent = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  return { withContent, withoutContent };
}

describe('the header and the mobile menu are opaque', () => {
  test('390x844, menu open, page scrolled over a card: the menu items show nothing of the card', async () => {
    const { page } = await site.open('/artikel/', { viewport: PHONE });
    await page.locator('[data-menu-toggle]').click();
    const menu = page.locator('#site-menu');
    await menu.waitFor({ state: 'visible' });
    const links = page.locator('#site-menu nav a');
    const first = (await links.first().boundingBox())!;
    // The card's title sits under the third menu item.
    const third = (await links.nth(2).boundingBox())!;
    await scrollCardTo(page, third.y + third.height / 2);
    const under = await textUnder(page, first.x + first.width - 20, third.y + third.height / 2);
    expect(under, 'test setup: card text lies under the menu').not.toBe('');
    const box = (await menu.boundingBox())!;
    const { withContent, withoutContent } = await captureWithAndWithoutContent(page, box);
    expect(withContent.equals(withoutContent), 'the page shows through the open menu').toBe(true);
  });

  test('1280x900, page scrolled under the sticky header: the header shows nothing of the card', async () => {
    const { page } = await site.open('/artikel/', { viewport: DESKTOP });
    const header = page.locator('.site-header');
    const box = (await header.boundingBox())!;
    await scrollCardTo(page, box.height / 2);
    const titleBox = (await page.locator('.article-card .card-title').first().boundingBox())!;
    const under = await textUnder(page, titleBox.x + 10, box.height / 2);
    expect(under, 'test setup: card text lies under the header').not.toBe('');
    const { withContent, withoutContent } = await captureWithAndWithoutContent(page, {
      ...box,
      y: 0,
    });
    expect(withContent.equals(withoutContent), 'the page shows through the sticky header').toBe(
      true,
    );
  });
});
