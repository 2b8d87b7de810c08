/**
 * Transitional: the writers now live in writer.ts (the interfaces), atomic-writer.ts,
 * incremental-writer.ts, memory-writer.ts and signal-cleanup.ts. This file keeps the names
 * src/generator/build/ still imports from here, and the Writer of before the split with its
 * optional capabilities, until the build stage holds a KeepingWriter; then it goes.
 */
import type { Writer as BaseWriter } from './writer.ts';

export { AtomicDirWriter } from './atomic-writer.ts';
export { IncrementalDirWriter } from './incremental-writer.ts';
export { MemoryWriter } from './memory-writer.ts';
export { cleanUpOnSignal, removeUnfinishedOutputSync } from './signal-cleanup.ts';
export type { OutputFile, WriteSummary } from './writer.ts';

/**
 * @deprecated The Writer of before the split, each capability an optional method to probe.
 * Use Writer, KeepingWriter and CopyingWriter from writer.ts, with isKeepingWriter.
 */
export interface Writer extends BaseWriter {
  keep?(path: string): boolean;
  copy?(path: string, from: string, size: number): Promise<void>;
  keepRest?(): void;
}
