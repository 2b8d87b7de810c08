/**
 * What the docs and the comments name exists (issue 30): every file path named in
 * ARCHITECTURE.md, README.md, docs/*.md and the comments under src/ and tests/, and every
 * function ARCHITECTURE.md names as `name()` or `name(args)` in backticks, or a comment as
 * name(). A file or function renamed or removed without its mentions fails here, naming each
 * mention by file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/paths.ts';

/** Named on purpose though no file of the repository has the name; each says why. */
const NOT_FILES = new Set([
  // Astro's file, the model errors/errors-data.ts cites.
  'core/errors/errors-data.ts',
  // The name esbuild gives the site bundle's stdin entry (bundle-site.ts ENTRY_SOURCE).
  '../link/sitegen-entry.ts',
  // A placeholder in the example of an error's place.
  'src/templates/X.tsx',
  // The bundles bin/bundle-cli.mjs writes into bin/.cli/ (built, not sources).
  'cli.mjs',
  'worker.mjs',
  // The files a bundle-cache test writes into a project of its own.
  'note.ts',
  'note.tsx',
  // The regex checker body-policy.ts replaced, named by the tests that outlived it.
  'check-body-html.ts',
]);

/** Functions of other projects a comment names as name(); each says whose. */
const NOT_OURS = new Set([
  // sharp's
  'removeAlpha',
  // Astro's, the model of pages/paging.ts
  'paginate',
]);

/** A path or name a text gives, and where: "file:line". */
interface Mention {
  at: string;
  name: string;
}

/**
 * Every file under `dir` (relative to the repository, with "/"), leaving out node_modules,
 * dist and hidden folders (.git, build leftovers such as bin/.cli-*). Reads disk.
 */
function repoFiles(dir = ''): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist')
      return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? repoFiles(relative) : [relative];
  });
}

const FILES = repoFiles();
const FILE_NAMES = new Set(FILES.map((file) => path.posix.basename(file)));
const SOURCES = FILES.filter((file) => /^(src|tests)\/.+\.(tsx?|mjs)$/.test(file));
const DOCS = ['ARCHITECTURE.md', 'README.md', ...FILES.filter((f) => /^docs\/[^/]+\.md$/.test(f))];

/** A .ts, .tsx or .mjs path, with or without folders; not a glob (`*.test.ts`), nor a URL's tail. */
const PATH = /(?<![\w./*@$-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]*[\w-]\.(?:tsx?|mjs))(?![\w/-])/g;
/** A URL, whose path is another site's. */
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]`'"]*/gi;
/** name() or receiver.name() in a comment: the name. */
const CALL = /(?<![\w$.])(?:[\w$]+\.)*([A-Za-z_$][\w$]*)\(\)/g;
/** `name()`, `name(args)` or `receiver.name(args)` as a whole code span: the name. */
const CODE_CALL = /`(?:[\w$]+\.)*([A-Za-z_$][\w$]*)\([^`()]*\)`/g;

/** The file paths `text` names (URLs left out), as the tests below find them. Pure. */
function pathsIn(text: string): string[] {
  return mentionsIn(text, '', 1, PATH).map(({ name }) => name);
}

/** Each match of `pattern` (its first group) in `text`, which starts at `file`:`line`. Pure. */
function mentionsIn(text: string, file: string, line: number, pattern: RegExp): Mention[] {
  return [...text.replace(URL_TEXT, (url) => ' '.repeat(url.length)).matchAll(pattern)].map(
    (match) => ({
      at: `${file}:${line + text.slice(0, match.index).split('\n').length - 1}`,
      name: match[1],
    }),
  );
}

const parsed = new Map<string, ts.SourceFile>();

/** A source file's syntax tree, parsed once for both tests. Reads disk. */
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (source) return source;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const text = readFileSync(path.join(REPO, file), 'utf8');
  source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  parsed.set(file, source);
  return source;
}

/** Every comment of a source file with its first line, each once. Reads disk. */
function commentsOf(file: string): { text: string; line: number }[] {
  const source = parse(file);
  const text = source.getFullText();
  const found = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? [])
      found.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, node.end) ?? [])
      found.set(range.pos, range);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].map((range) => ({
    text: text.slice(range.pos, range.end),
    line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
  }));
}

/** What `pattern` finds in the comments of src/ and tests/. Reads disk. */
function inComments(pattern: RegExp): Mention[] {
  return SOURCES.flatMap((file) =>
    commentsOf(file).flatMap(({ text, line }) => mentionsIn(text, file, line, pattern)),
  );
}

