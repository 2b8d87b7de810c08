import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';
import { htmlValidateMessages } from '../helpers/html-validate.ts';
import { replaceInFile } from '../helpers/edit.ts';

/**
 * Article images end to end, through the CLI's own commands in this process (helpers/sitegen.ts):
 * the two-brand fixture with a 1600x900 JPEG on perang88-panduan and a 300x200 PNG on
 * nusa77-ulasan, both drawn here from raw pixels. Every figure is read back from the files
 * (sharp metadata), never taken from the markup. The image cache is what this file looks at, so
 * it has a cache of its own; the fixture's few cards are drawn once, by the first build, into
 * it. The builds into another, empty cache look at images only and pass --no-cards.
 */

/**
 * toEqual on Buffers (a cache entry) by Buffer.equals: the same verdict as vitest's own walk over
 * every byte, which is slow for files this size.
 */
expect.addEqualityTesters([
  (a: unknown, b: unknown) => (Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : undefined),
]);

const ARTICLE = 'src/content/articles/perang88-panduan.md';
/** perang88-panduan.md as the fixture has it: `order: 1` is line 9, so `image` is line 10. */
const IMAGE_LINE = 10;

/** A width x height image of `channels` bands whose pixels are a gradient (no two rows alike). */
function gradient(width: number, height: number, channels: 3 | 4) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = Math.round((x * 255) / width);
      pixels[i + 1] = Math.round((y * 255) / height);
      pixels[i + 2] = (x + y) % 256;
      if (channels === 4) pixels[i + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

/** `srcset` as [url, width] pairs. */
function candidates(srcset: string): [string, number][] {
  return srcset.split(',').map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    expect(descriptor).toMatch(/^\d+w$/);
    return [url, Number(descriptor.slice(0, -1))];
  });
}

function page(out: string, url: string): CheerioAPI {
  return load(readFileSync(path.join(out, url, 'index.html'), 'utf8'));
}

/** Every file under `dir` with its mtime, in ms. */
function mtimes(dir: string): Record<string, number> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).mtimeMs]),
  );
}

