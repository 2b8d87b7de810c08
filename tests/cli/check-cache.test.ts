import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree, linkTree, useBaseCopy } from '../helpers/tree.ts';

/**
 * `sitegen check`'s cache (src/generator/check/check-cache.ts): each page's facts kept by the
 * SHA-256 of its bytes, so a check after one change parses that page alone. The `parsed` figure
 * of --json says how many pages a check parsed; every report is compared with an uncached one.
 */
describe('sitegen check keeps each page’s facts in the cache', () => {
  const temp = useBaseCopy();
  const ARTICLE = 'artikel/loyal4d-fast-withdrawal-system/index.html';

  /** A hard-linked copy of the shipped build and a cache folder of its own. */
  function copy(): { dir: string; cache: string } {
    const name = Math.random().toString(36).slice(2);
    const dir = path.join(temp.dir, `site-${name}`);
    linkTree(temp.base, dir);
    return { dir, cache: path.join(temp.dir, `cache-${name}`) };
  }

  /** Replaces a file of a copy (removed first: it is a hard link to the base copy's). */
  async function edit(dir: string, file: string, change: (text: string) => string) {
    const full = path.join(dir, file);
    const before = await readFile(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`test setup: the change did nothing to ${file}`);
    await rm(full);
    await writeFile(full, after);
  }

  /** `sitegen check DIR --json` with `cache` as the cache folder: the run and its JSON. */
  async function check(site: { dir: string; cache: string }, ...args: string[]) {
    const env = { SITEGEN_CACHE_DIR: site.cache };
    const result = await sitegen(['check', site.dir, '--json', ...args], { env });
    return { ...result, json: JSON.parse(result.stdout) };
  }

  /** The report without the figure that differs between a cached and an uncached check. */
  function report(run: Awaited<ReturnType<typeof check>>) {
    const { parsed, ...rest } = run.json;
    return { code: run.code, stderr: run.stderr, json: rest };
  }

  /** The one file of the cache's checks/ folder. */
  function cacheFile(cache: string): string {
    const names = readdirSync(path.join(cache, 'checks'));
    expect(names).toHaveLength(1);
    return path.join(cache, 'checks', names[0]);
  }

  /** Problems on three pages: a dead link, an inline handler, a draft badge. */
  async function plantProblems(dir: string) {
    await edit(dir, 'index.html', (html) =>
      html.replace('href="/brand/loyal4d/"', 'href="/brand/loyal5d/"'),
    );
    await edit(dir, ARTICLE, (html) => html.replace('<main', '<main onclick="x()"'));
    await edit(dir, 'kontak/index.html', (html) =>
      html.replace('</main>', '<span class="badge-draft">DRAFT</span></main>'),
    );
  }

  it('parses every page once; a second check of the unchanged folder parses none and reports the same', async () => {
    const site = copy();
    await plantProblems(site.dir);
    const first = await check(site);
    expect(first.code).toBe(1);
    expect(first.json.parsed).toBe(first.json.pages);
    const second = await check(site);
    expect(second.json.parsed).toBe(0);
    expect(report(second)).toEqual(report(first));
    expect(second.stderr).toContain('index.html: link "/brand/loyal5d/" does not resolve');
    expect(second.stderr).toContain(`${ARTICLE}: line 1: <main onclick="…">`);
    expect(second.stderr).toContain('kontak/index.html: shows a draft (marked DRAFT)');
  });

  it('after one changed page, parses that page alone and reports what it now holds', async () => {
    const site = copy();
    expect((await check(site)).code).toBe(0);
    await edit(site.dir, ARTICLE, (html) =>
      html.replace('<main', '<a href="/nowhere/">x</a><main style="color:red"'),
    );
    const changed = await check(site);
    expect(changed.json.parsed).toBe(1);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(
      `${ARTICLE}: link "/nowhere/" does not resolve: no file nowhere/index.html in the output`,
    );
    expect(changed.stderr).toContain(`${ARTICLE}: line 1: <main style="…"> is an inline style`);
    expect(report(changed)).toEqual(report(await check(site, '--fresh')));
    await rm(path.join(site.dir, ARTICLE));
    await writeFile(path.join(site.dir, ARTICLE), readFileSync(path.join(temp.base, ARTICLE)));
    const back = await check(site);
    expect(back.json.parsed).toBe(1);
    expect(back.code).toBe(0);
  });

  it('--fresh parses every page', async () => {
    const site = copy();
    await check(site);
    const fresh = await check(site, '--fresh');
    expect(fresh.json.parsed).toBe(fresh.json.pages);
  });

  it('follows the cached pages’ links on the folder as it is now: a page removed, none parsed', async () => {
    const site = copy();
    expect((await check(site)).code).toBe(0);
    await rm(path.join(site.dir, 'brand/loyal4d/index.html'));
    const cached = await check(site);
    expect(cached.json.parsed).toBe(0);
    expect(cached.stderr).toContain(
      'index.html: link "/brand/loyal4d/" does not resolve: no file brand/loyal4d/index.html in the output',
    );
    expect(report(cached)).toEqual(report(await check(site, '--fresh')));
  });

  it('ignores a cache entry that does not hold up: another checksum, another shape, another key', async () => {
    const site = copy();
    await plantProblems(site.dir);
    const uncached = report(await check(site, '--fresh'));
    const file = cacheFile(site.cache);
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.includes(`\t${JSON.stringify(ARTICLE)}\t`));
    expect(at).toBeGreaterThan(0);
    // Its problem taken out of the facts, the checksum left as it was.
    const tampered = lines[at].replace(/"problems":\[[^\]]*\]/, '"problems":[]');
    expect(tampered).not.toBe(lines[at]);
    writeFileSync(file, [...lines.slice(0, at), tampered, ...lines.slice(at + 1)].join('\n'));
    const afterTamper = await check(site);
    expect(afterTamper.json.parsed).toBe(1);
    expect(report(afterTamper)).toEqual(uncached);

    // Facts of another shape under a checksum that holds: taken for what they are not, never.
    const [, rest] = /^[0-9a-f]+\t(.*)$/.exec(lines[at])!;
    const reshaped = rest.replace(/"problems":\[/, '"problems":"none","was":[');
    const sum = crc32(reshaped).toString(16);
    writeFileSync(
      file,
      [...lines.slice(0, at), `${sum}\t${reshaped}`, ...lines.slice(at + 1)].join('\n'),
    );
    const afterReshape = await check(site);
    expect(afterReshape.json.parsed).toBe(1);
    expect(report(afterReshape)).toEqual(uncached);

    // Cut off half-way through a line: the lines before it still count.
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)));
    const afterCut = await check(site);
    expect(afterCut.json.parsed).toBeGreaterThan(0);
    expect(afterCut.json.parsed).toBeLessThan(afterCut.json.pages);
    expect(report(afterCut)).toEqual(uncached);

    // Not the format at all, then another header: every page parsed again.
    for (const text of ['\u0000garbage', whole.replace(/"key":"[0-9a-f]+"/, '"key":"other"')]) {
      writeFileSync(file, text);
      const run = await check(site);
      expect(run.json.parsed).toBe(run.json.pages);
      expect(report(run)).toEqual(uncached);
    }
  });

  it('writes nothing into the checked folder, even when the cache folder is inside it', async () => {
    const site = copy();
    const cache = path.join(site.dir, 'cache');
    await mkdir(cache);
    const before = hashTree(site.dir);
    for (let run = 0; run < 2; run++) {
      const result = await check({ dir: site.dir, cache });
      expect(result.json.parsed).toBe(result.json.pages);
    }
    expect(hashTree(site.dir)).toEqual(before);
  });
});
