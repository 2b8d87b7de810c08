import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli.ts';
import { CLI, REPO } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/**
 * The build these tests kill: without social cards, whose drawing (605 of them, about half a
 * minute of CPU) would only make the first build slow; the writer and its swap are the same for
 * every file it writes.
 */
const BUILD = ['build', '--no-cards', '--root'];
const ARTICLES = 600;

/**
 * The builds that are not stopped run in this process (a site this size from sources: --jobs 1,
 * worker threads exist only in the bundled CLI), with the project's own cache as the processes
 * have it; each stopped build is a real process.
 */
const buildHere = (root: string) =>
  sitegen([...BUILD, root, '--jobs', '1'], { env: { SITEGEN_CACHE_DIR: undefined } });

/** Where a build is stopped: a point it has reached in its temporary output folder. */
interface Point {
  name: string;
  reached: (tempDir: string) => boolean;
}

/** How many article pages a build has begun to write into its temporary folder. */
function articlePages(tempDir: string): number {
  try {
    return readdirSync(path.join(tempDir, 'artikel')).filter(
      (name) => !name.includes('.') && name !== 'halaman',
    ).length;
  } catch {
    return 0;
  }
}

const MARKED: Point = {
  name: 'its temporary folder is marked, before any file is written',
  reached: (tempDir) => existsSync(path.join(tempDir, '.sitegen-output')),
};
const ASSETS: Point = {
  name: 'it writes its assets',
  reached: (tempDir) => existsSync(path.join(tempDir, 'assets')),
};
const FIRST_PAGE: Point = {
  name: 'it writes its first article page',
  reached: (tempDir) => articlePages(tempDir) >= 1,
};
const QUARTER: Point = {
  name: 'a quarter of the article pages are written',
  reached: (tempDir) => articlePages(tempDir) >= ARTICLES / 4,
};

/**
 * Starts a build as a process and sends it `signal` as soon as its temporary output folder
 * shows `point` (polled every 5 ms; no clock decides when). `reached` says whether it got
 * there before it ended; `leftTemporary`, whether its temporary folder was still there after
 * it ended (a build killed -9 before its swap leaves it for the next build).
 */
function buildAndStop(
  root: string,
  point: Point,
  signal: NodeJS.Signals,
  flags: string[] = [],
): Promise<{
  signal: NodeJS.Signals | null;
  code: number | null;
  reached: boolean;
  leftTemporary: boolean;
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
    let reached = false;
    const poll = setInterval(() => {
      if (!point.reached(tempDir)) return;
      reached = true;
      clearInterval(poll);
      child.kill(signal);
    }, 5);
    child.on('close', (code, endedBy) => {
      clearInterval(poll);
      resolve({ signal: endedBy, code, reached, leftTemporary: existsSync(tempDir), stderr });
    });
  });
}

/**
 * Starts a build as a process with $SITEGEN_TEST_STOP_AT=`point`, waits until it has stopped
 * itself there (its state in /proc is T), sends it `signal` and lets it go on.
 */
function buildStoppedAt(
  root: string,
  point: 'mid-commit' | 'after-summary',
  signal: NodeJS.Signals,
  flags: string[] = [],
): Promise<{ stopped: boolean; pid: number; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...BUILD, root, ...flags], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CI: '1', SITEGEN_TEST_STOP_AT: point },
    });
    let stderr = '';
    let stopped = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const state = () => {
      try {
        return readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.[0];
      } catch {
        return undefined;
      }
    };
    const poll = setInterval(() => {
      if (state() !== 'T') return;
      stopped = true;
      clearInterval(poll);
      child.kill(signal);
      child.kill('SIGCONT');
    }, 5);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ stopped, pid: child.pid ?? 0, code, stderr });
    });
  });
}

/** What a build leaves beside dist/ while it runs: its temporary folder, lock, journal. */
const leftovers = (root: string) => readdirSync(root).filter((name) => name.startsWith('.dist.'));

