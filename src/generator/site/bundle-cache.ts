import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import { storeInCache } from '../output/cache-file.ts';
import type { Bundles } from './bundles.ts';

/**
 * The last one-shot build's bundles, kept in sitegen's cache folder (`bundles/site.json`) with
 * what esbuild read to make them: the next build whose sources are the same takes them from
 * there instead of starting esbuild. "The same" is checked, never assumed: the same options and
 * versions (`key`), the same bytes of every file esbuild read (a SHA-256 each), and the same
 * names in src/templates, src/client and src/content outside the articles (a file added where
 * an import could now resolve to it). Any doubt, or an unreadable entry, bundles again.
 *
 * An entry holds the digest of the very bytes esbuild bundled: a plugin loads each file for
 * esbuild and hashes what it hands over (recordBundle), so a file saved during the bundle can
 * never be stored under its new digest with the old bundle. The names are hashed before the
 * bundle: one added or removed during it makes the entry miss next time. A symbolic link
 * under those folders is neither followed nor hashed (its target may be outside the project,
 * or a loop), and a name added behind it could change what an import resolves to unseen: with
 * one there, nothing is read from or stored in the cache (esbuild still bundles through it).
 */
export type CachedBundles = Omit<Bundles, 'favicon'>;

interface Entry {
  /** FORMAT: an entry of an older sitegen may hold a stale bundle, and is never read. */
  format: number;
  key: string;
  /** Root-relative path → SHA-256 of its bytes, for every file esbuild read. */
  inputs: Record<string, string>;
  /** SHA-256 of the names under the source folders. */
  names: string;
  bundles: CachedBundles;
}

/** What one bundle run needs to be stored: the names before it, the bytes esbuild loaded. */
export interface BundleRecording {
  /** Loads every file esbuild bundles (in the file namespace) and records its digest. */
  plugin: Esbuild.Plugin;
  /** hashNames before the bundle; undefined: not to be stored (a link, an unreadable folder). */
  names: string | undefined;
  /** Real absolute path → SHA-256 of the bytes the plugin handed esbuild. */
  loaded: Map<string, string>;
}

const FORMAT = 2;
const ENTRY = path.join('bundles', 'site.json');
const SOURCE_FOLDERS = ['src/templates', 'src/client', 'src/content'];
/** Read by the generator, not by esbuild: articles never change the bundles. */
const NOT_BUNDLED = 'src/content/articles';

/**
 * Tests only: awaited after esbuild has made the bundles and before they are stored, the window
 * a save during a build falls in (tests/cli/bundle-cache.test.ts).
 */
export const bundleCacheHooks: { beforeStore?: () => void | Promise<void> } = {};

/** The cached bundles for `key`, when every input is unchanged; undefined otherwise. */
export async function readCachedBundles(
  root: string,
  cacheDir: string,
  key: string,
): Promise<CachedBundles | undefined> {
  try {
    const entry = JSON.parse(await readFile(path.join(cacheDir, ENTRY), 'utf8')) as Entry;
    if (entry.format !== FORMAT || entry.key !== key) return undefined;
    const inputs = Object.entries(entry.inputs);
    // Read at once: one after the other cost a turn of the event loop per file.
    const [names, ...digests] = await Promise.all([
      hashNames(root),
      ...inputs.map(([file]) => hashFile(path.join(root, file))),
    ]);
    // A link among the names (undefined) never matches.
    if (names !== entry.names) return undefined;
    return inputs.every(([, digest], i) => digests[i] === digest) ? entry.bundles : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the record of one bundle run (see BundleRecording); call it before esbuild starts. */
export async function recordBundle(root: string): Promise<BundleRecording> {
  const loaded = new Map<string, string>();
  const plugin: Esbuild.Plugin = {
    name: 'sitegen-bundle-inputs',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        // An import attribute picks the loader ('default' would ignore it): esbuild loads that
        // file itself, unrecorded, and the bundles are not stored.
        if (Object.keys(args.with).length > 0) return undefined;
        // Unreadable: esbuild tries, and reports it in its own words.
        const contents = await readFile(args.path).catch(() => undefined);
        if (!contents) return undefined;
        loaded.set(args.path, sha256(contents));
        return { contents, loader: 'default' };
      });
    },
  };
  return { plugin, names: await hashNames(root).catch(() => undefined), loaded };
}

/**
 * Stores `bundles`, made from `inputs` (root-relative, as esbuild's metafile names them) in the
 * run `recording` saw, for the next build. Nothing is stored when any input was not loaded
 * through the recording's plugin, or the names could not be hashed. Best effort.
 */
export async function storeBundles(
  root: string,
  cacheDir: string,
  key: string,
  { inputs, recording }: { inputs: string[]; recording: BundleRecording },
  bundles: CachedBundles,
): Promise<void> {
  await bundleCacheHooks.beforeStore?.();
  const { names, loaded } = recording;
  if (names === undefined) return;
  try {
    // The metafile's paths are relative to the real folder of the project, as esbuild sees it.
    const real = await realpath(root);
    const digests: Record<string, string> = {};
    for (const file of inputs) {
      const digest = loaded.get(path.resolve(real, file));
      if (digest === undefined) return;
      digests[file] = digest;
    }
    const entry: Entry = { format: FORMAT, key, inputs: digests, names, bundles };
    await storeInCache(path.join(cacheDir, ENTRY), Buffer.from(JSON.stringify(entry)));
  } catch {
    // The project folder vanished meanwhile: the next build bundles again.
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function hashFile(file: string): Promise<string> {
  return sha256(await readFile(file));
}

/**
 * SHA-256 of every file and folder name under SOURCE_FOLDERS, the articles left out; undefined
 * when there is a symbolic link among them (never followed: see the top of this file).
 */
async function hashNames(root: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  for (const folder of SOURCE_FOLDERS) {
    const names = await namesUnder(root, folder);
    if (names === undefined) return undefined;
    for (const name of names.sort()) hash.update(`${name}\n`);
  }
  return hash.digest('hex');
}

/**
 * The root-relative names of everything under `folder` but NOT_BUNDLED, never through a
 * symbolic link: undefined when `folder` is one or holds one, [] when it is not a folder.
 */
async function namesUnder(root: string, folder: string): Promise<string[] | undefined> {
  const info = await lstat(path.join(root, folder)).catch(() => undefined);
  if (info?.isSymbolicLink()) return undefined;
  if (!info?.isDirectory()) return [];
  const names: string[] = [];
  const folders = [folder];
  for (let dir = folders.pop(); dir !== undefined; dir = folders.pop()) {
    for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
      const name = `${dir}/${entry.name}`;
      if (name === NOT_BUNDLED) continue;
      if (entry.isSymbolicLink()) return undefined;
      names.push(name);
      if (entry.isDirectory()) folders.push(name);
    }
  }
  return names;
}
