import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli.ts';

describe('sitegen check', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  /** A copy of the real build with one file changed. */
  async function brokenCopy(file: string, change: (html: string) => string): Promise<string> {
    const dir = path.join(temp.dir, `site-${Math.random().toString(36).slice(2)}`);
    await cp(inject('distDir'), dir, { recursive: true });
    const full = path.join(dir, file);
    const before = await readFile(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`test setup: the change did nothing to ${file}`);
    await writeFile(full, after);
    return dir;
  }

  it('passes the shipped build and prints every page weight with --sizes', async () => {
    const result = await runCli(['check', inject('distDir'), '--sizes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/34 pages and \d+ files in .* pass; heaviest first load [\d.]+ KB gzip/);
    expect(result.stdout).toMatch(/^kontak\/index\.html\s+[\d.]+ KB/m);
  });

  it('reports a dead internal link', async () => {
    const dir = await brokenCopy('index.html', (html) => html.replace('href="/brand/loyal4d/"', 'href="/brand/loyal5d/"'));
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('index.html: link "/brand/loyal5d/" does not resolve: no file brand/loyal5d/index.html in the output');
  });

  it('reports a missing asset', async () => {
    const dir = await brokenCopy('kontak/index.html', (html) => html.replace(/\/assets\/client\.[0-9a-f]+\.js/, '/assets/client.0000000000.js'));
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('kontak/index.html: <script> "/assets/client.0000000000.js" does not resolve');
  });

  it('reports a missing canonical', async () => {
    const dir = await brokenCopy('brand/perang88/index.html', (html) => html.replace(/<link rel="canonical"[^>]*>/, ''));
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('brand/perang88/index.html: needs an absolute canonical URL (found null)');
  });

  it('reports an inline script and an inline event handler', async () => {
    const dir = await brokenCopy('artikel/index.html', (html) =>
      html.replace('</main>', '<script>alert(1)</script><button onclick="x()">x</button></main>'),
    );
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("artikel/index.html: has an inline <script>; the CSP (script-src 'self') would block it");
    expect(result.stderr).toContain('artikel/index.html: <button onclick="…"> is an inline event handler');
  });

  it('reports an outbound link without noopener noreferrer and a broken JSON-LD block', async () => {
    const dir = await brokenCopy('artikel/loyal4d-fast-withdrawal-system/index.html', (html) =>
      html.replace('rel="sponsored noopener noreferrer"', 'rel="sponsored"').replace('"@type":"Article",', '"@type":"Article",,'),
    );
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('external link "https://loyal4d.example/" needs rel with noopener and noreferrer (found "sponsored")');
    expect(result.stderr).toMatch(/JSON-LD block 1 does not parse/);
  });

  it('reports a page over the size budget, and honours --budget', async () => {
    // 60,000 pseudo-random letters: about 35 KB even after gzip.
    let seed = 42;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % 26;
    };
    const letters = Array.from({ length: 60_000 }, () => String.fromCharCode(97 + next()));
    const padding = `<p>${letters.join('')}</p>`;
    const dir = await brokenCopy('kontak/index.html', (html) => html.replace('</main>', `${padding}</main>`));
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/kontak\/index\.html: first load is [\d.]+ KB gzip \(HTML [\d.]+ KB, CSS [\d.]+ KB, JS [\d.]+ KB\), over the 30\.0 KB budget/);
    expect((await runCli(['check', dir, '--budget', '100'])).code).toBe(0);
  });

  it('fails on a folder with no pages and on a bad --budget', async () => {
    const empty = await runCli(['check', path.join(temp.dir, 'nothing-here')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no HTML pages found; build the site first/);
    const bad = await runCli(['check', inject('distDir'), '--budget', 'lots']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/expected a positive number of kilobytes/);
  });
});
