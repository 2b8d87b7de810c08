import type { PublicFile } from '../content/public-folder.ts';
import type { Problem } from '../errors/problem.ts';
import { findNameCollisions, foldName, howNamesDiffer } from '../host/name-fold.ts';
import { OUTPUT_MARKER } from '../output/output-dir.ts';
import { FEED_FILE } from '../pages/addresses.ts';
import { listDataUrl } from '../pages/paging.ts';
import { type Page, perPageList } from '../pages/routes.ts';

/**
 * The maintainer's public/ folder and the article aliases meet sitegen's own files here: which
 * output paths sitegen writes (so neither a public file nor a redirect page may take one, or
 * stand where one needs a folder), and public/_headers merged after sitegen's rules. Paths are
 * compared as a case-insensitive, normalising disk or host sees them (host/name-fold.ts):
 * `public/Index.html` takes index.html there.
 */

/** Folders sitegen writes whole (each its own fold), with what they hold: no public file goes inside them. */
const GENERATED_FOLDERS: ReadonlyMap<string, string> = new Map([
  ['assets', 'the fingerprinted stylesheet, script, icon, article images and list data'],
  ['og', 'the social cards'],
]);

/** The files every build writes at the top, whatever the content, with what each is. */
const HOST_FILES: ReadonlyMap<string, string> = new Map([
  ['robots.txt', "sitegen's robots.txt (it names the sitemap)"],
  ['sitemap.xml', 'the sitemap'],
  [FEED_FILE, 'the Atom feed'],
  ['_headers', 'the headers file (public/_headers is merged into it, never copied)'],
  ['_redirects', 'the redirects file (public/_redirects is merged into it, never copied)'],
  ['.nojekyll', 'the GitHub Pages switch that turns Jekyll off'],
  [OUTPUT_MARKER, "the output folder's marker"],
]);

/** A sitemap index's parts (files/sitemap.ts), written past 50,000 URLs. */
const SITEMAP_PART = /^sitemap-\d+\.xml$/;

/**
 * Every file a build writes outside GENERATED_FOLDERS, by output path, with what it is: the
 * pages (and what each is the page of), each paged list's data file ("artikel/list.json") and
 * the host files. Made once per array of pages; the caller changes neither. Pure apart from
 * that memo.
 */
export const generatedFiles: (pages: readonly Page[]) => Map<string, string> =
  perPageList(generatedFilesOf);

function generatedFilesOf(pages: readonly Page[]): Map<string, string> {
  const files = new Map(HOST_FILES);
  for (const page of pages) {
    files.set(page.outputPath, `the page ${page.url} (${page.template}, from ${page.source})`);
    if ('list' in page) {
      const { listUrl } = page.list;
      files.set(listDataUrl(listUrl).slice(1), `the data of the list ${listUrl}`);
    }
  }
  return files;
}

/**
 * One problem per public file that would take a path sitegen writes (`generated`: from
 * generatedFiles), go inside a folder sitegen writes whole (assets/, og/), be a file where
 * sitegen writes a folder, or be a folder where sitegen writes a file. Each names the public
 * file and the generated one; all are found at once. Pure.
 */
export function publicClashes(files: PublicFile[], generated: Map<string, string>): Problem[] {
  const written = writtenOf(generated);
  const problems: Problem[] = [];
  for (const file of files) {
    const message = clashOf(file.path, written);
    if (message) problems.push({ file: file.source, message });
  }
  return [...problems, ...publicPairs(files, problems)];
}

/**
 * One problem per public file that is another public file but for letter case or Unicode
 * normalisation (`café.txt` in NFC and NFD), on the odd spelling; files `refused` already (by
 * their source) are left out. Pure.
 */
function publicPairs(files: PublicFile[], refused: Problem[]): Problem[] {
  const sourceOf = new Map(files.map((file) => [file.path, file.source]));
  const done = new Set(refused.map((problem) => problem.file));
  const problems: Problem[] = [];
  for (const { first, second } of findNameCollisions(files.map((file) => file.path))) {
    const [one, other] = [sourceOf.get(second)!, sourceOf.get(first)!];
    if (done.has(one) || done.has(other)) continue;
    const message = `is ${other} ${howNamesDiffer(second, first)}; rename or remove one of them`;
    problems.push({ file: one, message });
  }
  return problems;
}

