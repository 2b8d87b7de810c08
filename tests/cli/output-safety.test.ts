import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/generator/cli/cli.ts';
import { copyProject, makeTempDir, runCli, startCli } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { harnessEnv, sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/** The processes here share the run's card cache too: none draws the shipped site's cards. */
const sharedCache = (): NodeJS.ProcessEnv => ({ SITEGEN_CACHE_DIR: sharedCacheDir() });

/**
 * `sitegen ...args` in this process, as helpers/sitegen.ts runs it, but followed while it runs:
 * what it has printed on stderr so far, a wait for a line, and its exit code once it ends.
 */
function startSitegen(args: string[]) {
  let stderr = '';
  const listeners = new Set<() => void>();
  const sink = (append: (text: string) => void) =>
    ({
      isTTY: false,
      write(chunk: string | Uint8Array) {
        append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        for (const listener of listeners) listener();
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  const exited = runCommand(args, {
    stdout: sink(() => {}),
    stderr: sink((text) => (stderr += text)),
    env: harnessEnv(),
  });
  return {
    stderr: () => stderr,
    exited,
    /** Resolves with the first match of `pattern` on stderr; rejects if the run ends first. */
    waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stderr.match(pattern);
          if (!match) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; stderr so far:\n${stderr}`));
        }, timeoutMs);
        listeners.add(check);
        exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`ended (exit ${code}) before ${pattern}; stderr:\n${stderr}`));
        });
        check();
      });
    },
  };
}

/**
 * sitegen replaces its output folder whole, so it must never be handed someone else's
 * folder. Every refusal here asserts the exit code, the message and that the target's
 * bytes survived. Builds run in this process (helpers/sitegen.ts) with absolute paths; the real
 * CLI runs as a child process where its working folder or $HOME is what a test is about (a
 * relative --out, the home folder), for watch, and for the lock between two processes.
 */
describe('the output folder: sitegen only replaces what it wrote', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let home: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'site'));
    writeFileSync(path.join(project, 'README.md'), '# my site\n');
    mkdirSync(path.join(project, '.git'));
    writeFileSync(path.join(project, '.git/HEAD'), 'ref: refs/heads/main\n');
    home = path.join(temp.dir, 'home');
    mkdirSync(home);
    writeFileSync(path.join(home, '.profile'), 'export PATH\n');
  });
  afterAll(() => temp.remove());

  /**
   * The runs in this process name the project and the output by absolute paths: `--out .` and
   * `--out ..` are the paths they resolve to in the project folder, which the messages do not
   * show. `asProcess` runs the real CLI in the project folder with $HOME set to `home`: the home
   * folder, and watch.
   */
  const refusals: {
    name: string;
    args: () => string[];
    asProcess?: boolean;
    message: RegExp;
    target: () => string;
  }[] = [
    {
      name: 'the project folder (--out .)',
      args: () => ['build', '--root', project, '--out', project],
      message: /it is the project folder itself/,
      target: () => project,
    },
    {
      name: 'an empty --out (an unset $OUT)',
      args: () => ['build', '--root', project, '--out', ''],
      message: /The output folder is an empty string/,
      target: () => project,
    },
    {
      name: 'src/',
      args: () => ['build', '--root', project, '--out', path.join(project, 'src')],
      message: /it is inside src\//,
      target: () => project,
    },
    {
      name: 'a folder inside src/',
      args: () => ['build', '--root', project, '--out', path.join(project, 'src/content')],
      message: /it is inside src\//,
      target: () => project,
    },
    {
      name: 'a parent of the project (--out ..)',
      args: () => ['build', '--root', project, '--out', path.dirname(project)],
      message: /it contains the project folder/,
      target: () => temp.dir,
    },
    {
      name: 'the home folder',
      args: () => ['build', '--out', home],
      asProcess: true,
      message: /it is your home folder/,
      target: () => home,
    },
    {
      name: 'a file',
      args: () => ['build', '--root', project, '--out', path.join(project, 'README.md')],
      message: /it is a file, not a folder/,
      target: () => project,
    },
    {
      name: 'the filesystem root',
      args: () => ['build', '--root', project, '--out', '/'],
      message: /it is the root of the filesystem/,
      target: () => project,
    },
    {
      name: 'src/ from watch',
      args: () => ['watch', '--port', '0', '--out', 'src'],
      asProcess: true,
      message: /it is inside src\//,
      target: () => project,
    },
  ];

  for (const { name, args, asProcess, message, target } of refusals) {
    it(`refuses ${name} and leaves it byte-identical`, async () => {
      const before = hashTree(target());
      const result = asProcess
        ? await runCli(args(), { cwd: project, env: { HOME: home, ...sharedCache() } })
        : await sitegen(args());
      expect(result.code, result.stdout).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/unexpected failure|^\s+at /m);
      expect(hashTree(target())).toEqual(before);
    });
  }

  it('creates the missing parents of a new nested --out, relative or absolute, for build', async () => {
    // A relative --out is resolved in the folder sitegen runs in: the real CLI, in the project.
    const relative = await runCli(['build', '--out', 'build/site'], {
      cwd: project,
      env: sharedCache(),
    });
    expect(relative.code, relative.stderr).toBe(0);
    expect(existsSync(path.join(project, 'build/site/index.html'))).toBe(true);
    const absolute = path.join(temp.dir, 'builds', 'new', 'site');
    const result = await sitegen(['build', '--root', project, '--out', absolute]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(path.join(temp.dir, 'builds', 'new')).sort()).toEqual(['site']);
    expect(existsSync(path.join(absolute, '.sitegen-output'))).toBe(true);
  });

  it('creates the missing parents of a new nested --out for watch, relative or absolute', async () => {
    const absolute = path.join(temp.dir, 'watches', 'new', 'site');
    for (const [out, where] of [
      ['watch/new/site', path.join(project, 'watch/new/site')],
      [absolute, absolute],
    ]) {
      const watcher = startCli(['watch', '--out', out, '--port', '0'], {
        cwd: project,
        env: sharedCache(),
      });
      try {
        await watcher.waitFor(/serving http/);
        expect(existsSync(path.join(where, 'index.html')), out).toBe(true);
      } finally {
        expect(await watcher.stop()).toBe(0);
      }
    }
    expect(readdirSync(path.join(temp.dir, 'watches', 'new'))).toEqual(['site']);
  });

  it('creates no parent for a refused --out (a new folder inside src/)', async () => {
    const result = await sitegen([
      'build',
      '--root',
      project,
      '--out',
      path.join(project, 'src/new/site'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/it is inside src\//);
    expect(existsSync(path.join(project, 'src/new'))).toBe(false);
  });

  it('refuses a non-empty folder without the marker, names it and says what to do', async () => {
    const folder = path.join(temp.dir, 'photos');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'holiday.jpg'), 'not really a jpeg');
    const result = await sitegen(['build', '--root', project, '--out', folder]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Refusing to write the output into ${folder}: it is not empty (holiday.jpg) and has no .sitegen-output file`,
    );
    expect(result.stderr).toContain('Choose another folder with --out, or empty this one');
    expect(readdirSync(folder)).toEqual(['holiday.jpg']);
    expect(readFileSync(path.join(folder, 'holiday.jpg'), 'utf8')).toBe('not really a jpeg');
  });

  it('writes into an empty folder, marks it, and replaces a marked folder on the next build', async () => {
    const folder = path.join(temp.dir, 'empty');
    mkdirSync(folder);
    expect((await sitegen(['build', '--root', project, '--out', folder])).code).toBe(0);
    expect(readFileSync(path.join(folder, '.sitegen-output'), 'utf8')).toMatch(
      /written by sitegen build/,
    );
    writeFileSync(path.join(folder, 'stale.html'), 'from an older build');
    expect((await sitegen(['build', '--root', project, '--out', folder])).code).toBe(0);
    expect(existsSync(path.join(folder, 'stale.html'))).toBe(false);
    expect(existsSync(path.join(folder, 'index.html'))).toBe(true);
  });

  it('accepts a dist/ built before the marker existed once, and marks it; with a foreign file it refuses', async () => {
    const dist = path.join(project, 'dist');
    expect((await sitegen(['build', '--root', project])).code).toBe(0);
    // What a build from before the marker held: no marker, and none of the files added since
    // (cards, feed).
    for (const added of ['.sitegen-output', 'og', 'feed.xml'])
      rmSync(path.join(dist, added), { recursive: true });
    const upgraded = await sitegen(['build', '--root', project]);
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(existsSync(path.join(dist, '.sitegen-output'))).toBe(true);

    rmSync(path.join(dist, '.sitegen-output'));
    writeFileSync(path.join(dist, 'notes.txt'), 'mine');
    const before = hashTree(dist);
    const refused = await sitegen(['build', '--root', project]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has no \.sitegen-output file/);
    expect(hashTree(dist)).toEqual(before);
    rmSync(dist, { recursive: true });
  });

  it('never touches unmarked folders that look like its temporary or old siblings', async () => {
    const backup = path.join(project, '.dist.old-mybackup');
    const stray = path.join(project, '.dist.tmp-1');
    for (const dir of [backup, stray]) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'precious.txt'), dir);
    }
    const result = await sitegen(['build', '--root', project]);
    expect(result.code, result.stderr).toBe(0);
    for (const dir of [backup, stray])
      expect(readFileSync(path.join(dir, 'precious.txt'), 'utf8')).toBe(dir);
    rmSync(backup, { recursive: true });
    rmSync(stray, { recursive: true });
  });

  it('writes through an output path that is a symlink: the link stays, its target gets the build', async () => {
    const deploy = path.join(temp.dir, 'deploy');
    mkdirSync(deploy);
    const link = path.join(temp.dir, 'public');
    symlinkSync(deploy, link);
    for (let i = 0; i < 2; i++) {
      const result = await sitegen(['build', '--root', project, '--out', link]);
      expect(result.code, result.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe(deploy);
      expect(existsSync(path.join(deploy, 'kontak/index.html'))).toBe(true);
    }
    const dangling = path.join(temp.dir, 'dangling');
    symlinkSync(path.join(temp.dir, 'nowhere'), dangling);
    const result = await sitegen(['build', '--root', project, '--out', dangling]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the symlink points to nothing/);
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
  });

  it('bench/generate.mjs only replaces a folder it generated', async () => {
    const generate = (out: string, cwd = temp.dir) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [path.join(REPO, 'bench/generate.mjs'), '--articles', '2', '--out', out],
          { cwd },
        );
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => resolve({ code, stderr }));
      });
    const before = hashTree(project);
    const here = await generate('.', project);
    expect(here.code).toBe(1);
    expect(here.stderr).toMatch(
      /refusing to replace .*: it holds this checkout, the current folder or your home folder/,
    );
    expect(hashTree(project)).toEqual(before);

    const foreign = path.join(temp.dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, 'keep.txt'), 'keep');
    expect((await generate(foreign)).code).toBe(1);
    expect(readFileSync(path.join(foreign, 'keep.txt'), 'utf8')).toBe('keep');

    const generated = path.join(temp.dir, 'generated');
    expect((await generate(generated)).code).toBe(0);
    expect((await generate(generated)).code).toBe(0);
  });

  it('a build waits for another build into the same folder, and refuses a folder that watch holds', async () => {
    const out = path.join(temp.dir, 'shared');
    // Two builds at once, each in a process of its own: the real CLI, and this test's process.
    const results = await Promise.all([
      runCli(['build', '--root', project, '--out', out], { env: sharedCache() }),
      sitegen(['build', '--root', project, '--out', out]),
    ]);
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(temp.dir).filter((name) => name.startsWith('.shared.'))).toEqual([]);

    const watcher = startCli(['watch', '--root', project, '--out', out, '--port', '0'], {
      env: sharedCache(),
    });
    try {
      await watcher.waitFor(/serving http/);
      const before = hashTree(out);
      const result = await sitegen(['build', '--root', project, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /The output folder .*shared is in use by sitegen watch \(PID \d+\)\. Stop it first, or build into another folder with --out\./,
      );
      expect(hashTree(out)).toEqual(before);
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
    expect(existsSync(path.join(temp.dir, '.shared.lock'))).toBe(false);
    expect((await sitegen(['build', '--root', project, '--out', out])).code).toBe(0);
  });

  it('treats a lock held by a live process that is not sitegen (a reused PID) as stale, and builds at once', async () => {
    const out = path.join(temp.dir, 'reused');
    const lock = path.join(temp.dir, '.reused.lock');
    const sleeper = spawn('sleep', ['120']);
    try {
      // A lock of a sitegen before start times, and one whose start time is not the sleeper's.
      for (const holder of [
        { pid: sleeper.pid, command: 'build' },
        { pid: sleeper.pid, command: 'build', startTime: '1' },
      ]) {
        writeFileSync(lock, JSON.stringify(holder));
        // A lock it believed would make it wait up to 120 s, and say so at once: the test ends on
        // that line rather than at the end of the wait.
        const build = startSitegen(['build', '--root', project, '--out', out]);
        const outcome = await Promise.race([
          build.exited,
          build.waitFor(/waiting for/, 120_000).then(
            () => 'waiting',
            () => new Promise<never>(() => {}),
          ),
        ]);
        expect(outcome, build.stderr()).toBe(0);
        expect(build.stderr()).not.toContain('waiting for');
        expect(existsSync(lock)).toBe(false);
      }
    } finally {
      sleeper.kill();
    }
  });

  it('says at once what a build waits for: the holder, its PID and the lock file', async () => {
    const out = path.join(temp.dir, 'held');
    expect((await sitegen(['build', '--root', project, '--out', out])).code).toBe(0);
    // A live process whose command line runs sitegen stands in for a build that holds the folder
    // (a lock without a start time, as older sitegens wrote it, is checked by the command line).
    const holder = spawn(
      process.execPath,
      [
        '-e',
        "process.stdout.write('ready\\n'); setInterval(() => {}, 60_000);",
        'sitegen',
        'build',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const holderExited = new Promise((resolve) => holder.on('exit', resolve));
    let waiting: ReturnType<typeof startSitegen> | undefined;
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      const lock = path.join(temp.dir, '.held.lock');
      writeFileSync(lock, JSON.stringify({ pid: holder.pid, command: 'build' }));
      waiting = startSitegen(['build', '--root', project, '--out', out]);
      await waiting.waitFor(
        new RegExp(
          `waiting for sitegen build \\(PID ${holder.pid}\\) to finish with ${out}: it holds the lock file ${lock} \\(up to 120 s\\)`,
        ),
      );
      holder.kill();
      await holderExited;
      expect(await waiting.exited).toBe(0);
      expect(waiting.stderr().match(/waiting for/g)).toHaveLength(1);
    } finally {
      holder.kill();
      await waiting?.exited;
    }
  });

  it('puts back a marked old folder left by a kill between the two renames', async () => {
    const out = path.join(temp.dir, 'swap');
    expect((await sitegen(['build', '--root', project, '--out', out])).code).toBe(0);
    const before = hashTree(out);
    renameSync(out, path.join(temp.dir, '.swap.old-999999'));
    const result = await sitegen(['build', '--root', project, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(out)).toEqual(before);
    expect(readdirSync(temp.dir).filter((name) => name.startsWith('.swap.'))).toEqual([]);
  });
});
