import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';

/**
 * toEqual on Buffers (a card, a cache entry) by Buffer.equals: the same verdict as vitest's own
 * walk over every byte, which takes seconds for the 18 cards of a build.
 */
expect.addEqualityTesters([
  (a: unknown, b: unknown) => (Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : undefined),
]);

/**
 * Writes `root`'s SocialCard.tsx as shipped, with `line` added as the component's first
 * statement.
 */
function writeCardWith(root: string, line: string) {
  const shipped = readFileSync(path.join(REPO, 'src/templates/SocialCard.tsx'), 'utf8');
  const start = 'export function SocialCard({ title, brand, siteName, notice }: SocialCardProps) {';
  expect(shipped).toContain(start);
  writeFileSync(
    path.join(root, 'src/templates/SocialCard.tsx'),
    shipped.replace(start, () => `${start}\n  ${line}`),
  );
}

/**
 * `sitegen build --json` into `out` with the card cache in `cache`, in this process
 * (helpers/sitegen.ts); returns the parsed report. `--jobs 1`: a build that draws 16 cards or
 * more draws them on worker threads, which exist only in the bundled CLI; on this thread it
 * draws the same bytes (workers.test.ts compares the two).
 */
async function build(root: string, out: string, cache: string, ...flags: string[]) {
  const args = ['build', '--root', root, '--out', out, '--json', '--jobs', '1', ...flags];
  const result = await sitegen(args, { env: { SITEGEN_CACHE_DIR: cache } });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    cards: { rendered: number; cached: number };
    writtenFiles: string[];
  };
}

/**
 * $SITEGEN_RENDER_TIMEOUT_MS of the two tests of the time limit: a card that loops is stopped
 * after it, with its message; slow cards, each well inside it, build. No test here measures
 * time: the product's own limit is the only clock that decides an outcome.
 */
const CARD_LIMIT_MS = 1000;

/** Every card of a build, by file name, as bytes. */
function cards(out: string): Map<string, Buffer> {
  const folder = path.join(out, 'og');
  return new Map(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(path.join(folder, name))]),
  );
}

/**
 * Social cards, built in this process (helpers/sitegen.ts). A test that looks at drawing (the
 * cards drawn and read from the cache, their bytes, the time limit per card) has a cache of its
 * own; every other test builds with the run's shared cache, which holds the shipped site's
 * cards, and draws no card it does not look at.
 */
