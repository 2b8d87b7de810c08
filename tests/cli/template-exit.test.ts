import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli.ts';
import { fixtureProject, layFixture } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/**
 * A template that calls process.exit() on the main thread (a small site renders there): the
 * build fails with the route, the template and its line, never ending the process without a
 * word. Its worker-thread twin is in workers.test.ts.
 */
describe('a template that calls process.exit', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  it('fails the build with its route and line, and keeps the previous output', async () => {
    const project = await fixtureProject(path.join(temp.dir, 'site'), 'two-brands');
    const out = path.join(project, 'dist');
    const first = await sitegen(['build', '--no-cards', '--root', project]);
    expect(first.code, first.stderr).toBe(0);
    const before = hashTree(out);
    await layFixture(project, 'exiting-template');
    // A process: were the call to end it, this test's own process would survive.
    const result = await runCli(['build', '--no-cards', '--root', project]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'Rendering /brand/perang88/ with BrandPage failed at src/templates/BrandPage.tsx:6: the template called process.exit(3); a template only returns markup',
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(hashTree(out)).toEqual(before);
    expect(readdirSync(project).filter((name) => name.startsWith('.dist.'))).toEqual([]);
  });
});
