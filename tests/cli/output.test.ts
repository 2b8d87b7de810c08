import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/generator/cli/cli.ts';
import { ignoreClosedPipe } from '../../src/generator/cli/terminal.ts';
import { makeTempDir, runProcess } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { CLI } from '../helpers/paths.ts';
import { harnessEnv, sitegen } from '../helpers/sitegen.ts';

const STAGES = [
  'read and bundle',
  'load and validate',
  'decide',
  'link brand mentions',
  'plan routes',
  'render and write',
  'social cards',
  'commit',
];
const ESCAPE = '\x1b[';

/** Every file under `dir` (relative, "/"-separated) with its size in bytes, sorted by path. */
function filesIn(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full).split(path.sep).join('/'), statSync(full).size);
    }
  };
  walk(dir);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The files a build wrote: everything but the `.sitegen-output` marker, which says whose folder it
 * is.
 */
function builtFiles(out: string): Map<string, number> {
  const files = filesIn(out);
  files.delete('.sitegen-output');
  return files;
}

/**
 * Runs the real CLI as a child process with stdout and/or stderr closed by the reader before
 * sitegen writes a byte: what main() does with a closed pipe of the process's own.
 */
function runWithClosed(
  args: string[],
  closed: ('stdout' | 'stderr')[],
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CI: '1',
      FORCE_COLOR: undefined,
      NO_COLOR: undefined,
    };
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    for (const stream of closed) child[stream].destroy();
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/**
 * A real pipe whose reader has closed its end and is still alive, as `| head -1` leaves it once
 * head has read its line: every write to it fails with EPIPE. `closed` resolves once a failed
 * write has closed it, `close` ends the reader. It adds no 'error' listener of its own: only the
 * one the run adds keeps an EPIPE from being an uncaught exception.
 */
async function closedPipe() {
  const reader = spawn('sh', ['-c', 'exec 0<&-; echo closed; exec sleep 120'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  await new Promise((resolve, reject) => {
    reader.stdout.once('data', resolve);
    reader.once('error', reject);
  });
  return {
    stream: reader.stdin,
    closed: new Promise((resolve) => reader.stdin.once('close', resolve)),
    close: () => reader.kill(),
  };
}

/**
 * Runs `sitegen ...args` in this process as main() runs it in its own, with stdout and/or stderr
 * on a real pipe whose reader closed it (closedPipe) and main()'s own ignoreClosedPipe on every
 * stream: the exit code it returns and what the open stderr got; each closed pipe must have
 * refused a write with EPIPE. An EPIPE left unhandled would be an uncaught exception in this
 * process, which fails the run. The two process tests below check that main() does this with the
 * process's own stdout and stderr (no signal, its own exit code).
 */
async function sitegenWithClosed(
  args: string[],
  closed: ('stdout' | 'stderr')[],
): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const pipes: Awaited<ReturnType<typeof closedPipe>>[] = [];
  const streamFor = async (name: 'stdout' | 'stderr') => {
    if (closed.includes(name)) {
      const pipe = await closedPipe();
      pipes.push(pipe);
      return pipe.stream;
    }
    // An open stream that keeps what it gets (stderr) or drops it (stdout).
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (name === 'stderr') stderr += chunk.toString('utf8');
        done();
      },
    });
  };
  try {
    const stdout = await streamFor('stdout');
    const stderrStream = await streamFor('stderr');
    ignoreClosedPipe(stdout);
    ignoreClosedPipe(stderrStream);
    const code = await runCommand(args, {
      stdout,
      stderr: stderrStream,
      env: harnessEnv(),
    });
    for (const pipe of pipes) {
      await pipe.closed;
      const error = pipe.stream.errored as NodeJS.ErrnoException | null;
      expect(error?.code, 'a write to the closed pipe failed with EPIPE').toBe('EPIPE');
    }
    return { code, stderr };
  } finally {
    for (const pipe of pipes) pipe.close();
  }
}

