import {
  type Dirent,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { cacheDirOf } from '../output/cache-file.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import type { BuildSummary } from './build-result.ts';

/**
 * The up-to-date check of `sitegen build`, as make's: when nothing a build reads has changed
 * since the last build into the same folder, and that folder is still exactly as that build
 * left it, the build has nothing to do, and says so without loading the builder.
 *
 * "Nothing changed" is a snapshot compared, never assumed: the size, modification time, change
 * time and inode of every file under src/ and public/, of the project's own files (package.json,
 * tsconfig.json...), of npm's record of node_modules (`.package-lock.json`, which every install
 * rewrites), and of every file in the output folder. The change time cannot be set back by
 * `touch`, and any write moves it. The sources are stat'ed before the build reads them, so a file
 * saved during a build makes the next one build. The snapshot lives in the cache folder beside
 * the build manifest, keyed by everything else the output depends on (`StampKey`): sitegen's
 * version and bundle, Node's version, the flags and the environment a build reads. `--fresh`
 * skips the check; a build removes the stamp before it starts, and writes one when it succeeds.
 */

/** What the output depends on besides the files: a different key is a different build. */
export interface StampKey {
  root: string;
  outDir: string;
  cacheDir?: string;
  siteUrl?: string;
  drafts: boolean;
  cards: boolean;
  /** The environment a build reads (SITE_URL, the render time limit, NODE_ENV). */
  env: Record<string, string | undefined>;
}

/** One file's identity: size, mtime, ctime, inode. */
type Snapshot = Record<string, string>;

interface Stamp {
  key: string;
  sources: Snapshot;
  output: Snapshot;
  summary: Omit<BuildSummary, 'durationMs' | 'timings'>;
}

/** Folders of the project whose every file a build may read. */
const SOURCE_FOLDERS = ['src', 'public'];
/** Deeper than any site's folders. */
const MAX_DEPTH = 32;

/** The stamp file of the build of `key.root` into `key.outDir`. */
function stampFile(key: StampKey): string {
  const name = fnv1a(path.resolve(key.outDir));
  return path.join(cacheDirOf(key.root, key.cacheDir), 'up-to-date', `${name}.json`);
}

/** A 32-bit FNV-1a hash in hex: a file name per output folder, whose key says which folder. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The key's text: sitegen's version and bundle, Node's, the flags and environment. */
function keyText(key: StampKey, version: string): string {
  return JSON.stringify({ version, code: import.meta.url, node: process.version, ...key });
}

/**
 * The last build's summary, as a build that renders nothing reports it, when its stamp holds and
 * every file is as it left them; undefined otherwise (no stamp, another key, any difference,
 * anything unreadable). Reads disk, writes nothing.
 */
export function upToDate(key: StampKey, version: string): BuildSummary | undefined {
  const started = process.hrtime.bigint();
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(key), 'utf8'));
  } catch {
    return undefined;
  }
  if (stamp?.key !== keyText(key, version)) return undefined;
  try {
    if (!sameSnapshot(stamp.output, snapshotOutput(key.outDir))) return undefined;
    if (!sameSnapshot(stamp.sources, snapshotSources(key.root))) return undefined;
  } catch {
    return undefined;
  }
  const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { ...stamp.summary, durationMs, timings: { 'up-to-date check': durationMs } };
}

/**
 * Starts the record of a build: forgets the stamp of its output folder before the build changes
 * anything, and takes the sources' snapshot before the build reads them. Returns what records the
 * build once it has succeeded: its output folder as it is then, and its summary as a build that
 * renders nothing would report it. Best effort: a stamp that cannot be read or written only means
 * the next build checks everything. Writes the cache.
 */
export function startStamp(key: StampKey, version: string): (summary: BuildSummary) => void {
  const file = stampFile(key);
  let sources: Snapshot;
  try {
    rmSync(file, { force: true });
    sources = snapshotSources(key.root);
  } catch {
    return () => {};
  }
  return (summary) => {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      const stamp: Stamp = {
        key: keyText(key, version),
        sources,
        output: snapshotOutput(key.outDir),
        summary: asUnchanged(summary),
      };
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporary, JSON.stringify(stamp));
      renameSync(temporary, file);
    } catch {
      rmSync(temporary, { force: true });
    }
  };
}

/** `summary` as a build of the same sources into the same folder reports it: nothing made. */
function asUnchanged(summary: BuildSummary): Stamp['summary'] {
  return {
    pages: summary.pages,
    rendered: 0,
    files: summary.files,
    bytes: summary.bytes,
    written: 0,
    writtenFiles: [],
    warnings: summary.warnings,
    draftsLeftOut: summary.draftsLeftOut,
    cards: { rendered: 0, cached: 0 },
    images: { sources: summary.images.sources, encoded: 0 },
  };
}

/** Every file a build of the project at `root` may read, as it is now. Reads disk. */
function snapshotSources(root: string): Snapshot {
  const snapshot: Snapshot = {};
  for (const folder of SOURCE_FOLDERS) addFolder(snapshot, path.join(root, folder), folder, 0);
  for (const entry of readdirSync(root, { withFileTypes: true }))
    if (entry.isFile()) addFile(snapshot, path.join(root, entry.name), entry.name);
  for (const lock of npmRecords(root)) addFile(snapshot, lock, lock);
  return snapshot;
}

/** npm's record of the node_modules folders a build loads packages from: the project's, sitegen's. */
function npmRecords(root: string): string[] {
  const react = requireFromSitegen.resolve('react/package.json');
  const own = path.join(
    react.slice(0, react.lastIndexOf('node_modules') + 12),
    '.package-lock.json',
  );
  return [...new Set([path.join(root, 'node_modules', '.package-lock.json'), own])];
}

/**
 * Every file of the output folder, as it is now, and what a build leaves beside it while it runs
 * or after it was killed (`.dist.lock`, `.dist.tmp-PID`, its journal): with any of those there,
 * the builder takes over (it waits for the lock, or puts the previous output back first).
 */
function snapshotOutput(outDir: string): Snapshot {
  const snapshot: Snapshot = {};
  addFolder(snapshot, outDir, '', 0);
  const beside = `.${path.basename(outDir)}.`;
  for (const name of readdirSync(path.dirname(outDir)))
    if (name.startsWith(beside)) snapshot[`../${name}`] = 'beside';
  return snapshot;
}

function addFolder(snapshot: Snapshot, folder: string, name: string, depth: number) {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    snapshot[`${name}/`] = 'missing';
    return;
  }
  snapshot[`${name}/`] = String(entries.length);
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    const relative = name === '' ? entry.name : `${name}/${entry.name}`;
    // What a link leads to can change without a trace here: never up to date, as the bundle
    // cache keeps nothing while a link is among the sources.
    if (entry.isSymbolicLink()) throw new Error(`a symbolic link: ${full}`);
    if (!entry.isDirectory()) addFile(snapshot, full, relative);
    else if (depth < MAX_DEPTH) addFolder(snapshot, full, relative, depth + 1);
    else throw new Error(`too deep: ${full}`);
  }
}

function addFile(snapshot: Snapshot, file: string, name: string) {
  const info = statSync(file, { throwIfNoEntry: false });
  snapshot[name] = info ? `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}` : 'missing';
}

function sameSnapshot(recorded: Snapshot | undefined, now: Snapshot): boolean {
  if (!recorded || typeof recorded !== 'object') return false;
  const names = Object.keys(now);
  if (names.length !== Object.keys(recorded).length) return false;
  return names.every((name) => recorded[name] === now[name]);
}
