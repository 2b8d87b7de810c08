import { lstatSync, readdirSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { readSourceFile, type SourceFile } from './read-source-file.ts';

/** The folder of the articles, one Markdown file per article: {slug}.md. */
export const ARTICLE_DIR = 'src/content/articles';

/** The one folder src/content/articles/ may hold: the images the bodies show. */
const IMAGE_DIR = 'images';

/** What a slug may be: lowercase words of a-z and 0-9 joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The most characters a slug (or a segment of an alias's path) may have. The longest file name
 * a slug becomes part of is the one watch writes the article's social card to first,
 * "artikel-{slug}.{10 hex digits}.png.tmp-{pid}": the slug and up to 35 bytes more. File
 * systems (ext4, APFS, NTFS) take names of at most 255 bytes, so a slug of more than 220
 * characters can fail there; 200 leaves room. Slugs are ASCII: characters are bytes.
 */
export const MAX_SLUG_LENGTH = 200;

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

/** The article files as read from disk, before any parsing. */
/** One article file as read: its text, or why it cannot be used. */
export interface ArticleFile {
  file: string;
  /** The text; '' when `isUnchanged` (the file was not read). */
  text: SourceFile;
  /** Its size, times and inode when it was looked at (fileStamp), with `known`. */
  stamp?: string;
  /** `known` vouched for it by its stamp: it was not read, and the memo holds its result. */
  isUnchanged?: boolean;
  /** With `isUnchanged`: whether it has a Markdown body, as the memo says. */
  hasBody?: boolean;
}

export interface ArticleFiles {
  /** Every {slug}.md, sorted by name, with its text or why it cannot be used. */
  files: ArticleFile[];
  /** Problems of the folder itself: other files in it, or no articles at all. */
  problems: Problem[];
  /** Some file has a Markdown body, so the Markdown renderer is needed. */
  hasBodies: boolean;
}

/** How readArticleFiles may skip reading a file. */
export interface KnownFiles {
  /**
   * For a file watch knows to be unchanged since the last run (no save event) and whose result
   * the memo holds: whether it has a body. It is neither read nor looked at. Undefined: go on.
   */
  unchanged?: (file: string) => { hasBody: boolean } | undefined;
  /**
   * For a file whose stamp (fileStamp: size, modification and change times, inode) is the one
   * the build manifest recorded: whether it has a body. Undefined: read it.
   */
  known?: (file: string, stamp: string) => { hasBody: boolean } | undefined;
  /**
   * Watch: what the last run read of the folder, and every file saved since (root-relative).
   * When each saved file in the folder is a Markdown file that run listed and is still a file,
   * the folder is not listed again: its names, and the entries `unchanged` vouched for, are the
   * last run's.
   */
  last?: { files: ArticleFiles; saved: ReadonlySet<string> };
}

/**
 * Lists and reads src/content/articles/ (synchronously: small files, where four system calls
 * per file cost a tenth of the same calls as promises). Parses nothing, so the builder can
 * read the files first and load the parsers while esbuild runs. A file `known` vouches for is
 * not read (the change time moves on every write, and nothing can set it back, as git's index
 * relies on); neither is one `unchanged` vouches for. Reads disk only.
 */
export function readArticleFiles(root: string, options: KnownFiles = {}): ArticleFiles {
  const { last } = options;
  if (last && isListingKept(root, last.files, last.saved)) {
    // The last run's entries, but for the files saved since and those it read (watch vouches
    // for them now): a save at 10,000 articles neither lists the folder nor walks its files.
    const files = last.files.files.map((entry) =>
      entry.isUnchanged && !last.saved.has(entry.file)
        ? entry
        : readEntry(root, entry.file, options),
    );
    const hasBodies = last.files.hasBodies || files.some(hasBody);
    return { files, problems: last.files.problems, hasBodies };
  }
  const problems: Problem[] = [];
  const files = listArticleFiles(root, problems).map((file) => readEntry(root, file, options));
  return { files, problems, hasBodies: files.some(hasBody) };
}

/** One listed file as readArticleFiles reads it (or vouches for it: KnownFiles). Reads disk. */
function readEntry(root: string, file: string, { unchanged, known }: KnownFiles): ArticleFile {
  const saved = unchanged?.(file);
  if (saved) return { file, text: '', isUnchanged: true, hasBody: saved.hasBody };
  const full = path.join(root, file);
  const info = known && lstatSync(full, { throwIfNoEntry: false });
  const stamp = info ? fileStamp(info) : undefined;
  const vouched = stamp === undefined ? undefined : known!(file, stamp);
  if (vouched) return { file, text: '', stamp, isUnchanged: true, hasBody: vouched.hasBody };
  return { file, text: readSourceFile(full), stamp };
}

/** Whether an entry has a Markdown body: as vouched for, else by its text. Pure. */
function hasBody(entry: ArticleFile): boolean {
  if (entry.hasBody !== undefined) return entry.hasBody;
  const { text } = entry;
  return typeof text === 'string' && /\S/.test(locateFrontMatter(text)?.body ?? '');
}

/**
 * Whether the folder still lists what `files` listed: every file of `saved` in it was listed
 * then and is a regular file now (a new, deleted or renamed file, or anything else saved there,
 * means listing it again). Reads disk: one lstat per saved article file.
 */
function isListingKept(root: string, files: ArticleFiles, saved: ReadonlySet<string>): boolean {
  for (const file of saved) {
    if (!file.startsWith(`${ARTICLE_DIR}/`)) continue;
    if (!isListed(files.files, file)) return false;
    if (!lstatSync(path.join(root, file), { throwIfNoEntry: false })?.isFile()) return false;
  }
  return true;
}

/** Whether `file` is one of `entries`, which are sorted by name (compareText). Pure. */
function isListed(entries: ArticleFile[], file: string): boolean {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compareText(entries[middle].file, file);
    if (order === 0) return true;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** What tells one version of a file from another without reading it. Pure. */
export function fileStamp(info: Stats): string {
  return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
}

/**
 * The article files, sorted; anything else in the folder is a problem, except hidden files and
 * the `images/` folder. Reads disk.
 */
function listArticleFiles(root: string, problems: Problem[]): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(root, ARTICLE_DIR), { withFileTypes: true });
  } catch {
    problems.push({
      file: `${ARTICLE_DIR}/`,
      message:
        'the folder of the articles is missing or cannot be read; expected one {slug}.md file per article',
    });
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
    const { name } = entry;
    const file = `${ARTICLE_DIR}/${name}`;
    // Editors' swap and backup files, .DS_Store, and the like.
    if (name.startsWith('.') || name.endsWith('~')) continue;
    // The pictures the bodies show (![alt](./images/x.png)), read when a body names them.
    if (name === IMAGE_DIR && entry.isDirectory()) continue;
    if (name.endsWith('.md')) {
      files.push(file);
      const length = name.length - '.md'.length;
      if (length > MAX_SLUG_LENGTH)
        problems.push({
          file,
          message: `the file name is ${length} characters long without ".md"; a slug has at most ${MAX_SLUG_LENGTH} (it names the folder /artikel/{slug}/ and the social card's file), so shorten it`,
        });
    } else if (name.endsWith('.html'))
      problems.push({
        file,
        message: `article bodies are Markdown files now; move its front matter and body into ${file.replace(/\.html$/, '.md')} (docs/content.md) and delete it`,
      });
    else
      problems.push({
        file,
        message: `is not an article; ${ARTICLE_DIR}/ holds only Markdown files named {slug}.md and an ${IMAGE_DIR}/ folder for the pictures the bodies show`,
      });
  }
  if (files.length === 0 && problems.length === 0)
    problems.push({
      file: `${ARTICLE_DIR}/`,
      message: 'has no articles; expected at least one {slug}.md file',
    });
  return files;
}

/**
 * The front matter's YAML text (from line 2) and the body after the closing "---" line, or
 * undefined when the file does not open with "---" or never closes it. Pure; parses nothing.
 */
export function locateFrontMatter(text: string): { yamlText: string; body: string } | undefined {
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return undefined;
  return {
    yamlText: rest.slice(0, closing.index),
    body: rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, ''),
  };
}

/** Orders text by code unit, the same on every machine and locale. Pure. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Line breaks in `text` (LF; a CRLF counts once). Pure. */
export function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The file opens a front matter ("---" on line 1), closed or not. Pure. */
export function opensFrontMatter(text: string): boolean {
  return OPENING.test(text);
}
