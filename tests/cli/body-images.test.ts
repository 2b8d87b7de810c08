import {
  appendFileSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/generator/policy/security-headers.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { serveRootOnly404 } from '../helpers/static-server.ts';
import { eventually, makeTempDir, type RunningCli, runCli, startCli } from '../helpers/cli.ts';
import { fixtureProject, generatedProject } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';
import { htmlValidateMessages } from '../helpers/html-validate.ts';

/**
 * Images written in article bodies (`![alt](./images/x.png)`), end to end through the CLI's own
 * commands in this process (helpers/sitegen.ts; watch and the worker threads as processes), on
 * the two-brand fixture: perang88-panduan shows three (a PNG twice, a JPEG once) and has no
 * front matter picture; nusa77-ulasan has a front matter picture and shows the same PNG. The
 * images are small, drawn here; every size is read back from the files (sharp), never taken
 * from the markup alone. The image cache is what the builds look at, so they have caches of
 * their own, and they pass --no-cards: no test here looks at a social card, and the fixture's
 * cards are in no shared cache.
 */

/**
 * toEqual on Buffers (a page) by Buffer.equals: the same verdict as vitest's own walk over
 * every byte, which is slow for files this size.
 */
expect.addEqualityTesters([
  (a: unknown, b: unknown) => (Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : undefined),
]);

const PERANG = 'src/content/articles/perang88-panduan.md';
const NUSA = 'src/content/articles/nusa77-ulasan.md';

/** A width x height RGB gradient; `shift` changes every pixel (new bytes, same size). */
function gradient(width: number, height: number, shift = 0) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (Math.round((x * 255) / width) + shift) % 256;
      pixels[i + 1] = Math.round((y * 255) / height);
      pixels[i + 2] = (x + y + shift) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** `srcset` as [url, width] pairs. */
function candidates(srcset: string): [string, number][] {
  return srcset.split(',').map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return [url, Number(descriptor.replace(/w$/, ''))];
  });
}

/** The 1-based line and column of the first `needle` in `text`, as "line:column". */
function placeOf(text: string, needle: string): string {
  const lines = text.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes(needle));
  expect(line, `test setup: ${needle} is in the file`).toBeGreaterThanOrEqual(0);
  return `${line + 1}:${lines[line].indexOf(needle) + 1}`;
}

