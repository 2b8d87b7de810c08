import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli.ts';
import { CLI, REPO } from '../helpers/paths.ts';
import { hashTree } from '../helpers/tree.ts';

/**
 * Starts a build and SIGKILLs it: `ms` after start, or, with `afterWriteStartsMs`, that
 * long after its temporary output folder appears (so the kill lands mid-write).
 */
/**
 * The build these tests kill: without social cards, whose drawing (1,505 of them, about a minute
 * of CPU) would only make the first build slow; the writer and its swap are the same for every
 * file it writes.
 */
const BUILD = ['build', '--no-cards', '--root'];

function buildAndKill(
  root: string,
  when: { ms?: number; afterWriteStartsMs?: number },
  signal: NodeJS.Signals = 'SIGKILL',
  flags: string[] = [],
): Promise<{
  signal: NodeJS.Signals | null;
  code: number | null;
  wasWriting: boolean;
  stderr: string;
}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...BUILD, root, ...flags], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CI: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const tempDir = path.join(root, `.dist.tmp-${child.pid}`);
    let wasWriting = false;
    const kill = () => {
      wasWriting = existsSync(tempDir);
      child.kill(signal);
    };
    const timers: NodeJS.Timeout[] = [];
    if (when.ms !== undefined) timers.push(setTimeout(kill, when.ms));
    if (when.afterWriteStartsMs !== undefined) {
      const poll = setInterval(() => {
        if (!existsSync(tempDir)) return;
        clearInterval(poll);
        timers.push(setTimeout(kill, when.afterWriteStartsMs));
      }, 5);
      timers.push(poll);
    }
    child.on('close', (code, endedBy) => {
      for (const timer of timers) clearTimeout(timer);
      resolve({ signal: endedBy, code, wasWriting, stderr });
    });
  });
}

describe('a build killed at any moment leaves the previous output complete', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'site');
    // 1,500 articles: a build long enough (about a second) to be killed mid-write.
    await new Promise<void>((resolve, reject) => {
      const gen = spawn(
        process.execPath,
        [path.join(REPO, 'bench/generate.mjs'), '--articles', '1500', '--out', root],
        { stdio: 'ignore' },
      );
      gen.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`generate exited ${code}`)),
      );
    });
    const first = await runCli([...BUILD, root]);
    expect(first.code, first.stderr).toBe(0);
    // Budgets are upper bounds for a loaded 2-core machine, not expectations.
  }, 240_000);
  afterAll(() => temp.remove());

  // An incremental build (the default: unchanged pages are moved in from the previous output
  // at commit) and a full one (--fresh: every file written again).
  it.each([
    ['an incremental', []],
    ['a full', ['--fresh']],
  ])(
    'survives kill -9 at several points of %s build',
    async (_, flags) => {
      const dist = path.join(root, 'dist');
      const before = hashTree(dist);
      const moments = [
        { ms: 50 },
        { ms: 250 },
        { afterWriteStartsMs: 0 },
        { afterWriteStartsMs: 60 },
        { afterWriteStartsMs: 150 },
        { afterWriteStartsMs: 300 },
      ];
      let killedMidWrite = 0;
      for (const when of moments) {
        const result = await buildAndKill(root, when, 'SIGKILL', flags);
        if (result.signal === 'SIGKILL' && result.wasWriting) killedMidWrite++;
        expect(hashTree(dist), `after a kill at ${JSON.stringify(when)}`).toEqual(before);
      }
      // Most kills must land while pages are being written, or the test proves little.
      expect(killedMidWrite).toBeGreaterThanOrEqual(3);

      const after = await runCli([...BUILD, root]);
      expect(after.code, after.stderr).toBe(0);
      expect(hashTree(dist)).toEqual(before);
      expect(readdirSync(root).filter((name) => name.startsWith('.dist.'))).toEqual([]);
    },
    240_000,
  );

  it('Ctrl-C or SIGTERM mid-write removes the temporary folder and the lock and keeps the previous output', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const result = await buildAndKill(root, { afterWriteStartsMs: 60 }, signal);
      expect(result.wasWriting, 'the signal must land while pages are written').toBe(true);
      expect(result.code, result.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(result.stderr).toContain(
        `sitegen: build stopped by ${signal}; dist/ holds the last complete build, and no temporary folder is left.`,
      );
      expect(readdirSync(root).filter((name) => name.startsWith('.dist.'))).toEqual([]);
      expect(hashTree(dist)).toEqual(before);
    }
  }, 240_000);

  it('puts back the unchanged files a build killed while moving them into its new output had moved', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    const { mkdirSync, renameSync, writeFileSync } = await import('node:fs');
    // What a build with process id 999999 leaves when killed halfway through its moves: its
    // temporary folder (marked) holding some of the output's folders and files, and the journal.
    const temp = path.join(root, '.dist.tmp-999999');
    mkdirSync(path.join(temp, 'artikel'), { recursive: true });
    writeFileSync(
      path.join(temp, '.sitegen-output'),
      readFileSync(path.join(dist, '.sitegen-output')),
    );
    const articles = readdirSync(path.join(dist, 'artikel')).filter(
      (name) => !name.includes('.') && name !== 'halaman',
    );
    const units = [...articles.slice(0, 40).map((slug) => `artikel/${slug}`), 'index.html'];
    for (const unit of units) renameSync(path.join(dist, unit), path.join(temp, unit));
    writeFileSync(path.join(root, '.dist.moved-999999'), JSON.stringify(units));
    expect(hashTree(dist)).not.toEqual(before);

    // The next build puts them back before anything else: even one that then fails on a
    // broken article leaves the previous output whole.
    const article = path.join(root, 'src/content/articles', `${articles[0]}.md`);
    const text = readFileSync(article, 'utf8');
    writeFileSync(article, text.replace(/^readTime: .*$/m, 'readTime: lima'));
    const failed = await runCli([...BUILD, root]);
    writeFileSync(article, text);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('"readTime" is "lima"');
    expect(hashTree(dist)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith('.dist.'))).toEqual([]);
  }, 120_000);

  it('puts back an output folder left renamed by a kill between the two renames of the swap', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    const { renameSync } = await import('node:fs');
    renameSync(dist, path.join(root, '.dist.old-999999'));
    expect(existsSync(dist)).toBe(false);
    const result = await runCli([...BUILD, root]);
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(dist)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith('.dist.'))).toEqual([]);
  }, 120_000);
});
