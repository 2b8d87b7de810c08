/**
 * What the build hands its files to: the Writer every output goes through, and the two
 * capabilities only some writers have (keeping the last commit's files, copying a file in
 * without reading it), each its own interface with a type guard, so callers ask once and then
 * hold the right type instead of probing optional methods.
 */

/** One file of the output, by its path relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** What a commit did: the output's size and the files it wrote and removed. */
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
}

/**
 * A writer that keeps an output folder in step with successive builds (watch: the
 * IncrementalDirWriter, or an AtomicDirWriter given the previous output's listing), so a run may
 * leave files of the last commit where they are.
 */
export interface KeepingWriter extends Writer {
  /** Whether the last commit left `path` as it wrote it, so that `keep(path)` would keep it. */
  has(path: string): boolean;
  /**
   * For a file whose bytes are known to be unchanged (a page whose inputs are unchanged, a
   * social card, whose name holds its hash): true when the last commit wrote `path`, which
   * then stays in the output without being read or added again; false means add it. A kept
   * path is never added.
   */
  keep(path: string): boolean;
}

/** A writer of files on disk that can take a file in without its bytes passing through memory. */
export interface CopyingWriter extends Writer {
  /**
   * Queues a copy of the file `from` (`size` bytes; outside the output, such as a cache
   * entry) as `path`: the bytes go from file to file without passing through JavaScript.
   */
  copy(path: string, from: string, size: number): Promise<void>;
}

/**
 * A writer whose new output is a plain folder that other threads may write into: worker threads
 * write the pages they render there themselves, and the writer counts them.
 */
export interface FolderWriter extends Writer {
  /** The folder the new output is written in, once it exists (after the output lock). */
  folder(): Promise<string>;
  /** Counts `path` (`size` bytes), which another thread wrote into folder(). */
  wrote(path: string, size: number): void;
  /** The one-line message of a failure of such a write, as the writer's own writes say it. */
  explain(error: unknown): unknown;
}

/** Whether other threads may write into `writer`'s folder (FolderWriter). Pure. */
export function isFolderWriter(writer: Writer): writer is FolderWriter {
  const folder = writer as Partial<FolderWriter>;
  return typeof folder.folder === 'function' && typeof folder.wrote === 'function';
}

/** Whether `writer` keeps the last commit's files (KeepingWriter). Pure. */
export function isKeepingWriter(writer: Writer): writer is KeepingWriter {
  const keeping = writer as Partial<KeepingWriter>;
  return typeof keeping.keep === 'function' && typeof keeping.has === 'function';
}

/** Whether `writer` copies files in without reading them (CopyingWriter). Pure. */
export function isCopyingWriter(writer: Writer): writer is CopyingWriter {
  return typeof (writer as Partial<CopyingWriter>).copy === 'function';
}
