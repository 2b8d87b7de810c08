import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { get } from '../helpers/http.ts';
import { sitegen } from '../helpers/sitegen.ts';

/**
 * `sitegen watch` draws a social card when it is requested, never ahead: the dev server draws
 * the card a request names into the cache, answers with its bytes (those `sitegen build`
 * draws), and the next turn of the watch queue adds it to the dev output. On the two-brand
 * fixture, with caches of its own that hold no card.
 */
describe('sitegen watch: social cards drawn on request', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let devOut: string;
  let devCache: string;
  let built: string;
  let watcher: RunningCli;
  let base: string;

  /** The site-relative og:image URL ("/og/x.png") of the page at `url`. */
  const cardOf = async (url: string) => {
    const page = await get(base, url);
    return page.body.match(/property="og:image" content="https?:\/\/[^/]+(\/og\/[^"]+)"/)![1];
  };
  const fetchCard = async (card: string) => {
    const response = await fetch(new URL(card, base));
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const pngsIn = (folder: string) =>
    existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.png')) : [];

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await fixtureProject(path.join(temp.dir, 'site'), 'two-brands');
    devOut = path.join(temp.dir, 'dev');
    devCache = path.join(temp.dir, 'dev-cache');
    built = path.join(temp.dir, 'built');
    // What the cards should be: `sitegen build --drafts` of the same sources, its own cache.
    const build = await sitegen(['build', '--root', project, '--out', built, '--drafts'], {
      env: { SITEGEN_CACHE_DIR: path.join(temp.dir, 'build-cache') },
    });
    expect(build.code, build.stderr).toBe(0);
    watcher = startCli(['watch', '--root', project, '--out', devOut, '--port', '0'], {
      env: { SITEGEN_CACHE_DIR: devCache },
    });
    base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
  });
  afterAll(async () => {
    await watcher?.stop();
    await temp.remove();
  });

  it('draws no card ahead: after the first build neither the output nor the cache holds one', async () => {
    const total = pngsIn(path.join(built, 'og')).length;
    expect(total).toBeGreaterThan(1);
    expect(watcher.stdout()).toMatch(
      new RegExp(
        `initial build: \\d+ files written, \\d+ ms; ${total} social cards left to draw on request`,
      ),
    );
    expect(pngsIn(path.join(devOut, 'og'))).toEqual([]);
    expect(pngsIn(path.join(devCache, 'cards'))).toEqual([]);
  });

  it('answers a request for a card with the bytes `sitegen build` draws, then adds it to the dev output, and no other card', async () => {
    const card = await cardOf('/');
    // Asked for twice at once: one card drawn, both answers the same.
    const [first, second] = await Promise.all([fetchCard(card), fetchCard(card)]);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/png');
    expect(first.response.headers.get('etag')).toMatch(/^W\/"\d+-\d+"$/);
    const expected = readFileSync(path.join(built, card));
    expect(first.bytes.equals(expected)).toBe(true);
    expect(second.response.status).toBe(200);
    expect(second.bytes.equals(expected)).toBe(true);
    const file = path.join(devOut, card);
    await eventually(async () => existsSync(file), 20_000, watcher.output);
    expect(readFileSync(file).equals(expected)).toBe(true);
    expect(pngsIn(path.join(devOut, 'og'))).toEqual([path.basename(card)]);
    expect(pngsIn(path.join(devCache, 'cards'))).toHaveLength(1);
    // Now a file of the output, served as one.
    const again = await fetchCard(card);
    expect(again.response.status).toBe(200);
    expect(again.bytes.equals(expected)).toBe(true);
  });

  it('answers 404 for a card no page refers to, one a later run dropped included', async () => {
    expect((await fetchCard('/og/tidak-ada.0123456789.png')).response.status).toBe(404);
    const article = '/artikel/perang88-panduan/';
    const old = await cardOf(article);
    replaceInFile(
      path.join(project, 'src/content/articles/perang88-panduan.md'),
      'title: Panduan Perang88',
      'title: Panduan Baru Perang88',
    );
    await watcher.waitFor(
      /perang88-panduan\.md changed: .*; \d+ social cards? left to draw on request/,
    );
    const renamed = await cardOf(article);
    expect(renamed).not.toBe(old);
    expect((await fetchCard(old)).response.status).toBe(404);
    expect((await fetchCard(renamed)).response.status).toBe(200);
  });

  it('answers 500 with one line in the log when a card cannot be drawn, and goes on serving', async () => {
    // A card refuses an image whose source is no data: URL (draw-card.ts): the card's tree is
    // laid out (the pages build), its drawing fails.
    replaceInFile(
      path.join(project, 'src/templates/SocialCard.tsx'),
      '<div style={{ height: 12, backgroundColor: brand?.color ?? ACCENT }} />',
      '<img src="garis.png" width={1200} height={12} alt="" />',
    );
    await watcher.waitFor(/SocialCard\.tsx changed: /);
    const card = await cardOf('/');
    const failed = await fetchCard(card);
    expect(failed.response.status).toBe(500);
    const lines = await eventually(async () => {
      const found = watcher.output().match(/^.*social card .* could not be drawn.*$/gm);
      return found?.length ? found : undefined;
    });
    expect(lines).toEqual([expect.stringContaining(card.slice(1))]);
    expect(watcher.output()).not.toMatch(/^\s+at /m);
    expect((await get(base, '/')).status).toBe(200);
    expect(watcher.output()).not.toContain('stopped');
  });
});
