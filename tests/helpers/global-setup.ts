import { rm } from 'node:fs/promises';
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
  }
}

/** Builds the shipped site once with the real CLI; output and browser tests read it. */
export default async function setup(project: TestProject) {
  const distDir = path.join(os.tmpdir(), `sitegen-dist-${process.pid}`);
  const result = await runCli(['build', '--out', distDir]);
  if (result.code !== 0) {
    throw new Error(
      `sitegen build failed (exit ${result.code}):\n${result.stderr}${result.stdout}`,
    );
  }
  project.provide('distDir', distDir);
  return async () => {
    await rm(distDir, { recursive: true, force: true });
  };
}
