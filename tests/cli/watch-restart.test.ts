import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { get } from '../helpers/http.ts';

const ARTICLE = 'src/content/articles/loyal4d-fast-withdrawal-system.md';
const PAGE = 'artikel/loyal4d-fast-withdrawal-system/index.html';

/**
 * A watch started again on its own folder (issue 30, "first page after a restart on its own
 * cache"): it serves the output the last one left at once and, from the manifest it kept,
 * renders only what changed since, instead of building everything again.
 */
describe('sitegen watch started again on its own folder', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let devOut: string;
  let cache: string;
  const started: RunningCli[] = [];
  const start = () => {
    const args = ['watch', '--root', project, '--out', devOut, '--port', '0'];
    const watcher = startCli(args, { env: { SITEGEN_CACHE_DIR: cache } });
    started.push(watcher);
    return watcher;
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'project'));
    devOut = path.join(temp.dir, 'dev');
    cache = path.join(temp.dir, 'cache');
    const first = start();
    await first.waitFor(/initial build: (\d+) files written/);
    // The manifest of the folder is written when watch stops (and ten seconds after the last run).
    expect(await first.stop('SIGINT')).toBe(0);
    expect(readdirSync(path.join(cache, 'builds')).length).toBe(1);
  }, 120_000);
  afterAll(async () => {
    for (const watcher of started) await watcher.stop();
    await temp?.remove();
  });

  it('renders only what changed since it stopped, and serves the output it left meanwhile', async () => {
    const file = path.join(project, ARTICLE);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nParagraf baru sesudah berhenti.\n`);
    const again = start();
    const base = (await again.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
    // The folder it left is whole: served without waiting for the first run.
    expect((await get(base, '/kontak/')).status).toBe(200);
    const written = Number((await again.waitFor(/initial build: (\d+) files written/))[1]);
    // The changed article's page, the assets and the host files; a full build writes 68.
    expect(written).toBeLessThan(12);
    const page = readFileSync(path.join(devOut, PAGE), 'utf8');
    expect(page).toContain('Paragraf baru sesudah berhenti.');
    await eventually(async () =>
      (await get(base, `/${PAGE.replace('index.html', '')}`)).body.includes('Paragraf baru'),
    );
    expect(existsSync(path.join(devOut, 'kontak/index.html'))).toBe(true);
  }, 60_000);

  it('draws the card of a page it kept when the card is requested', async () => {
    const watcher = started[started.length - 1];
    const base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
    const contact = (await get(base, '/kontak/')).body;
    const card = /<meta property="og:image" content="[^"]*?(\/og\/[^"]+\.png)"/.exec(contact)![1];
    expect(existsSync(path.join(devOut, card))).toBe(false);
    const response = await fetch(new URL(card.slice(1), base));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 60_000);
});