describe('build and check output: --json, --quiet, --verbose, colour, streams, closed pipes', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let broken: string;
  /** One plain build of `project`, for the check tests. */
  let site: string;

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    const ulasan = readFileSync(
      path.join(project, 'src/content/articles/nusa77-ulasan.md'),
      'utf8',
    );
    writeFileSync(
      path.join(project, 'src/content/articles/perang88-draf.md'),
      ulasan.replace('listed: true', 'listed: true\ndraft: true'),
    );
    broken = await fixtureProject(path.join(temp.dir, 'broken'), 'two-brands');
    writeFileSync(
      path.join(broken, 'src/content/articles/nusa77-rusak.md'),
      ulasan.replace('author:', 'autor:'),
    );
    site = path.join(temp.dir, 'site');
    const built = await sitegen(['build', '--root', project, '--out', site]);
    if (built.code !== 0) throw new Error(`test setup: build failed:\n${built.stderr}`);
  });
  afterAll(() => temp?.remove());

  it('build --json prints one JSON object whose figures match the files on disk, and keeps the human warning on stderr', async () => {
    const out = path.join(temp.dir, 'json');
    const result = await sitegen(['build', '--root', project, '--out', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const files = builtFiles(out);
    expect(report.ok).toBe(true);
    expect(report.outDir).toBe(out);
    expect(report.writtenFiles).toEqual([...files.keys()]);
    expect(report.files).toBe(files.size);
    expect(report.written).toBe(files.size);
    expect(report.bytes).toBe([...files.values()].reduce((sum, size) => sum + size, 0));
    expect(report.pages).toBe([...files.keys()].filter((file) => file.endsWith('.html')).length);
    expect(Object.keys(report.timings)).toEqual(STAGES);
    for (const ms of Object.values(report.timings)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(report.ms) && report.ms > 0).toBe(true);
    expect(report.draftsLeftOut).toEqual(['perang88-draf']);
    expect(report.warnings).toEqual([
      expect.stringMatching(/^1 article has no body yet .*: nusa77-belum-ditulis$/),
    ]);
    expect(result.stderr).toMatch(/^warning: 1 article has no body yet/m);
  });

  it('a failed build --json exits 1 with {"ok": false, "error"} on stdout, the message on stderr, and writes nothing', async () => {
    const result = await sitegen(['build', '--root', broken, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.error.kind).toBe('ContentInvalid');
    expect(report.error.message).toBe(
      'The content has 2 problems; nothing was written. Fix them and build again:',
    );
    expect(report.error.problems).toEqual([
      'src/content/articles/nusa77-rusak.md:1:1: "author" is missing; expected non-empty text',
      'src/content/articles/nusa77-rusak.md:5:1: unknown key "autor"; did you mean "author"?',
    ]);
    expect(report.error.problemDetails[1]).toEqual({
      file: 'src/content/articles/nusa77-rusak.md',
      line: 5,
      column: 1,
      message: 'unknown key "autor"; did you mean "author"?',
    });
    expect(result.stderr).toContain('sitegen: The content has 2 problems');
    expect(result.stderr).toContain(
      '  - src/content/articles/nusa77-rusak.md:5:1: unknown key "autor"',
    );
    expect(readdirSync(broken)).not.toContain('dist');
  });

  it('check --json reports the folder as it is; a failing check prints its JSON too and exits 1', async () => {
    const result = await sitegen(['check', site, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout);
    const files = filesIn(site);
    const pages = [...files.keys()].filter((file) => file.endsWith('.html'));
    expect(report).toMatchObject({
      ok: true,
      dir: site,
      pages: pages.length,
      files: files.size,
      problems: [],
      budgetKb: 30,
    });
    expect(report.weights.map((weight: { file: string }) => weight.file).sort()).toEqual(pages);
    for (const weight of report.weights)
      expect(weight.firstLoadGzip).toBe(weight.html.gzip + weight.css.gzip + weight.js.gzip);
    const heaviest = Math.max(
      ...report.weights.map((weight: { firstLoadGzip: number }) => weight.firstLoadGzip),
    );
    expect(report.heaviest.firstLoadGzip).toBe(heaviest);
    expect(
      report.weights.find((weight: { file: string }) => weight.file === report.heaviest.file)
        .firstLoadGzip,
    ).toBe(heaviest);

    const over = await sitegen(['check', site, '--json', '--budget', '1']);
    expect(over.code).toBe(1);
    const failed = JSON.parse(over.stdout);
    expect(failed).toMatchObject({ ok: false, pages: pages.length, budgetKb: 1 });
    expect(failed.problems).toHaveLength(pages.length);
    expect(failed.problems[0]).toMatch(/first load is [\d.]+ KB gzip .*over the 1\.0 KB budget/);
    expect(failed.problemDetails[0]).toEqual({
      file: expect.stringMatching(/\.html$/),
      message: expect.stringMatching(/^first load is [\d.]+ KB gzip .*over the 1\.0 KB budget/),
    });
    expect(failed.error).toEqual({
      kind: 'CheckFailed',
      message: `The built folder ${site}/ has ${pages.length} problems:`,
      problems: failed.problems,
      problemDetails: failed.problemDetails,
    });
    expect(over.stderr).toContain(
      `sitegen: The built folder ${site}/ has ${pages.length} problems:\n  - `,
    );
  });

  it('--quiet prints nothing when all is well (not even a warning) and only the error on failure', async () => {
    const build = await sitegen([
      'build',
      '--root',
      project,
      '--out',
      path.join(temp.dir, 'quiet'),
      '--quiet',
    ]);
    expect(build).toEqual({ code: 0, stdout: '', stderr: '' });
    const check = await sitegen(['check', site, '-q', '--sizes']);
    expect(check).toEqual({ code: 0, stdout: '', stderr: '' });
    const failed = await sitegen(['build', '--root', broken, '--quiet']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/^sitegen: The content has 2 problems/);
    const both = await sitegen(['build', '--root', project, '--quiet', '--verbose']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("option '-q, --quiet' cannot be used with option '--verbose'");
  });

  it('--verbose lists the stage timings and every file written; --timings only the timings', async () => {
    const out = path.join(temp.dir, 'verbose');
    const verbose = await sitegen(['build', '--root', project, '--out', out, '--verbose']);
    expect(verbose.code, verbose.stderr).toBe(0);
    for (const stage of STAGES)
      expect(verbose.stdout).toMatch(new RegExp(`^  ${stage} +\\d+\\.\\d ms$`, 'm'));
    const files = [...builtFiles(out).keys()];
    const listed = verbose.stdout.split(/^files written \(\d+\):\n/m)[1];
    expect(verbose.stdout).toContain(`files written (${files.length}):`);
    expect(listed).toBe(files.map((file) => `  ${file}\n`).join(''));

    const timings = await sitegen([
      'build',
      '--root',
      project,
      '--out',
      out,
      '--timings',
      '--fresh',
    ]);
    expect(timings.code, timings.stderr).toBe(0);
    for (const stage of STAGES)
      expect(timings.stdout).toMatch(new RegExp(`^  ${stage} +\\d+\\.\\d ms$`, 'm'));
    expect(timings.stdout).not.toContain('files written');
  });

  it('results go to stdout, warnings to stderr, and a pipe or NO_COLOR gets no escape codes', async () => {
    const out = path.join(temp.dir, 'plain');
    for (const env of [{}, { NO_COLOR: '1' }]) {
      const result = await sitegen(['build', '--root', project, '--out', out], { env });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        // The second build is incremental: it renders no page and says so.
        /^sitegen: wrote \d+ pages \((\d+ rendered, \d+ unchanged; )?\d+ files, [\d.]+ kB\) to .*plain\/ in \d+ ms$/m,
      );
      expect(result.stdout).toContain('1 draft left out: perang88-draf (--drafts includes them)');
      expect(result.stdout).not.toContain('warning');
      expect(result.stderr).toMatch(
        /^warning: 1 article has no body yet and render the fallback article with noindex: nusa77-belum-ditulis$/m,
      );
      expect(result.stdout + result.stderr).not.toContain(ESCAPE);
    }
  });

  it('FORCE_COLOR=1 colours the summary, warnings yellow and errors red, even through a pipe and over NO_COLOR', async () => {
    const build = await sitegen(
      ['build', '--root', project, '--out', path.join(temp.dir, 'colour')],
      { env: { FORCE_COLOR: '1', NO_COLOR: '1' } },
    );
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/^\x1b\[32msitegen:\x1b\[39m wrote \x1b\[1m\d+ pages\x1b\[22m/);
    expect(build.stderr).toContain('\x1b[33mwarning:\x1b[39m 1 article has no body yet');
    const failed = await sitegen(['build', '--root', broken], { env: { FORCE_COLOR: '1' } });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^\x1b\[1m\x1b\[31msitegen:\x1b\[39m\x1b\[22m The content has 2 problems/,
    );
    const off = await sitegen(['check', site], { env: { FORCE_COLOR: '0' } });
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/^sitegen check: \d+ pages/);
  });

  it('a reader that closes stdout early (check --sizes | head -1) ends check quietly with exit 0', async () => {
    const closed = await sitegenWithClosed(['check', site, '--sizes'], ['stdout']);
    expect(closed).toEqual({ code: 0, stderr: '' });

    // The same as a process, through a shell pipeline; pipefail makes the status sitegen's own.
    const shell = await runProcess('bash', [
      '-c',
      `set -o pipefail; "${process.execPath}" "${CLI}" check "${site}" --sizes | head -1`,
    ]);
    expect(shell).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^page +HTML +HTML gz +CSS gz +JS gz +first load gz\n$/),
      stderr: '',
    });
  });

  it('a closed stderr does not crash a build that warns, nor a closed stdout one that prints its summary', async () => {
    const out = path.join(temp.dir, 'closed');
    expect(
      await sitegenWithClosed(['build', '--root', project, '--out', out], ['stderr']),
    ).toMatchObject({ code: 0 });
    expect(
      await sitegenWithClosed(
        ['build', '--root', project, '--out', out, '--verbose'],
        ['stdout', 'stderr'],
      ),
    ).toMatchObject({ code: 0 });
    expect(builtFiles(out).has('index.html')).toBe(true);
    // A failure still exits 1 when nobody reads its message: as a process, with its own stderr
    // closed, it ends by its exit code and no signal.
    expect(await runWithClosed(['build', '--root', broken], ['stderr'])).toMatchObject({
      code: 1,
      signal: null,
    });
  });
});