/**
 * One problem per alias (front matter `aliases`) whose redirect page would go where a public file
 * may not (publicClashes): inside assets/ or og/, inside a folder where sitegen writes a file
 * (`/feed.xml/`), or as a file where it writes a folder. An alias at the very address of a page
 * is found with the pages (pages/routes.ts). At the alias's line. Made once per array of
 * pages. Pure apart from that memo.
 */
export const aliasPathClashes: (pages: readonly Page[]) => Problem[] =
  perPageList(aliasPathClashesOf);

function aliasPathClashesOf(pages: readonly Page[]): Problem[] {
  const generated = generatedFiles(pages.filter((page) => page.template !== 'RedirectPage'));
  const written = writtenOf(generated);
  const problems: Problem[] = [];
  for (const page of pages) {
    if (page.template !== 'RedirectPage') continue;
    const message = clashOf(page.outputPath, written);
    if (!message) continue;
    const { alias, article } = page;
    const shown = `alias ${JSON.stringify(alias.address)} (its redirect page ${page.outputPath})`;
    const where = { file: article.source, line: alias.line, column: alias.column };
    problems.push({ ...where, message: `${shown} ${message}` });
  }
  return problems;
}

/** What sitegen writes, each file and folder under its fold (foldName), as it spells it. */
interface Written {
  files: Map<string, { path: string; what: string }>;
  /** Every folder a generated file is in ("artikel", "brand/loyal4d"), with one file it holds. */
  folders: Map<string, { path: string; holds: string }>;
}

/** `generated` (from generatedFiles) by fold, with the folders its files are in. Pure. */
function writtenOf(generated: Map<string, string>): Written {
  const written: Written = { files: new Map(), folders: new Map() };
  for (const [file, what] of generated) {
    written.files.set(foldName(file), { path: file, what });
    for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) {
      const folder = file.slice(0, end);
      const key = foldName(folder);
      if (!written.folders.has(key)) written.folders.set(key, { path: folder, holds: file });
    }
  }
  return written;
}

/**
 * Why a file at `file` (output path; a public file or a redirect page) cannot be written, or
 * undefined: every comparison by fold, so a name sitegen writes but for letter case clashes too.
 * Pure.
 */
function clashOf(file: string, written: Written): string | undefined {
  const key = foldName(file);
  const hit = written.files.get(key);
  if (hit) {
    const note =
      hit.path === file ? '' : `; ${file} is that name ${howNamesDiffer(file, hit.path)}`;
    return `would replace ${hit.path}, which sitegen writes: ${hit.what}${note}; rename or remove it`;
  }
  if (SITEMAP_PART.test(key))
    return `would replace ${file}, a name sitegen gives the parts of a big sitemap; rename it`;
  const spelled = file.split('/')[0];
  const top = foldName(spelled);
  const folderWhat = GENERATED_FOLDERS.get(top);
  if (folderWhat) {
    const where = key === top ? 'is a file where sitegen writes the folder' : 'is inside';
    const as = spelled === top ? '' : ` (spelled ${spelled}/)`;
    return `${where} ${top}/${as}, which sitegen writes whole (${folderWhat}); put it in another folder`;
  }
  const folder = written.folders.get(key);
  if (folder) {
    const what = written.files.get(foldName(folder.holds))!.what;
    return `is a file where sitegen writes the folder ${folder.path}/ (holding ${folder.holds}: ${what}); rename it`;
  }
  return parentClash(file, written);
}

/** Why `file` cannot go inside a folder whose name sitegen gives a file, or undefined. Pure. */
function parentClash(file: string, written: Written): string | undefined {
  for (let end = file.lastIndexOf('/'); end !== -1; end = file.lastIndexOf('/', end - 1)) {
    const parent = file.slice(0, end);
    const hit = written.files.get(foldName(parent));
    if (hit)
      return `is inside a folder ${parent}/, where sitegen writes the file ${hit.path}: ${hit.what}; move it`;
  }
  return undefined;
}

/**
 * sitegen's `_headers` followed by the maintainer's public/_headers, after a comment line saying
 * where those rules come from; sitegen's alone when there is none (or it is blank). Pure.
 */
export function mergeHeaders(own: string, maintainer: string | undefined): string {
  if (maintainer === undefined || maintainer.trim() === '') return own;
  const rules = maintainer.endsWith('\n') ? maintainer : `${maintainer}\n`;
  return `${own}\n# From public/_headers (the site's own rules, after sitegen's):\n${rules}`;
}
