import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/generator/policy/security-headers.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { serveRootOnly404 } from '../helpers/static-server.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Every page kind, and what to do on it before the audit. */
const PAGE_KINDS: { name: string; path: string; prepare?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/' },
  { name: 'list', path: '/artikel/' },
  {
    name: 'list with no results',
    path: '/artikel/',
    prepare: async (page) => {
      await page.fill('#article-search', 'tidak ada yang cocok');
      await page.locator('[data-empty-state]').waitFor({ state: 'visible' });
    },
  },
  { name: 'brand', path: '/brand/loyal4d/' },
  { name: 'article', path: '/artikel/loyal4d-strategi-bankroll-management/' },
  { name: 'fallback article', path: '/artikel/loyal4d-layanan-live-chat/' },
  { name: 'contact', path: '/kontak/' },
  { name: '404', path: '/tidak-ada/' },
  { name: 'brand 404', path: '/brand/tidak-ada/' },
  { name: 'article 404', path: '/artikel/tidak-ada/' },
];

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

async function audit(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // Every rule runs; only the violations are collected in detail (axe's own speed option).
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: Violation[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('axe-core finds no violations', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveRootOnly404>>;
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      serveRootOnly404(inject('distDir'), CONTENT_SECURITY_POLICY),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    const menuStates = viewport.width < 768 ? ['closed', 'open'] : ['closed'];
    for (const menu of menuStates) {
      it(`on every page kind at ${viewport.width} px with the menu ${menu}`, async () => {
        const context = await browser.newContext({ viewport });
        const problems: string[] = [];
        try {
          for (const kind of PAGE_KINDS) {
            const page = await context.newPage();
            await page.goto(server.url + kind.path);
            await kind.prepare?.(page);
            if (menu === 'open') {
              await page.click('[data-menu-toggle]');
              await page.locator('#site-menu').waitFor({ state: 'visible' });
              expect(await page.getAttribute('[data-menu-toggle]', 'aria-expanded')).toBe('true');
            }
            problems.push(...(await audit(page)).map((line) => `${kind.name}: ${line}`));
            await page.close();
          }
        } finally {
          await context.close();
        }
        expect(problems).toEqual([]);
      }, 60_000);
    }
  }
});
