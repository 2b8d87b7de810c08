import { copyFileSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What an incremental build knows of the files of the previous output, and how it takes the
 * unchanged ones along. Each file sitegen wrote is known by its stamp (size, inode, change
 * time): any write, chmod, rename or replacement of the file since the build that wrote it
 * changes its ctime or inode, so a file edited by hand, even to the same size with its mtime
 * set back, is never taken for the one sitegen wrote. Kept files either stay where they are
 * (in-place-commit.ts) or are hard-linked into a new folder swapped in whole (linkKept): the
 * previous output is never emptied, so a kill at any moment leaves every one of its files
 * where it was.
 */

/**
 * A kept file was no longer in the output folder when the build took it (someone deleted it
 * by hand): the output is untouched, and the build can be done again in full.
 */
export class KeptFileMissing extends Error {
  constructor(readonly unit: string) {
    super(`${unit} is missing from the previous output`);
  }
}

/** The journal of the in-place commit of process `pid` into `outDir`. Pure. */
export function journalOf(outDir: string, pid: number): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.moved-${pid}`);
}

/**
 * A file's stamp: its size, inode and change time (ns). Undefined when it is not a regular
 * file (missing, a folder, a link). Reads disk.
 */
export function stampOf(file: string): string | undefined {
  const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  return `${stats.size}:${stats.ino}:${stats.ctimeNs}`;
}

/**
 * Hard-links each of `files` (relative paths with "/") from `from` into `to`, making their
 * folders; a copy where the file system refuses a link. The files stay in `from` as they were.
 * A missing file throws KeptFileMissing. Writes disk.
 */
export function linkKept(files: Iterable<string>, from: string, to: string): void {
  const made = new Set<string>();
  for (const file of files) {
    const source = path.join(from, file);
    const target = path.join(to, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    try {
      linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new KeptFileMissing(file);
      if (code !== 'EXDEV' && code !== 'EMLINK' && code !== 'EPERM') throw error;
      copyFileSync(source, target);
    }
  }
}

/**
 * Every file under `dir` (relative paths with "/"), not following symbolic links (a link is
 * listed as a file), `skip` left out at the top. Reads disk.
 */
export function listTree(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const files: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      if (prefix === '' && skip.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${relative}/`);
      else files.push(relative);
    }
  };
  walk(dir, '');
  return files;
}
