/**
 * The README's nginx snippet, run by a real nginx (Debian's, which .ci/run installs) over
 * the shipped build: the snippet is read out of README.md, so what a maintainer copies is
 * what is tested. A missing nginx fails the test; it is never skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { SECURITY_HEADERS } from '../../src/generator/policy/security-headers.ts';

/** Debian's nginx lives in /usr/sbin, which a non-login PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The first ```nginx block of the README. */
function readmeSnippet(): string {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const snippet = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!snippet) throw new Error('README.md has no ```nginx block');
  return snippet;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe("the README's nginx snippet, served by nginx", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let base: string;
  let conf: string;
  const nginx = (...args: string[]) =>
    spawnSync(NGINX, ['-p', temp.dir, '-c', conf, ...args], { encoding: 'utf8' });

  beforeAll(async () => {
    temp = await makeTempDir();
    const port = await freePort();
    const snippet = readmeSnippet();
    expect(snippet).toContain('listen 80;');
    expect(snippet).toContain('root /srv/site/dist;');
    const site = snippet
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('root /srv/site/dist;', `root ${inject('distDir')};`);
    for (const folder of ['logs', 'temp']) mkdirSync(path.join(temp.dir, folder));
    conf = path.join(temp.dir, 'nginx.conf');
    const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (name) => `${name}_temp_path temp/${name};`,
    );
    // As root, the workers must be root too to read the test's private temporary folder.
    const user = process.getuid?.() === 0 ? 'user root;\n' : '';
    writeFileSync(
      conf,
      `${user}daemon on;\nworker_processes 1;\nerror_log logs/error.log;\npid logs/nginx.pid;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${temps.join('\n  ')}\n${site}\n}\n`,
    );
    const started = nginx();
    expect(started.error, 'nginx must be installed (apt-get install nginx)').toBeUndefined();
    expect(started.status, started.stderr).toBe(0);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (conf) nginx('-s', 'stop');
    await temp?.remove();
  });

  const get = (url: string) => fetch(base + url, { redirect: 'manual' });

  it('serves pages with every security header, and assets with a year of caching', async () => {
    const page = await get('/kontak/');
    expect(page.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(page.headers.get(name), name).toBe(value);
    expect(page.headers.get('cache-control')).toBeNull();
    const css = /href="(\/assets\/styles\.[0-9a-f]+\.css)"/.exec(await page.text())![1];
    const asset = await get(css);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(asset.headers.get(name), name).toBe(value);
    const feed = await get('/feed.xml');
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(feed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers /brand/, which has no index page, with the brand 404 page instead of 403', async () => {
    const response = await get('/brand/');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Brand tidak ditemukan');
    const unknown = await get('/brand/tidak-ada/');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Brand tidak ditemukan');
    const article = await get('/artikel/tidak-ada/');
    expect(article.status).toBe(404);
    expect(await article.text()).toContain('Artikel Tidak Ditemukan');
    const other = await get('/tidak/ada');
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('Oops! Page not found');
  });

  it('redirects a folder without its slash with a relative Location (right behind a TLS proxy)', async () => {
    const response = await get('/artikel?q=bonus');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/artikel/?q=bonus');
    expect((await get('/brand/loyal4d')).headers.get('location')).toBe('/brand/loyal4d/');
  });

  it('keeps the output marker, other dotfiles, _headers and _redirects from visitors', async () => {
    for (const file of [
      '/.sitegen-output',
      '/.nojekyll',
      '/_headers',
      '/_redirects',
      '/assets/.hidden',
    ]) {
      const response = await get(file);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).not.toContain('written by sitegen');
    }
  });
});
