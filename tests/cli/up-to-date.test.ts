import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

const ARTICLE = 'src/content/articles/perang88-mengatur-batas-waktu-bermain.md';

interface Figures {
  pages: number;
  rendered: number;
  written: number;
  timings: Record<string, number>;
}

/** Every file of `dir` with its inode and change time: what a build that writes nothing keeps. */
function identities(dir: string): Record<string, string> {
  const tree = hashTree(dir);
  return Object.fromEntries(
    Object.keys(tree).map((file) => {
      const info = statSync(path.join(dir, file));
      return [file, `${info.ino}:${info.ctimeMs}`];
    }),
  );
}

/**
 * `sitegen build` checks first whether anything it reads changed since the last build into the
 * same folder (build/up-to-date.ts). These tests change one thing each and look at what the next
 * build does: the figures it prints, and the output folder's files.
 */
describe('a build with nothing to do', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let dist: string;
  const cache = () => path.join(temp.dir, 'cache');
  const build = async (...flags: string[]) => {
    const result = await sitegen(['build', '--root', root, '--json', ...flags], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Figures;
  };
  const isUpToDate = (figures: Figures) => 'up-to-date check' in figures.timings;

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'site'));
    dist = path.join(root, 'dist');
    for (const folder of ['cards', 'images'].filter((name) =>
      existsSync(path.join(sharedCacheDir(), name)),
    ))
      cpSync(path.join(sharedCacheDir(), folder), path.join(cache(), folder), { recursive: true });
    await build();
  }, 60_000);
  afterAll(() => temp.remove());

  it('says every page is unchanged and leaves every output file as it was', async () => {
    const before = identities(dist);
    const again = await build();
    expect(isUpToDate(again)).toBe(true);
    expect(again).toMatchObject({ rendered: 0, written: 0 });
    expect(again.pages).toBeGreaterThan(30);
    expect(identities(dist)).toEqual(before);
  });

  it('prints what the last build printed, warnings included', async () => {
    const first = await sitegen(['build', '--root', root, '--fresh'], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    const again = await sitegen(['build', '--root', root], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(first.stderr);
    expect(again.stderr).toContain('warning:');
    const pages = first.stdout.match(/wrote (\d+) pages/)?.[1];
    expect(again.stdout).toContain(`wrote ${pages} pages (0 rendered, ${pages} unchanged;`);
  });

  it('builds after an article is saved with the same size', async () => {
    const file = path.join(root, ARTICLE);
    const text = readFileSync(file, 'utf8');
    const edited = text.replace('Batas Waktu', 'Batas WAKTU');
    expect(edited).not.toBe(text);
    expect(edited.length).toBe(text.length);
    writeFileSync(file, edited);
    const next = await build();
    expect(isUpToDate(next)).toBe(false);
    expect(next.rendered).toBeGreaterThan(0);
    const page = readFileSync(
      path.join(dist, 'artikel/perang88-mengatur-batas-waktu-bermain/index.html'),
    );
    expect(page.toString()).toContain('Batas WAKTU');
    expect(isUpToDate(await build())).toBe(true);
  });

  it('builds after a file is added to public/', async () => {
    mkdirSync(path.join(root, 'public'), { recursive: true });
    writeFileSync(path.join(root, 'public', 'humans.txt'), 'sitegen\n');
    const next = await build();
    expect(isUpToDate(next)).toBe(false);
    expect(readFileSync(path.join(dist, 'humans.txt'), 'utf8')).toBe('sitegen\n');
  });

  it('makes again an output file changed by hand', async () => {
    const page = path.join(dist, 'index.html');
    const built = readFileSync(page, 'utf8');
    writeFileSync(page, built.replace('<main', '<main data-edited'));
    const next = await build();
    expect(isUpToDate(next)).toBe(false);
    expect(readFileSync(page, 'utf8')).toBe(built);
  });

  it('builds with other flags, and with --fresh', async () => {
    await build();
    expect(isUpToDate(await build('--drafts'))).toBe(false);
    expect(isUpToDate(await build('--drafts'))).toBe(true);
    expect(isUpToDate(await build('--drafts', '--fresh'))).toBe(false);
    const other = await sitegen(['build', '--root', root, '--json', '--drafts'], {
      env: { SITEGEN_CACHE_DIR: cache(), SITE_URL: 'https://other.example/' },
    });
    expect(isUpToDate(JSON.parse(other.stdout))).toBe(false);
  });

  it('builds when its record is unreadable', async () => {
    await build();
    const folder = path.join(cache(), 'up-to-date');
    const [record] = readdirSync(folder);
    writeFileSync(path.join(folder, record), '{"key":');
    const next = await build();
    expect(isUpToDate(next)).toBe(false);
    expect(isUpToDate(await build())).toBe(true);
  });
});
