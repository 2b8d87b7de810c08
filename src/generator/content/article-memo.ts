import { createHash } from 'node:crypto';
import type { FileResult } from './read-articles.ts';

/**
 * Parsed files by path, kept between builds: an unchanged file is not parsed again. watch keeps
 * a Map of texts; the build manifest (build/build-manifest.ts) keeps each text's SHA-1 and the
 * result without its body HTML, which is parsed again only when a page shows it.
 */
export interface ArticleMemo {
  get(file: string): { text?: string; hash?: string; result: FileResult } | undefined;
  set(file: string, entry: { text: string; result: FileResult }): void;
  delete(file: string): void;
  keys(): Iterable<string>;
}

/** Whether `memo` holds the result of `file` with this very `text`. Pure. */
export function isKnown(memo: ArticleMemo | undefined, file: string, text: string): boolean {
  const kept = memo?.get(file);
  if (!kept) return false;
  return kept.text !== undefined ? kept.text === text : kept.hash === textDigest(text);
}

/** The SHA-1 of an article file's text (hex): how the build manifest knows it. Pure. */
export function textDigest(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
