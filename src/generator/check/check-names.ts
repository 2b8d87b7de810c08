import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { formatBytes } from '../errors/format-text.ts';
import { findNameCollisions, howNamesDiffer } from '../host/name-fold.ts';
import { isReadForScripts, scriptFileProblems } from '../policy/script-files.ts';

/** The largest SVG or XML file check reads for scripts; a bigger one is a problem of its own. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * What a built folder's names and file kinds would do on a host: two names that are one on a
 * case-insensitive or normalising disk or host (host/name-fold.ts), a file and a folder
 * included, and every file a browser would run a script from outside the pages
 * (policy/script-files.ts; the pages themselves are check-output.ts's). `files`: every file,
 * relative to `root`. Each problem in a built file. Reads the SVG and XML files.
 */
export function checkNames(root: string, files: string[]): Problem[] {
  const problems = [...nameProblems(files), ...scriptProblems(root, files)];
  return problems.map((problem) => ({ ...problem, built: true }));
}

/**
 * One problem per name that is another's but for letter case or Unicode normalisation: two
 * files, or a file and a folder (two spellings of a folder merge, which loses no file), on the
 * file, else on the odd spelling ("Index.html", not "index.html": findNameCollisions). Pure.
 */
function nameProblems(files: string[]): Problem[] {
  const folders = new Set(files.flatMap(foldersOf));
  const problems: Problem[] = [];
  for (const { first, second } of findNameCollisions([...folders, ...files])) {
    if (folders.has(first) && folders.has(second)) continue;
    const [file, other] = folders.has(second) ? [first, second] : [second, first];
    const shown = folders.has(other) ? `the folder ${other}/` : other;
    problems.push({
      file,
      message: `is ${shown} ${howNamesDiffer(file, other)}; one of them replaces the other there`,
    });
  }
  return problems.sort((a, b) => (a.file! < b.file! ? -1 : a.file! > b.file! ? 1 : 0));
}

/** "a/b/c.txt" -> ["a", "a/b"]. Pure. */
function foldersOf(file: string): string[] {
  const folders: string[] = [];
  for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1))
    folders.push(file.slice(0, end));
  return folders;
}

/** scriptFileProblems of every file, each read only when it is an SVG or XML file. Reads disk. */
function scriptProblems(root: string, files: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    const unreadable = isReadForScripts(file) ? unreadableFile(full) : undefined;
    if (unreadable) problems.push({ file, message: unreadable });
    else {
      const read = () => readFileSync(full);
      for (const problem of scriptFileProblems(file, read, { pageRules: false }))
        problems.push({ file, ...problem });
    }
  }
  return problems;
}

/** Why the SVG or XML file `full` is not read for scripts, or undefined. Reads disk. */
function unreadableFile(full: string): string | undefined {
  const info = lstatSync(full);
  if (!info.isFile()) return 'is not a regular file; expected an SVG or XML file';
  if (info.size > MAX_READ_BYTES)
    return `is ${formatBytes(info.size)}, too large to read for scripts; expected at most ${formatBytes(MAX_READ_BYTES)}`;
  return undefined;
}
