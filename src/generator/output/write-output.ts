import { createHash } from 'node:crypto';
import { constants, existsSync, renameSync, writeFile as writeFileCallback } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { explainSystemError } from '../errors/errors.ts';
import {
  isMarkedOutput,
  isRunning,
  lockOutputDir,
  OUTPUT_MARKER,
  OUTPUT_MARKER_TEXT,
  removeOutputTree,
  removeOutputTreeSync,
  type OutputLock,
} from './output-dir.ts';

/** One file of the output, by its path relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

export interface WriteSummary {
  /** Files in the output. */
  files: number;
  /** Their total size. */
  bytes: number;
  /** Files actually written (an incremental writer skips unchanged ones). */
  written: number;
  /** Their paths under the output folder, sorted ("artikel/x/index.html"). */
  writtenFiles: string[];
  /** Files removed because no page produces them any more. */
  removed: string[];
}

/**
 * Where a build's files go. Files are added one by one while rendering goes on (writes
 * overlap rendering); nothing is visible until `commit`; `abort` drops what was added.
 */
export interface Writer {
  /** Queues a file; resolves once there is room for more (bounded concurrency). */
  add(file: OutputFile): Promise<void>;
  commit(): Promise<WriteSummary>;
  abort(): Promise<void>;
  /**
   * After commit: resolves when what the commit left to delete (the previous output) is gone;
   * absent when nothing is.
   */
  readonly cleanup?: Promise<void>;
  /**
   * For a file whose name changes with its bytes (a social card): true when the last commit
   * wrote `path`, which then stays in the output without being read or added again; false
   * means add it. Absent on writers that start from nothing each time.
   */
  keep?(path: string): boolean;
  /**
   * Queues a copy of the file `from` (`size` bytes; outside the output, such as a cache
   * entry) as `path`: the bytes go from file to file without passing through JavaScript.
   * Absent on writers that hold files in memory; the caller then reads and adds.
   */
  copy?(path: string, from: string, size: number): Promise<void>;
  /**
   * For a run that adds only the files it changed (a body save in watch): on commit, every
   * file of the last commit that was not added again stays as it is. Absent on writers that
   * start from nothing.
   */
  keepRest?(): void;
}

const MAX_WRITES_IN_FLIGHT = 64;

/**
 * Writes a whole build into a temporary sibling of `outDir` and swaps it in on commit,
 * so the previous output stays complete until the new one is. Swapping is two renames:
 * `outDir` to `.name.old-PID`, then the new tree to `outDir`; a process killed between
 * them leaves the old tree under that name, and the next build renames it back before
 * anything else. The old tree is deleted after the swap, off the critical path:
 * `commit` resolves first and `cleanup` tracks the deletion. The temporary tree carries
 * the output marker from its first moment, and only marked leftovers are ever touched.
 * `outDir` must have been vetted by resolveOutputDir.
 */
export class AtomicDirWriter implements Writer {
  readonly tempDir: string;
  /** Resolves when the previous output has been deleted (after commit). */
  cleanup: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  private isFinished = false;
  private files = 0;
  private readonly names: string[] = [];
  private bytes = 0;
  private readonly ready: Promise<OutputLock>;
  /** Where the previous output waits during the swap. */
  private readonly oldDir: string;
  /**
   * On SIGINT/SIGTERM: whatever moment the signal lands, leave one complete output and no
   * temporary folder. Before the swap, or between its two renames, the previous output is
   * put back; after it, the new output stays and the old one is deleted.
   */
  private readonly removeOnSignal = () => {
    if (existsSync(this.tempDir)) {
      if (!existsSync(this.outDir) && existsSync(this.oldDir)) renameSync(this.oldDir, this.outDir);
      removeOutputTreeSync(this.tempDir);
    } else {
      removeOutputTreeSync(this.oldDir);
    }
  };

