import type { OutputFile, WriteSummary, Writer } from './writer.ts';

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
