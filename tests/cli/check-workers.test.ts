/**
 * `sitegen check --jobs N`: a folder with more pages than MIN_PARALLEL_WORK has them parsed on
 * worker threads (src/generator/check/check-pages.ts), and reports exactly what the main thread
 * alone reports, problems, their order and every page's weight. Threads exist only in the bundled
 * CLI, so each check is a process (runCli).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PARALLEL_WORK } from '../../src/generator/workers/worker-pool.ts';
import { makeTempDir, runCli } from '../helpers/cli.ts';
import { generatedProject } from '../helpers/fixtures.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
let dist: string;

/** `sitegen check` of the built folder with `jobs` workers, its own cache, every page parsed. */
async function check(jobs: number, ...args: string[]) {
  const env = { SITEGEN_CACHE_DIR: path.join(temp.dir, `cache-${jobs}`) };
  const run = ['check', dist, '--root', project, '--jobs', String(jobs), '--fresh', ...args];
  return runCli(run, { env, timeoutMs: 120_000 });
}

/** Changes a built page in place (the folder is this file's own build). */
function edit(file: string, change: (html: string) => string) {
  const full = path.join(dist, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`test setup: the change did nothing to ${file}`);
  writeFileSync(full, after);
}

beforeAll(async () => {
  temp = await makeTempDir('sitegen-check-workers-');
  project = generatedProject(path.join(temp.dir, 'site'), MIN_PARALLEL_WORK + 10);
  dist = path.join(project, 'dist');
  const env = { SITEGEN_CACHE_DIR: path.join(temp.dir, 'build-cache') };
  const built = await runCli(['build', '--root', project, '--no-cards', '--jobs', '1'], { env });
  expect(built.code, built.stderr).toBe(0);
  // Problems on pages spread over the list: a dead link, a handler, a draft badge, a lost page.
  edit('index.html', (html) => html.replace('href="/kontak/"', 'href="/kontak-lama/"'));
  edit('artikel/loyal4d-artikel-00002/index.html', (html) =>
    html.replace('<main', '<main onclick="x()"'),
  );
  edit('artikel/perang88-artikel-00155/index.html', (html) =>
    html.replace('</main>', '<span class="badge-draft">DRAFT</span></main>'),
  );
  rmSync(path.join(dist, 'artikel/lux88togel-artikel-00101/index.html'));
}, 120_000);
afterAll(() => temp.remove());

describe('sitegen check on worker threads', () => {
  it('reports what the main thread reports, word for word, with its exit code', async () => {
    const alone = await check(1);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('index.html: link "/kontak-lama/" does not resolve');
    expect(alone.stderr).toContain('<main onclick="…"> is an inline event handler');
    expect(alone.stderr).toContain('perang88-artikel-00155/index.html: shows a draft');
    expect(alone.stderr).toContain('"/artikel/lux88togel-artikel-00101/" does not resolve');
    const workers = await check(2);
    expect(workers).toEqual(alone);
    const [aloneJson, workersJson] = [await check(1, '--json'), await check(2, '--json')];
    expect(JSON.parse(aloneJson.stdout).pages).toBeGreaterThan(MIN_PARALLEL_WORK);
    expect(workersJson.stdout).toBe(aloneJson.stdout);
  }, 240_000);
});