describe('images in article bodies, built with the CLI', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let cache: string;
  let out: string;
  let first: any;
  const build = (outDir: string, ...args: string[]) =>
    sitegen(['build', '--root', project, '--out', outDir, '--json', '--no-cards', ...args], {
      env: { SITEGEN_CACHE_DIR: cache },
    });
  const page = (dir: string, url: string): CheerioAPI =>
    load(readFileSync(path.join(dir, url, 'index.html'), 'utf8'));
  const file = (name: string) => path.join(project, name);

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    cache = path.join(temp.dir, 'cache');
    out = path.join(temp.dir, 'out');
    await mkdir(file('src/content/articles/images'), { recursive: true });
    await mkdir(file('src/content/images'), { recursive: true });
    await gradient(1000, 600).png().toFile(file('src/content/articles/images/grafik.png'));
    await gradient(500, 300).jpeg().toFile(file('src/content/images/foto.jpg'));
    await gradient(300, 200).png().toFile(file('src/content/images/sampul.png'));
    appendFileSync(
      file(PERANG),
      [
        '',
        '![Grafik batang pembayaran](./images/grafik.png)',
        '',
        'Foto di dalam paragraf: ![Foto meja kasir](../images/foto.jpg) dan grafik yang sama lagi ![Grafik batang lagi](images/grafik.png).',
        '',
      ].join('\n'),
    );
    const nusa = readFileSync(file(NUSA), 'utf8')
      .replace('order: 2\n', 'order: 2\nimage: images/sampul.png\nimageAlt: Sampul ulasan\n')
      .concat('\n![Grafik di ulasan](./images/grafik.png)\n');
    writeFileSync(file(NUSA), nusa);
    const result = await build(out);
    if (result.code !== 0) throw new Error(`test setup: build failed:\n${result.stderr}`);
    first = JSON.parse(result.stdout);
  }, 180_000);
  afterAll(() => temp?.remove());

  it('the article page shows each image as a <picture>: real WebP sizes, a fallback with its width and height, eager first, lazy after', async () => {
    const $ = page(out, 'artikel/perang88-panduan');
    const pictures = $('.prose picture');
    expect(pictures).toHaveLength(3);
    expect(pictures.toArray().map((picture) => $(picture).attr('class'))).toEqual([
      'prose-image',
      'prose-image',
      'prose-image',
    ]);
    const images = $('.prose picture > img');
    expect(images.toArray().map((img) => $(img).attr('alt'))).toEqual([
      'Grafik batang pembayaran',
      'Foto meja kasir',
      'Grafik batang lagi',
    ]);
    expect(images.toArray().map((img) => $(img).attr('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.first().attr('fetchpriority')).toBe('high');
    expect(images.toArray().map((img) => $(img).attr('decoding'))).toEqual(Array(3).fill('async'));
    for (const img of images.toArray()) {
      const src = $(img).attr('src')!;
      const meta = await sharp(path.join(out, src)).metadata();
      expect([$(img).attr('width'), $(img).attr('height')]).toEqual([
        String(meta.width),
        String(meta.height),
      ]);
      const source = $(img).prev('source');
      expect(source.attr('type')).toBe('image/webp');
      expect(source.attr('sizes')).toBeTruthy();
      for (const [url, width] of candidates(source.attr('srcset')!)) {
        const webp = await sharp(path.join(out, url)).metadata();
        expect([webp.format, webp.width]).toEqual(['webp', width]);
      }
    }
    const grafik = candidates($('.prose picture source').first().attr('srcset')!);
    expect(grafik.map(([, width]) => width)).toEqual([480, 800]);
    expect(grafik[0][0]).toMatch(/^\/assets\/images\/grafik-480\.[0-9a-f]{10}\.webp$/);
    expect(images.first().attr('src')).toMatch(/^\/assets\/images\/grafik-800\.[0-9a-f]{10}\.png$/);
    expect(images.eq(1).attr('src')).toMatch(/^\/assets\/images\/foto-480\.[0-9a-f]{10}\.jpg$/);
    // The same image twice: the same files.
    expect($(images[2]).attr('src')).toBe(images.first().attr('src'));
    // The picture stands where the Markdown wrote it: inside the paragraph, in the text.
    expect(images.eq(1).closest('p').text()).toContain('Foto di dalam paragraf:');
  });

  it('each source is encoded once, however many bodies show it, and every file written is one a page references', () => {
    expect(first.images).toEqual({ sources: 3, encoded: 3 });
    const written = readdirSync(path.join(out, 'assets/images')).map(
      (name) => `/assets/images/${name}`,
    );
    const html = ['artikel/perang88-panduan', 'artikel/nusa77-ulasan']
      .map((url) => readFileSync(path.join(out, url, 'index.html'), 'utf8'))
      .join('\n');
    for (const url of written) expect(html).toContain(url);
  });

  it("below the front matter's picture, the body's first image is lazy", () => {
    const $ = page(out, 'artikel/nusa77-ulasan');
    const top = $('picture.article-image > img');
    expect(top.attr('loading')).toBe('eager');
    const body = $('.prose picture > img');
    expect(body).toHaveLength(1);
    expect([body.attr('alt'), body.attr('loading'), body.attr('decoding')]).toEqual([
      'Grafik di ulasan',
      'lazy',
      'async',
    ]);
    expect(body.attr('fetchpriority')).toBeUndefined();
  });

  it('the feed carries each body image as a plain <img> with an absolute src to the fallback, its alt, width and height', async () => {
    const feed = load(readFileSync(path.join(out, 'feed.xml'), 'utf8'), { xml: true });
    const entry = feed('entry').filter((_, el) =>
      feed(el).find('id').text().endsWith('/artikel/perang88-panduan/'),
    );
    const body = load(entry.find('content').text());
    expect(body('picture, source')).toHaveLength(0);
    const images = body('img');
    expect(images).toHaveLength(3);
    const page$ = page(out, 'artikel/perang88-panduan');
    for (const [i, img] of images.toArray().entries()) {
      const src = body(img).attr('src')!;
      const onPage = page$('.prose picture > img').eq(i);
      expect(src).toBe(`https://two-brands.example${onPage.attr('src')}`);
      expect(body(img).attr('alt')).toBe(onPage.attr('alt'));
      const meta = await sharp(path.join(out, new URL(src).pathname)).metadata();
      expect([body(img).attr('width'), body(img).attr('height')]).toEqual([
        String(meta.width),
        String(meta.height),
      ]);
    }
  });

  it('the pages are valid HTML and pass sitegen check (images: width, height, alt, files)', async () => {
    const pages = ['artikel/perang88-panduan', 'artikel/nusa77-ulasan'].map((url) =>
      path.join(url, 'index.html'),
    );
    expect(await htmlValidateMessages(out, pages)).toEqual([]);
    const check = await sitegen(['check', out]);
    expect(check.code, check.stderr).toBe(0);
  });

  it('axe-core finds no violations on the pages with body images', async () => {
    const axeSource = readFileSync(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    const [browser, server] = await Promise.all([
      launchBrowser(),
      serveRootOnly404(out, CONTENT_SECURITY_POLICY),
    ]);
    try {
      const problems: string[] = [];
      for (const url of ['artikel/perang88-panduan/', 'artikel/nusa77-ulasan/']) {
        const tab = await browser.newPage();
        await tab.goto(new URL(url, `${server.url}/`).href);
        await tab.evaluate(axeSource);
        const violations: { id: string; help: string }[] = await tab.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (d: Document) => Promise<any> } }).axe;
          return (await axe.run(document)).violations;
        });
        problems.push(...violations.map((v) => `${url}: ${v.id}: ${v.help}`));
        await tab.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 60_000);

  it('two builds give the same bytes, the second with an empty cache', async () => {
    const again = path.join(temp.dir, 'again');
    const result = await sitegen(['build', '--root', project, '--out', again, '--no-cards'], {
      env: { SITEGEN_CACHE_DIR: path.join(temp.dir, 'empty-cache') },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(again)).toEqual(hashTree(out));
  });

  it('new bytes of an image re-render only the page that shows it, with a new fingerprint', async () => {
    const inc = path.join(temp.dir, 'inc');
    expect((await build(inc)).code).toBe(0);
    const before = page(inc, 'artikel/perang88-panduan')('.prose picture > img').eq(1).attr('src');
    const nusaBefore = readFileSync(path.join(inc, 'artikel/nusa77-ulasan/index.html'));
    const photo = file('src/content/images/foto.jpg');
    const original = readFileSync(photo);
    await gradient(500, 300, 90).jpeg().toFile(photo);
    try {
      const result = await build(inc);
      expect(result.code, result.stderr).toBe(0);
      const summary = JSON.parse(result.stdout);
      expect(summary.rendered).toBe(1);
      expect(summary.images).toEqual({ sources: 3, encoded: 1 });
      expect(summary.writtenFiles).toContain('artikel/perang88-panduan/index.html');
      expect(summary.writtenFiles).not.toContain('artikel/nusa77-ulasan/index.html');
      const after = page(inc, 'artikel/perang88-panduan')('.prose picture > img').eq(1).attr('src');
      expect(after).toMatch(/^\/assets\/images\/foto-480\.[0-9a-f]{10}\.jpg$/);
      expect(after).not.toBe(before);
      expect(readFileSync(path.join(inc, 'feed.xml'), 'utf8')).toContain(after);
      expect(readFileSync(path.join(inc, 'artikel/nusa77-ulasan/index.html'))).toEqual(nusaBefore);
      // Unchanged again: nothing is rendered.
      const same = JSON.parse((await build(inc)).stdout);
      expect(same.rendered).toBe(0);
    } finally {
      writeFileSync(photo, original);
    }
  });

  it('a name written in NFC finds the file saved in NFD (as macOS names it), and the reverse; output names come from the NFC name', async () => {
    const images = file('src/content/articles/images');
    // "café" with a combining accent (NFD) on disk, written precomposed (NFC) in the text; and
    // "éclair" precomposed on disk, written with a combining accent.
    const nfdFile = path.join(images, 'cafe\u0301.png');
    const nfcFile = path.join(images, '\u00e9clair.png');
    await gradient(600, 400).png().toFile(nfdFile);
    await gradient(500, 300, 40).png().toFile(nfcFile);
    const original = readFileSync(file(NUSA), 'utf8');
    writeFileSync(
      file(NUSA),
      `${original}\n![Kafe](./images/caf\u00e9.png) dan ![Eklair](./images/e\u0301clair.png)\n`,
    );
    try {
      const nfc = path.join(temp.dir, 'nfc');
      const result = await build(nfc);
      expect(result.code, result.stderr).toBe(0);
      const $ = page(nfc, 'artikel/nusa77-ulasan');
      const shown = $('.prose picture > img')
        .toArray()
        .map((img) => [$(img).attr('alt'), $(img).attr('src')]);
      expect(shown).toEqual([
        ['Grafik di ulasan', expect.stringMatching(/^\/assets\/images\/grafik-800\./)],
        ['Kafe', expect.stringMatching(/^\/assets\/images\/caf-480\.[0-9a-f]{10}\.png$/)],
        ['Eklair', expect.stringMatching(/^\/assets\/images\/clair-480\.[0-9a-f]{10}\.png$/)],
      ]);
      for (const [, src] of shown.slice(1)) {
        const meta = await sharp(path.join(nfc, src!)).metadata();
        expect([meta.format, meta.width]).toEqual(['png', 480]);
      }
    } finally {
      writeFileSync(file(NUSA), original);
      rmSync(nfdFile);
      rmSync(nfcFile);
    }
  });

  describe('mistakes: exit 1 at file:line:column, every one at once, the previous output untouched', () => {
    /** Appends `lines` to nusa77-ulasan.md (and adds `extra` files), builds into `out`, undoes. */
    const failingBuild = async (lines: string[], extra: Record<string, string> = {}) => {
      const before = hashTree(out);
      const original = readFileSync(file(NUSA), 'utf8');
      const text = `${original}\n${lines.join('\n')}\n`;
      writeFileSync(file(NUSA), text);
      for (const [name, contents] of Object.entries(extra)) writeFileSync(file(name), contents);
      try {
        const result = await sitegen(['build', '--root', project, '--out', out, '--no-cards'], {
          env: { SITEGEN_CACHE_DIR: cache },
        });
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).toContain('nothing was written');
        expect(hashTree(out)).toEqual(before);
        return { stderr: result.stderr, text };
      } finally {
        writeFileSync(file(NUSA), original);
        for (const name of Object.keys(extra)) rmSync(file(name));
      }
    };

    it('remote, absolute, outside src/content/, another extension, no alt text, HTML <img>, a stray file', async () => {
      const { stderr, text } = await failingBuild(
        [
          'Luar ![Logo luar](https://cdn.example/logo.png) dan ![Akar](/images/grafik.png)',
          '',
          '![Keluar](../../../rahasia.png)',
          '',
          '![Animasi](./images/animasi.gif) lalu ![](./images/grafik.png)',
          '',
          '<img src="/assets/x.png" alt="HTML">',
        ],
        { 'src/content/articles/catatan.txt': 'bukan artikel' },
      );
      const at = (needle: string) => `${NUSA}:${placeOf(text, needle)}: `;
      const expected: [string, RegExp][] = [
        [at('![Logo luar]'), /"https:\/\/cdn\.example\/logo\.png" is a remote address; expected/],
        [at('![Akar]'), /"\/images\/grafik\.png" is an absolute path; expected/],
        [at('![Keluar]'), /"\.\.\/\.\.\/\.\.\/rahasia\.png" leaves src\/content\/; expected/],
        [at('![Animasi]'), /"\.\/images\/animasi\.gif" is not a PNG, JPEG or WebP file/],
        [at('![](./images'), /an image without alt text; expected/],
      ];
      for (const [place, message] of expected) {
        const line = stderr.split('\n').find((candidate) => candidate.includes(place));
        expect(line, `${place} in:\n${stderr}`).toMatch(message);
      }
      const htmlLine = placeOf(text, '<img src').split(':')[0];
      expect(stderr).toMatch(
        new RegExp(`${NUSA}:${htmlLine}: an image written as HTML in the article text`),
      );
      expect(stderr).toMatch(
        /src\/content\/articles\/catatan\.txt: is not an article; .*and an images\/ folder/,
      );
    });

    it('a missing file and a file that is no image: both at their Markdown line and column', async () => {
      writeFileSync(file('src/content/articles/images/rusak.png'), 'bukan gambar');
      try {
        const { stderr, text } = await failingBuild([
          'Lihat ![Tidak ada](./images/tidak-ada.png)',
          '',
          '| a | b |',
          '|---|---|',
          '| `![kode]` | ![Rusak](./images/rusak.png) |',
        ]);
        expect(stderr).toContain(
          `${NUSA}:${placeOf(text, '![Tidak ada]')}: the image "images/tidak-ada.png": no such file`,
        );
        expect(stderr).toContain(
          `${NUSA}:${placeOf(text, '![Rusak]')}: the image "images/rusak.png": the file is not a PNG, JPEG or WebP image`,
        );
      } finally {
        rmSync(file('src/content/articles/images/rusak.png'));
      }
    });

    it('an image in a linked folder is refused as such, wherever the link leads (out of src/content/, into it, nowhere)', async () => {
      const images = file('src/content/articles/images');
      const outside = path.join(temp.dir, 'luar');
      await mkdir(outside, { recursive: true });
      await gradient(300, 200).png().toFile(path.join(outside, 'a.png'));
      const links = {
        luar: outside,
        dalam: '../../images',
        putus: path.join(temp.dir, 'tidak-ada'),
      };
      for (const [name, target] of Object.entries(links))
        symlinkSync(target, path.join(images, name));
      try {
        const { stderr, text } = await failingBuild([
          '![Luar](./images/luar/a.png)',
          '',
          '![Dalam](./images/dalam/foto.jpg) dan ![Putus](./images/putus/b.png)',
        ]);
        for (const [alt, shown, link] of [
          ['Luar', 'images/luar/a.png', 'luar'],
          ['Dalam', 'images/dalam/foto.jpg', 'dalam'],
          ['Putus', 'images/putus/b.png', 'putus'],
        ])
          expect(stderr).toContain(
            `${NUSA}:${placeOf(text, `![${alt}]`)}: the image "${shown}": the file is reached through a symbolic link (src/content/articles/images/${link}); sitegen reads no content through links`,
          );
      } finally {
        for (const name of Object.keys(links)) rmSync(path.join(images, name));
      }
    });

    it('a name that matches several files only up to Unicode normalisation is an error that says so', async () => {
      // Two names that are one in NFC ("éè.png"), neither of them the name written.
      const { stderr, text } = await failingBuild(['![Dua](./images/e\u0301e\u0300.png)'], {
        'src/content/articles/images/e\u0301\u00e8.png': 'x',
        'src/content/articles/images/\u00e9e\u0300.png': 'x',
      });
      expect(stderr).toContain(
        `${NUSA}:${placeOf(text, '![Dua]')}: the image "images/e\u0301e\u0300.png": no file has exactly that name, and 2 files in src/content/articles/images/ have names that differ from it only in Unicode normalisation (NFC or NFD); expected one: rename or delete the others`,
      );
    });

    it('image files missing or no image are reported with the other content mistakes, in one run', async () => {
      const CATATAN = 'src/content/articles/nusa77-catatan.md';
      const catatan = [
        '---',
        'title: Catatan Nusa77',
        'excerpt: Catatan uji.',
        'brand: nusa77',
        'autor: Penulis Uji',
        'date: 2024-12-15',
        '---',
        '',
        'Gambar yang salah ketik: ![Bagan](./images/bagan-hilang.png)',
        '',
        '![](./images/grafik.png)',
        '',
      ].join('\n');
      const { stderr, text } = await failingBuild(
        ['![Tidak ada](./images/tidak-ada.png)', '', '![Teks saja](./images/teks.png)'],
        { [CATATAN]: catatan, 'src/content/articles/images/teks.png': 'bukan gambar' },
      );
      expect(stderr).toContain('The content has 6 problems');
      for (const line of [
        `${CATATAN}:1:1: "author" is missing`,
        `${CATATAN}:5:1: unknown key "autor"; did you mean "author"?`,
        `${CATATAN}:${placeOf(catatan, '![Bagan]')}: the image "images/bagan-hilang.png": no such file`,
        `${CATATAN}:${placeOf(catatan, '![](')}: an image without alt text`,
        `${NUSA}:${placeOf(text, '![Tidak ada]')}: the image "images/tidak-ada.png": no such file`,
        `${NUSA}:${placeOf(text, '![Teks saja]')}: the image "images/teks.png": the file is not a PNG, JPEG or WebP image`,
      ])
        expect(stderr).toContain(line);
    });
  });
});

