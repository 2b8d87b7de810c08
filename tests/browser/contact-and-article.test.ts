/**
 * The contact form (browser validation, then one console log and no navigation), the
 * 'Bagikan' button (clipboard or Web Share) and the sponsored brand link in article bodies.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageMessages, useSite, type Visit } from './harness.ts';

const site = useSite();

const ARTICLE = '/artikel/loyal4d-strategi-bankroll-management/';

describe('contact form', () => {
  const fields = (page: Page) => ({
    name: page.getByLabel('Nama Lengkap'),
    email: page.getByLabel('Email', { exact: true }),
    subject: page.getByLabel('Subjek'),
    message: page.getByLabel('Pesan', { exact: true }),
    send: page.getByRole('button', { name: 'Kirim Pesan' }),
  });
  /** validity flags of each field, by name. */
  const validity = (page: Page) =>
    page.$$eval('[data-contact-form] :is(input, textarea)', (elements) =>
      Object.fromEntries(
        (elements as (HTMLInputElement | HTMLTextAreaElement)[]).map((el) => [
          el.name,
          {
            valid: el.validity.valid,
            valueMissing: el.validity.valueMissing,
            typeMismatch: el.validity.typeMismatch,
          },
        ]),
      ),
    );
  const contactLogs = (visit: Visit) =>
    pageMessages(visit).filter((m) => m.text().includes('Contact form'));

  test('the message box has six rows and every field is required', async () => {
    const { page } = await site.open('/kontak/');
    const form = fields(page);
    expect(await form.message.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await form.message.getAttribute('rows')).toBe('6');
    for (const field of [form.name, form.email, form.subject, form.message]) {
      expect(await field.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
    }
    expect(await form.email.getAttribute('type')).toBe('email');
  });

  test('submitting the empty form is blocked by the browser and logs nothing', async () => {
    const visit = await site.open('/kontak/');
    const { page } = visit;
    await fields(page).send.click();
    await visit.flushConsole();

    expect(contactLogs(visit)).toEqual([]);
    expect(pageMessages(visit)).toEqual([]);
    const state = await validity(page);
    for (const name of ['name', 'email', 'subject', 'message']) {
      expect(state[name], name).toEqual({ valid: false, valueMissing: true, typeMismatch: false });
    }
    // The browser moved focus to the first invalid field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(page.url()).toBe(site.url('/kontak/'));
  });

  test('an invalid email address blocks the submission too', async () => {
    const visit = await site.open('/kontak/');
    const { page } = visit;
    const form = fields(page);
    await form.name.fill('Budi Santoso');
    await form.email.fill('bukan-email');
    await form.subject.fill('Usulan topik');
    await form.message.fill('Tolong bahas batas deposit.');
    await form.send.click();
    await visit.flushConsole();

    expect(pageMessages(visit)).toEqual([]);
    const state = await validity(page);
    expect(state.email).toEqual({ valid: false, valueMissing: false, typeMismatch: true });
    for (const name of ['name', 'subject', 'message']) expect(state[name].valid, name).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
    expect(page.url()).toBe(site.url('/kontak/'));
  });

  test('a valid form logs one message with all four values and stays on the page', async () => {
    const visit = await site.open('/kontak/');
    const { page } = visit;
    const form = fields(page);
    const values = {
      name: 'Siti Rahmawati',
      email: 'siti@contoh.example',
      subject: 'Pertanyaan tentang RTP',
      message: 'Apakah RTP bisa dipakai untuk memprediksi hasil?\nTerima kasih.',
    };
    await form.name.fill(values.name);
    await form.email.fill(values.email);
    await form.subject.fill(values.subject);
    await form.message.fill(values.message);
    expect(Object.values(await validity(page)).every((field) => field.valid)).toBe(true);
    await form.send.click();

    await expect.poll(() => contactLogs(visit).length).toBe(1);
    await visit.flushConsole();
    const logs = pageMessages(visit);
    expect(logs).toHaveLength(1);
    const args = await Promise.all(logs[0].args().map((arg) => arg.jsonValue()));
    expect(JSON.stringify(args)).toContain('Contact form submitted');
    expect(args.find((arg) => typeof arg === 'object')).toEqual(values);
    expect(page.url()).toBe(site.url('/kontak/'));
  });
});

