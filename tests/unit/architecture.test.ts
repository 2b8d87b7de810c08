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

  it('resolves dynamic imports and paths, not specifier text', () => {
    const probe = path.join(REPO, 'src/generator/build/site-run.ts');
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
