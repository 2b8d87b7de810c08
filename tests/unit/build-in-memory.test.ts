import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/generator/build/build.ts';
import { MemoryWriter } from '../../src/generator/output/memory-writer.ts';
import { REPO } from '../helpers/paths.ts';

describe('build() with an in-memory writer', () => {
  it('runs every stage without touching the disk and returns the whole site', async () => {
    const writer = new MemoryWriter();
    const outDir = path.join(REPO, 'never-written');
    const result = await build({ root: REPO, outDir, writer });
    expect(existsSync(outDir)).toBe(false);
    expect(writer.isCommitted).toBe(true);
    expect(result.pages).toBe(34);
    expect(writer.files.size).toBe(result.files);
    expect([...writer.files.keys()].filter((file) => file.endsWith('.html'))).toHaveLength(34);
    expect(String(writer.files.get('kontak/index.html'))).toContain('Kirim Pesan');
    expect(Object.keys(result.timings)).toEqual([
      'read and bundle',
      'load and validate',
      'decide',
      'link brand mentions',
      'plan routes',
      'render and write',
      'social cards',
      'commit',
    ]);
  });
});