describe("'Bagikan' on an article page", () => {
  test('without navigator.share it copies the page URL and says so', async () => {
    const visit = await site.open(ARTICLE);
    const { page, context } = visit;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const status = page.locator('[data-share-status]');
    expect(await status.textContent()).toBe('');

    await page.getByRole('button', { name: 'Bagikan' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-share-status]')!.textContent !== '',
    );
    expect(await status.textContent()).toBe('Tautan disalin ke clipboard.');
    expect(await status.isVisible()).toBe(true);
    expect(await status.getAttribute('role')).toBe('status');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.url(ARTICLE));
  });

  test('with navigator.share it shares the page URL and shows no clipboard message', async () => {
    const visit = await site.open(ARTICLE, {
      initScript: () => {
        const calls: unknown[] = [];
        (window as any).__shareCalls = calls;
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: unknown) => {
            calls.push(data);
          },
        });
      },
    });
    const { page } = visit;
    await page.getByRole('button', { name: 'Bagikan' }).click();
    await page.waitForFunction(() => (window as any).__shareCalls.length > 0);

    const calls = await page.evaluate(() => (window as any).__shareCalls);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(site.url(ARTICLE));
    expect(calls[0].title).toBe(await page.title());
    expect(await page.locator('[data-share-status]').textContent()).toBe('');
  });

  test('a cancelled share sheet is not an error', async () => {
    const visit = await site.open(ARTICLE, {
      initScript: () => {
        (window as any).__shareCalls = 0;
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async () => {
            (window as any).__shareCalls++;
            throw new DOMException('Share canceled', 'AbortError');
          },
        });
      },
    });
    await visit.page.getByRole('button', { name: 'Bagikan' }).click();
    await visit.page.waitForFunction(() => (window as any).__shareCalls === 1);
    await visit.flushConsole();
    expect(visit.errors).toEqual([]);
    expect(await visit.page.locator('[data-share-status]').textContent()).toBe('');
  });
});

describe('brand mention in an article body', () => {
  const CASES = [
    {
      path: '/artikel/loyal4d-strategi-bankroll-management/',
      name: 'Loyal4D',
      url: 'https://loyal4d.example/',
    },
    {
      path: '/artikel/lux88togel-panduan-pemula-lengkap/',
      name: 'Lux88Togel',
      url: 'https://lux88togel.example/',
    },
    {
      path: '/artikel/perang88-mengenal-fitur-slot-modern/',
      name: 'Perang88',
      url: 'https://perang88.example/',
    },
    {
      path: '/artikel/pegasus4d-virtual-reality-gaming/',
      name: 'Pegasus4D',
      url: 'https://pegasus4d.example/',
    },
  ];

  test('the first mention links to the brand in a new tab, marked sponsored', async () => {
    for (const { path, name, url } of CASES) {
      const { page } = await site.open(path);
      const link = page.locator('.prose a').first();
      expect(await link.textContent(), path).toMatch(new RegExp(`^${name}$`, 'i'));
      expect(await link.getAttribute('href'), path).toBe(url);
      expect(await link.getAttribute('target'), path).toBe('_blank');
      const rel = (await link.getAttribute('rel'))!.split(/\s+/);
      expect(rel, path).toEqual(expect.arrayContaining(['sponsored', 'noopener', 'noreferrer']));
      // Later mentions stay plain text: one outbound link per brand.
      expect(await page.locator(`.prose a[href="${url}"]`).count(), path).toBe(1);
    }
  });

  test('clicking it opens a new tab without access to the article', async () => {
    const { page, context } = await site.open(ARTICLE);
    await context.route('https://loyal4d.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Loyal4D</title>' }),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.prose a').first().click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://loyal4d.example/');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(await popup.evaluate(() => document.referrer)).toBe('');
    expect(page.url()).toBe(site.url(ARTICLE));
  });
});
