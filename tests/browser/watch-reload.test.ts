import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { copyProject, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';

describe('sitegen watch in a real browser', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let watcher: RunningCli;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'site'));
    watcher = startCli(['watch', '--root', project, '--port', '0', '--no-open']);
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

  it('reloads an open page by itself after a save, and after a broken save shows the error screen', async () => {
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    const slug = 'pegasus4d-virtual-reality-gaming';
    await page.goto(`${base}artikel/${slug}/`);
    // The event stream is open once the reload script has run.
    await page.waitForFunction(() => document.documentElement.dataset.sitegenReload === 'connected', null, { timeout: 5000 });

    const file = path.join(project, 'src/content/articles', `${slug}.md`);
    const original = readFileSync(file, 'utf8');
    const reloaded = page.waitForEvent('load');
    writeFileSync(file, original.replace('\n---\n\n', '\n---\n\nParagraf baru yang muncul tanpa memuat ulang manual. '));
    await reloaded;
    await expect.poll(() => page.locator('.prose').textContent()).toContain('Paragraf baru yang muncul tanpa memuat ulang manual.');

    await page.waitForFunction(() => document.documentElement.dataset.sitegenReload === 'connected', null, { timeout: 5000 });
    const brokenReload = page.waitForEvent('load');
    writeFileSync(file, `${original}\n<div>tidak ditutup\n`);
    await brokenReload;
    expect(await page.locator('h1').textContent()).toBe('Unexpected Application Error!');
    expect(await page.locator('pre.message').textContent()).toContain('is never closed');
    // The code frame marks the line of the .md file, and its stylesheet (served, not inline) applies.
    const line = `${original}\n<div>tidak ditutup\n`.split('\n').indexOf('<div>tidak ditutup') + 1;
    const errorLine = page.locator('.frame .error-line');
    expect(await errorLine.textContent()).toBe(`> ${line} | <div>tidak ditutup`);
    expect(await page.locator('.frame figcaption').textContent()).toBe(`src/content/articles/${slug}.md:${line}`);
    expect(await errorLine.evaluate((element) => getComputedStyle(element).display)).toBe('inline-block');

    await page.waitForFunction(() => document.documentElement.dataset.sitegenReload === 'connected', null, { timeout: 5000 });
    const fixedReload = page.waitForEvent('load');
    writeFileSync(file, original);
    await fixedReload;
    expect(await page.locator('h1').first().textContent()).toBe('Virtual Reality Gaming di Pegasus4D: Sejauh Mana Perkembangannya?');
    expect(cspViolations).toEqual([]);
  });
});
