import { realpathSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sitegenError } from '../errors/errors.ts';
import { CacheFolderRefused } from '../errors/errors-data.ts';

/**
 * sitegen's cache folder for a project: `given` ($SITEGEN_CACHE_DIR) when set, else
 * `<root>/node_modules/.cache/sitegen`, the folder build tools share by convention. Pure.
 */
export function cacheDirOf(root: string, given?: string): string {
  return given ?? path.join(root, 'node_modules', '.cache', 'sitegen');
}

/**
 * Why `cacheDir` may not be the cache folder of the project at `root` whose output folder is
 * `outDir`, or undefined. The cache is never published: its build manifests hold absolute paths
 * and the titles of drafts. So it is not the project folder, nor inside src/, public/ (copied
 * into the output), `<root>/dist` or `outDir`; and, unless `outputMayBeInside` (watch, whose dev
 * site is the cache's dev/), the output folder is not inside it (nor the cache itself). Every
 * path absolute. Pure.
 */
export function cacheDirRefusal(
  cacheDir: string,
  project: { root: string; outDir: string; outputMayBeInside: boolean },
): string | undefined {
  const { root, outDir } = project;
  if (cacheDir === root) return 'the project folder';
  for (const folder of ['src', 'public'])
    if (isWithin(cacheDir, path.join(root, folder))) return `inside ${folder}/`;
  for (const output of new Set([outDir, path.join(root, 'dist')])) {
    // An output folder around the project (--out /, --out ..) is output-dir.ts's to refuse.
    if (isWithin(root, output)) continue;
    if (isWithin(cacheDir, output)) return `inside the output folder ${output}`;
  }
  if (!project.outputMayBeInside && isWithin(outDir, cacheDir))
    return `with the output folder ${outDir} inside it`;
  return undefined;
}

/**
 * Throws CacheFolderRefused when cacheDirRefusal refuses the cache folder (`given`:
 * $SITEGEN_CACHE_DIR, else the default) of a build or watch, with symbolic links followed in the
 * part of each path that exists. An empty `outDir` is left to the output folder's own refusal.
 * Reads disk.
 */
export function assertCacheDirAllowed(project: {
  root: string;
  outDir: string;
  cacheDir?: string;
  outputMayBeInside: boolean;
}): void {
  if (project.outDir.trim() === '') return;
  const cacheDir = cacheDirOf(project.root, project.cacheDir);
  const why = cacheDirRefusal(realPathOf(cacheDir), {
    root: realPathOf(project.root),
    outDir: realPathOf(path.resolve(project.outDir)),
    outputMayBeInside: project.outputMayBeInside,
  });
  if (why === undefined) return;
  const cache =
    project.cacheDir === undefined
      ? `the cache folder ${cacheDir} (SITEGEN_CACHE_DIR is unset)`
      : `SITEGEN_CACHE_DIR is ${cacheDir}`;
  throw sitegenError(CacheFolderRefused, { cache, why });
}

/** Whether `child` is `parent` or inside it (absolute paths). Pure. */
function isWithin(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  if (relative === '') return true;
  const isAbove = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !isAbove && !path.isAbsolute(relative);
}

/** The real path of `file`, following symbolic links in the part of it that exists. Reads disk. */
function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(realPathOf(parent), path.basename(file));
  }
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
  // Random enough to keep two threads of one process apart; node:crypto would slow every start.
  const temporary = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}
