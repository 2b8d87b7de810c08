import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * sitegen's cache folder for a project: `given` ($SITEGEN_CACHE_DIR) when set, else
 * `<root>/node_modules/.cache/sitegen`, the folder build tools share by convention. Pure.
 */
export function cacheDirOf(root: string, given?: string): string {
  return given ?? path.join(root, 'node_modules', '.cache', 'sitegen');
}

/**
 * Where `sitegen watch` writes when no --out is given: a folder of its own in the cache,
 * never dist/, because the dev site holds drafts and dist/ is what gets deployed. Pure.
 */
export function devOutDirOf(root: string, cacheDir?: string): string {
  return path.join(cacheDirOf(root, cacheDir), 'dev');
}

/**
 * Stores `bytes` as `file` in sitegen's cache (cards, article images), best effort: written
 * under a temporary name unique to this call, then renamed, so a reader never sees half a
 * file and two writers of one entry do not collide. A cache that cannot be written
 * (read-only, full, not a folder) only means doing the work again next time: nothing is
 * thrown, and the temporary file, if any, is removed.
 */
export async function storeInCache(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}
