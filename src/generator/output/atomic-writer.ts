import {
  constants,
  existsSync,
  renameSync,
  rmSync,
  statSync,
  writeFile as writeFileCallback,
} from 'node:fs';
import { copyFile, mkdir, readdir, rename, rmdir, stat, writeFile } from 'node:fs/promises';
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
import { commitInPlace, rollBack } from './in-place-commit.ts';
import { journalOf, KeptFileMissing, linkKept, listTree, stampOf } from './kept-files.ts';
import { cleanUpOnSignal } from './signal-cleanup.ts';
import type {
  CopyingWriter,
  FolderWriter,
  KeepingWriter,
  OutputFile,
  WriteSummary,
} from './writer.ts';

/** The files of an output folder sitegen wrote, with their stamps, and the folder's stamp. */
export interface OutputListing {
  /** outputStamp of the folder when it was committed. */
  stamp: string;
  /** Each file's stamp (kept-files.ts stampOf: size, inode, change time) by path. */
  files: Map<string, string>;
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
export class AtomicDirWriter implements CopyingWriter, FolderWriter, KeepingWriter {
  readonly tempDir: string;
  /** Resolves when the previous output has been deleted (after commit). */
  cleanup: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  private isFinished = false;
  private files = 0;
  private readonly names: string[] = [];
  /** Size by path of every file of the new output. */
  private readonly sizes = new Map<string, number>();
  /** The previous output's files that may be kept (see reuse), with their stamps. */
  private previous = new Map<string, string>();
  /** The previous output's files this build keeps (commitFiles). */
  private readonly kept = new Set<string>();
  /**
   * The previous output's files this build found as the listing has them (has()): each is
   * looked at once, not again when it is kept (14,000 stat calls at 10,000 articles).
   */
  private readonly vouched = new Set<string>();
  /** Whether the commit was made in place (the kept files never moved). */
  private committedInPlace = false;
  /** Where an in-place commit lists what it moves until it is done (in-place-commit.ts). */
  private readonly journal: string;
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
      rollBack(this.journal, this.outDir, this.tempDir);
      removeOutputTreeSync(this.tempDir);
    } else {
      removeOutputTreeSync(this.oldDir);
    }
  };
  /** Unregisters removeOnSignal (signal-cleanup.ts). */
  private readonly forgetRemoveOnSignal: () => void;
  /** Unregisters the lock's release on a signal; set once the lock is held. */
  private forgetLock: () => void = () => {};

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
    this.journal = journalOf(outDir, process.pid);
    this.forgetRemoveOnSignal = cleanUpOnSignal(this.removeOnSignal);
    this.ready = (async () => {
      const lock = await lockOutputDir(outDir, 'build', onWait);
      this.forgetLock = cleanUpOnSignal(lock.releaseSync);
      await recoverInterruptedSwap(outDir);
      await mkdir(tempDir, { recursive: true });
      await writeFile(path.join(tempDir, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
      return lock;
    })();
    // Awaited by folder(), reuse() and commit(); a failure is theirs to report, never an
    // unhandled rejection while the build is still loading.
    this.ready.catch(() => {});
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
   * Lets this build keep files of the previous output (an incremental build): once the output
   * lock is held, and only if the output folder is still the one `listing` describes (its
   * stamp), each file of `listing` may be kept by `keep` (commitFiles). Resolves to whether it
   * may.
   */
  async reuse(listing: OutputListing): Promise<boolean> {
    await this.ready;
    if (outputStamp(this.outDir) !== listing.stamp) return false;
    this.previous = listing.files;
    return true;
  }

  /**
   * Whether the previous output holds `file` exactly as it was committed (reuse): the same
   * stamp, so not edited, replaced or chmod-ed since. (A kept file that disappears before the
   * commit fails it with KeptFileMissing, the output untouched.)
   */
  has(file: string): boolean {
    if (this.sizes.has(file) || this.vouched.has(file)) return true;
    const stamp = this.previous.get(file);
    if (stamp === undefined || stampOf(path.join(this.outDir, file)) !== stamp) return false;
    this.vouched.add(file);
    return true;
  }

  keep(file: string): boolean {
    if (this.sizes.has(file)) return true;
    if (!this.has(file)) return false;
    this.count(file, Number(this.previous.get(file)!.split(':')[0]));
    this.kept.add(file);
    return true;
  }

  /**
   * Takes the kept files into the new output. When the build keeps at least as many files as it
   * writes, in place (in-place-commit.ts): the written files move into the output folder, the
   * kept ones never move, and the files it no longer makes (and any it did not write) move out.
   * Otherwise the kept files are hard-linked into the new folder, which is swapped in whole.
   * Either way the previous output keeps every file until the commit.
   */
  private async commitFiles(): Promise<void> {
    const written = [...this.sizes.keys()].filter((file) => !this.kept.has(file));
    if (this.kept.size > 0 && this.kept.size >= written.length) {
      const existing = listTree(this.outDir, new Set([OUTPUT_MARKER]));
      const there = new Set(existing);
      for (const file of this.kept) if (!there.has(file)) throw new KeptFileMissing(file);
      if (!clashes(written, there)) {
        const removed = existing.filter((file) => !this.sizes.has(file));
        const paths = { outDir: this.outDir, tempDir: this.tempDir, journal: this.journal };
        commitInPlace(paths, written, removed, OUTPUT_MARKER_TEXT);
        this.committedInPlace = true;
        this.cleanup = this.removeLater(this.tempDir);
        return;
      }
    }
    linkKept(this.kept, this.outDir, this.tempDir);
    await this.swap();
  }

  /** After commit: every file of the new output with its stamp, and the folder's stamp. */
  listing(): OutputListing {
    const files = new Map<string, string>();
    for (const file of this.sizes.keys()) {
      const unmoved = this.committedInPlace && this.kept.has(file);
      const stamp = unmoved ? this.previous.get(file) : stampOf(path.join(this.outDir, file));
      if (stamp) files.set(file, stamp);
    }
    return { stamp: outputStamp(this.outDir), files };
  }

  async folder(): Promise<string> {
    await this.ready;
    return this.tempDir;
  }

  wrote(file: string, size: number): void {
    this.count(file, size);
  }

  explain(error: unknown): unknown {
    return this.explainFailure(error);
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
    this.count(file, size);
    if (this.inFlight.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  private count(file: string, size: number) {
    if (this.sizes.has(file)) throw new Error(`sitegen: ${file} was added to the output twice`);
    this.sizes.set(file, size);
    this.files++;
    this.names.push(file);
    this.bytes += size;
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
      this.forgetRemoveOnSignal();
      throw error;
    });
    await Promise.all(this.inFlight);
    if (this.failure) {
      await this.abort();
      throw this.explainFailure(this.failure);
    }
    try {
      await this.commitFiles();
    } catch (error) {
      await this.abort();
      if (error instanceof KeptFileMissing) throw error;
      throw explainSystemError(
        error,
        'replacing the output folder',
        {},
        'the previous output is unchanged',
      );
    }
    this.isFinished = true;
    this.forgetRemoveOnSignal();
    this.forgetLock();
    await lock.release();
    // Kept files were moved in, not written.
    const written = this.names.filter((file) => !this.kept.has(file));
    return {
      files: this.files,
      bytes: this.bytes,
      written: written.length,
      writtenFiles: written.sort(),
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
    if (hadPrevious) this.cleanup = this.removeLater(old);
  }

  /**
   * Deletes `dir` after the commit, off the critical path; a signal before it is gone deletes
   * the rest at once, so Ctrl-C after the summary leaves nothing behind.
   */
  private removeLater(dir: string): Promise<void> {
    const forget = cleanUpOnSignal(() => removeOutputTreeSync(dir));
    return removeOutputTree(dir).finally(forget);
  }

  async abort(): Promise<void> {
    if (this.isFinished) return;
    this.isFinished = true;
    const lock = await this.ready.catch(() => undefined);
    await Promise.all(this.inFlight);
    rollBack(this.journal, this.outDir, this.tempDir);
    await removeOutputTree(this.tempDir);
    this.forgetRemoveOnSignal();
    if (lock) {
      this.forgetLock();
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

/**
 * Puts back an output folder that a killed build left renamed, and what its in-place commit had
 * moved (in-place-commit.ts), and deletes temporary trees of builds that are no longer running. Only folders carrying the output marker
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
      // A build killed during its in-place commit: what it moved goes back first.
      if (entry.startsWith(`.${name}.tmp-`)) rollBack(journalOf(outDir, pid), outDir, full);
      await removeOutputTree(full);
    }
  }
  // Journals of builds killed after their commit: the moves were final.
  for (const entry of entries.filter((entry) => entry.startsWith(`.${name}.moved-`))) {
    const pid = Number(entry.slice(entry.lastIndexOf('-') + 1));
    if (pid !== process.pid && isRunning(pid)) continue;
    rmSync(path.join(parent, entry), { force: true });
  }
}

/**
 * What tells one committed output folder from any other: its marker file's inode and times
 * (every build writes a new marker into its new folder). Empty when there is no marker. Reads
 * disk.
 */
export function outputStamp(outDir: string): string {
  try {
    const marker = statSync(path.join(outDir, OUTPUT_MARKER));
    return `${marker.dev}:${marker.ino}:${marker.birthtimeMs}:${marker.mtimeMs}`;
  } catch {
    return '';
  }
}

/** Whether `file` exists (anything stat can read). Reads disk. */
async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Whether moving `written` into a folder holding `files` would put a file where a folder is,
 * or a folder where a file is (then the commit swaps a new folder in instead). Pure.
 */
function clashes(written: string[], files: ReadonlySet<string>): boolean {
  const folders = new Set<string>();
  for (const file of files)
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir))
      folders.add(dir);
  return written.some((file) => {
    if (folders.has(file)) return true;
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir))
      if (files.has(dir)) return true;
    return false;
  });
}