describe('body images in watch', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let watcher: RunningCli | undefined;
  let base: string;
  const article = async () => {
    const response = await fetch(`${base}artikel/perang88-panduan/`);
    return load(await response.text());
  };
  beforeAll(async () => {
    temp = await makeTempDir();
    project = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    await mkdir(path.join(project, 'src/content/articles/images'));
    await gradient(600, 400).png().toFile(path.join(project, 'src/content/articles/images/a.png'));
    await gradient(500, 300).png().toFile(path.join(project, 'src/content/articles/images/b.png'));
    appendFileSync(path.join(project, PERANG), '\n![Bagan A](./images/a.png)\n');
    watcher = startCli(['watch', '--root', project, '--port', '0'], {
      env: { SITEGEN_CACHE_DIR: path.join(temp.dir, 'cache') },
    });
    base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000))[1];
  }, 90_000);
  afterAll(async () => {
    await watcher?.stop();
    await temp?.remove();
  });

  it('a save of an image in src/content/articles/images/ renders its page with the new file', async () => {
    const before = (await article())('.prose picture > img').attr('src');
    expect(before).toMatch(/^\/assets\/images\/a-480\.[0-9a-f]{10}\.png$/);
    // Saved whole, as an editor or an export does (a rename): watch never reads half a file.
    const saved = path.join(temp.dir, 'a.png');
    await gradient(600, 400, 120).png().toFile(saved);
    renameSync(saved, path.join(project, 'src/content/articles/images/a.png'));
    const after = await eventually(async () => {
      const src = (await article())('.prose picture > img').attr('src') ?? '';
      return src !== before ? src : '';
    }, 30_000);
    expect(after).toMatch(/^\/assets\/images\/a-480\.[0-9a-f]{10}\.png$/);
    const image = await fetch(base + after.slice(1));
    expect(image.status).toBe(200);
    expect(watcher!.output()).not.toMatch(/problem|front matter/i);
  });

  it('a body save that adds an image encodes it and shows it', async () => {
    appendFileSync(path.join(project, PERANG), '\nLalu ![Bagan B](./images/b.png)\n');
    const alts = await eventually(async () => {
      const $ = await article();
      const found = $('.prose picture > img')
        .toArray()
        .map((img) => $(img).attr('alt'));
      return found.length === 2 && found;
    }, 30_000);
    expect(alts).toEqual(['Bagan A', 'Bagan B']);
    const $ = await article();
    const src = $('.prose picture > img').eq(1).attr('src')!;
    expect((await fetch(base + src.slice(1))).status).toBe(200);
  });
});

