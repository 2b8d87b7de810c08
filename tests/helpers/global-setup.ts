import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runCli } from './cli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Output folder of one real `sitegen build` of the shipped site, shared by output and browser
     * tests.
     */
    distDir: string;
    /**
     * The cache that build filled (the shipped site's 18 social cards, its article images): the
     * in-process harness (sitegen.ts) hands it to every run, so no test draws them again.
     */
    cacheDir: string;
  }
}

/**
 * Builds the shipped site once with the real CLI, into a cache of the run's own; output and
 * browser tests read the build, in-process builds share the cache.
 */
export default async function setup(project: TestProject) {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-run-'));
  const distDir = path.join(temp, 'dist');
  const cacheDir = path.join(temp, 'cache');
  const result = await runCli(['build', '--out', distDir], {
    env: { SITEGEN_CACHE_DIR: cacheDir },
  });
  if (result.code !== 0) {
    throw new Error(
      `sitegen build failed (exit ${result.code}):\n${result.stderr}${result.stdout}`,
    );
  }
  project.provide('distDir', distDir);
  project.provide('cacheDir', cacheDir);
  return async () => {
    await rm(temp, { recursive: true, force: true });
  };
}
