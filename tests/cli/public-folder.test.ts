import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/** Bytes that are no text in any encoding: every byte value, then a few thousand more. */
const BINARY = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
const SECURITY_TXT = 'Contact: mailto:keamanan@example.com\nExpires: 2030-01-01T00:00:00Z\n';
const MAINTAINER_HEADERS = '/ads.txt\n  Cache-Control: no-cache\n';

/**
 * public/ beside src/: every regular file copied to the output at its path, byte for byte;
 * hidden names (but .well-known/) and editor backups skipped; _headers merged, _redirects left
 * to the aliases; a clash with a file sitegen writes, or a link, refused before anything is
 * written. One project for the whole file: each build starts from the last. Builds and checks
 * run in this process (helpers/sitegen.ts) with the run's shared cache, which holds the shipped
 * site's cards: no build here draws one.
 */
describe('public/: static files copied into the output', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let dist: string;
  const put = (file: string, contents: string | Buffer) => {
    const full = path.join(root, 'public', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, contents);
  };
  const build = () => sitegen(['build', '--root', root, '--json']);
  const built = async () => {
    const result = await build();
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { writtenFiles: string[]; rendered: number };
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'site'));
    dist = path.join(root, 'dist');
    put('ads.txt', 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n');
    put('unduhan/panduan/data.bin', BINARY);
    put('.well-known/security.txt', SECURITY_TXT);
    put('.DS_Store', 'Finder');
    put('.git/config', '[core]\n');
    put('ads.txt~', 'an editor backup');
    put('unduhan/.secret', 'hidden');
    put('_headers', MAINTAINER_HEADERS);
    put('_redirects', '/lama /baru 301\n');
  }, 60_000);
  afterAll(() => temp.remove());

  it('copies every file byte for byte at its path, skipping hidden files and backups', async () => {
    await built();
    expect(readFileSync(path.join(dist, 'ads.txt'), 'utf8')).toContain('pub-0000000000000000');
    expect(readFileSync(path.join(dist, 'unduhan/panduan/data.bin')).equals(BINARY)).toBe(true);
    expect(readFileSync(path.join(dist, '.well-known/security.txt'), 'utf8')).toBe(SECURITY_TXT);
    for (const skipped of ['.DS_Store', '.git', 'ads.txt~', 'unduhan/.secret'])
      expect(existsSync(path.join(dist, skipped)), skipped).toBe(false);
    // public/_redirects is merged into sitegen's _redirects (there are no aliases here), not
    // copied as it is.
    expect(readFileSync(path.join(dist, '_redirects'), 'utf8')).toBe(
      "# From public/_redirects: the site's own rules, as written.\n/lama /baru 301\n",
    );
    // Nothing else of public/ reached the output: its top level is sitegen's and these two.
    expect(readdirSync(dist).sort()).toEqual(
      [
        '.nojekyll',
        '.sitegen-output',
        '.well-known',
        '404.html',
        '_headers',
        '_redirects',
        'ads.txt',
        'artikel',
        'assets',
        'brand',
        'feed.xml',
        'index.html',
        'kontak',
        'og',
        'robots.txt',
        'sitemap.xml',
        'unduhan',
      ].sort(),
    );
  });

  it("merges public/_headers after sitegen's rules, under a comment naming it", () => {
    const headers = readFileSync(path.join(dist, '_headers'), 'utf8');
    expect(headers.startsWith('/*\n  Content-Security-Policy:')).toBe(true);
    expect(headers).toMatch(
      /\/feed\.xml\n {2}Content-Type: [^\n]+\n\n# From public\/_headers[^\n]*\n\/ads\.txt\n {2}Cache-Control: no-cache\n$/,
    );
  });

  it('sitegen check passes on a build with public files', async () => {
    const result = await sitegen(['check', dist]);
    expect(result.code, result.stderr).toBe(0);
  });

  it('a second build keeps an unchanged public file, writes a changed one, removes a deleted one', async () => {
    const kept = path.join(dist, '.well-known/security.txt');
    const inode = statSync(kept).ino;
    put('ads.txt', 'google.com, pub-1111111111111111, DIRECT, f08c47fec0942fa0\n');
    rmSync(path.join(root, 'public/unduhan'), { recursive: true });
    const second = await built();
    expect(second.rendered).toBe(0);
    expect(second.writtenFiles).toContain('ads.txt');
    expect(second.writtenFiles).not.toContain('.well-known/security.txt');
    // Moved over from the previous output, not written again.
    expect(statSync(kept).ino).toBe(inode);
    expect(readFileSync(path.join(dist, 'ads.txt'), 'utf8')).toContain('pub-1111111111111111');
    expect(existsSync(path.join(dist, 'unduhan'))).toBe(false);
  });

  it("sitegen check reads a public HTML file as a page, but Google's verification file as the token it is", async () => {
    put('google0123456789abcdef.html', 'google-site-verification: google0123456789abcdef.html\n');
    put('halaman-lama.html', '<p>Halaman lama</p>\n');
    await built();
    const result = await sitegen(['check', dist]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/halaman-lama\.html: [^\n]*lang="id"/);
    expect(result.stderr).not.toContain('google0123456789abcdef.html');
    // The same name with anything else in it is a page like any other.
    put('google0123456789abcdef.html', '<p>google-site-verification</p>\n');
    await built();
    const other = await sitegen(['check', dist]);
    expect(other.stderr).toMatch(/google0123456789abcdef\.html: [^\n]*lang="id"/);
    unlinkSync(path.join(root, 'public/google0123456789abcdef.html'));
    unlinkSync(path.join(root, 'public/halaman-lama.html'));
    await built();
    expect((await sitegen(['check', dist])).code).toBe(0);
  });

  it('a public file at a path sitegen writes exits 1, naming both, with the output untouched', async () => {
    const before = hashTree(dist);
    put('robots.txt', 'User-agent: *\nDisallow: /\n');
    put('artikel/index.html', '<!doctype html><title>x</title>');
    put('og', 'a file where the cards go');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The public folder has 3 problems; nothing was written.');
    expect(result.stderr).toMatch(
      /public\/robots\.txt: would replace robots\.txt, which sitegen writes/,
    );
    expect(result.stderr).toMatch(
      /public\/artikel\/index\.html: would replace artikel\/index\.html, which sitegen writes: the page \/artikel\/ \(ArticleListPage/,
    );
    expect(result.stderr).toMatch(/public\/og: is a file where sitegen writes the folder og\//);
    expect(JSON.parse(result.stdout).error.kind).toBe('PublicFilesRefused');
    expect(hashTree(dist)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith('.dist'))).toEqual([]);
    for (const file of ['robots.txt', 'artikel', 'og'])
      rmSync(path.join(root, 'public', file), { recursive: true });
  });

  it('refuses a symbolic link in public/, naming it, and writes nothing', async () => {
    const before = hashTree(dist);
    const outside = path.join(temp.dir, 'rahasia.txt');
    writeFileSync(outside, 'not for the web\n');
    symlinkSync(outside, path.join(root, 'public/rahasia.txt'));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('public/rahasia.txt: is a symbolic link');
    expect(hashTree(dist)).toEqual(before);
    unlinkSync(path.join(root, 'public/rahasia.txt'));
  });
});