describe('body images on worker threads (--jobs 2, 160 articles)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp?.remove());

  it('give the same bytes as on the main thread', async () => {
    const project = generatedProject(path.join(temp.dir, 'project'), 160);
    const articles = path.join(project, 'src/content/articles');
    await mkdir(path.join(articles, 'images'));
    await gradient(600, 400).png().toFile(path.join(articles, 'images/bagan.png'));
    const names = readdirSync(articles).filter((name) => name.endsWith('.md'));
    for (const name of names.filter((_, i) => i % 40 === 0))
      appendFileSync(path.join(articles, name), '\n![Bagan uji](./images/bagan.png)\n');
    const trees = [];
    for (const jobs of [1, 2]) {
      const out = path.join(temp.dir, `out-${jobs}`);
      const args = ['build', '--root', project, '--out', out, '--jobs', String(jobs), '--no-cards'];
      const env = { SITEGEN_CACHE_DIR: path.join(temp.dir, `cache-${jobs}`) };
      // --jobs 1 runs on this thread, here in this process; --jobs 2 is the subject, and worker
      // threads exist only in the bundled CLI (workers/worker-pool.ts): that build is a process.
      const result =
        jobs === 1 ? await sitegen(args, { env }) : await runCli(args, { env, timeoutMs: 120_000 });
      expect(result.code, result.stderr).toBe(0);
      trees.push(hashTree(out));
    }
    expect(trees[1]).toEqual(trees[0]);
    const shown = Object.keys(trees[0]).filter((name) => /^assets\/images\/bagan-/.test(name));
    expect(shown).toHaveLength(2);
    const slug = names[0].replace(/\.md$/, '');
    const html = readFileSync(path.join(temp.dir, 'out-2/artikel', slug, 'index.html'), 'utf8');
    expect(html).toMatch(
      /<picture class="prose-image"><source type="image\/webp" srcset="[^"]*bagan-480\./,
    );
  }, 300_000);
});
