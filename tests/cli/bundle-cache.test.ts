/**
 * The bundle cache (site/bundle-cache.ts): a second build of unchanged sources takes the bundles
 * from sitegen's cache folder and writes the same bytes; a changed template, stylesheet or client
 * script, a new source file, a broken cache entry or a save during the build is never served
 * stale; `--fresh` bundles again; a symbolic link under the sources is never followed.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleCacheHooks } from '../../src/generator/site/bundle-cache.ts';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
let cache: string;
let run = 0;

/** Builds the project into a new folder with the test's cache; returns the folder. */
async function build(...args: string[]): Promise<string> {
  const out = path.join(temp.dir, `out-${++run}`);
  const result = await sitegen(['build', '--root', project, '--out', out, '-q', ...args], {
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

const FOOTER = 'src/templates/SiteFooter.tsx';

/** Whether the home page of the build in `out` shows `text` (the footer is on every page). */
const homeShows = (out: string, text: string) =>
  readFileSync(path.join(out, 'index.html'), 'utf8').includes(text);

/** SHA-256 of a project file's bytes, as the cache entry records them. */
const digestOf = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(project, file)))
    .digest('hex');

/** The cache entry: the digest it holds for each input, and the site module it keeps. */
const readEntry = () =>
  JSON.parse(readFileSync(path.join(cache, 'bundles/site.json'), 'utf8')) as {
    inputs: Record<string, string>;
    bundles: { siteCode: string };
  };

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
// The module graph is shared with other files (isolate: false): no hook outlives its test.
afterEach(() => {
  bundleCacheHooks.beforeStore = undefined;
});

describe('the bundle cache', () => {
  it('keeps the bundles of a build and gives the next build the same bytes', async () => {
    let bundled = 0;
    bundleCacheHooks.beforeStore = () => {
      bundled++;
    };
    const first = await build();
    expect(existsSync(path.join(cache, 'bundles/site.json'))).toBe(true);
    const second = await build();
    expect(hashTree(second)).toEqual(hashTree(first));
    // The second build took the bundles from the cache: esbuild ran once.
    expect(bundled).toBe(1);
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

describe('a save while the build bundles', () => {
  it('is never stored under the bundle made before it: the next build shows it', async () => {
    // The cache must miss for the hook to run: the footer is new to it.
    edit(FOOTER, 'Situs informasi;', 'Situs sebelum;');
    const bundledBytes = digestOf(FOOTER);
    let saved = false;
    bundleCacheHooks.beforeStore = () => {
      edit(FOOTER, 'Situs sebelum;', 'Situs sesudah;');
      saved = true;
    };
    const during = await build();
    expect(saved).toBe(true);
    // The build shows what esbuild read, and the entry keeps that bundle under those bytes.
    expect(homeShows(during, 'Situs sebelum;')).toBe(true);
    expect.soft(readEntry().inputs[FOOTER]).toBe(bundledBytes);
    expect.soft(readEntry().bundles.siteCode).toContain('Situs sebelum;');

    bundleCacheHooks.beforeStore = undefined;
    const after = await build();
    expect(homeShows(after, 'Situs sesudah;')).toBe(true);
    expect(readEntry().inputs[FOOTER]).toBe(digestOf(FOOTER));
    expect(readEntry().bundles.siteCode).toContain('Situs sesudah;');
  });

  it('--fresh bundles again past an entry that holds an old bundle under new bytes', async () => {
    await build();
    // What an older sitegen stored after such a save: the new bytes' digest, the old bundle.
    edit(FOOTER, 'Situs sesudah;', 'Situs segar;');
    const entry = readEntry();
    entry.inputs[FOOTER] = digestOf(FOOTER);
    writeFileSync(path.join(cache, 'bundles/site.json'), JSON.stringify(entry));

    expect(homeShows(await build('--fresh'), 'Situs segar;')).toBe(true);
    // ...and stores what it bundled, so the builds after it are right too.
    expect(homeShows(await build(), 'Situs segar;')).toBe(true);
  });
});

describe('a symbolic link under the sources', () => {
  const links: string[] = [];
  /** Makes `name` (project-relative) a symbolic link to `target`, removed after the test. */
  const link = (target: string, name: string) => {
    symlinkSync(target, path.join(project, name));
    links.push(path.join(project, name));
  };
  afterEach(() => {
    for (const file of links.splice(0)) unlinkSync(file);
  });

  it('is not followed: a loop of links does not stop the build', async () => {
    // Two links to their own folder: following them lists 2^40 names before ELOOP.
    link('.', 'src/templates/loop-a');
    link('.', 'src/templates/loop-b');
    link('..', 'src/client/up');
    expect(homeShows(await build(), 'class="site-footer"')).toBe(true);
    expect(homeShows(await build(), 'class="site-footer"')).toBe(true);
  });

  it('to a folder outside the project: a file added there is never served stale', async () => {
    const shared = path.join(temp.dir, 'shared');
    mkdirSync(shared);
    writeFileSync(path.join(shared, 'note.ts'), "export const note = 'Catatan satu';\n");
    link(shared, 'src/templates/shared');
    const footer = path.join(project, FOOTER);
    const undo = [
      replaceInFile(
        footer,
        "from './paths.ts';",
        "from './paths.ts';\nimport { note } from './shared/note';",
      ),
      replaceInFile(footer, '<div className="container">', '<div className="container">\n{note}'),
    ];
    try {
      expect(homeShows(await build(), 'Catatan satu')).toBe(true);
      // note.tsx comes before note.ts in esbuild's order: the import now resolves to it.
      writeFileSync(path.join(shared, 'note.tsx'), "export const note = 'Catatan dua';\n");
      expect(homeShows(await build(), 'Catatan dua')).toBe(true);
    } finally {
      for (const restore of undo.reverse()) restore();
    }
  });

  it('above them, a linked project folder, still keeps the bundles', async () => {
    const linked = path.join(temp.dir, 'linked-project');
    symlinkSync(project, linked);
    let bundled = 0;
    bundleCacheHooks.beforeStore = () => {
      bundled++;
    };
    edit(
      FOOTER,
      '<footer className="site-footer"',
      '<footer data-linked="" className="site-footer"',
    );
    for (const _ of [1, 2]) {
      const out = path.join(temp.dir, `out-${++run}`);
      const result = await sitegen(['build', '--root', linked, '--out', out, '-q'], {
        env: { SITEGEN_CACHE_DIR: cache },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(homeShows(out, '<footer data-linked=""')).toBe(true);
    }
    // esbuild names the entry from the real folder ('../project/…'): stored once, then reused.
    expect(bundled).toBe(1);
  });
});
