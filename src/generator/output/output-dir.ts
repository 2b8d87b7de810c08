import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { explainSystemError, sitegenError } from '../errors/errors.ts';
import {
  OutputFolderInUse,
  OutputFolderRefused,
  OutputLockTimeout,
  OutputPathEmpty,
} from '../errors/errors-data.ts';

/**
 * The file every output folder sitegen writes carries (and its temporary and old siblings
 * too). A build replaces a folder only when it is missing, empty or marked; anything else
 * belongs to someone else and is never deleted.
 */
export const OUTPUT_MARKER = '.sitegen-output';
export const OUTPUT_MARKER_TEXT =
  'This folder was written by sitegen build. The next build replaces it whole: do not keep other files here.\n';

/**
 * What a build of sitegen before the marker existed wrote at the top of its output. A folder
 * holding only these names, with the three that every such build wrote, is accepted once
 * and marked from then on (the upgrade path for a dist/ built before the marker).
 */
const PRE_MARKER_NAMES = new Set([
  'index.html',
  '404.html',
  'artikel',
  'brand',
  'kontak',
  'assets',
  'sitemap.xml',
  'robots.txt',
  '_headers',
  '_redirects',
  '.nojekyll',
]);
const PRE_MARKER_REQUIRED = ['index.html', '_headers', '.nojekyll'];

/**
 * Vets the output folder a build or watch was given and returns the real folder to write
 * (an output path that is a symlink is written through: its target is replaced, the link
 * stays). Refuses, with a SitegenError that says why and what to do: an empty path, the
 * filesystem root, the home folder, the project root or any folder above it, src/ or
 * anything inside it, a path that is a file, a non-empty folder sitegen did not write, and,
 * when `replacesFolder` (a build, which swaps the folder whole by renaming it; watch writes in
 * place), a mount point. Reads disk, writes nothing.
 */
export async function resolveOutputDir(
  out: string,
  root: string,
  { replacesFolder = true } = {},
): Promise<string> {
  if (out.trim() === '') {
    throw sitegenError(OutputPathEmpty, undefined);
  }
  const given = path.resolve(out);
  const link = await lstat(given).catch(() => undefined);
  const real = await realPathOf(given);
  const shown = link?.isSymbolicLink() ? `${given} (a symlink to ${real})` : given;
  const refuse = (why: string, what = 'Choose another folder with --out.') =>
    sitegenError(OutputFolderRefused, { folder: shown, why, what }, { file: given });

  const project = await realPathOf(path.resolve(root));
  if (real === path.parse(real).root) throw refuse('it is the root of the filesystem');
  if (real === (await realPathOf(os.homedir()))) throw refuse('it is your home folder');
  if (real === project)
    throw refuse('it is the project folder itself, and a build replaces its output folder whole');
  if (isInside(project, real)) throw refuse(`it contains the project folder ${project}`);
  const sources = path.join(project, 'src');
  if (real === sources || isInside(real, sources))
    throw refuse("it is inside src/, which holds the site's sources");

  const info = await stat(real).catch(() => undefined);
  if (!info) {
    if (link?.isSymbolicLink())
      throw refuse('the symlink points to nothing', 'Create its target folder or remove the link.');
    return real;
  }
  if (!info.isDirectory()) throw refuse('it is a file, not a folder');
  if (replacesFolder && (await isMountPoint(real)))
    throw refuse(
      'it is a mount point (another file system, or another folder, is mounted there, as a Docker volume is), and a build replaces its output folder whole by renaming it, which a mount point does not allow',
      `Mount the folder above it instead, or build into a folder inside it: --out ${path.join(given, 'site')}`,
    );
  const entries = await readdir(real);
  if (entries.length === 0 || entries.includes(OUTPUT_MARKER) || isPreMarkerOutput(entries))
    return real;
  const sample =
    entries.sort().slice(0, 5).join(', ') +
    (entries.length > 5 ? `, and ${entries.length - 5} more` : '');
  throw refuse(
    `it is not empty (${sample}) and has no ${OUTPUT_MARKER} file, so sitegen did not write it and will not delete it`,
    'Choose another folder with --out, or empty this one yourself if nothing in it is needed.',
  );
}

