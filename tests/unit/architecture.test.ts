import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/paths.ts';

/** Every module specifier imported by the .ts/.tsx files of one src/ folder. */
function importsOf(folder: string): { file: string; specifier: string }[] {
  const dir = path.join(REPO, 'src', folder);
  return readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((name) =>
      [...readFileSync(path.join(dir, name), 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
        file: `${folder}/${name}`,
        specifier: m[1],
      })),
    );
}

describe('dependencies flow one way', () => {
  it('content imports only its own files', () => {
    for (const { file, specifier } of importsOf('content')) expect(specifier, file).toMatch(/^\.\/[\w-]+\.ts$/);
  });

  it('templates import only React types, each other and content types; no I/O', () => {
    for (const { file, specifier } of importsOf('templates')) {
      expect(specifier, file).toMatch(/^(react|\.\/[\w-]+\.tsx?)$/);
    }
    for (const name of readdirSync(path.join(REPO, 'src/templates')).filter((n) => n.endsWith('.tsx'))) {
      expect(readFileSync(path.join(REPO, 'src/templates', name), 'utf8'), name).not.toMatch(/\b(process|Date\.now|Math\.random|fetch)\b|node:/);
    }
  });

  it('the client script imports nothing (no React in the browser)', () => {
    expect(importsOf('client')).toEqual([]);
  });
});

describe('types', () => {
  it('the whole project type-checks (tsc --noEmit)', async () => {
    const run = promisify(execFile);
    const result = await run(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', REPO]).catch(
      (error) => error,
    );
    expect(result.stdout ?? '', 'tsc output').toBe('');
  }, 180_000);
});
