import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { freePort } from '../helpers/free-port.ts';
import { get } from '../helpers/http.ts';

/** What the dev server adds to a page as it serves it: the live-reload script tag. */
const withoutReloadTag = (html: string) =>
  html.replace(/<script[^>]*__sitegen[^>]*><\/script>/, '');

/**
 * sitegen watch on an empty folder answers once its first run has loaded the site, not once
 * it has written every page (issue 30: a dev server that serves before it has built
 * everything): a page asked for meanwhile is planned and rendered on request, the same bytes
 * the run then writes. $SITEGEN_TEST_HOLD_RENDER holds the run before it renders, so the
 * request is made while no page is written, without a clock.
 */
describe('sitegen watch makes a page on request while its first run is under way', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let watcher: RunningCli;
  let devOut: string;
  let release: string;
  let base: string;

  beforeAll(async () => {
    temp = await makeTempDir();
    const project = await copyProject(path.join(temp.dir, 'project'));
    devOut = path.join(temp.dir, 'dev');
    release = path.join(temp.dir, 'release');
    // watch prints its URL after the first run; the server listens before it, on this port.
    const port = await freePort();
    const args = ['watch', '--root', project, '--out', devOut, '--port', String(port)];
    watcher = startCli([...args, '--strict-port'], {
      env: { SITEGEN_CACHE_DIR: path.join(temp.dir, 'cache'), SITEGEN_TEST_HOLD_RENDER: release },
    });
    base = `http://127.0.0.1:${port}/`;
  }, 120_000);
  afterAll(async () => {
    await watcher?.stop();
    await temp?.remove();
  });

  it('serves a page and its stylesheet before the run writes anything, the bytes it then writes', async () => {
    const page = (await eventually(
      () => get(base, '/kontak/').catch(() => undefined),
      30_000,
      watcher.output,
    ))!;
    expect(page.status).toBe(200);
    expect(page.body).toContain('Kontak');
    expect(existsSync(path.join(devOut, 'kontak/index.html'))).toBe(false);
    expect(watcher.output()).not.toMatch(/initial build/);
    const css = /<link rel="stylesheet" href="\/(assets\/styles\.[0-9a-f]+\.css)"/.exec(
      page.body,
    )![1];
    const style = await get(base, `/${css}`);
    expect(style.status).toBe(200);
    writeFileSync(release, '');
    await watcher.waitFor(/initial build: \d+ files written/);
    const written = readFileSync(path.join(devOut, 'kontak/index.html'), 'utf8');
    expect(withoutReloadTag(page.body)).toBe(written);
    expect(style.body).toBe(readFileSync(path.join(devOut, css), 'utf8'));
  }, 60_000);
});
