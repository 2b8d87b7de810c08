import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { OUTPUT_MARKER } from './output-dir.ts';
import { stopHereForTest } from './signal-cleanup.ts';

/**
 * The commit of an incremental build that changes fewer files than it keeps: the changed files
 * are renamed from the temporary folder into the output folder one by one (rename(2) replaces a
 * file whole), the files no page makes any more (and any file sitegen did not write) are moved
 * out, and a new output marker is renamed in last: that rename is the commit. Its cost follows
 * the change, not the site: the kept files are never touched.
 *
 * At every moment each file of the output is whole and present, the previous one's or the new
 * one's: the files a page needs are moved in before the pages (assets, images and cards first,
 * then pages, then data and host files), and nothing is removed before everything is in. Each
 * file it replaces or removes is first linked into `PREVIOUS` inside the temporary folder, and a
 * journal beside the output lists what moves: a commit that fails puts every file back at
 * once; one killed midway (kill -9) is put back by the next build before it does anything
 * else (rollBack), so it starts from the previous output exactly.
 */

/** Inside the temporary folder: the replaced and removed files, until the commit. */
const PREVIOUS = '.previous';
/** Inside the temporary folder: the new output's marker, renamed over the old one to commit. */
const NEXT_MARKER = `${OUTPUT_MARKER}.next`;

interface Journal {
  written: string[];
  removed: string[];
}

/**
 * Commits in place (see above): `written` are in `tempDir` and move into `outDir`; `removed`
 * leave `outDir`; `marker` is the new output marker's text. Synchronous: no signal handler runs
 * between two renames. A failure puts everything back and throws. Writes disk.
 */
export function commitInPlace(
  paths: { outDir: string; tempDir: string; journal: string },
  written: string[],
  removed: string[],
  marker: string,
): void {
  const { outDir, tempDir, journal } = paths;
  const ordered = [...written].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  writeFileSync(path.join(tempDir, NEXT_MARKER), marker);
  writeFileSync(journal, JSON.stringify({ written: ordered, removed } satisfies Journal));
  try {
    for (const [index, file] of ordered.entries()) {
      if (index === Math.floor(ordered.length / 2)) stopHereForTest('mid-commit');
      moveIn(file, outDir, tempDir);
    }
    for (const file of removed) moveOut(file, outDir, tempDir);
    for (const file of removed) removeEmptyFolders(outDir, file);
    renameSync(path.join(tempDir, NEXT_MARKER), path.join(outDir, OUTPUT_MARKER));
  } catch (error) {
    rollBack(journal, outDir, tempDir);
    throw error;
  }
  rmSync(journal, { force: true });
}

/**
 * The order files move in: what pages link to first (assets, images, cards), then the pages,
 * then the data the script reads and the host files, which name pages. Pure.
 */
function rank(file: string): number {
  if (!file.includes('/') && !file.endsWith('.html')) return 3;
  if (file.endsWith('.html')) return 1;
  if (file.endsWith('.json')) return 2;
  return 0;
}

function moveIn(file: string, outDir: string, tempDir: string) {
  const target = path.join(outDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (exists(target)) keepPrevious(file, outDir, tempDir);
  renameSync(path.join(tempDir, file), target);
}

function moveOut(file: string, outDir: string, tempDir: string) {
  if (!exists(path.join(outDir, file))) return;
  const previous = path.join(tempDir, PREVIOUS, file);
  mkdirSync(path.dirname(previous), { recursive: true });
  renameSync(path.join(outDir, file), previous);
}

/** Links the output's `file` into PREVIOUS (it stays in the output). */
function keepPrevious(file: string, outDir: string, tempDir: string) {
  const previous = path.join(tempDir, PREVIOUS, file);
  mkdirSync(path.dirname(previous), { recursive: true });
  linkSync(path.join(outDir, file), previous);
}

/**
 * Puts back what the in-place commit of `journal` moved, unless it reached its commit (its new
 * marker is no longer in `tempDir`); removes the journal. For a failed, interrupted or killed
 * commit. A journal of an older sitegen (a list of the kept files it had moved into its
 * temporary folder) is put back the same way. Writes disk.
 */
export function rollBack(journal: string, outDir: string, tempDir: string): void {
  const entries = readJournal(journal);
  if (Array.isArray(entries)) {
    for (const unit of entries.filter(isSafe)) restore(path.join(tempDir, unit), outDir, unit);
  } else if (entries && existsSync(path.join(tempDir, NEXT_MARKER))) {
    for (const file of entries.removed.filter(isSafe))
      restore(path.join(tempDir, PREVIOUS, file), outDir, file);
    for (const file of entries.written.filter(isSafe).reverse()) undoMoveIn(file, outDir, tempDir);
  }
  rmSync(journal, { force: true });
}

function readJournal(journal: string): unknown[] | Journal | undefined {
  try {
    const parsed = JSON.parse(readFileSync(journal, 'utf8'));
    if (Array.isArray(parsed)) return parsed;
    if (Array.isArray(parsed?.written) && Array.isArray(parsed?.removed)) return parsed;
  } catch {
    // No journal, or a torn one: a kill before it was written moved nothing.
  }
  return undefined;
}

/** Moves `source` back to the output's `file` when it is there and the output lacks it. */
function restore(source: string, outDir: string, file: string) {
  const target = path.join(outDir, file);
  if (!exists(source) || exists(target)) return;
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(source, target);
  } catch {
    // A file that cannot go back stays where it is; the rest still go back.
  }
}

/** Undoes moveIn of `file`: the previous file back over the new one, or the new one removed. */
function undoMoveIn(file: string, outDir: string, tempDir: string) {
  if (exists(path.join(tempDir, file))) return;
  const target = path.join(outDir, file);
  const previous = path.join(tempDir, PREVIOUS, file);
  try {
    if (exists(previous)) renameSync(previous, target);
    else {
      rmSync(target, { force: true });
      removeEmptyFolders(outDir, file);
    }
  } catch {
    // As in restore.
  }
}

/** Removes the folders above `file` inside `outDir` that are empty, deepest first. */
function removeEmptyFolders(outDir: string, file: string) {
  for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) {
    try {
      rmdirSync(path.join(outDir, dir));
    } catch {
      return;
    }
  }
}

function exists(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}

/** Whether a journal's relative path stays inside its folder (a journal is only ever ours). */
function isSafe(unit: unknown): unit is string {
  return (
    typeof unit === 'string' &&
    unit !== '' &&
    !path.isAbsolute(unit) &&
    !unit.split(/[\\/]/).includes('..')
  );
}