/** What `pattern` finds in the docs. Reads disk. */
function inDocs(pattern: RegExp, docs = DOCS): Mention[] {
  return docs.flatMap((doc) =>
    mentionsIn(readFileSync(path.join(REPO, doc), 'utf8'), doc, 1, pattern),
  );
}

/**
 * Whether the file `name` exists: a bare name as any file's name; with folders, from the
 * repository, src/generator, src/, or the naming file's folder or one above it (`./` and `../`
 * from the naming file's folder only). Reads disk.
 */
function fileExists(name: string, namedIn: string): boolean {
  if (!name.includes('/')) return FILE_NAMES.has(name);
  const here = path.posix.dirname(namedIn);
  const above = here.split('/').map((_, index, parts) => parts.slice(0, index).join('/'));
  const roots = name.startsWith('.') ? [here] : ['src/generator', 'src', here, ...above];
  return roots.some((root) => isFile(path.join(REPO, root, name)));
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The name a declaration gives, when it is a plain identifier. */
function declaredName(node: ts.Node): string | undefined {
  const named =
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isBindingElement(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isGetAccessorDeclaration(node);
  return named && node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
}

/** Every function, class, variable, method or member src/ and tests/ define. Reads disk. */
function definedNames(): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    const name = declaredName(node);
    if (name) names.add(name);
    ts.forEachChild(node, visit);
  };
  for (const file of SOURCES) visit(parse(file));
  return names;
}

/** The names of the runtime's globals and their members (`JSON.parse()`, `.trim()`). */
function runtimeNames(): Set<string> {
  const names = new Set<string>();
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    names.add(name);
    const value = (globalThis as Record<string, unknown>)[name];
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) continue;
    for (const member of Object.getOwnPropertyNames(value)) names.add(member);
    const prototype = (value as { prototype?: unknown }).prototype;
    if (prototype && typeof prototype === 'object')
      for (const member of Object.getOwnPropertyNames(prototype)) names.add(member);
  }
  return names;
}

describe('the docs and comments name what exists', () => {
  it('every file path in ARCHITECTURE.md, README.md, docs/ and the comments of src/ and tests/ exists', () => {
    const mentions = [...inDocs(PATH), ...inComments(PATH)].filter(
      ({ at, name }) => !NOT_FILES.has(name) && !fileExists(name, at.split(':')[0]),
    );
    expect(mentions.map(({ at, name }) => `${at} ${name}`)).toEqual([]);
  });

  it('every function ARCHITECTURE.md names as `name(...)`, or a comment as name(), is defined', () => {
    const defined = definedNames();
    const runtime = runtimeNames();
    const mentions = [...inDocs(CODE_CALL, ['ARCHITECTURE.md']), ...inComments(CALL)];
    expect(mentions.length).toBeGreaterThan(30);
    const missing = mentions.filter(
      ({ name }) => !defined.has(name) && !runtime.has(name) && !NOT_OURS.has(name),
    );
    expect(missing.map(({ at, name }) => `${at} ${name}()`)).toEqual([]);
  });

  it('takes paths from prose, not URLs, globs, package names or abbreviations', () => {
    const text = [
      'see src/generator/build/builder.ts, ./x/y.tsx and ../up.ts; kind-home.ts.',
      'https://github.com/withastro/astro/blob/main/core/errors/errors-data.ts is theirs',
      'every tests/cli/*.test.ts and kind-*.ts; markdown-it, e.g. node:fs, foo.tsx not foo.ts x',
      'bin/bundle-cli.mjs, a .ts file, index.ts/',
    ].join('\n');
    expect(pathsIn(text)).toEqual([
      'src/generator/build/builder.ts',
      './x/y.tsx',
      '../up.ts',
      'kind-home.ts',
      'foo.tsx',
      'foo.ts',
      'bin/bundle-cli.mjs',
    ]);
  });

  it('takes function names from calls with their line, not from prose', () => {
    const text = 'as `builder.update()` does (e.g. after a save)\nthen `runCommand(argv, io)`';
    expect(mentionsIn(text, 'A.md', 3, CODE_CALL)).toEqual([
      { at: 'A.md:3', name: 'update' },
      { at: 'A.md:4', name: 'runCommand' },
    ]);
    expect(mentionsIn('calls listPages() (or `x.y()`) and f (a)', 'a.ts', 1, CALL)).toEqual([
      { at: 'a.ts:1', name: 'listPages' },
      { at: 'a.ts:1', name: 'y' },
    ]);
  });
});
