import { cp } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type CliIo, runCommand } from '../../src/generator/cli/cli.ts';
import type { CliResult } from './cli.ts';

/**
 * The card and image cache every in-process run shares, filled once by the global setup's build
 * of the shipped site: a test draws only the cards it looks at (it names a cache of its own,
 * or none, in `env`).
 */
export const sharedCacheDir = (): string => inject('cacheDir');

/**
 * Runs `sitegen ...args` in this process, through the CLI's own `runCommand`: the same argv
 * parsing, builder, checks and printing as `npx sitegen`, with stdout and stderr collected and
 * the exit code returned instead of set. The environment is the test process's, as runCli passes
 * it (CI=1, no colour settings), with $SITEGEN_CACHE_DIR set to the run's shared cache unless
 * `env` names it (`{ SITEGEN_CACHE_DIR: undefined }`: the project's own). Relative paths are
 * resolved against the repository, the test process's folder. For build, check and new; watch,
 * preview, signals and the launcher are started as processes (runCli, startCli).
 */
export async function sitegen(
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    ({
      isTTY: false,
      write(chunk: string | Uint8Array) {
        append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return true;
      },
    }) as unknown as CliIo['stdout'];
  const code = await runCommand(args, {
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
    env: harnessEnv(options.env),
  });
  return { code, stdout, stderr };
}

/**
 * The environment of an in-process run: the test process's, as runCli passes it (CI=1, no colour
 * settings), $SITEGEN_CACHE_DIR the run's shared cache, then `more` (a key set to undefined
 * removes it).
 */
export function harnessEnv(more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: '1',
    FORCE_COLOR: undefined,
    NO_COLOR: undefined,
    SITEGEN_CACHE_DIR: sharedCacheDir(),
    ...more,
  };
}

/**
 * A cache folder of its own at `dir` holding the shared cache's social cards and article images:
 * for a `sitegen watch` process (whose dev output lives in its cache folder, so it cannot share
 * one) that should draw no card it does not look at. Returns `dir`.
 */
export async function cacheWithCards(dir: string): Promise<string> {
  for (const folder of ['cards', 'images']) {
    await cp(path.join(sharedCacheDir(), folder), path.join(dir, folder), {
      recursive: true,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  return dir;
}
