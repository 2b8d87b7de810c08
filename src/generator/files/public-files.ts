import type { PublicFile } from '../content/public-folder.ts';
import type { Problem } from '../errors/problem.ts';
import { OUTPUT_MARKER } from '../output/output-dir.ts';
import { FEED_FILE } from '../pages/addresses.ts';
import { listDataUrl } from '../pages/paging.ts';
import type { Page } from '../pages/routes.ts';

/**
 * The maintainer's public/ folder and the article aliases meet sitegen's own files here: which
 * output paths sitegen writes (so neither a public file nor a redirect page may take one, or
 * stand where one needs a folder), and public/_headers merged after sitegen's rules.
 */

/** Folders sitegen writes whole, with what they hold: no public file goes inside them. */
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
 * the host files. Pure.
 */
export function generatedFiles(pages: Page[]): Map<string, string> {
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
  const folders = generatedFolders(generated);
  const problems: Problem[] = [];
  for (const file of files) {
    const message = clashOf(file.path, generated, folders);
    if (message) problems.push({ file: file.source, message });
  }
  return problems;
}

/**
 * One problem per alias (front matter `aliases`) whose redirect page would go where a public file
 * may not (publicClashes): inside assets/ or og/, inside a folder where sitegen writes a file
 * (`/feed.xml/`), or as a file where it writes a folder. An alias at the very address of a page
 * is found with the pages (pages/routes.ts). At the alias's line. Pure.
 */
export function aliasPathClashes(pages: Page[]): Problem[] {
  const generated = generatedFiles(pages.filter((page) => page.template !== 'RedirectPage'));
  const folders = generatedFolders(generated);
  const problems: Problem[] = [];
  for (const page of pages) {
    if (page.template !== 'RedirectPage') continue;
    const message = clashOf(page.outputPath, generated, folders);
    if (!message) continue;
    const { alias, article } = page;
    const shown = `alias ${JSON.stringify(alias.address)} (its redirect page ${page.outputPath})`;
    const where = { file: article.source, line: alias.line, column: alias.column };
    problems.push({ ...where, message: `${shown} ${message}` });
  }
  return problems;
}

/** Every folder a generated file is in ("artikel", "brand/loyal4d"), with one file it holds. */
function generatedFolders(generated: Map<string, string>): Map<string, string> {
  const folders = new Map<string, string>();
  for (const file of generated.keys()) {
    for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) {
      const folder = file.slice(0, end);
      if (!folders.has(folder)) folders.set(folder, file);
    }
  }
  return folders;
}

/** Why the public file at `file` (output path) cannot be copied, or undefined. Pure. */
function clashOf(
  file: string,
  generated: Map<string, string>,
  folders: Map<string, string>,
): string | undefined {
  const what = generated.get(file);
  if (what) return `would replace ${file}, which sitegen writes: ${what}; rename or remove it`;
  if (SITEMAP_PART.test(file))
    return `would replace ${file}, a name sitegen gives the parts of a big sitemap; rename it`;
  const top = file.split('/')[0];
  const folderWhat = GENERATED_FOLDERS.get(top);
  if (folderWhat) {
    const where = file === top ? 'is a file where sitegen writes the folder' : 'is inside';
    return `${where} ${top}/, which sitegen writes whole (${folderWhat}); put it in another folder`;
  }
  const holds = folders.get(file);
  if (holds)
    return `is a file where sitegen writes the folder ${file}/ (holding ${holds}: ${generated.get(holds)}); rename it`;
  for (let end = file.lastIndexOf('/'); end !== -1; end = file.lastIndexOf('/', end - 1)) {
    const parent = file.slice(0, end);
    const parentWhat = generated.get(parent);
    if (parentWhat)
      return `is inside a folder ${parent}/, where sitegen writes the file ${parent}: ${parentWhat}; move it`;
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
