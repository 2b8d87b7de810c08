import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { explainSystemError } from '../errors/errors.ts';
import { AtomicDirWriter, type OutputListing, outputStamp } from './atomic-writer.ts';
import { stampOf } from './kept-files.ts';
import type { KeepingWriter, OutputFile, WriteSummary } from './writer.ts';

/**
 * Keeps an output folder in step with successive builds (watch). The first commit swaps in
 * a whole new tree like AtomicDirWriter; later commits write only files whose bytes
 * changed (each through a temporary file and a rename, so no reader sees half a file) and
 * delete files no build produces any more. Later commits hold their files until commit, so a
 * build that fails midway writes nothing; the first one writes into its temporary tree as
 * files come, which an abort deletes.
 */
export class IncrementalDirWriter implements KeepingWriter {
  /** The last commit's files: digest (unknown for an adopted file) and size by path. */
  private previous: Map<string, FileDigest> | undefined;
  /** Each file's stamp (kept-files.ts stampOf), for the build manifest (listing). */
  private stamps = new Map<string, string>();
  private pending = new Map<string, string | Uint8Array>();
  private kept = new Set<string>();
  /**
   * The first commit's files go straight to a new tree as they come (writes overlap rendering);
   * their digests and sizes are noted on the way.
   */
  private first: { writer: AtomicDirWriter; digests: Map<string, FileDigest> } | undefined;

  constructor(readonly outDir: string) {}

  async add(file: OutputFile) {
    if (this.previous) {
      this.pending.set(file.path, file.contents);
      return;
    }
    this.first ??= { writer: new AtomicDirWriter(this.outDir), digests: new Map() };
    const size = sizeOf(file.contents);
    this.first.digests.set(file.path, { digest: digest(file.contents), size });
    await this.first.writer.add(file);
  }

  has(file: string): boolean {
    return this.previous?.has(file) === true;
  }

  /**
   * Takes the output folder as the last commit (a watch started again on its own folder):
   * when the folder is still the one `listing` describes (its marker's stamp), every listed
   * file whose stamp is unchanged counts as written by the last commit, so the first commit
   * writes only what changed. Returns whether it took the folder; false before the first
   * commit leaves it to swap in a whole new tree. Reads disk.
   */
  adopt(listing: OutputListing): boolean {
    if (this.previous || outputStamp(this.outDir) !== listing.stamp) return false;
    const previous = new Map<string, FileDigest>();
    for (const [file, stamp] of listing.files) {
      if (stampOf(path.join(this.outDir, file)) !== stamp) continue;
      previous.set(file, { size: Number(stamp.split(':')[0]) });
      this.stamps.set(file, stamp);
    }
    this.previous = previous;
    return true;
  }

  /** After a commit: every file of the output with its stamp, and the folder's stamp. */
  listing(): OutputListing {
    return { stamp: outputStamp(this.outDir), files: new Map(this.stamps) };
  }

  keep(file: string): boolean {
    if (!this.has(file)) return false;
    this.kept.add(file);
    return true;
  }

  /** Keeps every file of the last commit (a commit that only adds files: watch's late cards). */
  keepEverything(): void {
    for (const file of this.previous?.keys() ?? []) this.kept.add(file);
  }

  async commit(): Promise<WriteSummary> {
    const files = this.pending;
    if (!this.previous) return this.commitFirst();
    const kept = this.kept;
    this.pending = new Map();
    this.kept = new Set();
    const previous = this.previous;
    const fresh = new Map<string, FileDigest>();
    for (const [file, contents] of files)
      fresh.set(file, { digest: digest(contents), size: sizeOf(contents) });
    const changed = [...files].filter(
      ([file]) => previous.get(file)?.digest !== fresh.get(file)!.digest,
    );
    const { digests, removed } = nextListing(previous, kept, fresh);
    let bytes = 0;
    for (const { size } of digests.values()) bytes += size;
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
    for (const file of removed) this.stamps.delete(file);
    for (const [file] of changed) {
      const stamp = stampOf(path.join(this.outDir, file));
      if (stamp) this.stamps.set(file, stamp);
    }
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
    const first = this.first;
    this.first = undefined;
    await first?.writer.abort();
  }

  /** The first commit: the new tree swapped in whole (AtomicDirWriter). */
  private async commitFirst(): Promise<WriteSummary> {
    const first = this.first ?? { writer: new AtomicDirWriter(this.outDir), digests: new Map() };
    this.first = undefined;
    this.kept = new Set();
    const summary = await first.writer.commit();
    await first.writer.cleanup;
    this.previous = first.digests;
    this.stamps = first.writer.listing().files;
    return summary;
  }
}

/**
 * The files of a commit, and those of the last one it removes: the kept files with the last
 * commit's digests, and the `fresh` ones. When every file of the last commit is kept or
 * written again (a save that removes nothing: nearly every save of watch), that is the last
 * listing itself, updated in place, not a copy of 10,000 entries. Pure apart from `previous`.
 */
function nextListing(
  previous: Map<string, FileDigest>,
  kept: ReadonlySet<string>,
  fresh: ReadonlyMap<string, FileDigest>,
): { digests: Map<string, FileDigest>; removed: string[] } {
  let carried = kept.size;
  for (const file of fresh.keys()) if (previous.has(file) && !kept.has(file)) carried++;
  if (carried === previous.size) {
    for (const [file, entry] of fresh) previous.set(file, entry);
    return { digests: previous, removed: [] };
  }
  const digests = new Map<string, FileDigest>();
  for (const file of kept) if (!fresh.has(file)) digests.set(file, previous.get(file)!);
  for (const [file, entry] of fresh) digests.set(file, entry);
  const removed = [...previous.keys()].filter((file) => !digests.has(file)).sort();
  return { digests, removed };
}

/** A file's SHA-1 and size, as the last commit wrote it; no SHA-1 for an adopted file. */
interface FileDigest {
  digest?: string;
  size: number;
}

function sizeOf(contents: string | Uint8Array): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/** The SHA-1 of `contents` in hex: what tells a changed file from an unchanged one. Pure. */
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
