import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { storeInCache } from '../output/cache-file.ts';
import type { Bundles } from './bundle-site.ts';

/**
 * The last one-shot build's bundles, kept in sitegen's cache folder (`bundles/site.json`) with
 * what esbuild read to make them: the next build whose sources are the same takes them from
 * there instead of starting esbuild. "The same" is checked, never assumed: the same options and
 * versions (`key`), the same bytes of every file esbuild read (a SHA-256 each), and the same
 * names in src/templates, src/client and src/content outside the articles (a file added where
 * an import could now resolve to it). Any doubt, or an unreadable entry, bundles again.
 */
export type CachedBundles = Omit<Bundles, 'favicon'>;

interface Entry {
  key: string;
  /** Root-relative path → SHA-256 of its bytes, for every file esbuild read. */
  inputs: Record<string, string>;
  /** SHA-256 of the names under the source folders. */
  names: string;
  bundles: CachedBundles;
}

const ENTRY = path.join('bundles', 'site.json');
const SOURCE_FOLDERS = ['src/templates', 'src/client', 'src/content'];
/** Read by the generator, not by esbuild: articles never change the bundles. */
const NOT_BUNDLED = 'src/content/articles';

/** The cached bundles for `key`, when every input is unchanged; undefined otherwise. */
export async function readCachedBundles(
  root: string,
  cacheDir: string,
  key: string,
): Promise<CachedBundles | undefined> {
  try {
    const entry = JSON.parse(await readFile(path.join(cacheDir, ENTRY), 'utf8')) as Entry;
    if (entry.key !== key) return undefined;
    const inputs = Object.entries(entry.inputs);
    // Read at once: one after the other cost a turn of the event loop per file.
    const [names, ...digests] = await Promise.all([
      hashNames(root),
      ...inputs.map(([file]) => hashFile(path.join(root, file))),
    ]);
    if (names !== entry.names) return undefined;
    return inputs.every(([, digest], i) => digests[i] === digest) ? entry.bundles : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `bundles`, made from `inputs` (root-relative), for the next build; best effort. */
export async function storeBundles(
  root: string,
  cacheDir: string,
  key: string,
  inputs: string[],
  bundles: CachedBundles,
): Promise<void> {
  try {
    const digests: Record<string, string> = {};
    for (const file of inputs) digests[file] = await hashFile(path.join(root, file));
    const entry: Entry = { key, inputs: digests, names: await hashNames(root), bundles };
    await storeInCache(path.join(cacheDir, ENTRY), Buffer.from(JSON.stringify(entry)));
  } catch {
    // A source that vanished meanwhile: the next build bundles again.
  }
}

async function hashFile(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/** SHA-256 of every file and folder name under SOURCE_FOLDERS, the articles left out. */
async function hashNames(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of SOURCE_FOLDERS) {
    const names = await readdir(path.join(root, folder), { recursive: true }).catch(() => []);
    for (const name of names.map(String).sort()) {
      const file = path.posix.join(folder, name.split(path.sep).join('/'));
      if (file !== NOT_BUNDLED && !file.startsWith(`${NOT_BUNDLED}/`)) hash.update(`${file}\n`);
    }
  }
  return hash.digest('hex');
}
