import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

const ARTICLE = 'src/content/articles/perang88-sistem-keamanan-data.md';

/**
 * `sitegen build` starts from what the previous build left in the cache (the manifest): what
 * it renders again, and when it does everything again. That the output always equals a clean
 * build is incremental.property.test.ts's job; this file checks the counts and the fallbacks.
 */
describe('a second sitegen build renders what changed', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let dist: string;
  const cache = () => path.join(temp.dir, 'cache');
  const build = async (...flags: string[]) => {
    const result = await sitegen(['build', '--root', root, '--json', ...flags], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as {
      pages: number;
      rendered: number;
      written: number;
      writtenFiles: string[];
    };
  };
  /** The up-to-date check's records: the next build runs the builder. */
  const forgetUpToDate = () =>
    rmSync(path.join(cache(), 'up-to-date'), { recursive: true, force: true });
  const clean = async () => {
    const out = path.join(temp.dir, 'clean');
    rmSync(out, { recursive: true, force: true });
    const result = await sitegen(['build', '--root', root, '--out', out, '--fresh'], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(result.code, result.stderr).toBe(0);
    return hashTree(out);
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'site'));
    dist = path.join(root, 'dist');
    // The manifest is what this file looks at: a cache of its own, with the shipped site's cards
    // and images from the run's shared cache, so no build here draws one.
    for (const folder of ['cards', 'images'].filter((name) =>
      existsSync(path.join(sharedCacheDir(), name)),
    ))
      cpSync(path.join(sharedCacheDir(), folder), path.join(cache(), folder), { recursive: true });
  }, 60_000);
  afterAll(() => temp.remove());

  it('renders every page the first time and none when nothing changed', async () => {
    const first = await build();
    expect(first.rendered).toBe(first.pages);
    // Nothing changed: the up-to-date check (up-to-date.test.ts) writes nothing.
    expect(await build()).toMatchObject({ rendered: 0, written: 0 });
    // Without its record, the builder runs and keeps every page.
    forgetUpToDate();
    const again = await build();
    expect(again.rendered).toBe(0);
    // The three assets and four host files (sitemap.xml, robots.txt, _headers, .nojekyll) are
    // always written; every page is kept, and so are feed.xml, whose entries and what it read
    // of them are unchanged, and the list's data and search files, whose pages are unchanged.
    expect(again.written).toBe(7);
    expect(again.writtenFiles).not.toContain('feed.xml');
  });

  it('a body edit renders its page; the summary line says how many pages were kept', async () => {
    const full = path.join(root, ARTICLE);
    writeFileSync(full, `${readFileSync(full, 'utf8')}\nSatu kalimat tambahan.\n`);
    const result = await sitegen(['build', '--root', root], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote 34 pages \(1 rendered, 33 unchanged; \d+ files/);
    expect(hashTree(dist)).toEqual(await clean());
  });

  it('a page deleted from the output by hand is rendered again', async () => {
    rmSync(path.join(dist, 'kontak/index.html'));
    const result = await build();
    expect(result.rendered).toBe(1);
    expect(hashTree(dist)).toEqual(await clean());
  });

  it('--fresh, another site URL, or a broken manifest render every page', async () => {
    expect((await build('--fresh')).rendered).toBe(34);
    const other = await build('--site-url', 'https://contoh.example/situs/');
    expect(other.rendered).toBe(34);
    const builds = path.join(cache(), 'builds');
    for (const name of readdirSync(builds)) writeFileSync(path.join(builds, name), '{"format":');
    expect((await build()).rendered).toBe(34);
    expect(hashTree(dist)).toEqual(await clean());
  });

  /** Each case breaks the shape of a whole, parsable manifest in one place. */
  type Manifest = {
    stamp: unknown;
    files: Record<string, unknown>;
    articles: Record<string, { hash: unknown; stamp?: unknown; result: any }>;
    pages: Record<string, { digest: unknown; files: unknown }>;
  };
  const first = <T>(record: Record<string, T>) => Object.values(record)[0];
  const withBody = (manifest: Manifest) =>
    Object.values(manifest.articles).find((entry) => entry.result.bodyDigest !== undefined)!;
  const misshapen: [string, (manifest: Manifest) => void][] = [
    ['a page without files', (m) => delete (first(m.pages) as { files?: unknown }).files],
    ['a page whose files is a string', (m) => (first(m.pages).files = 'index.html')],
    ['a page whose file is a number', (m) => (first(m.pages).files = [7])],
    [
      'a page whose digest is missing',
      (m) => delete (first(m.pages) as { digest?: unknown }).digest,
    ],
    ['a page that is null', (m) => (m.pages[Object.keys(m.pages)[0]] = null as never)],
    ['a page file outside the output', (m) => (first(m.pages).files = ['../index.html'])],
    ['pages that is null', (m) => (m.pages = null as never)],
    ['an article without result', (m) => delete first(m.articles).result],
    ['an article whose hash is a number', (m) => (first(m.articles).hash = 1)],
    ['an article whose stamp is a number', (m) => (first(m.articles).stamp = 1)],
    ['an article without problems', (m) => delete first(m.articles).result.problems],
    ['an article record without slug', (m) => delete first(m.articles).result.article.slug],
    [
      'an article record whose title is a number',
      (m) => (first(m.articles).result.article.title = 5),
    ],
    [
      'an article record whose date is null',
      (m) => (first(m.articles).result.article.publishedAt = null),
    ],
    [
      'an article record whose aliases is a string',
      (m) => (first(m.articles).result.article.aliases = '/lama/'),
    ],
    ['an article whose body images is an object', (m) => (withBody(m).result.bodyImages = {})],
    ['an article whose body digest is a number', (m) => (withBody(m).result.bodyDigest = 3)],
    ['a problem without message', (m) => (first(m.articles).result.problems = [{ line: 1 }])],
    ['articles that is a list', (m) => (m.articles = [] as never)],
    ['a listed file whose stamp is a number', (m) => (m.files[Object.keys(m.files)[0]] = 12)],
    ['a stamp that is a number', (m) => (m.stamp = 12)],
  ];

  it('a manifest that parses but is misshapen anywhere is ignored: a full build', async () => {
    const builds = path.join(cache(), 'builds');
    const expected = await clean();
    const failed: string[] = [];
    let isSound = false;
    for (const [name, breakIt] of misshapen) {
      // A sound manifest of the output as it is, then broken: the full build of the case before
      // wrote one, unless it failed (or this is the first case).
      if (!isSound) await build('--fresh');
      for (const file of readdirSync(builds).map((name) => path.join(builds, name))) {
        const manifest = JSON.parse(readFileSync(file, 'utf8'));
        if (manifest.outDir !== realpathSync(dist)) continue;
        breakIt(manifest);
        writeFileSync(file, JSON.stringify(manifest));
      }
      forgetUpToDate();
      const result = await sitegen(['build', '--root', root, '--json'], {
        env: { SITEGEN_CACHE_DIR: cache() },
      });
      const problem =
        result.code !== 0
          ? `exit ${result.code}, ${result.stderr}`
          : JSON.parse(result.stdout).rendered !== 34
            ? 'not a full build'
            : !isDeepStrictEqual(hashTree(dist), expected)
              ? 'other output'
              : undefined;
      if (problem) failed.push(`${name}: ${problem}`);
      isSound = problem === undefined;
    }
    expect(failed).toEqual([]);
  }, 120_000);
});
