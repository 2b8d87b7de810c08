import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDirRefusal } from '../../src/generator/output/cache-file.ts';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { sitegen } from '../helpers/sitegen.ts';

/**
 * The cache folder ($SITEGEN_CACHE_DIR) is never published: its build manifests hold absolute
 * paths and the titles of drafts. A cache inside the output folder, public/, src/ or equal to the
 * project folder, and an output folder inside the cache, are refused with one line before
 * anything is read or written. In-process (helpers/sitegen.ts); no build here gets as far as
 * bundling.
 */
describe('$SITEGEN_CACHE_DIR where it would be published', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    // Real paths: the messages name folders with their links followed.
    root = await copyProject(path.join(realpathSync(temp.dir), 'site'));
    mkdirSync(path.join(root, 'public'));
  });
  afterAll(() => temp.remove());

  it.each([
    ['inside dist/', 'dist/cache', 'inside the output folder'],
    ['inside public/', 'public/.cache', 'inside public/'],
    ['inside src/', 'src/content/.cache', 'inside src/'],
    ['the project folder', '.', 'the project folder'],
  ])(
    'refuses a cache %s: exit 1, one line naming the variable and the folder, nothing written',
    async (_, where, why) => {
      const cache = path.join(root, where);
      const result = await sitegen(['build', '--root', root], {
        env: { SITEGEN_CACHE_DIR: cache },
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain(`SITEGEN_CACHE_DIR is ${cache}, ${why}`);
      expect(lines[0]).toContain('Set SITEGEN_CACHE_DIR to a folder outside');
      expect(existsSync(path.join(root, 'dist'))).toBe(false);
      expect(existsSync(path.join(root, 'dist/cache'))).toBe(false);
    },
  );

  it('refuses an output folder inside the cache folder', async () => {
    const cache = path.join(realpathSync(temp.dir), 'cache');
    const out = path.join(cache, 'situs');
    const result = await sitegen(['build', '--root', root, '--out', out], {
      env: { SITEGEN_CACHE_DIR: cache },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining(
        `SITEGEN_CACHE_DIR is ${cache}, with the output folder ${out} inside it`,
      ),
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it('names the default cache folder when the variable is unset', async () => {
    const out = path.join(root, 'node_modules/.cache/sitegen/situs');
    const result = await sitegen(['build', '--root', root, '--out', out], {
      env: { SITEGEN_CACHE_DIR: undefined },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `the cache folder ${path.join(root, 'node_modules/.cache/sitegen')} (SITEGEN_CACHE_DIR is unset), with the output folder ${out} inside it`,
    );
  });

  it("lets watch keep its dev site in the cache, but not the cache in dist/ or in watch's output", () => {
    const project = { root: '/p', outDir: '/p/dist' };
    expect(cacheDirRefusal('/c', { ...project, outputMayBeInside: true })).toBeUndefined();
    expect(cacheDirRefusal('/c', { root: '/p', outDir: '/c/dev', outputMayBeInside: true })).toBe(
      undefined,
    );
    expect(cacheDirRefusal('/p/dist/c', { ...project, outputMayBeInside: true })).toContain(
      'inside the output folder /p/dist',
    );
    expect(
      cacheDirRefusal('/o/c', { root: '/p', outDir: '/o', outputMayBeInside: true }),
    ).toContain('inside the output folder /o');
    // An output folder around the project is the output folder's own refusal, which comes later.
    expect(cacheDirRefusal('/p/c', { root: '/p', outDir: '/', outputMayBeInside: false })).toBe(
      undefined,
    );
    expect(cacheDirRefusal('/c', { root: '/p', outDir: '/c/dev', outputMayBeInside: false })).toBe(
      'with the output folder /c/dev inside it',
    );
  });
});
