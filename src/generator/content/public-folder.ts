import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { readSourceBytes, readSourceFile } from './read-source-file.ts';

/** The folder of the maintainer's static files, beside src/: copied to the output as they are. */
export const PUBLIC_DIR = 'public';

/** Top-level files of public/ that are merged with sitegen's own, never copied. */
export const MERGED_HOST_FILES = ['_headers', '_redirects'] as const;

/** The one hidden folder that is copied: RFC 8615's well-known URIs (security.txt, …). */
const WELL_KNOWN = '.well-known';

/** One file of public/, as the output gets it. */
export interface PublicFile {
  /** Its path in the output, which is its path under public/ ("img/logo.png"). */
  path: string;
  /** Its path from the project root, for messages ("public/img/logo.png"). */
  source: string;
  bytes: Buffer;
  /** SHA-1 of the bytes. */
  digest: string;
}

/** What public/ holds, read once per run. */
export interface PublicFolder {
  /** Every file to copy, folder by folder in name order. */
  files: PublicFile[];
  /** The text of public/_headers, when there is one (merged into sitegen's _headers). */
  headers?: string;
  /** The text of public/_redirects, when there is one (merged into sitegen's _redirects). */
  redirects?: string;
  /** Links, special files and unreadable files: each refused, by its source path. */
  problems: Problem[];
}

/**
 * Whether a name in public/ is left out of the output: hidden names (but `.well-known` at the
 * top), editor backups (`name~`, `#name#`) and the folder files of Windows (`Thumbs.db`,
 * `desktop.ini`). macOS's `.DS_Store` is hidden. Pure.
 */
export function isSkippedPublicName(name: string, isTop: boolean): boolean {
  if (name.startsWith('.')) return !(isTop && name === WELL_KNOWN);
  if (name.endsWith('~') || /^#.*#$/.test(name)) return true;
  return name === 'Thumbs.db' || name === 'desktop.ini';
}

/**
 * Reads `root`/public: every regular file at any depth that isSkippedPublicName keeps, with its
 * bytes and digest, and public/_headers and public/_redirects as text (merged, not copied).
 * A symbolic link (file or folder) or a special file is a problem, never followed: a link could
 * publish any file the build can read. A missing public/ is an empty folder. Reads disk.
 */
export function readPublicFolder(root: string): PublicFolder {
  const folder: PublicFolder = { files: [], problems: [] };
  const top = path.join(root, PUBLIC_DIR);
  const info = lstatSync(top, { throwIfNoEntry: false });
  if (!info) return folder;
  if (!info.isDirectory()) {
    const what = info.isSymbolicLink() ? 'a symbolic link' : 'not a folder';
    folder.problems.push({
      file: PUBLIC_DIR,
      message: `is ${what}; public/ must be a plain folder of the files to copy into the output`,
    });
    return folder;
  }
  walk(top, '', folder);
  return folder;
}

/** Reads the folder `dir` (`prefix`: its path under public/, "" or "img/") into `folder`. */
function walk(dir: string, prefix: string, folder: PublicFolder) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort(byName);
  for (const entry of entries) {
    if (isSkippedPublicName(entry.name, prefix === '')) continue;
    const outputPath = `${prefix}${entry.name}`;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${outputPath}/`, folder);
    else if (prefix === '' && isMergedHostFile(entry.name)) readMerged(full, entry.name, folder);
    else readFile(full, outputPath, folder);
  }
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function isMergedHostFile(name: string): name is (typeof MERGED_HOST_FILES)[number] {
  return (MERGED_HOST_FILES as readonly string[]).includes(name);
}

/** One file to copy, or its problem (readSourceBytes refuses links and special files). */
function readFile(full: string, outputPath: string, folder: PublicFolder) {
  const source = `${PUBLIC_DIR}/${outputPath}`;
  const bytes = readSourceBytes(full, 'a public file');
  if (bytes === null) folder.problems.push({ file: source, message: 'cannot be read' });
  else if (!Buffer.isBuffer(bytes)) folder.problems.push({ file: source, message: bytes.problem });
  else {
    const digest = createHash('sha1').update(bytes).digest('hex');
    folder.files.push({ path: outputPath, source, bytes, digest });
  }
}

/**
 * public/_headers or public/_redirects as UTF-8 text (readSourceFile: a regular file, strict
 * UTF-8, the first bad byte named), a byte-order mark dropped; or its problem.
 */
function readMerged(full: string, name: (typeof MERGED_HOST_FILES)[number], folder: PublicFolder) {
  const source = `${PUBLIC_DIR}/${name}`;
  const text = readSourceFile(full, source);
  if (text === null) folder.problems.push({ file: source, message: 'cannot be read' });
  else if (typeof text !== 'string') folder.problems.push({ file: source, message: text.problem });
  else if (name === '_headers') folder.headers = text.replace(/^\uFEFF/, '');
  else folder.redirects = text.replace(/^\uFEFF/, '');
}
