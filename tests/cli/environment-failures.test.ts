import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir, type CliResult } from '../helpers/cli.ts';
import { CLI } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

const isRoot = process.getuid?.() === 0;

/**
 * An ordinary failure of the machine is one line that says what and where; never a trace. The
 * builds run in this process (helpers/sitegen.ts), which prints what the CLI prints; EACCES runs
 * the real CLI as a child process, for the line a terminal gets from the process itself.
 */
function expectOneLine(result: CliResult, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/unexpected failure|please report|^\s+at |Caused by/m);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

describe('environment failures read as what they are', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  it('ENOTDIR: an output path under a file', async () => {
    const file = path.join(temp.dir, 'a-file');
    writeFileSync(file, 'x');
    const result = await sitegen(['build', '--out', path.join(file, 'dist')]);
    expectOneLine(result, /^sitegen: a part of the path is a file, not a folder while .*a-file/);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it('EACCES: an output folder in a folder the user may not write', async () => {
    const locked = path.join(temp.dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    chmodSync(temp.dir, 0o755);
    // root may write anywhere, so as root the build runs as nobody (uid 65534).
    const result = await new Promise<CliResult>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'build', '--out', path.join(locked, 'dist')], {
        env: { ...process.env, CI: '1' },
        ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expectOneLine(result, /^sitegen: permission denied while .*locked/);
    expect(readdirSync(locked)).toEqual([]);
  });

  // A 1,200 kB file system holds one build of the site (about 760 kB on tmpfs, social cards
  // included) but not two.
  it.runIf(isRoot)(
    'ENOSPC: a full disk leaves the previous output unchanged and no temporary folder',
    async () => {
      const disk = path.join(temp.dir, 'small-disk');
      mkdirSync(disk);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1200k', 'tmpfs', disk]);
      try {
        const out = path.join(disk, 'dist');
        const first = await sitegen(['build', '--out', out]);
        expect(first.code, first.stderr).toBe(0);
        const before = hashTree(out);
        // --fresh: an incremental build keeps the unchanged files as hard links, which take no
        // space; a full one writes every file again.
        const result = await sitegen(['build', '--out', out, '--fresh']);
        expectOneLine(
          result,
          /^sitegen: no space left on device while writing the new output \(.*small-disk\/dist\/.*\); the previous output is unchanged\.\n?$/,
        );
        expect(hashTree(out)).toEqual(before);
        expect(readdirSync(disk)).toEqual(['dist']);
      } finally {
        execFileSync('umount', [disk]);
      }
    },
  );

  /**
   * Mounts at `target` (made empty first) with `mount ...args`; false, with the reason noted,
   * where this process may not mount (not root, or a container without CAP_SYS_ADMIN).
   */
  function mountOrSkip(args: string[], target: string, skip: (note: string) => void): boolean {
    mkdirSync(target, { recursive: true });
    try {
      execFileSync('mount', [...args, target], { stdio: 'pipe' });
      return true;
    } catch (error) {
      skip(`cannot mount here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`);
      return false;
    }
  }

  it('an output folder that is a mount point, even empty, is refused before any work, saying what to do', async (context) => {
    const project = path.join(temp.dir, 'mounted');
    const out = path.join(project, 'dist');
    const volume = path.join(temp.dir, 'volume');
    mkdirSync(volume);
    // A file system of its own (a Docker volume), then a bind mount of a folder of the same one.
    const mounts = [
      ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs'],
      ['--bind', volume],
    ];
    for (const args of mounts) {
      if (!mountOrSkip(args, out, context.skip)) return;
      try {
        const result = await sitegen(['build', '--out', out]);
        expectOneLine(
          result,
          /^sitegen: Refusing to write the output into .*mounted\/dist: it is a mount point \(another file system, or another folder, is mounted there, as a Docker volume is\), and a build replaces its output folder whole by renaming it, which a mount point does not allow\. Mount the folder above it instead, or build into a folder inside it: --out .*mounted\/dist\/site\n$/,
        );
        expect(readdirSync(out)).toEqual([]);
        // Nothing beside it either: no lock, no temporary folder.
        expect(readdirSync(project)).toEqual(['dist']);
        const inside = await sitegen(['build', '--out', path.join(out, 'site')]);
        expect(inside.code, inside.stderr).toBe(0);
        expect(readdirSync(path.join(out, 'site'))).toContain('index.html');
      } finally {
        execFileSync('umount', [out]);
      }
    }
  });

  it('names where a bad site URL came from: the flag, the environment, or site.ts', async () => {
    const flag = await sitegen(['build', '--out', path.join(temp.dir, 'u1'), '--site-url', '']);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('--site-url: "" is not an absolute URL');
    const env = await sitegen(['build', '--out', path.join(temp.dir, 'u2')], {
      env: { SITE_URL: 'bogus' },
    });
    expect(env.code).toBe(1);
    expect(env.stderr).toContain('SITE_URL: "bogus" is not an absolute URL');
  });

  it('reports a NaN rating as NaN, not null', async () => {
    const project = await copyProject(path.join(temp.dir, 'nan'));
    const brands = path.join(project, 'src/content/brands.ts');
    writeFileSync(brands, readFileSync(brands, 'utf8').replace('rating: 4.6,', 'rating: NaN,'));
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'src/content/brands.ts: brand "perang88": "rating" is NaN; expected a number from 0 to 5',
    );
  });
});
