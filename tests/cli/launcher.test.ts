import {
  appendFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, makeTempDir, runProcess, type CliResult } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';

/**
 * bin/sitegen in a throwaway copy of the repository (bin/ without its bundles, src/,
 * package.json, tsconfig.json, node_modules linked), so a test can edit generator sources.
 */
describe('bin/sitegen (launcher)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let copy: string;
  const run = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
    runProcess(process.execPath, [path.join(copy, 'bin/sitegen'), ...args], {
      cwd: copy,
      env,
      // Only bounds a hang (a launch held at PAUSE_HOOK that is never let go).
      timeoutMs: 120_000,
    });
  /** bin/.cli.json, the name of the current bundle ('' when there is none). */
  const pointer = () =>
    existsSync(path.join(copy, 'bin/.cli.json'))
      ? readFileSync(path.join(copy, 'bin/.cli.json'), 'utf8')
      : '';

  beforeAll(async () => {
    temp = await makeTempDir('sitegen-launcher-');
    copy = path.join(temp.dir, 'repo');
    // Timestamps kept: files written a moment before a bundle are re-checked by the next run.
    for (const entry of [
      'bin/sitegen',
      'bin/bundle-cli.mjs',
      'src',
      'package.json',
      'tsconfig.json',
    ]) {
      cpSync(path.join(REPO, entry), path.join(copy, entry), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
    symlinkSync(realpathSync(path.join(REPO, 'node_modules')), path.join(copy, 'node_modules'));
  });
  afterAll(() => temp.remove());

  it('bundles on first use, reuses the bundle, and rebundles when a generator source changes; no site source is bundled', async () => {
    const first = await run(['--version']);
    expect(first.code, first.stderr).toBe(0);
    const bundled = pointer();
    expect((await run(['--version'])).code).toBe(0);
    expect(pointer()).toBe(bundled);
    // The generator imports src/content and src/templates as types only: the site's sources
    // are bundled per build from --root, never baked into the CLI.
    const inputs = Object.keys(
      JSON.parse(
        readFileSync(path.join(copy, 'bin', JSON.parse(bundled).dir, 'inputs.json'), 'utf8'),
      ),
    );
    expect(inputs).toContain('src/generator/pages/summaries.ts');
    expect(inputs.filter((file) => /^src\/(content|templates|client)\//.test(file))).toEqual([]);

    // Printed when the CLI loads build (plan-routes imports summaries.ts). The root is empty,
    // so the site itself is never built.
    appendFileSync(
      path.join(copy, 'src/generator/pages/summaries.ts'),
      "\nprocess.stderr.write('summaries.ts, second version\\n');\n",
    );
    const result = await run(['build', '--root', path.join(temp.dir, 'empty')]);
    expect(result.stderr).toContain('summaries.ts, second version');
    expect(bundled).not.toBe('');
    expect(pointer()).not.toBe(bundled);
  });

  /**
   * Loaded into one launch (NODE_OPTIONS=--import): when that launch is about to switch
   * bin/.cli.json to the bundle it has just written, it writes $PAUSE_READY and waits, without
   * a clock, until $PAUSE_GO exists; then it goes on. The test runs a whole second launch in
   * between.
   */
  const PAUSE_HOOK = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const renameSync = fs.renameSync;
const sleep = new Int32Array(new SharedArrayBuffer(4));
fs.renameSync = (from, to) => {
  if (String(to).endsWith('.cli.json')) {
    fs.writeFileSync(process.env.PAUSE_READY, '');
    while (!fs.existsSync(process.env.PAUSE_GO)) Atomics.wait(sleep, 0, 0, 10);
  }
  return renameSync(from, to);
};
syncBuiltinESMExports();
`;

  /**
   * Two launches that both find the bundle stale, interleaved on purpose rather than by luck:
   * the first bundles and is held just before it switches bin/.cli.json to its bundle; the
   * second bundles, switches the pointer and runs to its end meanwhile; then the first switches
   * the pointer and runs. Each must run a whole bundle of its own, every time: bundles written
   * into one shared folder leave one folder, not two; a clean-up that deletes a bundle another
   * launch is about to run fails the held launch. (30 launches at once caught the shared folder
   * by luck, a few of them failing; 3 at once did not in six tries.)
   */
  it('never runs a half-written bundle: two runs at once right after a generator source changed all succeed', async () => {
    const bundles = () =>
      readdirSync(path.join(copy, 'bin')).filter((name) => /^\.cli-/.test(name));
    const before = bundles();
    const source = path.join(copy, 'src/generator/pages/format-date.ts');
    const later = new Date(Date.now() + 5000);
    utimesSync(source, later, later);

    const hook = path.join(temp.dir, 'pause-before-pointer.mjs');
    writeFileSync(hook, PAUSE_HOOK);
    const ready = path.join(temp.dir, 'paused');
    const go = path.join(temp.dir, 'go');
    const held = run(['--version'], {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
      PAUSE_READY: ready,
      PAUSE_GO: go,
    });
    let isHeldDone = false;
    void held.then(() => (isHeldDone = true));
    await eventually(async () => existsSync(ready) || isHeldDone, 60_000);
    expect(existsSync(ready), 'the first launch bundles and reaches the pointer').toBe(true);
    const [first] = bundles().filter((name) => !before.includes(name));

    const meanwhile = await run(['--version']);
    writeFileSync(go, '');
    const results = [meanwhile, await held];
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    }
    // Each launch bundled a folder of its own (the source's stamp is newer than any bundle);
    // the pointer names the one switched to last, the first, complete.
    const made = bundles().filter((name) => !before.includes(name));
    expect(made).toHaveLength(2);
    const { dir } = JSON.parse(pointer());
    expect(dir).toBe(first);
    expect(existsSync(path.join(copy, 'bin', dir, 'cli.mjs'))).toBe(true);
  });
});