describe('social cards across builds', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'project'));
  });
  afterAll(() => temp.remove());

  it('draws every card once, then reads them all from the cache; a fresh cache draws the same bytes', async () => {
    const cache = path.join(temp.dir, 'cache');
    const first = await build(root, path.join(temp.dir, 'one'), cache);
    expect(first.cards).toEqual({ rendered: 18, cached: 0 });
    expect(readdirSync(path.join(cache, 'cards'))).toHaveLength(18);

    const warm = await build(root, path.join(temp.dir, 'two'), cache);
    expect(warm.cards).toEqual({ rendered: 0, cached: 18 });

    // Another machine: an empty cache draws every card again, to the same bytes.
    const fresh = await build(
      root,
      path.join(temp.dir, 'three'),
      path.join(temp.dir, 'other-cache'),
    );
    expect(fresh.cards).toEqual({ rendered: 18, cached: 0 });
    const drawn = cards(path.join(temp.dir, 'one'));
    expect(drawn.size).toBe(18);
    expect(cards(path.join(temp.dir, 'two'))).toEqual(drawn);
    expect(cards(path.join(temp.dir, 'three'))).toEqual(drawn);
  });

  it('draws again only the card whose text changed, under a new name', async () => {
    const cache = path.join(temp.dir, 'cache');
    const file = path.join(root, 'src/content/articles/loyal4d-strategi-bankroll-management.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Anggaran Bermain yang Masuk Akal'),
    );
    const out = path.join(temp.dir, 'edited');
    const report = await build(root, out, cache);
    expect(report.cards).toEqual({ rendered: 1, cached: 17 });
    const html = readFileSync(
      path.join(out, 'artikel/loyal4d-strategi-bankroll-management/index.html'),
      'utf8',
    );
    const image = html.match(/<meta property="og:image" content="[^"]+\/(og\/[^"]+)">/)![1];
    expect(cards(path.join(temp.dir, 'one')).has(path.basename(image))).toBe(false);
    expect(cards(out).has(path.basename(image))).toBe(true);
  });

  it('draws again a cached card that is cut off or has a byte changed inside, publishing a whole 1200x630 PNG, and mends the cache entries', async () => {
    const cache = path.join(temp.dir, 'cut-cache');
    const first = await build(root, path.join(temp.dir, 'cut-one'), cache);
    expect(first.cards.rendered).toBe(18);
    const [entry, flippedEntry] = readdirSync(path.join(cache, 'cards'))
      .sort()
      .map((name) => path.join(cache, 'cards', name));
    const whole = readFileSync(entry);
    writeFileSync(entry, whole.subarray(0, 100));
    const wholeFlipped = readFileSync(flippedEntry);
    const flipped = Buffer.from(wholeFlipped);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    writeFileSync(flippedEntry, flipped);
    const out = path.join(temp.dir, 'cut-two');
    const again = await build(root, out, cache);
    expect(again.cards).toEqual({ rendered: 2, cached: 16 });
    expect(readFileSync(entry)).toEqual(whole);
    expect(readFileSync(flippedEntry)).toEqual(wholeFlipped);
    expect(cards(out)).toEqual(cards(path.join(temp.dir, 'cut-one')));
    for (const [name, png] of cards(out)) {
      const { width, height } = await sharp(png).metadata();
      expect([name, width, height]).toEqual([name, 1200, 630]);
      await sharp(png, { failOn: 'error' }).raw().toBuffer();
    }
    expect((await sitegen(['check', out])).code).toBe(0);
  });

  it('sitegen check decodes every og:image: a card cut off or with a flipped byte fails, named', async () => {
    const out = path.join(temp.dir, 'cut-two');
    const [cut, flipped] = [...cards(out).keys()];
    const cutFile = path.join(out, 'og', cut);
    // 200 bytes: past the header chunks (IHDR, PLTE, pHYs), inside the pixels.
    writeFileSync(cutFile, readFileSync(cutFile).subarray(0, 200));
    const flippedFile = path.join(out, 'og', flipped);
    const bytes = readFileSync(flippedFile);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(flippedFile, bytes);
    const result = await sitegen(['check', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `og/${cut}: does not decode: it is cut off in its IDAT chunk (200 bytes); shown by`,
    );
    expect(result.stderr).toMatch(
      new RegExp(
        `og/${flipped.replace(/\./g, '\\.')}: does not decode: its IDAT chunk is damaged \\(CRC mismatch`,
      ),
    );
  });

  it('a cache folder that cannot be written only means drawing every card: the build still succeeds', async () => {
    const notAFolder = path.join(temp.dir, 'cache-is-a-file');
    writeFileSync(notAFolder, 'not a folder');
    const report = await build(root, path.join(temp.dir, 'no-cache'), notAFolder);
    expect(report.cards).toEqual({ rendered: 18, cached: 0 });
    expect(readFileSync(notAFolder, 'utf8')).toBe('not a folder');
  });

  it('warns, naming the card and the characters, when a title has characters the card font cannot draw', async () => {
    const other = await copyProject(path.join(temp.dir, 'glyphs'));
    const file = path.join(other, 'src/content/articles/loyal4d-strategi-bankroll-management.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        /^title: .*$/m,
        'title: "Anggaran Bermain 🎰 — Ünïcödé 中文"',
      ),
    );
    // The run's shared cache: the only card drawn is the one whose warning this test reads.
    const result = await sitegen([
      'build',
      '--root',
      other,
      '--out',
      path.join(temp.dir, 'glyphs-out'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'warning: social card og/artikel-loyal4d-strategi-bankroll-management.png: "🎰", "中", "文" are not in the card font (Inter, Latin) and show as empty boxes',
    );
    expect(result.stderr.match(/social card/g)).toHaveLength(1);
  });

  it('--no-cards draws nothing and leaves og:image out', async () => {
    const out = path.join(temp.dir, 'no-cards');
    const report = await build(root, out, sharedCacheDir(), '--no-cards');
    expect(report.cards).toEqual({ rendered: 0, cached: 0 });
    expect(report.writtenFiles.some((file) => file.startsWith('og/'))).toBe(false);
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('reports a SocialCard that throws or loops like a page template, and leaves the output as it was', async () => {
    const broken = await copyProject(path.join(temp.dir, 'broken'));
    const out = path.join(temp.dir, 'broken-out');
    writeCardWith(broken, 'if (brand) throw new Error(`no badge for ${brand.name}`);');
    // The run's shared cache: both mistakes stop the build before any card is drawn.
    const thrown = await sitegen(['build', '--root', broken, '--out', out]);
    expect(thrown.code).toBe(1);
    expect(thrown.stderr).toMatch(
      /Rendering \/og\/artikel-lux88togel-panduan-pemula-lengkap\.png with SocialCard failed at src\/templates\/SocialCard\.tsx:\d+: no badge for Lux88Togel/,
    );
    expect(existsSync(out)).toBe(false);

    writeCardWith(broken, 'while (title) {}');
    const looped = await sitegen(['build', '--root', broken, '--out', out], {
      env: { SITEGEN_RENDER_TIMEOUT_MS: String(CARD_LIMIT_MS) },
    });
    expect(looped.code).toBe(1);
    expect(looped.stderr).toContain(
      `Rendering /og/situs.png with SocialCard ran longer than ${CARD_LIMIT_MS} ms`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a SocialCard image that is not a data: URL in one line naming the card, and leaves the output as it was', async () => {
    const broken = await copyProject(path.join(temp.dir, 'image'));
    const out = path.join(temp.dir, 'image-out');
    const shipped = readFileSync(path.join(broken, 'src/templates/SocialCard.tsx'), 'utf8');
    const bar = '<div style={{ height: 12, backgroundColor: brand?.color ?? ACCENT }} />';
    expect(shipped).toContain(bar);
    writeFileSync(
      path.join(broken, 'src/templates/SocialCard.tsx'),
      shipped.replace(bar, '<img src="garis.png" width={1200} height={12} alt="" />'),
    );
    // The run's shared cache: the card is refused before any card is drawn.
    const result = await sitegen(['build', '--root', broken, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^sitegen: Rendering \/og\/situs\.[0-9a-f]{10}\.png with SocialCard failed: a social card's <img> needs a data: URL as its src, not "garis\.png"/,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(out)).toBe(false);
  });

  it('holds the time limit per card: slow cards, each within it, build though all take longer', async () => {
    const slow = await copyProject(path.join(temp.dir, 'slow'));
    // Each of the 18 cards takes 100 ms against a limit of 1000 ms (CARD_LIMIT_MS): at least 1.8 s
    // in all, so the build passes only if the limit holds per card, not for all of them. The test
    // measures no time: the product's limit decides, and each card stays 900 ms inside it.
    writeCardWith(slow, 'for (const end = Date.now() + 100; Date.now() < end; );');
    const out = path.join(temp.dir, 'slow-out');
    const args = ['build', '--root', slow, '--out', out, '--json', '--jobs', '1'];
    const result = await sitegen(args, {
      env: {
        SITEGEN_CACHE_DIR: path.join(temp.dir, 'slow-cache'),
        SITEGEN_RENDER_TIMEOUT_MS: String(CARD_LIMIT_MS),
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).cards.rendered).toBe(18);
  });
});
