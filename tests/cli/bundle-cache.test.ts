/**
 * The bundle cache (site/bundle-cache.ts): a second build of unchanged sources takes the bundles
 * from sitegen's cache folder and writes the same bytes; a changed template, stylesheet or client
 * script, a new source file, or a broken cache entry is never served stale.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
let cache: string;
let run = 0;

/** Builds the project into a new folder with the test's cache; returns the folder. */
async function build(): Promise<string> {
  const out = path.join(temp.dir, `out-${++run}`);
  const result = await sitegen(['build', '--root', project, '--out', out, '-q'], {
    env: { SITEGEN_CACHE_DIR: cache },
  });
  expect(result.code, result.stderr).toBe(0);
  return out;
}

/** Replaces every `search` in a project file (it must be there). */
function edit(file: string, search: string, replacement: string) {
  replaceInFile(path.join(project, file), search, replacement, { all: true });
}

/** Whether /artikel/ of the build in `out` shows `text`. */
const listShows = (out: string, text: string) =>
  readFileSync(path.join(out, 'artikel/index.html'), 'utf8').includes(text);

beforeAll(async () => {
  temp = await makeTempDir('sitegen-bundle-cache-');
  project = await copyProject(path.join(temp.dir, 'project'));
  cache = path.join(temp.dir, 'cache');
  // The bundles are what this file looks at: a cache of its own, with the shipped site's cards
  // and images from the run's shared cache, so no build here draws one.
  for (const folder of ['cards', 'images'].filter((name) =>
    existsSync(path.join(sharedCacheDir(), name)),
  ))
    cpSync(path.join(sharedCacheDir(), folder), path.join(cache, folder), { recursive: true });
});
afterAll(() => temp.remove());

describe('the bundle cache', () => {
  it('keeps the bundles of a build and gives the next build the same bytes', async () => {
    const first = await build();
    expect(existsSync(path.join(cache, 'bundles/site.json'))).toBe(true);
    const second = await build();
    expect(hashTree(second)).toEqual(hashTree(first));
  });

  it('bundles again when a template, the stylesheet or the client script changes', async () => {
    edit('src/templates/PagedCards.tsx', 'Muat Lebih Banyak Artikel', 'Muat Artikel Lain');
    expect(listShows(await build(), 'Muat Artikel Lain')).toBe(true);

    const before = hashTree(await build());
    edit('src/templates/styles.css', ':root {', ':root {\n  --cache-test: 1;');
    const styled = hashTree(await build());
    const css = (tree: Record<string, string>) => Object.keys(tree).find((f) => f.endsWith('.css'));
    expect(css(styled)).not.toBe(css(before));

    const js = (tree: Record<string, string>) => Object.keys(tree).find((f) => f.endsWith('.js'));
    edit('src/client/main.ts', 'const toggle = ', "document.title ||= 'x';\n  const toggle = ");
    const scripted = hashTree(await build());
    expect(js(scripted)).toBeDefined();
    expect(js(scripted)).not.toBe(js(styled));
  });

  it('bundles again when a source file appears, and after a broken cache entry', async () => {
    // A new file could be what an existing import now resolves to: any new name bundles again.
    writeFileSync(path.join(project, 'src/templates/unused-note.ts'), 'export const note = 1;\n');
    const out = await build();
    expect(listShows(out, 'Muat Artikel Lain')).toBe(true);

    writeFileSync(path.join(cache, 'bundles/site.json'), '{"key": "x", "inputs": ');
    edit('src/templates/PagedCards.tsx', 'Muat Artikel Lain', 'Muat Lagi');
    expect(listShows(await build(), 'Muat Lagi')).toBe(true);
  });
});
