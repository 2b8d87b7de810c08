import {
  appendFileSync,
  cpSync,
  existsSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, runProcess, type CliResult } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';

/**
 * bin/sitegen in a throwaway copy of the repository (bin/ without its bundles, src/,
 * package.json, tsconfig.json, node_modules linked), so a test can edit generator sources.
 */
describe('bin/sitegen (launcher)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let copy: string;
  const run = (args: string[]): Promise<CliResult> =>
    runProcess(process.execPath, [path.join(copy, 'bin/sitegen'), ...args], { cwd: copy });
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

  it('never runs a half-written bundle: 30 runs at once right after a generator source changed all succeed', async () => {
    const source = path.join(copy, 'src/generator/pages/format-date.ts');
    const later = new Date(Date.now() + 5000);
    utimesSync(source, later, later);
    const results = await Promise.all(Array.from({ length: 30 }, () => run(['--version'])));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const { dir } = JSON.parse(pointer());
    expect(existsSync(path.join(copy, 'bin', dir, 'cli.mjs'))).toBe(true);
  });
});
