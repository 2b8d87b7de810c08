import { execFileSync } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO } from './paths.ts';

/** tests/fixtures: one folder per case, each a partial project (see its README.md). */
export const FIXTURES = path.join(REPO, 'tests/fixtures');

/**
 * Content files every project shares with the shipped site: the shape of content, its page copy
 * and its responsible-copy list.
 */
const SHARED_CONTENT = ['types.ts', 'seo.ts', 'format.ts', 'responsible.ts'];

/**
 * Assembles a project in `dir` from the shipped `src/templates` and `src/client` with each
 * named fixture laid over them in order (a later file wins): `fixtureProject(dir,
 * 'two-brands')` is the two-brand site; `fixtureProject(dir, 'two-brands', 'broken-template')`
 * the same site with the broken BrandPage. The shipped `src/content` is never copied: a
 * content fixture brings its own data (site.ts, brands.ts, index.ts, articles/*.md); the
 * shipped types.ts, seo.ts, format.ts and responsible.ts come with every project. Returns `dir`.
 */
export async function fixtureProject(dir: string, ...fixtures: string[]): Promise<string> {
  await mkdir(path.join(dir, 'src'), { recursive: true });
  for (const folder of ['templates', 'client']) {
    await cp(path.join(REPO, 'src', folder), path.join(dir, 'src', folder), { recursive: true });
  }
  for (const file of SHARED_CONTENT)
    await cp(path.join(REPO, 'src/content', file), path.join(dir, 'src/content', file));
  for (const fixture of fixtures) await layFixture(dir, fixture);
  return dir;
}

/** Lays one fixture's files over the project in `dir` (overwriting): a save of each file. */
export async function layFixture(dir: string, fixture: string): Promise<void> {
  await cp(path.join(FIXTURES, fixture), dir, { recursive: true, force: true });
}

/** Puts the shipped version of `file` (relative to the project root) back: undoes an override. */
export async function restoreShipped(dir: string, file: string): Promise<void> {
  await cp(path.join(REPO, file), path.join(dir, file), { force: true });
}

/**
 * Generates a project of `articles` synthetic listed articles at `dir` with bench/generate.mjs
 * (the shipped templates, client and content modules, Markdown articles). Returns `dir`.
 */
export function generatedProject(dir: string, articles: number): string {
  execFileSync(process.execPath, [
    path.join(REPO, 'bench/generate.mjs'),
    '--articles',
    String(articles),
    '--out',
    dir,
  ]);
  return dir;
}
