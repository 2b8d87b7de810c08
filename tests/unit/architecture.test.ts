import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/paths.ts';

/**
 * The modules one source text imports or re-exports; `typeOnly` for `import type` and `export type`
 * (erased by esbuild).
 */
function importsIn(text: string): { specifier: string; typeOnly: boolean }[] {
  return [
    ...text.matchAll(/^\s*(?:import|export)(\s+type\b)?(?:[^'"]*from)?\s*['"]([^'"]+)['"]/gm),
  ].map((m) => ({
    specifier: m[2],
    typeOnly: m[1] !== undefined,
  }));
}

/** Every module imported by the .ts/.tsx files of one src/ folder. */
function importsOf(folder: string): { file: string; specifier: string; typeOnly: boolean }[] {
  const dir = path.join(REPO, 'src', folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((name) =>
      importsIn(readFileSync(path.join(dir, name), 'utf8')).map((found) => ({
        file: `${folder}/${name}`,
        ...found,
      })),
    );
}

describe('dependencies flow one way', () => {
  it('content imports only its own files', () => {
    for (const { file, specifier } of importsOf('content'))
      expect(specifier, file).toMatch(/^\.\/[\w-]+\.ts$/);
  });

  it('templates import only React, each other, content types and the content formatting helpers; no I/O', () => {
    for (const { file, specifier, typeOnly } of importsOf('templates')) {
      if (specifier === '../content/types.ts')
        expect(typeOnly, `${file}: content types are imported with "import type"`).toBe(true);
      else expect(specifier, file).toMatch(/^(react|\.\/[\w-]+\.tsx?|\.\.\/content\/format\.ts)$/);
    }
    for (const name of readdirSync(path.join(REPO, 'src/templates')).filter((n) =>
      n.endsWith('.tsx'),
    )) {
      expect(readFileSync(path.join(REPO, 'src/templates', name), 'utf8'), name).not.toMatch(
        /\b(process|Date\.now|Math\.random|fetch)\b|node:/,
      );
    }
  });

  it('the generator imports templates and content as types only, so the CLI bundle holds no site source', () => {
    const fromSite = importsOf('generator').filter(({ specifier }) =>
      /^\.\.\/\.\.\/(templates|content)\//.test(specifier),
    );
    expect(fromSite.length).toBeGreaterThan(0);
    for (const { file, specifier, typeOnly } of fromSite)
      expect(typeOnly, `${file} imports ${specifier} at runtime`).toBe(true);
  });

  it('tells type-only imports from runtime ones (a mixed or bare import counts as runtime)', () => {
    const text = [
      "import type { Layout } from '../templates/types.ts';",
      "export type * from '../content/types.ts';",
      "import { groupThousands } from '../templates/paths.ts';",
      "import { type Layout, href } from '../templates/paths.ts';",
      "import '../templates/styles.ts';",
      "export { seo } from '../content/seo.ts';",
      'import {',
      '  a,',
      "} from './multi-line.ts';",
    ].join('\n');
    expect(
      importsIn(text).map(
        ({ specifier, typeOnly }) => `${typeOnly ? 'type' : 'value'} ${specifier}`,
      ),
    ).toEqual([
      'type ../templates/types.ts',
      'type ../content/types.ts',
      'value ../templates/paths.ts',
      'value ../templates/paths.ts',
      'value ../templates/styles.ts',
      'value ../content/seo.ts',
      'value ./multi-line.ts',
    ]);
  });

  it('the client script imports only its own files (no React in the browser)', () => {
    const imports = importsOf('client');
    expect(imports.length).toBeGreaterThan(0);
    for (const { file, specifier } of imports)
      expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.ts$/);
  });
});

/**
 * The stage folders of src/generator, from the top of the pipeline down: a module may
 * import from its own folder and from folders below it, never from one above. ARCHITECTURE.md
 * describes each folder in this order.
 */
const GENERATOR_FOLDERS = [
  'cli',
  'dev',
  'check',
  'build',
  'workers',
  'files',
  'pages',
  'assets',
  'content',
  'site',
  'output',
  'host',
  'policy',
  'errors',
];

/** Every generator module as { file, folder } (paths relative to src/generator). */
function generatorModules(): { file: string; folder: string }[] {
  const root = path.join(REPO, 'src/generator');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ file: name.split(path.sep).join('/'), folder: name.split(path.sep)[0] }));
}

/** The files one module imports (static, dynamic and type imports), resolved to absolute paths. */
function resolvedImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/**
 * Every generator module (path relative to src/generator) with the generator modules it imports:
 * value, type and dynamic imports and re-exports alike.
 */