  /** `onWait` hears at once when another build holds the output folder's lock (lockOutputDir). */
  constructor(
    readonly outDir: string,
    onWait?: (message: string) => void,
  ) {
    const parent = path.dirname(outDir);
    const name = path.basename(outDir);
    const tempDir = path.join(parent, `.${name}.tmp-${process.pid}`);
    this.tempDir = tempDir;
    this.oldDir = path.join(parent, `.${name}.old-${process.pid}`);
    unfinished.add(this.removeOnSignal);
    this.ready = (async () => {
      const lock = await lockOutputDir(outDir, 'build', onWait);
      unfinished.add(lock.releaseSync);
      await recoverInterruptedSwap(outDir);
      await mkdir(tempDir, { recursive: true });
      await writeFile(path.join(tempDir, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
      return lock;
    })();
    this.dirs.set(tempDir, this.ready);
  }

  add(file: OutputFile): Promise<void> {
    const size =
      typeof file.contents === 'string'
        ? Buffer.byteLength(file.contents)
        : file.contents.byteLength;
    return this.queue(file.path, size, (target) => writeFileFast(target, file.contents));
  }

  copy(file: string, from: string, size: number): Promise<void> {
    // FICLONE: a reflink where the file system has them (btrfs, XFS), else a kernel copy.
    return this.queue(file, size, (target) =>
      copyFile(from, target, constants.COPYFILE_FICLONE).catch((error: NodeJS.ErrnoException) => {
        // copyfile names the source; but for a missing source, what failed is the writing of the
        // target.
        if (error.code !== 'ENOENT') error.path = target;
        throw error;
      }),
    );
  }

  /**
   * Runs `write` into the temporary folder with at most MAX_WRITES_IN_FLIGHT at once; a failure
   * surfaces at the next call or at commit.
   */
  private async queue(
    file: string,
    size: number,
    write: (target: string) => Promise<void>,
  ): Promise<void> {
    if (this.failure) throw this.explainFailure(this.failure);
    const target = path.join(this.tempDir, file);
    const written = this.ensureDir(path.dirname(target))
      .then(() => write(target))
      .catch((error: NodeJS.ErrnoException) => {
        // A failed write(2) names no file; the message should.
        error.path ??= target;
        this.failure ??= error;
      });
    const tracked = written.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    this.files++;
    this.names.push(file);
    this.bytes += size;
    if (this.inFlight.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  /**
   * A failed write as the one-line message users read, the temporary folder shown as the output
   * folder.
   */
  private explainFailure(failure: unknown): unknown {
    return explainSystemError(
      failure,
      'writing the new output',
      { [this.tempDir]: this.outDir },
      'the previous output is unchanged',
    );
  }

  async commit(): Promise<WriteSummary> {
    const lock = await this.ready.catch((error) => {
      unfinished.delete(this.removeOnSignal);
      throw error;
    });
    await Promise.all(this.inFlight);
    if (this.failure) {
      await this.abort();
      throw this.explainFailure(this.failure);
    }
    try {
      await this.swap();
    } catch (error) {
      await this.abort();
      throw explainSystemError(
        error,
        'replacing the output folder',
        {},
        'the previous output is unchanged',
      );
    }
    this.isFinished = true;
    unfinished.delete(this.removeOnSignal);
    unfinished.delete(lock.releaseSync);
    await lock.release();
    return {
      files: this.files,
      bytes: this.bytes,
      written: this.files,
      writtenFiles: this.names.sort(),
      removed: [],
    };
  }

  /** The two renames; a failed second one puts the previous output back. */
  private async swap() {
    const old = this.oldDir;
    const hadPrevious = await exists(this.outDir);
    if (hadPrevious) {
      // An output written before the marker existed gets it now, so a kill between the
      // renames leaves a folder the next build recognises and puts back.
      if (!(await isMarkedOutput(this.outDir)))
        await writeFile(path.join(this.outDir, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
      await rename(this.outDir, old);
    }
    try {
      await rename(this.tempDir, this.outDir);
    } catch (error) {
      if (hadPrevious) await rename(old, this.outDir);
      throw error;
    }
    if (hadPrevious) this.cleanup = removeOutputTree(old);
  }

  async abort(): Promise<void> {
    if (this.isFinished) return;
    this.isFinished = true;
    const lock = await this.ready.catch(() => undefined);
    await Promise.all(this.inFlight);
    await removeOutputTree(this.tempDir);
    unfinished.delete(this.removeOnSignal);
    if (lock) {
      unfinished.delete(lock.releaseSync);
      await lock.release();
    }
  }

  private ensureDir(dir: string): Promise<unknown> {
    let made = this.dirs.get(dir);
    if (!made) {
      made = this.ensureDir(path.dirname(dir)).then(() =>
        mkdir(dir).catch((e) => (e.code === 'EEXIST' ? undefined : Promise.reject(e))),
      );
      this.dirs.set(dir, made);
    }
    return made;
  }
}

/**
 * fs.writeFile through its callback API: the promise API wraps every file in a FileHandle
 * (open, fstat, write, close as separate promises), which costs about a third more main
 * thread time per file at 10,000 files.
 */
function writeFileFast(file: string, contents: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    writeFileCallback(file, contents, (error) => (error ? reject(error) : resolve())),
  );
}

/** Keeps files in memory: for tests and dry runs. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  isCommitted = false;

  async add(file: OutputFile) {
    this.files.set(file.path, file.contents);
  }
  async commit(): Promise<WriteSummary> {
    this.isCommitted = true;
    let bytes = 0;
    for (const contents of this.files.values())
      bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    return {
      files: this.files.size,
      bytes,
      written: this.files.size,
      writtenFiles: [...this.files.keys()].sort(),
      removed: [],
    };
  }
  async abort() {
    this.files.clear();
  }
}

/**
 * Puts back an output folder that a killed build left renamed, and deletes temporary
 * trees of builds that are no longer running. Only folders carrying the output marker
 * count: a `.dist.old-mybackup` someone made by hand is never touched.
 */
async function recoverInterruptedSwap(outDir: string) {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const entries = await readdir(parent).catch(() => [] as string[]);
  const leftovers = entries.filter(
    (entry) => entry.startsWith(`.${name}.old-`) || entry.startsWith(`.${name}.tmp-`),
  );
  let hasOutput = await exists(outDir);
  for (const entry of leftovers.sort()) {
    const pid = Number(entry.slice(entry.lastIndexOf('-') + 1));
    if (pid !== process.pid && isRunning(pid)) continue;
    const full = path.join(parent, entry);
    if (!(await isMarkedOutput(full))) {
      // A build killed between creating its temporary folder and marking it leaves it
      // empty; rmdir removes only an empty folder, so nothing of anyone else's is at risk.
      await rmdir(full).catch(() => {});
      continue;
    }
    if (!hasOutput && entry.startsWith(`.${name}.old-`)) {
      await rename(full, outDir);
      hasOutput = true;
    } else {
      await removeOutputTree(full);
    }
  }
}

/** Synchronous clean-ups of writes in progress, run when a signal ends the process. */
const unfinished = new Set<() => void>();

/**
 * Deletes the temporary folders of builds still in progress and releases their locks.
 * For SIGINT/SIGTERM handlers: the process exits right after. Returns false when some of
 * it could not be deleted (the marker stays, so the next build finishes the job). Touches disk.
 */
export function removeUnfinishedOutputSync(): boolean {
  let isClean = true;
  for (const cleanUp of unfinished) {
    try {
      cleanUp();
    } catch {
      isClean = false;
    }
  }
  unfinished.clear();
  return isClean;
}

/**
 * Registers a synchronous clean-up (a lock held by watch) for removeUnfinishedOutputSync; returns
 * its unregister function. Touches no disk.
 */
export function cleanUpOnSignal(cleanUp: () => void): () => void {
  unfinished.add(cleanUp);
  return () => unfinished.delete(cleanUp);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Keeps an output folder in step with successive builds (watch). The first commit swaps in
 * a whole new tree like AtomicDirWriter; later commits write only files whose bytes
 * changed (each through a temporary file and a rename, so no reader sees half a file) and
 * delete files no build produces any more. Files are held until commit, so a build that
 * fails midway writes nothing.
 */
export class IncrementalDirWriter implements Writer {
  /** The last commit's files: digest and size by path. */
  private previous: Map<string, { digest: string; size: number }> | undefined;
  private pending = new Map<string, string | Uint8Array>();
  private kept = new Set<string>();
  private isKeepingRest = false;

  constructor(readonly outDir: string) {}

  async add(file: OutputFile) {
    this.pending.set(file.path, file.contents);
  }

  keep(file: string): boolean {
    if (!this.previous?.has(file)) return false;
    this.kept.add(file);
    return true;
  }

  keepRest(): void {
    this.isKeepingRest = true;
  }

  async commit(): Promise<WriteSummary> {
    const files = this.pending;
    const kept = this.kept;
    const isKeepingRest = this.isKeepingRest && this.previous !== undefined;
    this.pending = new Map();
    this.kept = new Set();
    this.isKeepingRest = false;
    const sizeOf = (contents: string | Uint8Array) =>
      typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    // Kept files keep the last commit's digest; with keepRest, that is every file not added.
    const digests = new Map(
      isKeepingRest
        ? this.previous
        : [...kept]
            .filter((file) => !files.has(file))
            .map((file) => [file, this.previous!.get(file)!]),
    );
    for (const [file, contents] of files)
      digests.set(file, { digest: digest(contents), size: sizeOf(contents) });
    let bytes = 0;
    for (const { size } of digests.values()) bytes += size;

    if (!this.previous) {
      const atomic = new AtomicDirWriter(this.outDir);
      for (const [file, contents] of files) await atomic.add({ path: file, contents });
      await atomic.commit();
      await atomic.cleanup;
      this.previous = digests;
      return {
        files: files.size,
        bytes,
        written: files.size,
        writtenFiles: [...files.keys()].sort(),
        removed: [],
      };
    }

    const changed = [...files].filter(
      ([file]) => this.previous!.get(file)?.digest !== digests.get(file)!.digest,
    );
    const removed = isKeepingRest
      ? []
      : [...this.previous.keys()].filter((file) => !digests.has(file)).sort();
    try {
      await Promise.all(
        changed.map(async ([file, contents]) => {
          const target = path.join(this.outDir, file);
          await mkdir(path.dirname(target), { recursive: true });
          const temp = `${target}.tmp-${process.pid}`;
          await writeFile(temp, contents);
          await rename(temp, target);
        }),
      );
      await Promise.all(removed.map((file) => rm(path.join(this.outDir, file), { force: true })));
      await removeEmptyDirs(this.outDir, removed);
    } catch (error) {
      // Some files may be new and some old now: the next commit writes every file again.
      this.previous = new Map();
      throw explainSystemError(error, 'writing changed files');
    }
    this.previous = digests;
    return {
      files: digests.size,
      bytes,
      written: changed.length,
      writtenFiles: changed.map(([file]) => file).sort(),
      removed,
    };
  }

  async abort() {
    this.pending = new Map();
    this.kept = new Set();
    this.isKeepingRest = false;
  }
}

function digest(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}

/** Deletes the folders that removing `files` left empty (a deleted article's folder). */
async function removeEmptyDirs(root: string, files: string[]) {
  const dirs = [
    ...new Set(files.map((file) => path.dirname(file)).filter((dir) => dir !== '.')),
  ].sort((a, b) => b.length - a.length);
  for (const dir of dirs) {
    const full = path.join(root, dir);
    const entries = await readdir(full).catch(() => null);
    if (entries && entries.length === 0) await rm(full, { recursive: true, force: true });
  }
}
