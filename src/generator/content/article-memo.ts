import { createHash } from 'node:crypto';
import type { FileResult } from './file-result.ts';

/**
 * Parsed files by path, kept between builds: an unchanged file is not parsed again. watch keeps
 * a Map of texts; the build manifest (build/build-manifest.ts) keeps each text's SHA-1 and the
 * result without its body HTML, which is parsed again only when a page shows it.
 */
export interface ArticleMemo {
  get(file: string): { text?: string; hash?: string; result: FileResult } | undefined;
  /** `stamp`: the file's fileStamp when it was read, where known. */
  set(file: string, entry: { text: string; result: FileResult; stamp?: string }): void;
  delete(file: string): void;
  keys(): Iterable<string>;
  /**
   * Whether the file is unchanged by its stamp alone (article-files.ts KnownFiles.known), and
   * then whether it has a body; absent: every file is read.
   */
  known?(file: string, stamp: string): { hasBody: boolean } | undefined;
}

/**
 * Whether `memo` holds the result of `file` with this very `text`. An entry known by its hash
 * keeps the text once it matched, so the next question about it compares strings. Pure apart
 * from that.
 */
export function isKnown(memo: ArticleMemo | undefined, file: string, text: string): boolean {
  const kept = memo?.get(file);
  if (!kept) return false;
  if (kept.text !== undefined) return kept.text === text;
  if (kept.hash !== textDigest(text)) return false;
  kept.text = text;
  return true;
}

/** The SHA-1 of an article file's text (hex): how the build manifest knows it. Pure. */
export function textDigest(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * The list (its digest; '' for none) every result of a memo was checked against when
 * forgetOtherLists last went through it: each result since is of a run with that list.
 */
const checkedAgainst = new WeakMap<ArticleMemo, string>();

/**
 * Forgets every result the memo holds that was checked against another responsible-copy list
 * than the one of `digest` (FileResult.phrases), so its file is read and parsed again.
 * Returns whether it forgot any. A memo gone through for the same list already is not gone
 * through again: the results set since were checked against the list of their run, this one.
 * Pure apart from the memo.
 */
export function forgetOtherLists(memo: ArticleMemo, digest: string | undefined): boolean {
  if (checkedAgainst.get(memo) === (digest ?? '')) return false;
  checkedAgainst.set(memo, digest ?? '');
  let forgot = false;
  for (const file of [...memo.keys()]) {
    const result = memo.get(file)?.result;
    if (!result || result.phrases === digest) continue;
    memo.delete(file);
    forgot = true;
  }
  return forgot;
}
