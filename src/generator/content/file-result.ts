import type { Article } from '../../content/types.ts';
import type { Problem } from '../errors/problem.ts';
import type { BodyImage } from './body-images.ts';
import type { Position } from './front-matter.ts';

/**
 * What one article file yields on its own, before the rules that look across files: made by
 * read-articles.ts (or a worker), kept by article-memo.ts and the build manifest.
 */
export interface FileResult {
  article?: Article;
  html?: string;
  /**
   * The SHA-1 of `html` (hex), present whenever the file has a body: what tells a changed body
   * from an unchanged one, also for a result the build manifest restored without its `html`.
   */
  bodyDigest?: string;
  /**
   * The images the body shows, in order (`html` holds a marker for each, body-images.ts); absent:
   * none. Kept by the build manifest with the record, so an unchanged file's images are known;
   * there also when the file has problems, so a missing image file is reported with them.
   */
  bodyImages?: BodyImage[];
  problems: Problem[];
  /** The brand the front matter names and where, for the check against the brands. */
  brand?: { slug: unknown; at?: Position };
  /**
   * The digest of the responsible-copy list the file was checked against (PhraseList.digest);
   * absent: none. A kept result checked against another list is parsed again.
   */
  phrases?: string;
}