/**
 * Deletes an output tree (a finished build's old output, or a temporary one) with its
 * marker last, so a process killed midway leaves a marked tree that the next build may
 * finish deleting, never an unmarked remainder no build will touch. Missing is fine.
 */
export async function removeOutputTree(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name !== OUTPUT_MARKER)
      .map((name) => rm(path.join(dir, name), { recursive: true, force: true })),
  );
  await rm(dir, { recursive: true, force: true });
}

/**
 * removeOutputTree for a signal handler, which cannot wait. The asynchronous removal may still be
 * running on libuv's thread pool and take entries away under this one: Node 24's rmSync then
 * stops early without an error, and Node 20's throws ENOTEMPTY or ENOENT. So the whole removal is
 * repeated while the folder is there.
 */
export function removeOutputTreeSync(dir: string): void {
  for (let attempt = 1; existsSync(dir); attempt++) {
    try {
      for (const name of readdirSync(dir))
        if (name !== OUTPUT_MARKER) rmSync(path.join(dir, name), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'ENOENT') || attempt >= 20) throw error;
    }
    if (attempt >= 20 && existsSync(dir)) throw new Error(`${dir} could not be removed`);
  }
}

/** Whether `dir` is a folder that sitegen wrote: it carries the marker. Reads disk. */
export async function isMarkedOutput(dir: string): Promise<boolean> {
  const marker = await lstat(path.join(dir, OUTPUT_MARKER)).catch(() => undefined);
  return marker?.isFile() ?? false;
}

function isPreMarkerOutput(entries: string[]): boolean {
  return (
    entries.every((name) => PRE_MARKER_NAMES.has(name)) &&
    PRE_MARKER_REQUIRED.every((name) => entries.includes(name))
  );
}

/**
 * Whether `dir` (a real path) is a mount point, which rename(2) refuses (EBUSY): its device
 * differs from its parent's (a volume, a tmpfs), or, for a bind mount of a folder of the same
 * file system, the kernel's list of mounts (/proc/self/mountinfo, Linux) names it. Reads disk.
 */
export async function isMountPoint(dir: string): Promise<boolean> {
  const parent = path.dirname(dir);
  if (parent === dir) return true;
  const [own, above] = await Promise.all([stat(dir), stat(parent)]);
  if (own.dev !== above.dev) return true;
  const mounts = await readFile('/proc/self/mountinfo', 'utf8').catch(() => '');
  return mountPointsIn(mounts).has(dir);
}

/**
 * The mount points /proc/self/mountinfo lists: the fifth field of each line, its space, tab,
 * newline and backslash written as octal escapes ("\040"). Pure.
 */
export function mountPointsIn(mountinfo: string): Set<string> {
  const points = new Set<string>();
  for (const line of mountinfo.split('\n')) {
    const field = line.split(' ')[4];
    if (field)
      points.add(
        field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8))),
      );
  }
  return points;
}

/** `child` is strictly inside `parent`. */
function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The real path of `file`, following symlinks in the part of it that exists. */
async function realPathOf(file: string): Promise<string> {
  const real = await realpath(file).catch(() => undefined);
  if (real) return real;
  const parent = path.dirname(file);
  return parent === file ? file : path.join(await realPathOf(parent), path.basename(file));
}

/** Holds an output folder for one process; builds wait for it, watch holds it until it stops. */
export interface OutputLock {
  release(): Promise<void>;
  /** For signal handlers, which cannot wait. */
  releaseSync(): void;
}

const LOCK_WAIT_MS = 120_000;
const LOCK_POLL_MS = 100;

/**
 * Takes the lock file `.NAME.lock` beside the output folder (it holds the PID, the command
 * and the process's start time). A second build into the same folder waits until the first
 * is done (up to two minutes), and says so at once through `onWait`; a folder that
 * `sitegen watch` holds is refused at once; a lock whose process is gone, or whose PID now
 * belongs to another process (isStale), is taken over. A process that already holds the
 * lock gets it again (watch's own builds). Writes the lock file only.
 */
