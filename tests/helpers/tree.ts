import { createHash } from 'node:crypto';
import { cpSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { makeTempDir } from './cli.ts';

/** Every file under `dir` (dotfiles included) mapped to the sha256 of its bytes. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        out[path.relative(dir, full)] = createHash('sha256')
          .update(readFileSync(full))
          .digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * Makes `to` a tree of folders like `from`'s, each file a hard link to the one in `from` (a link
 * writes none of the bytes), but the folders named in `copied`, which are copied whole. A test
 * must replace a linked file (remove, then write), never write through it.
 */
export function linkTree(from: string, to: string, copied: string[] = []): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (copied.includes(source)) cpSync(source, target, { recursive: true });
    else if (entry.isDirectory()) linkTree(source, target, copied);
    else linkSync(source, target);
  }
}

/**
 * For a describe block that plants problems in hard-linked copies of the global setup's build:
 * registers the hooks that make its own copy of that build in a new temporary folder (beforeAll)
 * and, in afterAll, check that no test wrote through a link into it and remove the folder.
 * Returns the folder and the copy's path, set once beforeAll has run.
 */
export function useBaseCopy(): { readonly dir: string; readonly base: string } {
  const copy = { dir: '', base: '' };
  let remove = async () => {};
  let before: Record<string, string> = {};
  beforeAll(async () => {
    const temp = await makeTempDir();
    remove = temp.remove;
    copy.dir = temp.dir;
    copy.base = path.join(temp.dir, 'base');
    cpSync(inject('distDir'), copy.base, { recursive: true });
    before = hashTree(copy.base);
  });
  afterAll(async () => {
    try {
      expect(hashTree(copy.base), 'a test changed a file it shares with the base copy').toEqual(
        before,
      );
    } finally {
      await remove();
    }
  });
  return copy;
}
