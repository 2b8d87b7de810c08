import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, eventually, makeTempDir, startCli, type RunningCli } from '../helpers/cli.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { META_CONTENT_SECURITY_POLICY } from '../../src/generator/policy/security-headers.ts';
import { hashTree, linkTree } from '../helpers/tree.ts';

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
    put('_redirects', '/lama /kontak/ 301\n');
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
      "# From public/_redirects: the site's own rules, as written.\n/lama /kontak/ 301\n",
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

  it("holds a public HTML file to the page policy at build and every page rule at check, but Google's verification file", async () => {
    put('google0123456789abcdef.html', 'google-site-verification: google0123456789abcdef.html\n');
    await built();
    expect((await sitegen(['check', dist])).code).toBe(0);
    // A page with a script is refused at build, at its line, before anything is written.
    const before = hashTree(dist);
    put('halaman-lama.html', '<p>Halaman lama</p>\n<script>alert(1)</script>\n');
    const refused = await build();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "public/halaman-lama.html:2: has an inline <script>; the CSP (script-src 'self') would block it",
    );
    expect(refused.stderr).toContain(
      'public/halaman-lama.html:1: has no <meta http-equiv="Content-Security-Policy">',
    );
    expect(hashTree(dist)).toEqual(before);
    unlinkSync(path.join(root, 'public/halaman-lama.html'));
    // The same name with anything else in it is a page like any other.
    put('google0123456789abcdef.html', '<p>google-site-verification</p>\n');
    expect((await build()).stderr).toContain(
      'public/google0123456789abcdef.html:1: has no <meta http-equiv="Content-Security-Policy">',
    );
    unlinkSync(path.join(root, 'public/google0123456789abcdef.html'));
    // check reads a page put into the output by hand with every page rule, lang="id" too.
    const planted = path.join(temp.dir, 'planted-page');
    cpSync(dist, planted, { recursive: true });
    writeFileSync(path.join(planted, 'halaman-lama.html'), '<p>Halaman lama</p>\n');
    const result = await sitegen(['check', planted]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/halaman-lama\.html: [^\n]*lang="id"/);
  });

  it('refuses a public file that is a page, a host file or another public file but for letter case or Unicode normalisation', async () => {
    const before = hashTree(dist);
    const names = ['Index.html', 'Robots.txt', 'SITEMAP.XML', 'Artikel/index.html', '_Headers'];
    // Pages and XML that pass the page and XML rules: only their names are wrong.
    const copyOf = (name: string) => readFileSync(path.join(dist, name.toLowerCase()));
    for (const name of names) put(name, /\.(html|xml)$/i.test(name) ? copyOf(name) : 'x\n');
    put('caf\u00e9.txt', 'NFC\n');
    put('cafe\u0301.txt', 'NFD\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The public folder has 6 problems; nothing was written.');
    for (const [name, generated] of [
      ['Index.html', 'index.html'],
      ['Robots.txt', 'robots.txt'],
      ['SITEMAP.XML', 'sitemap.xml'],
      ['Artikel/index.html', 'artikel/index.html'],
      ['_Headers', '_headers'],
    ])
      expect(result.stderr).toContain(
        `public/${name}: would replace ${generated}, which sitegen writes: `,
      );
    expect(result.stderr).toContain('Index.html is that name but for letter case');
    expect(result.stderr).toContain(
      'public/cafe\u0301.txt: is public/caf\u00e9.txt in another Unicode normalisation (this name NFD, that one NFC)',
    );
    expect(hashTree(dist)).toEqual(before);
    for (const name of [...names, 'caf\u00e9.txt', 'cafe\u0301.txt', 'Artikel'])
      rmSync(path.join(root, 'public', name), { recursive: true, force: true });
  });

  it('refuses files a browser would run a script from: .htm, .xhtml, an SVG with a script', async () => {
    const before = hashTree(dist);
    const script = '<script>alert(1)</script>\n';
    put('x.htm', script);
    put('x.xhtml', script);
    put('gambar/x.svg', `<svg xmlns="http://www.w3.org/2000/svg">\n${script}</svg>\n`);
    put('gambar/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z"/></svg>\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The public folder has 3 problems; nothing was written.');
    expect(result.stderr).toMatch(
      /public\/x\.htm: is an HTML document by another name than \.html/,
    );
    expect(result.stderr).toMatch(
      /public\/x\.xhtml: is an HTML document by another name than \.html/,
    );
    expect(result.stderr).toMatch(/public\/gambar\/x\.svg:2:\d+: has <script>/);
    expect(result.stderr).not.toContain('logo.svg');
    expect(hashTree(dist)).toEqual(before);
    for (const name of ['x.htm', 'x.xhtml', 'gambar/x.svg'])
      unlinkSync(path.join(root, 'public', name));
    await built();
    expect(existsSync(path.join(dist, 'gambar/logo.svg'))).toBe(true);
  });

  it('refuses .env files and source maps, which a deploy would regret', async () => {
    const before = hashTree(dist);
    put('.env', 'API_KEY=rahasia\n');
    put('konfigurasi/.env.production', 'API_KEY=rahasia\n');
    put('js/app.js.map', '{"version":3,"sources":["app.ts"]}\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The public folder has 3 problems; nothing was written.');
    expect(result.stderr).toContain('public/.env: is an environment file');
    expect(result.stderr).toContain('public/konfigurasi/.env.production: is an environment file');
    expect(result.stderr).toContain('public/js/app.js.map: is a source map');
    expect(hashTree(dist)).toEqual(before);
    for (const name of ['.env', 'konfigurasi', 'js'])
      rmSync(path.join(root, 'public', name), { recursive: true });
  });

  it("refuses a public/_headers that starts with an indented header line, which would join sitegen's last rule", async () => {
    const before = hashTree(dist);
    put('_headers', `# my headers\n  X-Robots-Tag: noindex\n${MAINTAINER_HEADERS}`);
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'public/_headers:2:1: is an indented header line ("X-Robots-Tag: noindex") before any path line',
    );
    expect(hashTree(dist)).toEqual(before);
    put('_headers', MAINTAINER_HEADERS);
  });

  it('sitegen check refuses names one on a case-insensitive host and script files planted in the output', async () => {
    const planted = path.join(temp.dir, 'planted-names');
    cpSync(dist, planted, { recursive: true });
    writeFileSync(path.join(planted, 'Index.html'), readFileSync(path.join(dist, 'index.html')));
    writeFileSync(path.join(planted, 'x.htm'), '<script>alert(1)</script>\n');
    writeFileSync(
      path.join(planted, 'x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
    );
    const result = await sitegen(['check', planted]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Index.html: is index.html but for letter case');
    expect(result.stderr).toContain('x.htm: is an HTML document by another name than .html');
    expect(result.stderr).toMatch(/x\.svg: line 1:\d+: has <script>/);
  });

  it('a public file at a path sitegen writes exits 1, naming both, with the output untouched', async () => {
    const before = hashTree(dist);
    put('robots.txt', 'User-agent: *\nDisallow: /\n');
    // A page that passes the page rules: only its place is wrong.
    put('artikel/index.html', readFileSync(path.join(dist, 'artikel/index.html')));
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

const SITE = 'https://slot-review.example/';

/**
 * A public page that passes every rule `sitegen check` holds a page to, its lines numbered as
 * the rows below name them: canonical URL at line 8, og:url at 9, the link at 14.
 */
const GOOD_PAGE = [
  '<!DOCTYPE html>',
  '<html lang="id">',
  '<head>',
  '<meta charset="utf-8">',
  `<meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY}">`,
  '<title>Tentang Kami</title>',
  '<meta name="description" content="Siapa kami dan bagaimana kami menulis.">',
  `<link rel="canonical" href="${SITE}tentang.html">`,
  `<meta property="og:url" content="${SITE}tentang.html">`,
  '</head>',
  '<body>',
  '<main id="main">',
  '<h1>Tentang Kami</h1>',
  '<p>Tulis ke <a href="/kontak/">redaksi</a>.</p>',
  '</main>',
  '</body>',
  '</html>',
  '',
].join('\n');

/** GOOD_PAGE with one line (1-based) replaced. */
const withLine = (line: number, text: string) =>
  GOOD_PAGE.split('\n')
    .map((old, index) => (index === line - 1 ? text : old))
    .join('\n');

/** A redirect page to /kontak/ (as templates/RedirectPage.tsx writes one), but without noindex. */
const REDIRECT_PAGE = [
  '<!DOCTYPE html>',
  '<html lang="id">',
  '<head>',
  `<meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY}">`,
  '<meta http-equiv="refresh" content="0; url=/kontak/">',
  '<title>Pindah ke Kontak</title>',
  '<meta name="description" content="Halaman ini pindah ke kontak.">',
  `<link rel="canonical" href="${SITE}kontak/">`,
  '</head>',
  '<body><main><p><a href="/kontak/">Kontak</a></p></main></body>',
  '</html>',
  '',
].join('\n');

interface PublicRow {
  name: string;
  /** Files put into public/ (and, for the check half, into a copy of the output at the same path). */
  files: Record<string, string | (() => void)>;
  /** What build prints, each naming the public file and (where the rule knows it) its line. */
  build: (string | RegExp)[];
  /** What check prints for the same files planted in the output. */
  check: (string | RegExp)[];
}

/**
 * Each rule `sitegen check` holds a file of the output to, for a file that comes from public/:
 * build refuses it first (issue 29, item 8: "whatever check rejects, build should already
 * refuse"), and check rejects the same file planted in the output by hand.
 */
const publicRows: PublicRow[] = [
  {
    name: 'a _redirects rule whose target is no file of the output',
    files: {
      _redirects: '/lama /kontak/ 301\n/hilang /artikel/tidak-ada/ 301\n/* /404.html 404\n',
    },
    build: [
      'public/_redirects:2:9: the rule for "/hilang" leads to "/artikel/tidak-ada/", which does not resolve: no file artikel/tidak-ada/index.html in the output',
    ],
    check: [
      '_redirects: line 2: the rule for "/hilang" leads to "/artikel/tidak-ada/", which does not resolve: no file artikel/tidak-ada/index.html in the output',
    ],
  },
  {
    name: 'a canonical URL naming another page',
    files: { 'tentang.html': withLine(8, `<link rel="canonical" href="${SITE}kontak/">`) },
    build: [
      `public/tentang.html:8: canonical URL "${SITE}kontak/" is not this page's own address; expected "${SITE}tentang.html"`,
    ],
    check: [
      `tentang.html: canonical URL "${SITE}kontak/" is not this page's own address; expected "${SITE}tentang.html"`,
    ],
  },
  {
    name: 'a canonical URL on another host',
    files: { 'tentang.html': withLine(8, '<link rel="canonical" href="https://evil.example/">') },
    build: [
      `public/tentang.html:8: canonical URL "https://evil.example/" is not this page's own address`,
    ],
    check: [`tentang.html: canonical URL "https://evil.example/" is not this page's own address`],
  },
  {
    name: 'an og:url naming another page',
    files: { 'tentang.html': withLine(9, `<meta property="og:url" content="${SITE}">`) },
    build: [`public/tentang.html:9: og:url "${SITE}" is not this page's own address`],
    check: [`tentang.html: og:url "${SITE}" is not this page's own address`],
  },
  {
    name: 'no canonical URL',
    files: { 'tentang.html': withLine(8, '') },
    build: ['public/tentang.html:3: needs an absolute canonical URL (found null)'],
    check: ['tentang.html: needs an absolute canonical URL (found null)'],
  },
  {
    name: 'another language, no title',
    files: { 'tentang.html': withLine(6, '').replace('lang="id"', 'lang="en"') },
    build: [
      'public/tentang.html:2: <html> needs lang="id" (found "en")',
      'public/tentang.html:3: has no <title>',
    ],
    check: ['tentang.html: <html> needs lang="id" (found "en")', 'tentang.html: has no <title>'],
  },
  {
    name: 'a dead link and an external link that does not open in a new tab',
    files: {
      'tentang.html': withLine(
        14,
        '<p><a href="/hilang/">Hilang</a> <a href="https://example.org/">luar</a></p>',
      ),
    },
    build: [
      'public/tentang.html:14: link "/hilang/" does not resolve: no file hilang/index.html in the output',
      'public/tentang.html:14: external link "https://example.org/" has no target="_blank"',
    ],
    check: [
      'tentang.html: link "/hilang/" does not resolve: no file hilang/index.html in the output',
      'tentang.html: external link "https://example.org/" has no target="_blank"',
    ],
  },
  {
    name: 'an empty JSON-LD @type',
    files: {
      'tentang.html': withLine(
        10,
        '<script type="application/ld+json">{"@type":""}</script></head>',
      ),
    },
    build: [
      'public/tentang.html:10: JSON-LD block 1 has an empty "@type"; expected a schema.org type',
    ],
    check: ['tentang.html: JSON-LD block 1 has an empty "@type"; expected a schema.org type'],
  },
  {
    name: 'a redirect page without noindex',
    files: { 'lama.html': REDIRECT_PAGE },
    build: [
      'public/lama.html:5: is a redirect page without <meta name="robots" content="noindex">',
    ],
    check: ['lama.html: is a redirect page without <meta name="robots" content="noindex">'],
  },
  {
    name: 'a phrase of the responsible-copy list',
    files: { 'tentang.html': withLine(13, '<h1>Pasti menang setiap hari</h1>') },
    build: [/public\/tentang\.html:13:5: [^\n]*"pasti menang"/],
    check: [/tentang\.html: line 13:5: [^\n]*"pasti menang"/],
  },
  {
    name: 'an inline script',
    files: { 'tentang.html': withLine(14, '<script>alert(1)</script>') },
    build: ['public/tentang.html:14: has an inline <script>'],
    check: ['tentang.html: line 14: has an inline <script>'],
  },
  {
    name: 'HTML by another name and an SVG with a script',
    files: {
      'x.htm': '<script>alert(1)</script>\n',
      'gambar/x.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n<script>alert(1)</script></svg>\n',
    },
    build: [
      'public/x.htm: is an HTML document by another name than .html',
      /public\/gambar\/x\.svg:2:\d+: has <script>/,
    ],
    check: [
      'x.htm: is an HTML document by another name than .html',
      /gambar\/x\.svg: line 2:\d+: has <script>/,
    ],
  },
  {
    name: 'XML that is not well-formed',
    files: { 'data/feed-lama.xml': '<?xml version="1.0"?>\n<feed>\n<entry></feed>\n' },
    build: [/public\/data\/feed-lama\.xml:3:\d+: not well-formed XML/],
    check: [/data\/feed-lama\.xml: line 3:\d+: /],
  },
  {
    name: 'an environment file and a source map',
    files: { '.env.production': 'API_KEY=rahasia\n', 'js/app.js.map': '{"version":3}\n' },
    build: [
      'public/.env.production: is an environment file',
      'public/js/app.js.map: is a source map',
    ],
    check: ['.env.production: is an environment file', 'js/app.js.map: is a source map'],
  },
  {
    name: 'names one on a case-insensitive or normalising host',
    files: { 'Tentang.html': GOOD_PAGE, 'caf\u00e9.txt': 'NFC\n', 'cafe\u0301.txt': 'NFD\n' },
    build: [
      'public/Tentang.html: is public/tentang.html but for letter case',
      'public/cafe\u0301.txt: is public/caf\u00e9.txt in another Unicode normalisation',
    ],
    check: [
      'Tentang.html: is tentang.html but for letter case',
      'cafe\u0301.txt: is caf\u00e9.txt in another Unicode normalisation',
    ],
  },
  {
    // check weighs the files it reads (a page here); build weighs every public file, unread.
    name: 'a file over 100 MB',
    files: { 'unduhan/besar.html': () => undefined },
    build: [
      'public/unduhan/besar.html: is 150 MB, over the 100 MB a file of a built folder may have',
    ],
    check: ['unduhan/besar.html: is 150 MB, over the 100 MB a file of a built folder may have'],
  },
];

// Runs in this process (helpers/sitegen.ts) with the run's shared cache, on one project whose
// public/ holds a good page nothing links to; each row adds its files, builds, and takes them
// out again.
describe('whatever sitegen check rejects of a public file, sitegen build refuses first', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let dist: string;
  const put = (dir: string, file: string, contents: string | (() => void)) => {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    rmSync(full, { force: true });
    // A function stands for a sparse file of 150 MB: its size is what matters, never read.
    if (typeof contents === 'function') {
      writeFileSync(full, '');
      truncateSync(full, 150e6);
    } else writeFileSync(full, contents);
  };
  const build = () => sitegen(['build', '--root', root]);

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'site'));
    dist = path.join(root, 'dist');
    put(path.join(root, 'public'), 'tentang.html', GOOD_PAGE);
  }, 60_000);
  afterAll(() => temp.remove());

  it('builds a public page nothing links to into the sitemap, so check finds no orphan', async () => {
    const result = await build();
    expect(result.code, result.stderr).toBe(0);
    const sitemap = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<url><loc>${SITE}tentang.html</loc></url>\n</urlset>`);
    const checked = await sitegen(['check', dist]);
    expect(checked.code, checked.stderr).toBe(0);
    // The same page put into the output by hand, where the sitemap does not list it, is one.
    const planted = path.join(temp.dir, 'orphan');
    linkTree(dist, planted);
    put(planted, 'tentang-lama.html', GOOD_PAGE.replaceAll('tentang.html', 'tentang-lama.html'));
    const orphan = await sitegen(['check', planted]);
    expect(orphan.code).toBe(1);
    expect(orphan.stderr).toContain(
      'tentang-lama.html: no page links to it and the sitemap does not list it',
    );
  });

  it.each(publicRows)('$name', async ({ files, build: refused, check: rejected }) => {
    const before = hashTree(dist);
    for (const [file, contents] of Object.entries(files))
      put(path.join(root, 'public'), file, contents);
    let result: Awaited<ReturnType<typeof build>>;
    try {
      result = await build();
    } finally {
      for (const file of Object.keys(files)) rmSync(path.join(root, 'public', file));
      put(path.join(root, 'public'), 'tentang.html', GOOD_PAGE);
    }
    expect(result.code, result.stderr).toBe(1);
    for (const expected of refused)
      if (typeof expected === 'string') expect(result.stderr).toContain(expected);
      else expect(result.stderr).toMatch(expected);
    expect(result.stderr).not.toMatch(/trace|\n\s+at /);
    expect(hashTree(dist)).toEqual(before);

    const planted = path.join(temp.dir, `planted-${Math.random().toString(36).slice(2)}`);
    linkTree(dist, planted);
    for (const [file, contents] of Object.entries(files)) put(planted, file, contents);
    const checked = await sitegen(['check', planted]);
    expect(checked.code).toBe(1);
    for (const expected of rejected)
      if (typeof expected === 'string') expect(checked.stderr).toContain(expected);
      else expect(checked.stderr).toMatch(expected);
    await rm(planted, { recursive: true });
  });
});
