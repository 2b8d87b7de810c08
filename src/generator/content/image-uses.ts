/**
 * The places articles use image files, the front matter's `image` and each `![...](...)` of a
 * body, each with where to report a problem with its file and how to word it. The content check
 * (read-articles.ts) asks peekImage about each: a missing file, or one that does not begin as a
 * PNG, JPEG or WebP file does, is a problem of the article like any other, so one run shows
 * them all (drafts included, like every content rule; the front matter's image once the front
 * matter is sound). The image stage (assets/article-images.ts) then reads each file whole and
 * reports what only that finds (a file cut off, a link). Both find the file by locateImage
 * (no linked folder; a name matched up to Unicode normalisation). Pure apart from
 * locateImage and peekImage, which reads a file's first bytes.
 */
import { closeSync, constants, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Article } from '../../content/types.ts';
import type { Problem } from '../errors/problem.ts';
import type { BodyImage } from './body-images.ts';
import { describeValue } from './content-schema.ts';

/** One place an image file is used: where to report it, and how to name it in a message. */
export interface ImageUse {
  /** Root-relative path of the file ("src/content/images/x.png"). */
  source: string;
  /** The article file that names it, and where. */
  file: string;
  line: number;
  column: number;
  /** The message of a problem with the file, from what is wrong with it. */
  message(reason: string): string;
}

/** What is wrong when an image's file is not there. */
export const NO_SUCH_IMAGE =
  'no such file; expected a PNG, JPEG or WebP file at that path inside src/content/';

/** The folder every image file is in: a use's `source` starts with it. */
const CONTENT_DIR = 'src/content';

/**
 * What is wrong when a folder on an image's path is a symbolic link (`link`, root-relative): a
 * link could lead anywhere, so sitegen reads no content through one, wherever it leads.
 */
function throughLink(link: string): string {
  return `the file is reached through a symbolic link (${link}); sitegen reads no content through links: expected a regular file in a real folder inside ${CONTENT_DIR}/ (move or copy it there)`;
}

/** What is wrong when several names in `folder` match the one written up to normalisation. */
function ambiguousName(folder: string, count: number): string {
  return `no file has exactly that name, and ${count} files in ${folder}/ have names that differ from it only in Unicode normalisation (NFC or NFD); expected one: rename or delete the others`;
}

/** What is wrong when a file does not begin with the signature of a PNG, JPEG or WebP image. */
const NOT_AN_IMAGE =
  'the file is not a PNG, JPEG or WebP image sharp can read (it does not begin as one does); expected a PNG, JPEG or WebP file';

/** The first bytes of each format: PNG's signature, JPEG's SOI marker, WebP's RIFF header. */
const SIGNATURES: { at: number; bytes: number[] }[][] = [
  [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  [{ at: 0, bytes: [0xff, 0xd8, 0xff] }],
  [
    { at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
    { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  ],
];

/** Whether `head` begins as a PNG, JPEG or WebP file does. Pure. */
function looksLikeImage(head: Uint8Array): boolean {
  return SIGNATURES.some((parts) =>
    parts.every(({ at, bytes }) => bytes.every((byte, i) => head[at + i] === byte)),
  );
}

/**
 * Where the image file `source` (root-relative, under src/content/, as an article names it)
 * is on disk, or what is wrong. Each name on its path is looked up as written and, when no
 * entry has that exact name, as the one entry whose name is the same in NFC: macOS saves
 * names decomposed (NFD) while editors write text precomposed (NFC), and a file copied from a
 * Mac to Linux keeps its NFD name. No match is NO_SUCH_IMAGE, several are ambiguous; a folder
 * below src/content/ that is a symbolic link is refused (the file itself is left to the
 * callers: peekImage passes it, the image stage refuses it). Reads disk.
 */
export function locateImage(root: string, source: string): { file: string } | { problem: string } {
  const names = path.posix.relative(CONTENT_DIR, source).split('/');
  let found = CONTENT_DIR;
  for (const [index, written] of names.entries()) {
    const name = nameOnDisk(path.join(root, found), written);
    if (typeof name !== 'string')
      return { problem: name.count === 0 ? NO_SUCH_IMAGE : ambiguousName(found, name.count) };
    found = `${found}/${name}`;
    const isFolder = index < names.length - 1;
    if (isFolder && lstatOrUndefined(path.join(root, found))?.isSymbolicLink())
      return { problem: throughLink(found) };
  }
  return { file: path.join(root, found) };
}

/**
 * The entry of `folder` named `written`, or else the one entry whose name is `written` in NFC;
 * the count of such entries when there is not exactly one. Reads disk.
 */
function nameOnDisk(folder: string, written: string): string | { count: number } {
  if (lstatOrUndefined(path.join(folder, written))) return written;
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return { count: 0 };
  }
  const wanted = written.normalize('NFC');
  const matches = entries.filter((entry) => entry.normalize('NFC') === wanted);
  return matches.length === 1 ? matches[0] : { count: matches.length };
}

/** lstat, or undefined when there is nothing there (or a file where a folder was expected). */
function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * What a first look at the image file `source` (root-relative) finds wrong: what locateImage
 * finds, NOT_AN_IMAGE when a regular file does not begin as an image; undefined otherwise,
 * also for a link or a folder, which the image stage refuses in its own words. Reads at most
 * 12 bytes, never through a link.
 */
export function peekImage(root: string, source: string): string | undefined {
  const located = locateImage(root, source);
  if ('problem' in located) return located.problem;
  const { file } = located;
  const info = lstatOrUndefined(file);
  if (!info) return NO_SUCH_IMAGE;
  if (!info.isFile()) return undefined;
  const head = new Uint8Array(12);
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const read = readSync(fd, head, 0, head.length, 0);
    return looksLikeImage(head.subarray(0, read)) ? undefined : NOT_AN_IMAGE;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The use of an article's front matter `image` (`file` is the article's), named as written. */
export function frontMatterImageUse(
  file: string,
  image: Pick<NonNullable<Article['image']>, 'source' | 'line' | 'column'>,
): ImageUse {
  const { source, line, column } = image;
  const shown = describeValue(path.posix.relative('src/content', source));
  return { source, file, line, column, message: (reason) => `"image" is ${shown}: ${reason}` };
}

/** The use of one image of a body (`file` is the article's), named relative to the article. */
export function bodyImageUse(file: string, image: BodyImage): ImageUse {
  const { source, line, column } = image;
  const shown = describeValue(path.posix.relative(path.posix.dirname(file), source));
  return { source, file, line, column, message: (reason) => `the image ${shown}: ${reason}` };
}

/**
 * A problem for each image one article file uses (its front matter's, then its body's) that
 * `look` (peekImage) finds wrong. Pure apart from `look`.
 */
export function imageFileProblems(
  file: string,
  { image, bodyImages = [] }: { image?: Article['image']; bodyImages?: BodyImage[] },
  look: (source: string) => string | undefined,
): Problem[] {
  const uses = bodyImages.map((shown) => bodyImageUse(file, shown));
  if (image) uses.unshift(frontMatterImageUse(file, image));
  return uses.flatMap((use) => {
    const reason = look(use.source);
    return reason === undefined ? [] : [{ ...placeOf(use), message: use.message(reason) }];
  });
}

/** Where a problem with `use` is reported. */
export function placeOf({ file, line, column }: ImageUse): Omit<Problem, 'message'> {
  return { file, line, column };
}
