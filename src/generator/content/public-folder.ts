import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { quote } from '../policy/problems.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';
import { scriptFileProblems } from '../policy/script-files.ts';
import { readSourceBytes, readSourceFile } from './read-source-file.ts';

/** The folder of the maintainer's static files, beside src/: copied to the output as they are. */
export const PUBLIC_DIR = 'public';

/** Top-level files of public/ that are merged with sitegen's own, never copied. */
export const MERGED_HOST_FILES = ['_headers', '_redirects'] as const;

/**
 * The most one public file may have: what `sitegen check` allows a file of a built folder
 * (check-files.ts MAX_FILE_BYTES), as GitHub refuses a file over 100 MB.
 */
export const MAX_PUBLIC_FILE_BYTES = 100 * 1000 * 1000;

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

/** What the public files are held to besides their names and kinds. */
export interface PublicRules {
  /** The site's responsible-copy list, which every public page's text is held to. */
  phrases?: PhraseList;
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
 * Why a file named `name` in public/ is refused whatever it holds, or undefined: what a deploy
 * would regret publishing. Environment files (`.env`, `.env.production`, `prod.env`) hold
 * secrets, source maps (`app.js.map`) the sources, and private keys (`*.pem`, `*.key`, `*.p12`,
 * `*.pfx`, `id_rsa`, `id_ed25519`, …) the keys. In any letter case. Pure.
 */
export function refusedPublicName(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === '.env' || lower.startsWith('.env.') || lower.endsWith('.env'))
    return 'is an environment file, which holds secrets, and public/ is published as it is; keep it outside public/';
  if (lower.endsWith('.map'))
    return "is a source map, which publishes the sources it maps; keep it outside public/ (a browser's developer tools do not need it on the site)";
  if (/\.(pem|key|p12|pfx)$/.test(lower) || /^id_(rsa|dsa|ecdsa|ed25519)$/.test(lower))
    return 'is a private key (or a certificate bundle that may hold one), and public/ is published as it is; keep it outside public/';
  return undefined;
}

/**
 * The problems of public/_headers as text (its byte-order mark dropped): an indented header
 * line before any path line, which sitegen's _headers, followed by this file, would attach to
 * its own last rule (the feed's). Comment and blank lines are skipped. Pure.
 */
export function headersTextProblems(text: string): Problem[] {
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) return [];
    return [
      {
        file: `${PUBLIC_DIR}/_headers`,
        line: index + 1,
        column: 1,
        message: `is an indented header line (${quote(trimmed)}) before any path line; expected a path such as /ads.txt first, on a line of its own, and its headers indented below it (an indented first line would join the last rule of sitegen's _headers)`,
      },
    ];
  }
  return [];
}

/**
 * Reads `root`/public: every regular file at any depth that isSkippedPublicName keeps, with its
 * bytes and digest, and public/_headers and public/_redirects as text (merged, not copied).
 * A symbolic link (file or folder) or a special file is a problem, never followed: a link could
 * publish any file the build can read. So is a file refusedPublicName names, a file a browser
 * would run a script from (policy/script-files.ts: a public .html file is held to the page
 * rules and `rules.phrases`), a file over MAX_PUBLIC_FILE_BYTES (never read), and a
 * public/_headers that starts with an indented line. A missing public/ is an empty folder.
 * Reads disk.
 */
export function readPublicFolder(root: string, rules: PublicRules = {}): PublicFolder {
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
  walk(top, '', folder, rules);
  return folder;
}

/** Reads the folder `dir` (`prefix`: its path under public/, "" or "img/") into `folder`. */
function walk(dir: string, prefix: string, folder: PublicFolder, rules: PublicRules) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort(byName);
  for (const entry of entries) {
    const outputPath = `${prefix}${entry.name}`;
    const refused = entry.isDirectory() ? undefined : refusedPublicName(entry.name);
    if (refused) folder.problems.push({ file: `${PUBLIC_DIR}/${outputPath}`, message: refused });
    if (refused || isSkippedPublicName(entry.name, prefix === '')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${outputPath}/`, folder, rules);
    else if (prefix === '' && isMergedHostFile(entry.name)) readMerged(full, entry.name, folder);
    else readFile(full, outputPath, folder, rules);
  }
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function isMergedHostFile(name: string): name is (typeof MERGED_HOST_FILES)[number] {
  return (MERGED_HOST_FILES as readonly string[]).includes(name);
}

/**
 * One file to copy, or its problems: a file too large to publish (tooLarge, before any read),
 * readSourceBytes refuses links and special files, and scriptFileProblems a file a browser
 * would run a script from.
 */
function readFile(full: string, outputPath: string, folder: PublicFolder, rules: PublicRules) {
  const source = `${PUBLIC_DIR}/${outputPath}`;
  const large = tooLarge(full);
  if (large) return void folder.problems.push({ file: source, message: large });
  const bytes = readSourceBytes(full, 'a public file');
  if (bytes === null) folder.problems.push({ file: source, message: 'cannot be read' });
  else if (!Buffer.isBuffer(bytes)) folder.problems.push({ file: source, message: bytes.problem });
  else {
    const options = { pageRules: true, phrases: rules.phrases };
    const scripts = scriptFileProblems(outputPath, () => bytes, options);
    for (const problem of scripts) folder.problems.push({ file: source, ...problem });
    const digest = createHash('sha1').update(bytes).digest('hex');
    folder.files.push({ path: outputPath, source, bytes, digest });
  }
}

/** Why the file `full` is too large to publish, or undefined (and for what is no file). Reads disk. */
function tooLarge(full: string): string | undefined {
  const size = lstatSync(full, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= MAX_PUBLIC_FILE_BYTES) return undefined;
  const shown = (bytes: number) =>
    bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${Math.round(bytes / 1e6)} MB`;
  return `is ${shown(size)}, over the ${shown(MAX_PUBLIC_FILE_BYTES)} a file of a built folder may have (GitHub Pages refuses larger files); keep it outside public/ (a release download or a storage bucket)`;
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
  else if (name === '_headers') {
    folder.headers = text.replace(/^\uFEFF/, '');
    folder.problems.push(...headersTextProblems(folder.headers));
  } else folder.redirects = text.replace(/^\uFEFF/, '');
}
