import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli.ts';
import { fixtureProject, layFixture } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/**
 * A template that allocates without end on a small site (rendered on the main thread, where V8
 * aborts the whole process when the heap is full: exit 134, a native stack). The page runs past
 * the time the main thread's heap allows and is rendered on a worker thread instead, whose full
 * heap ends only the thread: the build fails with the route, the template and the heap limit.
 * The big site's twin (rendered on workers from the start) is in workers.test.ts.
 */
describe('a template that allocates without end', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  it('fails the build with its route, template and heap limit, and keeps the previous output', async () => {
    const project = await fixtureProject(path.join(temp.dir, 'site'), 'two-brands');
    const out = path.join(project, 'dist');
    const first = await sitegen(['build', '--no-cards', '--root', project]);
    expect(first.code, first.stderr).toBe(0);
    const before = hashTree(out);
    await layFixture(project, 'hoarding-template');
    // A process, the subject here: V8's abort would end this test's own process. A small heap
    // (for this process and its threads alike) makes the template reach it in a second.
    const result = await runCli(['build', '--no-cards', '--root', project], {
      env: { NODE_OPTIONS: '--max-old-space-size=64' },
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^sitegen: Rendering \/brand\/perang88\/ with BrandPage ran out of memory in a worker thread \(its heap limit is \d+ MB\)/m,
    );
    expect(result.stderr).not.toMatch(/FATAL ERROR|unexpected failure|^\s+at /m);
    expect(hashTree(out)).toEqual(before);
    expect(readdirSync(project).filter((name) => name.startsWith('.dist.'))).toEqual([]);
  });

  it('writes the same bytes when pages move to worker threads because the heap is small', async () => {
    const project = await fixtureProject(path.join(temp.dir, 'small-heap'), 'two-brands');
    const reference = path.join(temp.dir, 'reference');
    const first = await sitegen(['build', '--no-cards', '--root', project, '--out', reference]);
    expect(first.code, first.stderr).toBe(0);
    // With 64 MB, a page may run on the main thread for a few milliseconds only: a cold first
    // page runs longer, and it and the pages after it render on worker threads.
    const out = path.join(temp.dir, 'small-heap-out');
    const result = await runCli(['build', '--no-cards', '--root', project, '--out', out], {
      env: { NODE_OPTIONS: '--max-old-space-size=64' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(hashTree(out)).toEqual(hashTree(reference));
  });
});
