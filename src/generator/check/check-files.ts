import { createHash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.ts';

/**
 * The files of a built folder as `sitegen check` reads them: only regular files, each at most
 * MAX_FILE_BYTES, read through one reader that turns what it cannot read into a problem (a FIFO
 * would block the read forever, a 3 GB file throws); and the files no built folder may hold.
 */

/**
 * The most one file of a built folder may have: GitHub refuses a file over 100 MB, and nothing
 * sitegen writes comes near it (a sitemap file holds at most 50 MB).
 */
export const MAX_FILE_BYTES = 100 * 1000 * 1000;

/** A built folder's files and the one way check reads them. */
export interface OutputFiles {
  /** The folder's real path. */
  root: string;
  /** Every regular file (or link to one), relative to root with "/", sorted. */
  files: string[];
  /** The file's bytes; undefined, with its problem added once, when it cannot be read. */
  read(file: string): Buffer | undefined;
  /**
   * The file's bytes, or why it cannot be read, which is added to the problems only when the
   * caller passes it to `refuse` (so a problem keeps its place among the others).
   */
  tryRead(file: string): Buffer | { problem: string };
  /** Adds the problem of a file that cannot be read, once per file. */
  refuse(file: string, problem: string): void;
  /** The file as UTF-8 text, or undefined as `read`. */
  readText(file: string): string | undefined;
  /** What the listing and the reads refused so far, one problem per file. */
  problems: Problem[];
  /**
   * Whether the listing found only regular files and folders, every one read: no symbolic link,
   * nothing refused. Then a URL leads to the file the listing says (check-site.ts findFile).
   */
  isPlain: boolean;
}

/** Lists `root` (a missing folder has no files) and returns its reader. Reads disk. */
export function outputFiles(root: string): OutputFiles {
  const problems: Problem[] = [];
  const refused = new Set<string>();
  const refuse = (file: string, message: string) => {
    if (refused.has(file)) return;
    refused.add(file);
    problems.push({ file, message, built: true });
  };
  let isPlain = true;
  const files = existsSync(root)
    ? listFiles(root, refuse, () => {
        isPlain = false;
      })
    : [];
  isPlain &&= problems.length === 0;
  const tryRead = (file: string): Buffer | { problem: string } => {
    const full = path.join(root, file);
    try {
      const info = statSync(full);
      const problem = info.isFile() ? sizeProblem(info.size) : specialProblem(info, false);
      return problem ? { problem } : readFileSync(full);
    } catch (error) {
      return { problem: readProblem(error as NodeJS.ErrnoException) };
    }
  };
  const read = (file: string): Buffer | undefined => {
    if (refused.has(file)) return undefined;
    const bytes = tryRead(file);
    if (Buffer.isBuffer(bytes)) return bytes;
    return void refuse(file, bytes.problem);
  };
  return {
    root,
    files,
    read,
    tryRead,
    refuse,
    readText: (file) => read(file)?.toString('utf8'),
    problems,
    isPlain,
  };
}

/**
 * Every regular file under `root`, sorted; anything else (a FIFO, a socket, a device, a link to
 * one or to a folder, a dangling link) goes to `refuse` and is never opened; `onLink` is told of
 * a symbolic link. Reads disk.
 */
function listFiles(
  root: string,
  refuse: (file: string, message: string) => void,
  onLink: () => void,
): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const folder = path.relative(root, dir).split(path.sep).join('/') || '.';
      return refuse(`${folder}/`, readProblem(error as NodeJS.ErrnoException));
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const file = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        // Every file is weighed, read or not: a host refuses a large video as it does a page.
        const tooLarge = sizeProblem(statSync(full).size);
        if (tooLarge) refuse(file, tooLarge);
        else out.push(file);
      } else {
        if (entry.isSymbolicLink()) onLink();
        const problem = linkProblem(entry, full);
        if (problem) refuse(file, problem);
        else out.push(file);
      }
    }
  };
  walk(root);
  return out.sort();
}

/** Why an entry that is neither a file nor a folder is refused; undefined for a link to a file. */
function linkProblem(entry: Dirent, full: string): string | undefined {
  if (!entry.isSymbolicLink()) return specialProblem(entryKind(entry), false);
  try {
    const target = statSync(full);
    return target.isFile() ? undefined : specialProblem(target, true);
  } catch {
    return 'is a symbolic link to nothing (its target is missing); expected only files and folders in a built folder';
  }
}

/** What a node is, for a message, from a Dirent or a Stats. */
function entryKind(entry: Dirent | Stats): string {
  if (entry.isFIFO()) return 'a FIFO (named pipe)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice()) return 'a character device';
  if (entry.isBlockDevice()) return 'a block device';
  if (entry.isDirectory()) return 'a folder';
  return 'not a regular file';
}

function specialProblem(node: Dirent | Stats | string, isLink: boolean): string {
  const kind = typeof node === 'string' ? node : entryKind(node);
  const shown = isLink ? `a symbolic link to ${kind}` : kind;
  return `is ${shown}, not a file; expected only files and folders in a built folder`;
}

function sizeProblem(size: number): string | undefined {
  if (size <= MAX_FILE_BYTES) return undefined;
  return `is ${formatSize(size)}, over the ${formatSize(MAX_FILE_BYTES)} a file of a built folder may have (GitHub Pages refuses larger files); expected pages and data far smaller`;
}

/** "3.00 GB", "100 MB": decimal units, as hosts state their limits. Pure. */
function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  return `${Math.round(bytes / 1e6)} MB`;
}

function readProblem(error: NodeJS.ErrnoException): string {
  const reason = error.code === 'EACCES' ? ' (a host answers 403)' : '';
  return `cannot be read: ${error.code ?? error.message}${reason}; expected a file anyone may read`;
}

/**
 * The files a host must never serve: environment files (`.env`, `.env.production`), which hold
 * secrets, and source maps (`*.map`), which publish the source they map. One problem each. Pure.
 */
export function unpublishableFiles(files: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    const name = path.posix.basename(file);
    if (/^\.env(\..*)?$/.test(name))
      problems.push({
        file,
        message:
          'is an environment file, which holds secrets; expected none in a built folder (a host serves it to anyone who asks)',
        built: true,
      });
    else if (name.endsWith('.map'))
      problems.push({
        file,
        message:
          'is a source map, which publishes the source it maps; expected none in a built folder',
        built: true,
      });
  }
  return problems;
}

/** A name assets/assets.ts `fingerprint` gives: `stem.<first 10 hex of the SHA-256>.ext`. */
const FINGERPRINTED = /^assets\/.+\.([0-9a-f]{10})\.[a-z0-9]+$/;

/**
 * Every file under assets/ whose name carries a fingerprint (assets/assets.ts: the stylesheet,
 * the script, the icon, the images' renditions, the lists' card files and the search index)
 * against the SHA-256 of its bytes: a file changed or cut off after the build keeps its name,
 * and a browser that cached the name for a year (the `_headers` rule for assets/) never sees a
 * fix. One problem per file that does not match. Reads the files.
 */
export function fingerprintProblems(output: OutputFiles): Problem[] {
  const problems: Problem[] = [];
  for (const file of output.files) {
    const named = FINGERPRINTED.exec(file)?.[1];
    if (named === undefined) continue;
    const bytes = output.read(file);
    if (bytes === undefined) continue;
    const actual = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    if (actual !== named)
      problems.push({
        file,
        message: `its bytes do not match the fingerprint in its name (their SHA-256 starts ${actual}): it was changed or cut off after sitegen build wrote it; build again`,
        built: true,
      });
  }
  return problems;
}
