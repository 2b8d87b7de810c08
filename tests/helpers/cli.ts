import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLI, REPO } from './paths.ts';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `sitegen ...args` as a child process and collects its exit code and output. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, CI: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A fresh temporary folder; removed by the returned cleanup. */
export async function makeTempDir(prefix = 'sitegen-test-'): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Copies the project's src/ into `dir`/src, so a test can break it without touching the repo. */
export async function copyProject(dir: string): Promise<string> {
  await cp(path.join(REPO, 'src'), path.join(dir, 'src'), { recursive: true });
  return dir;
}