describe('sitegen watch and public/', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let watcher: RunningCli;
  let base: string;
  const get = async (url: string) => {
    const response = await fetch(new URL(url, base));
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'site'));
    mkdirSync(path.join(root, 'public/.well-known'), { recursive: true });
    writeFileSync(path.join(root, 'public/ads.txt'), 'ads v1\n');
    writeFileSync(path.join(root, 'public/.well-known/security.txt'), SECURITY_TXT);
    const out = path.join(temp.dir, 'dev');
    // The run's shared cache holds the shipped site's cards: the watcher draws none of them.
    watcher = startCli(['watch', '--root', root, '--out', out, '--port', '0'], {
      env: { SITEGEN_CACHE_DIR: sharedCacheDir() },
    });
    base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000))[1];
    await watcher.waitFor(/initial build: /, 60_000);
  }, 90_000);
  afterAll(async () => {
    await watcher?.stop();
    await temp.remove();
  });

  it('serves public files, and follows a change, an added file and a deleted one', async () => {
    expect(await get('/ads.txt')).toEqual({ status: 200, body: 'ads v1\n' });
    expect(await get('/.well-known/security.txt')).toEqual({ status: 200, body: SECURITY_TXT });
    writeFileSync(path.join(root, 'public/ads.txt'), 'ads v2\n');
    await eventually(async () => (await get('/ads.txt')).body === 'ads v2\n');
    mkdirSync(path.join(root, 'public/gambar'));
    writeFileSync(path.join(root, 'public/gambar/baru.txt'), 'baru\n');
    await eventually(async () => (await get('/gambar/baru.txt')).status === 200);
    expect((await get('/gambar/baru.txt')).body).toBe('baru\n');
    unlinkSync(path.join(root, 'public/gambar/baru.txt'));
    await eventually(async () => (await get('/gambar/baru.txt')).status === 404);
    await watcher.waitFor(/public\/gambar\/baru\.txt[^\n]* changed: \d+ files? written, 1 removed/);
  }, 60_000);
});
