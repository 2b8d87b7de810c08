import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
    return JSON.parse(result.stdout) as { pages: number; rendered: number; written: number };
  };
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
    const again = await build();
    expect(again.rendered).toBe(0);
    // The three assets and the five host files are always written; every page is kept, and so
    // are the list's data and search files, whose pages are all unchanged.
    expect(again.written).toBe(8);
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
});