function generatorImportGraph(): Map<string, string[]> {
  const root = path.join(REPO, 'src/generator');
  const relative = (target: string) => path.relative(root, target).split(path.sep).join('/');
  return new Map(
    generatorModules().map(({ file }) => [
      file,
      resolvedImportsOf(path.join(root, file))
        .map(relative)
        .filter((target) => !target.startsWith('..')),
    ]),
  );
}

/**
 * The import circles of `graph`: within each group of files that reach each other (Tarjan's
 * strongly connected components), the shortest chain from a file back to itself, for each file
 * not yet on a chain, in file order. Pure.
 */
function circlesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  return stronglyConnected(graph).flatMap((group) => {
    const chains: string[][] = [];
    const onChain = new Set<string>();
    for (const file of [...group].sort()) {
      if (onChain.has(file)) continue;
      const chain = shortestCircle(graph, group, file);
      if (!chain) continue;
      chains.push(chain);
      for (const member of chain) onChain.add(member);
    }
    return chains;
  });
}

/** The shortest chain `start` -> ... -> `start` inside `group`, or undefined. Pure. */
function shortestCircle(
  graph: ReadonlyMap<string, readonly string[]>,
  group: ReadonlySet<string>,
  start: string,
): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const target of graph.get(next) ?? []) {
      if (!group.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, next);
      if (target === start) {
        const chain = [start];
        for (let at = next; at !== start; at = cameFrom.get(at) ?? start) chain.unshift(at);
        return [start, ...chain];
      }
      queue.push(target);
    }
  }
  return undefined;
}

/** Tarjan's strongly connected components of `graph`, in the order they close. Pure. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: Set<string>[] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) visit(target);
      if (stack.includes(target)) low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = new Set<string>();
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.add(member);
      if (member === file) break;
    }
    groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

describe('the generator is split into stage folders that depend downwards', () => {
  it('every module lives in one of the named stage folders', () => {
    for (const { file, folder } of generatorModules()) {
      expect(GENERATOR_FOLDERS, `${file} is not in a stage folder`).toContain(folder);
      expect(file.split('/').length, `${file}: one level of folders`).toBe(2);
    }
  });

  it('no module imports from a folder above its own', () => {
    const root = path.join(REPO, 'src/generator');
    const checked: string[] = [];
    for (const { file, folder } of generatorModules()) {
      for (const target of resolvedImportsOf(path.join(root, file))) {
        const relative = path.relative(root, target);
        if (relative.startsWith('..')) continue;
        const targetFolder = relative.split(path.sep)[0];
        checked.push(`${folder} -> ${targetFolder}`);
        const message = `${file} imports ${relative}: ${folder}/ may not import from ${targetFolder}/`;
        expect(GENERATOR_FOLDERS.indexOf(targetFolder), message).toBeGreaterThanOrEqual(
          GENERATOR_FOLDERS.indexOf(folder),
        );
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });

  it('ARCHITECTURE.md has a section per folder, in order, naming every module in its folder', () => {
    const doc = readFileSync(path.join(REPO, 'ARCHITECTURE.md'), 'utf8');
    const headings = [...doc.matchAll(/^### (\w+)\/ /gm)].map((match) => match[1]);
    expect(headings).toEqual(GENERATOR_FOLDERS);
    const sections = doc.split(/^### /m);
    for (const { file, folder } of generatorModules()) {
      const section = sections.find((text) => text.startsWith(`${folder}/ `)) ?? '';
      expect(section, `ARCHITECTURE.md does not name ${file}`).toContain(
        `\`${path.basename(file)}\``,
      );
    }
  });

  it('src/generator has no import circles (type imports included)', () => {
    const circles = circlesIn(generatorImportGraph()).map((chain) => chain.join(' -> '));
    expect(circles, 'import circles, each as a chain of files').toEqual([]);
  });

  it('names each import circle as a chain of files, the shortest through each file of it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'a.ts']],
      ['c.ts', ['b.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(circlesIn(graph)).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'b.ts', 'c.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('resolves dynamic imports and paths, not specifier text', () => {
    const probe = path.join(REPO, 'src/generator/build/load-pages.ts');
    const found = resolvedImportsOf(probe).map((target) =>
      path.relative(path.join(REPO, 'src/generator'), target),
    );
    expect(found).toContain(path.join('assets', 'article-images.ts'));
  });
});

// The types: `npx tsc --noEmit -p .` (npm run typecheck), a step of its own in .ci/run before
// npm test, not a test here (it ran the same 8 s of tsc a second time).

describe('size', () => {
  it('no function in src/generator is longer than 80 lines (bench/function-lengths.mjs, TypeScript AST)', async () => {
    const run = promisify(execFile);
    const result = await run(process.execPath, [
      path.join(REPO, 'bench/function-lengths.mjs'),
      '--max',
      '80',
    ]).catch((error) => error);
    expect(result.stderr ?? '', 'functions over the limit').toBe('');
    expect(result.code ?? 0).toBe(0);
  }, 60_000);
});
