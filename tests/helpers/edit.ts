import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces `from` by `to` in `file` (every occurrence with `all`) and returns the undo, which
 * writes the old text back. `from` must occur: a test whose edit changes nothing would test
 * nothing, so that is a setup error.
 */
export function replaceInFile(
  file: string,
  from: string,
  to: string,
  { all = false }: { all?: boolean } = {},
): () => void {
  const before = readFileSync(file, 'utf8');
  if (!before.includes(from))
    throw new Error(`test setup: ${JSON.stringify(from)} is not in ${file}`);
  writeFileSync(file, all ? before.replaceAll(from, to) : before.replace(from, to));
  return () => writeFileSync(file, before);
}