describe('a build killed at any moment leaves the previous output complete', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'site');
    // 600 articles: a build that writes for long enough (some hundred milliseconds of pages) to
    // be stopped at each point below before it swaps.
    await new Promise<void>((resolve, reject) => {
      const gen = spawn(
        process.execPath,
        [path.join(REPO, 'bench/generate.mjs'), '--articles', String(ARTICLES), '--out', root],
        { stdio: 'ignore' },
      );
      gen.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`generate exited ${code}`)),
      );
    });
    // A process: the next build of the same CLI is incremental (a build of another, the sources
    // in this process, leaves a record the CLI does not take up, and the next build is full).
    const first = await runCli([...BUILD, root]);
    expect(first.code, first.stderr).toBe(0);
  }, 240_000);
  afterAll(() => temp.remove());

  // An incremental build (the default: unchanged pages are moved in from the previous output
  // at commit; before that it writes its assets, feed and sitemap) and a full one (--fresh:
  // every file written again). Each is killed -9 at points it shows by writing, never at a time.
  it.each([
    ['an incremental', [], [MARKED, ASSETS]],
    ['a full', ['--fresh'], [FIRST_PAGE, QUARTER]],
  ] as const)(
    'survives kill -9 at several points of %s build',
    async (_, flags, points) => {
      const dist = path.join(root, 'dist');
      const before = hashTree(dist);
      let killedMidWrite = 0;
      for (const point of points) {
        // Without its up-to-date record, a build of unchanged sources runs its stages.
        rmSync(path.join(root, 'node_modules/.cache/sitegen/up-to-date'), {
          recursive: true,
          force: true,
        });
        const result = await buildAndStop(root, point, 'SIGKILL', [...flags]);
        expect(result.reached, `the build reaches the point "${point.name}"`).toBe(true);
        expect(result.signal, result.stderr).toBe('SIGKILL');
        // Killed before its swap: its temporary folder is still there.
        if (result.leftTemporary) killedMidWrite++;
        expect(hashTree(dist), `after a kill when ${point.name}`).toEqual(before);
      }
      // Every kill must land before the swap, while the new output is unfinished, or the test
      // proves little.
      expect(killedMidWrite).toBe(points.length);

      const after = await buildHere(root);
      expect(after.code, after.stderr).toBe(0);
      expect(hashTree(dist)).toEqual(before);
      expect(leftovers(root)).toEqual([]);
    },
    240_000,
  );

  it('Ctrl-C or SIGTERM mid-write removes the temporary folder and the lock and keeps the previous output', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const result = await buildAndStop(root, ASSETS, signal);
      expect(result.reached, 'the signal must land while the new output is written').toBe(true);
      expect(result.code, result.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(result.stderr).toContain(
        `sitegen: build stopped by ${signal}; dist/ holds the last complete build, and no temporary folder is left.`,
      );
      expect(leftovers(root)).toEqual([]);
      expect(hashTree(dist)).toEqual(before);
    }
  }, 240_000);

  it('puts back the unchanged files a build killed while moving them into its new output had moved', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
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
    const failed = await buildHere(root);
    writeFileSync(article, text);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('"readTime" is "lima"');
    expect(hashTree(dist)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  }, 120_000);

  it('puts back an output folder left renamed by a kill between the two renames of the swap', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    renameSync(dist, path.join(root, '.dist.old-999999'));
    expect(existsSync(dist)).toBe(false);
    const result = await buildHere(root);
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(dist)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  }, 120_000);

  it('a build killed -9 halfway through its in-place commit leaves every file whole and present, and the next build puts the previous output back first', async () => {
    const dist = path.join(root, 'dist');
    // A build of the CLI's, so that the killed one is incremental (see beforeAll).
    const last = await runCli([...BUILD, root]);
    expect(last.code, last.stderr).toBe(0);
    const before = hashTree(dist);
    // A newer article: its page, the paged lists, home, the feed and the data change; the other
    // pages are kept, so the commit is made in place. The build stops itself halfway through its
    // moves ($SITEGEN_TEST_STOP_AT=mid-commit) and is killed -9 there.
    const added = path.join(root, 'src/content/articles/artikel-terbaru.md');
    const source = readdirSync(path.join(root, 'src/content/articles'))[0];
    const text = readFileSync(path.join(root, 'src/content/articles', source), 'utf8');
    writeFileSync(added, text.replace(/^date: .*$/m, 'date: 2025-06-01'));
    const killed = await buildStoppedAt(root, 'mid-commit', 'SIGKILL');
    rmSync(added);
    expect(killed.stopped, killed.stderr).toBe(true);
    const journal = JSON.parse(readFileSync(path.join(root, `.dist.moved-${killed.pid}`), 'utf8'));
    const moving = new Set<string>(journal.written);
    expect(moving.size).toBeGreaterThan(20);
    const during = hashTree(dist);
    // Nothing of the previous output is missing, and each file is either the previous one or one
    // the commit was moving in (some of them are in).
    for (const file of Object.keys(before)) {
      expect(during[file], `${file} is missing`).toBeDefined();
      if (during[file] !== before[file]) expect(moving.has(file), file).toBe(true);
    }
    expect(Object.keys(during).some((file) => during[file] !== before[file])).toBe(true);

    // The next build puts the previous output back before anything else: even one that then
    // fails on a broken article leaves it exactly as it was.
    const article = path.join(root, 'src/content/articles', source);
    writeFileSync(article, text.replace(/^readTime: .*$/m, 'readTime: lima'));
    const failed = await buildHere(root);
    writeFileSync(article, text);
    expect(failed.code, failed.stderr).toBe(1);
    expect(hashTree(dist)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  }, 240_000);

  it('an incremental build replaces every file edited by hand since the last build, and removes what it did not write', async () => {
    const dist = path.join(root, 'dist');
    const first = await buildHere(root);
    expect(first.code, first.stderr).toBe(0);
    const before = hashTree(dist);
    const pages = Object.keys(before).filter((file) => /^artikel\/[^/]+\/index\.html$/.test(file));
    // Same-size edits with the times set back, a page no one may read, a stray page.
    for (const file of [pages[0], 'artikel/list.json', 'index.html']) {
      const full = path.join(dist, file);
      const times = statSync(full);
      const bytes = readFileSync(full);
      bytes[bytes.length - 2] ^= 1;
      rmSync(full);
      writeFileSync(full, bytes);
      utimesSync(full, times.atime, times.mtime);
    }
    chmodSync(path.join(dist, pages[1]), 0o000);
    mkdirSync(path.join(dist, 'artikel/zzz'));
    writeFileSync(path.join(dist, 'artikel/zzz/index.html'), '<p>not ours</p>');

    const result = await buildHere(root);
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(dist)).toEqual(before);
    expect(statSync(path.join(dist, pages[1])).mode & 0o777).toBe(0o644);
    expect(leftovers(root)).toEqual([]);
  }, 120_000);

  it('Ctrl-C right after the summary deletes the previous output at once and says so', async () => {
    const dist = path.join(root, 'dist');
    const before = hashTree(dist);
    // --fresh: the new folder is swapped in whole, and the previous one is deleted after the
    // summary; the build stops itself there and gets SIGINT.
    const result = await buildStoppedAt(root, 'after-summary', 'SIGINT', ['--fresh']);
    expect(result.stopped, result.stderr).toBe(true);
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toContain(
      'sitegen: build stopped by SIGINT; dist/ holds the last complete build, and no temporary folder is left.',
    );
    expect(leftovers(root)).toEqual([]);
    expect(hashTree(dist)).toEqual(before);
  }, 120_000);
});