export async function lockOutputDir(
  outDir: string,
  command: 'build' | 'watch',
  onWait?: (message: string) => void,
): Promise<OutputLock> {
  const file = path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
  await mkdir(path.dirname(outDir), { recursive: true }).catch((error) => {
    throw explainSystemError(error, 'creating the folder that holds the output folder');
  });
  const started = Date.now();
  const startTime = processStartTime(process.pid);
  let isWaiting = false;
  for (;;) {
    try {
      await writeFile(file, `${JSON.stringify({ pid: process.pid, command, startTime })}\n`, {
        flag: 'wx',
      });
      return {
        release: () => rm(file, { force: true }),
        releaseSync: () => rmSync(file, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw explainSystemError(error, 'creating the lock file beside the output folder');
    }
    const holder = await readLock(file);
    if (holder === 'gone') continue;
    if (holder === 'stale' || (holder && isStale(holder))) {
      await rm(file, { force: true });
      continue;
    }
    if (holder?.pid === process.pid) return { release: async () => {}, releaseSync: () => {} };
    const who = holder
      ? `sitegen ${holder.command} (PID ${holder.pid})`
      : 'another sitegen process';
    if (holder?.command === 'watch') {
      throw sitegenError(OutputFolderInUse, { folder: outDir, holder: who }, { file: outDir });
    }
    if (!isWaiting)
      onWait?.(
        `waiting for ${who} to finish with ${outDir}: it holds the lock file ${file} (up to ${LOCK_WAIT_MS / 1000} s)`,
      );
    isWaiting = true;
    if (Date.now() - started > LOCK_WAIT_MS) {
      throw sitegenError(
        OutputLockTimeout,
        { folder: outDir, holder: who, seconds: LOCK_WAIT_MS / 1000, lockFile: file },
        { file: outDir },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/** What a lock file holds; `startTime` is absent where there is no /proc, and in older locks. */
interface LockHolder {
  pid: number;
  command: string;
  startTime?: string;
}

/**
 * Whether a lock's holder is gone: its PID is not running, or is running but is not the
 * process that wrote the lock (a PID reused after a crash or a reboot): its start time
 * differs, or, for a lock without one, its command line does not run sitegen. Where /proc
 * tells nothing (macOS), a running PID counts as the holder. Reads /proc.
 */
function isStale(holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return true;
  if (holder.startTime !== undefined) {
    const now = processStartTime(holder.pid);
    return now !== undefined && now !== holder.startTime;
  }
  const commandLine = readProcFile(holder.pid, 'cmdline');
  return commandLine !== undefined && !commandLine.includes('sitegen');
}

/**
 * A process's start time in clock ticks since boot (/proc/PID/stat, field 22), where /proc has it.
 */
export function processStartTime(pid: number): string | undefined {
  const stat = readProcFile(pid, 'stat');
  // Field 2, the command name, is in parentheses and may hold spaces: count after it.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function readProcFile(pid: number, name: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The holder of a lock file: its PID and command; undefined while another process is
 * still writing it; 'stale' when it has been unreadable for seconds; 'gone' when it vanished.
 */
async function readLock(file: string): Promise<LockHolder | undefined | 'stale' | 'gone'> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return 'gone';
  try {
    const holder = JSON.parse(text);
    if (Number.isInteger(holder.pid) && typeof holder.command === 'string') {
      return {
        pid: holder.pid,
        command: holder.command,
        startTime: typeof holder.startTime === 'string' ? holder.startTime : undefined,
      };
    }
  } catch {
    // Being written right now, or garbage; the file's age tells which.
  }
  const info = await stat(file).catch(() => undefined);
  return info && Date.now() - info.mtimeMs > 5_000 ? 'stale' : undefined;
}

/** Whether a process with this PID is running (EPERM: it is, but not ours). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
