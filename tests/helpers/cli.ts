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

/**
 * Runs `sitegen ...args` as a child process and collects its exit code and output. With
 * `timeoutMs`, a run that has not ended by then is killed (SIGKILL; code null). Colour
 * settings of the shell running the tests are not passed on (FORCE_COLOR would add escape
 * codes to the output); a test sets them in `env`.
 */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliResult> {
  return runProcess(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO, ...options });
}

/**
 * Runs any command (a launcher, a shell pipeline) the way runCli runs sitegen: CI=1, the
 * shell's colour settings left out, stdout and stderr collected, an optional SIGKILL timeout.
 */
export function runProcess(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { ...process.env, CI: '1', FORCE_COLOR: undefined, NO_COLOR: undefined, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            stderr += `\n[test helper] killed after ${options.timeoutMs} ms\n`;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A fresh temporary folder; removed by the returned cleanup. */
export async function makeTempDir(
  prefix = 'sitegen-test-',
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Copies the project's src/ into `dir`/src, so a test can break it without touching the repo. */
export async function copyProject(dir: string): Promise<string> {
  await cp(path.join(REPO, 'src'), path.join(dir, 'src'), { recursive: true });
  return dir;
}

export interface RunningCli {
  /** Everything printed so far: stdout, then stderr. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in stdout or stderr, waiting up to `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** The process's PID. */
  pid: number;
  /** Sends a signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts a long-running `sitegen ...args` (watch, preview) and lets a test follow its output. */
export function startCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): RunningCli {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, CI: '1', FORCE_COLOR: undefined, NO_COLOR: undefined, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      if (signal) stderr += `\n[test helper] process ended by ${signal}\n`;
      resolve(code);
    }),
  );
  return {
    pid: child.pid!,
    output: () => stdout + stderr,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(pattern) ?? stderr.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${stdout}${stderr}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Retries `probe` every 20 ms until it returns a truthy value; the cap (`timeoutMs`) only bounds
 * a hang. `context` (the output of the process under test, say) is added to the error then.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  timeoutMs = 20_000,
  context?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const more = context ? `\n${context()}` : '';
      throw new Error(`condition not met in ${timeoutMs} ms (last: ${String(last)})${more}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