describe('article images: front matter image and imageAlt, built with the CLI', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let cache: string;
  let out: string;
  let first: any;
  const build = (outDir: string, ...args: string[]) =>
    sitegen(['build', '--root', project, '--out', outDir, '--json', ...args], {
      env: { SITEGEN_CACHE_DIR: cache },
    });
  /** Replaces `from` (which must occur) by `to` in an article; returns the undo. */
  const edit = (file: string, from: string, to: string) =>
    replaceInFile(path.join(project, file), from, to);

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    cache = path.join(temp.dir, 'cache');
    out = path.join(temp.dir, 'out');
    const images = path.join(project, 'src/content/images');
    await mkdir(images, { recursive: true });
    // With EXIF, so that dropping metadata is something the build has to do.
    await gradient(1600, 900, 3)
      .withExif({ IFD0: { ImageDescription: 'sumber uji' } })
      .jpeg({ quality: 95 })
      .toFile(path.join(images, 'gradient.jpg'));
    await gradient(300, 200, 4).png().toFile(path.join(images, 'small.png'));
    edit(
      ARTICLE,
      'order: 1\n',
      'order: 1\nimage: images/gradient.jpg\nimageAlt: Gradien warna dari kiri ke kanan\n',
    );
    edit(
      'src/content/articles/nusa77-ulasan.md',
      'order: 2\n',
      'order: 2\nimage: images/small.png\nimageAlt: Gambar kecil uji\n',
    );
    const result = await build(out);
    if (result.code !== 0) throw new Error(`test setup: build failed:\n${result.stderr}`);
    first = JSON.parse(result.stdout);
  });
  afterAll(() => temp?.remove());

  it('the article page has a <picture>: WebP at 480w, 800w and 1200w whose real sizes match, and an eager JPEG fallback at 1200x675', async () => {
    const $ = page(out, 'artikel/perang88-panduan');
    expect($('picture')).toHaveLength(1);
    const source = $('picture > source');
    expect(source.attr('type')).toBe('image/webp');
    expect(source.attr('sizes')).toBeTruthy();
    const webp = candidates(source.attr('srcset')!);
    expect(webp.map(([, width]) => width)).toEqual([480, 800, 1200]);
    for (const [url, width] of webp) {
      expect(url).toMatch(/^\/assets\/images\/gradient-\d+\.[0-9a-f]{10}\.webp$/);
      const meta = await sharp(path.join(out, url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        width,
        Math.round((900 * width) / 1600),
      ]);
    }
    const img = $('picture > img');
    expect(img.attr('src')).toMatch(/^\/assets\/images\/gradient-1200\.[0-9a-f]{10}\.jpg$/);
    const fallback = await sharp(path.join(out, img.attr('src')!)).metadata();
    expect([fallback.format, fallback.width, fallback.height]).toEqual(['jpeg', 1200, 675]);
    expect([img.attr('width'), img.attr('height')]).toEqual([
      String(fallback.width),
      String(fallback.height),
    ]);
    expect(img.attr('alt')).toBe('Gradien warna dari kiri ke kanan');
    expect([img.attr('loading'), img.attr('fetchpriority'), img.attr('decoding')]).toEqual([
      'eager',
      'high',
      'async',
    ]);
    // Below the header, before the body.
    expect($('.article-head + picture.article-image + .prose')).toHaveLength(1);
  });

  it('its cards (home, article list, brand page) show the same picture, lazy, with the alt text', () => {
    const article = page(out, 'artikel/perang88-panduan');
    for (const url of ['', 'artikel', 'brand/perang88']) {
      const $ = page(out, url);
      const card = $('.article-card').filter(
        (_, el) => $(el).find('a[href="/artikel/perang88-panduan/"]').length > 0,
      );
      expect(card, url).toHaveLength(1);
      expect(card.find('picture > source').attr('srcset'), url).toBe(
        article('picture > source').attr('srcset'),
      );
      const img = card.find('picture > img');
      expect([img.attr('src'), img.attr('loading'), img.attr('alt')], url).toEqual([
        article('picture > img').attr('src'),
        'lazy',
        'Gradien warna dari kiri ke kanan',
      ]);
      expect(img.attr('fetchpriority'), url).toBeUndefined();
    }
  });

  it('a 300x200 PNG gives one WebP at its own width and a PNG fallback, never scaled up', async () => {
    const $ = page(out, 'artikel/nusa77-ulasan');
    const webp = candidates($('picture > source').attr('srcset')!);
    expect(webp.map(([, width]) => width)).toEqual([300]);
    const meta = await sharp(path.join(out, webp[0][0])).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
    const img = $('picture > img');
    expect(img.attr('src')).toMatch(/^\/assets\/images\/small-300\.[0-9a-f]{10}\.png$/);
    const fallback = await sharp(path.join(out, img.attr('src')!)).metadata();
    expect([
      fallback.format,
      fallback.width,
      fallback.height,
      img.attr('width'),
      img.attr('height'),
    ]).toEqual(['png', 300, 200, '300', '200']);
  });

  it('writes only the renditions, without metadata, and JSON-LD names the fallback by its absolute URL', async () => {
    expect(
      (await sharp(path.join(project, 'src/content/images/gradient.jpg')).metadata()).exif,
    ).toBeDefined();
    const files = readdirSync(path.join(out, 'assets/images')).sort();
    expect(files.map((file) => file.replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual([
      'gradient-1200.jpg',
      'gradient-1200.webp',
      'gradient-480.webp',
      'gradient-800.webp',
      'small-300.png',
      'small-300.webp',
    ]);
    for (const file of files) {
      const meta = await sharp(path.join(out, 'assets/images', file)).metadata();
      expect([meta.exif, meta.icc, meta.xmp], file).toEqual([undefined, undefined, undefined]);
    }
    const $ = page(out, 'artikel/perang88-panduan');
    const article = $('script[type="application/ld+json"]')
      .toArray()
      .map((el) => JSON.parse($(el).text()))
      .find((item) => item['@type'] === 'Article');
    expect(article.image).toBe(`https://two-brands.example${$('picture > img').attr('src')}`);
  });

  it("the article's image is its og:image, with its size and alt text, and no card is drawn for it", () => {
    const $ = page(out, 'artikel/perang88-panduan');
    const meta = (property: string) => $(`meta[property="${property}"]`).attr('content');
    expect(meta('og:image')).toBe(`https://two-brands.example${$('picture > img').attr('src')}`);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '675']);
    expect(meta('og:image:alt')).toBe('Gradien warna dari kiri ke kanan');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
    expect(
      first.writtenFiles.filter((file: string) => file.startsWith('og/artikel-perang88-panduan.')),
    ).toEqual([]);
    expect(
      first.writtenFiles.filter((file: string) => file.startsWith('og/artikel-nusa77-ulasan.')),
    ).toEqual([]);
    expect(first.writtenFiles.some((file: string) => file.startsWith('og/brand-perang88.'))).toBe(
      true,
    );
  });

  it('the pages are valid HTML and pass sitegen check (every srcset file exists)', async () => {
    const pages = [
      '',
      'artikel',
      'brand/perang88',
      'brand/nusa77',
      'artikel/perang88-panduan',
      'artikel/nusa77-ulasan',
    ].map((url) => path.join(url, 'index.html'));
    expect(await htmlValidateMessages(out, pages)).toEqual([]);
    const check = await sitegen(['check', out]);
    expect(check.code, check.stderr).toBe(0);
  });

  it('a second build encodes nothing: it takes every image from the cache, byte for byte, and leaves the cache entries alone', async () => {
    expect(first.images).toEqual({ sources: 2, encoded: 2 });
    const entries = path.join(cache, 'images');
    const before = mtimes(entries);
    expect(Object.keys(before)).toHaveLength(2);
    const again = path.join(temp.dir, 'again');
    const result = await build(again);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).images).toEqual({ sources: 2, encoded: 0 });
    expect(mtimes(entries)).toEqual(before);
    expect(hashTree(path.join(again, 'assets/images'))).toEqual(
      hashTree(path.join(out, 'assets/images')),
    );
  });

  it('a cache entry with a byte changed inside is encoded again, and the entry is mended', async () => {
    const cached = path.join(temp.dir, 'cache-flipped');
    const env = { SITEGEN_CACHE_DIR: cached };
    const one = path.join(temp.dir, 'flipped-one');
    const flags = ['--json', '--no-cards'];
    const first = await sitegen(['build', '--root', project, '--out', one, ...flags], { env });
    expect(first.code, first.stderr).toBe(0);
    const entries = path.join(cached, 'images');
    const entry = path.join(entries, readdirSync(entries).sort()[0]);
    const whole = readFileSync(entry);
    const flipped = Buffer.from(whole);
    flipped[whole.length - 100] ^= 0xff;
    writeFileSync(entry, flipped);
    const two = path.join(temp.dir, 'flipped-two');
    const result = await sitegen(['build', '--root', project, '--out', two, ...flags], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).images).toEqual({ sources: 2, encoded: 1 });
    expect(readFileSync(entry)).toEqual(whole);
    expect(hashTree(path.join(two, 'assets/images'))).toEqual(
      hashTree(path.join(one, 'assets/images')),
    );
  });

  it('an empty cache encodes again and gives the very same bytes (deterministic encoding)', async () => {
    const fresh = path.join(temp.dir, 'fresh');
    const result = await sitegen(
      ['build', '--root', project, '--out', fresh, '--json', '--no-cards'],
      { env: { SITEGEN_CACHE_DIR: path.join(temp.dir, 'cache-2') } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).images).toEqual({ sources: 2, encoded: 2 });
    expect(hashTree(path.join(fresh, 'assets/images'))).toEqual(
      hashTree(path.join(out, 'assets/images')),
    );
  });

  it('under a base path (--site-url with /repo/), every picture URL starts with /repo/', async () => {
    const based = path.join(temp.dir, 'based');
    const result = await build(based, '--site-url', 'https://user.example.io/repo/');
    expect(result.code, result.stderr).toBe(0);
    const $ = page(based, 'artikel/perang88-panduan');
    expect($('picture > img').attr('src')).toMatch(/^\/repo\/assets\/images\//);
    for (const [url] of candidates($('picture > source').attr('srcset')!))
      expect(url).toMatch(/^\/repo\/assets\/images\//);
  });

  const mistakes: [name: string, from: string, to: string, expected: RegExp, setUp?: () => void][] =
    [
      [
        'image without imageAlt',
        'imageAlt: Gradien warna dari kiri ke kanan\n',
        '',
        /"imageAlt" is required when "image" is set/,
      ],
      [
        'a missing file',
        'images/gradient.jpg',
        'images/tidak-ada.jpg',
        /"image" is "images\/tidak-ada\.jpg": no such file; expected a PNG, JPEG or WebP file/,
      ],
      [
        'an unsupported extension',
        'images/gradient.jpg',
        'images/gradient.gif',
        /"image" is "images\/gradient\.gif"; expected a PNG, JPEG or WebP file .*\(\.png, \.jpg, \.jpeg or \.webp\)/,
      ],
      [
        'a path out of src/content',
        'images/gradient.jpg',
        '../content/images/gradient.jpg',
        /"image" is "\.\.\/content\/images\/gradient\.jpg", which leaves src\/content\//,
      ],
      [
        'an absolute path',
        'images/gradient.jpg',
        '/etc/passwd.jpg',
        /"image" is "\/etc\/passwd\.jpg", an absolute path or URL/,
      ],
      [
        'a file that is not an image',
        'images/gradient.jpg',
        'images/rusak.jpg',
        /"image" is "images\/rusak\.jpg": the file is not a PNG, JPEG or WebP image sharp can read/,
        () => writeFileSync(path.join(project, 'src/content/images/rusak.jpg'), 'bukan gambar'),
      ],
      [
        // A link to a JPEG outside the project was encoded and published.
        'a symbolic link to an image outside the project',
        'images/gradient.jpg',
        'images/tautan.jpg',
        /"image" is "images\/tautan\.jpg": the file is a symbolic link; an article image must be a regular file \(a link could publish any file the build can read\)$/,
        () => linkOnce(path.join(temp.dir, 'luar.jpg'), 'src/content/images/tautan.jpg', true),
      ],
      [
        'a symbolic link to a file that is not an image (/etc/passwd)',
        'images/gradient.jpg',
        'images/passwd.jpg',
        /"image" is "images\/passwd\.jpg": the file is a symbolic link; an article image must be a regular file/,
        () => linkOnce('/etc/passwd', 'src/content/images/passwd.jpg'),
      ],
      [
        'an image in a linked folder that leads out of src/content',
        'images/gradient.jpg',
        'images/luar/luar.jpg',
        /"image" is "images\/luar\/luar\.jpg": the file is reached through a symbolic link \(src\/content\/images\/luar\); sitegen reads no content through links/,
        () => linkOnce(temp.dir, 'src/content/images/luar', true),
      ],
      [
        'a JPEG cut in half',
        'images/gradient.jpg',
        'images/terpotong.jpg',
        /"image" is "images\/terpotong\.jpg": the file is cut off or damaged \(VipsJpeg: premature end of JPEG image\); expected a whole PNG, JPEG or WebP file/,
        () => {
          const whole = readFileSync(path.join(project, 'src/content/images/gradient.jpg'));
          writeFileSync(
            path.join(project, 'src/content/images/terpotong.jpg'),
            whole.subarray(0, whole.length >> 1),
          );
        },
      ],
    ];
  /**
   * Links `target` at `link` (in the project) unless it exists; copies the JPEG to `target` first
   * when asked.
   */
  const linkOnce = (target: string, link: string, copyJpeg = false) => {
    if (copyJpeg && !existsSync(path.join(temp.dir, 'luar.jpg'))) {
      copyFileSync(
        path.join(project, 'src/content/images/gradient.jpg'),
        path.join(temp.dir, 'luar.jpg'),
      );
    }
    if (!existsSync(path.join(project, link))) symlinkSync(target, path.join(project, link));
  };

  it.each(mistakes)(
    '%s: exit 1 naming file:line, and the previous output stays as it was',
    async (_name, from, to, expected, setUp) => {
      setUp?.();
      const before = hashTree(out);
      const undo = edit(ARTICLE, from, to);
      try {
        const result = await sitegen(['build', '--root', project, '--out', out], {
          env: { SITEGEN_CACHE_DIR: cache },
        });
        expect(result.code).toBe(1);
        const line = result.stderr
          .split('\n')
          .find((text) => text.includes(`${ARTICLE}:${IMAGE_LINE}:1: `));
        expect(line, result.stderr).toMatch(expected);
        expect(result.stderr).toContain('nothing was written');
      } finally {
        undo();
      }
      expect(hashTree(out)).toEqual(before);
    },
  );
});
