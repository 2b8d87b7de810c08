import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { copyProject, eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { cacheWithCards } from '../helpers/sitegen.ts';

declare global {
  interface Window {
    /** Set by a test on an open page: it survives everything but a reload. */
    __marker?: number;
  }
}

/** Waits until the page's event stream is open and the server has said the page is up to date. */
function connected(page: Page) {
  return page.waitForFunction(
    () => document.documentElement.dataset.sitegenReload === 'connected',
    null,
    { timeout: 30_000 },
  );
}

/**
 * The build revision the page has seen: its stamp, then the id of each event it took without
 * reloading.
 */
function revisionOf(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.documentElement.dataset.sitegenRevision));
}

describe('sitegen watch in a real browser', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let watcher: RunningCli;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'site'));
    // The shipped site's cards come from the run's cache: these tests look at reloads, not cards.
    const cache = await cacheWithCards(path.join(temp.dir, 'cache'));
    watcher = startCli(['watch', '--root', project, '--port', '0'], {
      env: { SITEGEN_CACHE_DIR: cache },
    });
    [base, browser] = await Promise.all([
      watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/).then((m) => m[1]),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await watcher?.stop();
    await temp.remove();
  });
  // Each test starts from a quiet watcher: no rebuild left over from the one before (an editor's
  // second change event), so no late event reaches a page a test has just opened.
  beforeEach(async () => {
    await eventually(async () => {
      const before = watcher.output();
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (watcher.output() !== before) throw new Error('the watcher is still busy');
      return true;
    }, 60_000);
  });

  it('reloads an open page by itself after a save, and after a broken save shows the error screen', async () => {
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    const slug = 'pegasus4d-virtual-reality-gaming';
    await page.goto(`${base}artikel/${slug}/`);
    // The event stream is open once the reload script has run.
    await page.waitForFunction(
      () => document.documentElement.dataset.sitegenReload === 'connected',
      null,
      { timeout: 15_000 },
    );

    const file = path.join(project, 'src/content/articles', `${slug}.md`);
    const original = readFileSync(file, 'utf8');
    const reloaded = page.waitForEvent('load');
    writeFileSync(
      file,
      original.replace(
        '\n---\n\n',
        '\n---\n\nParagraf baru yang muncul tanpa memuat ulang manual. ',
      ),
    );
    await reloaded;
    await expect
      .poll(() => page.locator('.prose').textContent())
      .toContain('Paragraf baru yang muncul tanpa memuat ulang manual.');

    await page.waitForFunction(
      () => document.documentElement.dataset.sitegenReload === 'connected',
      null,
      { timeout: 15_000 },
    );
    const brokenReload = page.waitForEvent('load');
    writeFileSync(file, `${original}\n<div>tidak ditutup\n`);
    await brokenReload;
    // Under load one save can be two rebuilds (its change events more than the debounce
    // apart), each with its reload: the page is asked for where it ends, across them.
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Unexpected Application Error!');
    expect(await page.locator('pre.message').textContent()).toContain('is never closed');
    // The code frame marks the line of the .md file, and its stylesheet (served, not inline)
    // applies.
    const line = `${original}\n<div>tidak ditutup\n`.split('\n').indexOf('<div>tidak ditutup') + 1;
    const errorLine = page.locator('.frame .error-line');
    expect(await errorLine.textContent()).toBe(`> ${line} | <div>tidak ditutup`);
    expect(await page.locator('.frame figcaption').textContent()).toBe(
      `src/content/articles/${slug}.md:${line}`,
    );
    expect(await errorLine.evaluate((element) => getComputedStyle(element).display)).toBe(
      'inline-block',
    );

    await page.waitForFunction(
      () => document.documentElement.dataset.sitegenReload === 'connected',
      null,
      { timeout: 15_000 },
    );
    const fixedReload = page.waitForEvent('load');
    writeFileSync(file, original);
    await fixedReload;
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Virtual Reality Gaming di Pegasus4D: Sejauh Mana Perkembangannya?');
    expect(cspViolations).toEqual([]);
  });

  /**
   * Opens `url` in a new page, waits until it is connected and up to date, and marks its window.
   */
  async function openMarked(url: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${base}${url.slice(1)}`);
    await connected(page);
    await page.evaluate(() => (window.__marker = 1));
    return page;
  }

  /** Edits a file of the watched project; the edit must change something. */
  function edit(file: string, change: (text: string) => string): () => void {
    const full = path.join(project, file);
    const before = readFileSync(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`test setup: the edit changed nothing in ${file}`);
    writeFileSync(full, after);
    return () => writeFileSync(full, before);
  }

  it('swaps the stylesheet in place after a CSS save: no reload, no scroll jump', async () => {
    const page = await openMarked('/artikel/loyal4d-strategi-bankroll-management/');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.evaluate(() => window.scrollTo(0, 400));
    const oldHref = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).not.toBe(
      'rgb(1, 2, 3)',
    );

    const restore = edit(
      'src/templates/styles.css',
      (text) => `${text}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`,
    );
    try {
      await page.waitForFunction(
        () => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)',
        null,
        { timeout: 30_000 },
      );
      // The old link goes once the new one has loaded: one stylesheet, the new fingerprint.
      await page.waitForFunction(
        () => document.querySelectorAll('link[rel="stylesheet"]').length === 1,
      );
      const newHref = await page.locator('link[rel="stylesheet"]').getAttribute('href');
      expect(newHref).toMatch(/^\/assets\/styles\.[0-9a-f]+\.css$/);
      expect(newHref).not.toBe(oldHref);
      expect(await page.evaluate(() => window.__marker)).toBe(1);
      expect(await page.evaluate(() => window.scrollY)).toBe(400);
      expect(navigations).toBe(0);
    } finally {
      restore();
    }
    await page.waitForFunction(
      () => getComputedStyle(document.body).outlineColor !== 'rgb(1, 2, 3)',
      null,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    await page.close();
  });

  it('after an article save reloads only that article; another open article keeps its state', async () => {
    const saved = await openMarked('/artikel/pegasus4d-teknologi-ai-machine-learning/');
    const other = await openMarked('/artikel/lux88togel-keamanan-akun-dan-privasi/');
    const otherRevision = await revisionOf(other);
    const reloaded = saved.waitForEvent('load', { timeout: 30_000 });
    // Glued to the first word, so the word count (and the read time on other pages) stays the same.
    edit('src/content/articles/pegasus4d-teknologi-ai-machine-learning.md', (t) =>
      t.replace('\n---\n\n', '\n---\n\npenanda-simpan-'),
    );
    await reloaded;
    await expect.poll(() => saved.locator('.prose').textContent()).toContain('penanda-simpan-');
    expect(await saved.evaluate(() => window.__marker)).toBeUndefined();
    // The other page got the same event (its revision moved on) and stayed as it was.
    await eventually(async () => (await revisionOf(other)) > otherRevision, 10_000);
    expect(await other.evaluate(() => window.__marker)).toBe(1);
    await saved.close();
    await other.close();
  });

  it('reloads a page that loaded before a rebuild and connected after it (the late-connect race)', async () => {
    const page = await browser.newPage();
    // Hold the page's event stream: the page has loaded but is not connected yet.
    let held!: (route: Route) => void;
    const streamHeld = new Promise<Route>((resolve) => (held = resolve));
    await page.route(
      (url) => url.pathname === '/__sitegen/events',
      (route) => held(route),
      { times: 1 },
    );
    await page.goto(`${base}kontak/`);
    const route = await streamHeld;
    await page.evaluate(() => (window.__marker = 1));
    const servedAt = await revisionOf(page);

    // A rebuild that does not change this page finishes meanwhile; the page misses its event.
    edit('src/content/articles/perang88-mengatur-batas-waktu-bermain.md', (t) =>
      t.replace('\n---\n\n', '\n---\n\nbalapan-'),
    );
    await eventually(async () => {
      const html = await (await fetch(`${base}kontak/`)).text();
      return Number(html.match(/data-revision="(\d+)"/)?.[1]) > servedAt;
    });
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await route.continue();
    await reloaded;
    expect(await page.evaluate(() => window.__marker)).toBeUndefined();
    await connected(page);
    expect(await revisionOf(page)).toBeGreaterThan(servedAt);
    await page.close();
  });

  it('reloads every open page after a template save', async () => {
    const pages = await Promise.all(
      ['/artikel/loyal4d-memahami-syarat-bonus/', '/brand/perang88/'].map(openMarked),
    );
    const reloads = pages.map((page) => page.waitForEvent('load', { timeout: 30_000 }));
    const restore = edit('src/templates/SiteFooter.tsx', (t) =>
      t.replace('Situs informasi;', 'Situs informasi tersimpan;'),
    );
    try {
      await Promise.all(reloads);
      for (const page of pages) {
        await expect
          .poll(() => page.locator('.footer-note').textContent())
          .toContain('Situs informasi tersimpan;');
        expect(await page.evaluate(() => window.__marker)).toBeUndefined();
      }
    } finally {
      restore();
    }
    await Promise.all(pages.map((page) => page.close()));
  });
});
