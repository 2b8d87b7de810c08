/**
 * Shared set-up for the browser tests (not a test file itself).
 *
 * `useSite()` registers hooks that, per test FILE, start one root-404-only static server
 * over the global setup's build and one headless Chromium; per TEST it hands out fresh
 * contexts whose console messages and page errors are recorded. After every test it fails
 * the test if any page logged a Content Security Policy violation or threw.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Page,
  Response,
} from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { serveRootOnly404 } from '../helpers/static-server.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/generator/policy/security-headers.ts';

export const MOBILE = { width: 375, height: 800 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** The main document's response for the first navigation. */
  response: Response | null;
  /** Every console message the page logged, in order. */
  messages: ConsoleMessage[];
  /** Uncaught exceptions and unhandled rejections. */
  errors: Error[];
  /** CSP violations and page errors, as text; the after-each guard requires it to be empty. */
  problems(): string[];
  /**
   * Waits until everything the page logged so far has reached the test: logs a sentinel
   * from the page and waits for it. Console messages arrive in order, so afterwards
   * `messages` holds everything logged before this call.
   */
  flushConsole(): Promise<void>;
}

export interface OpenOptions extends BrowserContextOptions {
  /**
   * Runs in the page before any of its scripts (through the DevTools protocol, so CSP does not
   * apply).
   */
  initScript?: string | (() => void);
  /** The after-each guard ignores this visit (only for the guard's own self-test). */
  allowProblems?: boolean;
}

const isCspViolation = (message: ConsoleMessage) =>
  message.text().includes('Content Security Policy');

/**
 * A browser and a static server for one built site: the shipped site's build (global setup), or
 * the folder `dist()` returns (it may build one) before the tests.
 */
export function useSite(dist?: () => Promise<string>) {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let visits: { visit: Visit; allowProblems: boolean }[] = [];
  let sentinel = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      (dist ? dist() : Promise.resolve(inject('distDir'))).then((folder) =>
        serveRootOnly404(folder, CONTENT_SECURITY_POLICY),
      ),
      launchBrowser(),
    ]);
  }, 180_000);

  afterEach(async () => {
    const current = visits;
    visits = [];
    try {
      for (const { visit, allowProblems } of current) {
        if (!allowProblems) expect(visit.problems(), 'CSP violations or page errors').toEqual([]);
      }
    } finally {
      await Promise.all(current.map(({ visit }) => visit.context.close()));
    }
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  const site = {
    /** http://127.0.0.1:PORT, without a trailing slash. */
    get origin() {
      return server.url;
    },
    url(path: string) {
      return server.url + path;
    },
    /** A fresh context and page, navigated to `path` (site-relative, e.g. "/artikel/"). */
    async open(path: string, options: OpenOptions = {}): Promise<Visit> {
      const { initScript, allowProblems = false, ...contextOptions } = options;
      const context = await browser.newContext({ viewport: DESKTOP, ...contextOptions });
      // Nothing on these static pages should take seconds, but CI runs this beside CLI tests that
      // start dozens of processes on two cores: a 5 s navigation limit failed a clean-clone run.
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      const page = await context.newPage();
      const messages: ConsoleMessage[] = [];
      const errors: Error[] = [];
      page.on('console', (message) => messages.push(message));
      page.on('pageerror', (error) => errors.push(error));
      const visit: Visit = {
        context,
        page,
        response: null,
        messages,
        errors,
        problems: () => [
          ...messages.filter(isCspViolation).map((message) => `console: ${message.text()}`),
          ...errors.map((error) => `pageerror: ${error.message}`),
        ],
        async flushConsole() {
          const marker = `__flush_${++sentinel}__`;
          const seen = page.waitForEvent('console', {
            predicate: (message) => message.text() === marker,
          });
          await page.evaluate((text) => console.debug(text), marker);
          await seen;
        },
      };
      visits.push({ visit, allowProblems });
      if (initScript) await page.addInitScript(initScript);
      visit.response = await page.goto(site.url(path), { waitUntil: 'load' });
      return visit;
    },
  };
  return site;
}

/** Messages other than the harness's own flush sentinels. */
export function pageMessages(visit: Visit): ConsoleMessage[] {
  return visit.messages.filter((message) => !/^__flush_\d+__$/.test(message.text()));
}
