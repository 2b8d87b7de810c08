import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFile, type Site } from '../../src/generator/check/check-site.ts';
import {
  headersTextProblems,
  isSkippedPublicName,
  type PublicFile,
  readPublicFolder,
  refusedPublicName,
} from '../../src/generator/content/public-folder.ts';
import { readPublicPages, referenceProblems } from '../../src/generator/files/public-pages.ts';
import { theirRuleTargets } from '../../src/generator/files/redirects-file.ts';
import { listingFinder } from '../../src/generator/host/site-reference.ts';
import { hostRoot } from '../../src/generator/host/static-host.ts';
import {
  aliasPathClashes,
  generatedFiles,
  mergeHeaders,
  publicClashes,
} from '../../src/generator/files/public-files.ts';
import { listPages } from '../../src/generator/pages/routes.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { shippedContent } from '../helpers/shipped-content.ts';

const SITE = 'https://slot-review.example/';

const publicFile = (path: string): PublicFile => ({
  path,
  source: `public/${path}`,
  bytes: Buffer.from(''),
  digest: '',
});

describe('public/ against the files sitegen writes', () => {
  it('skips hidden names but a top-level .well-known, and editor and folder leftovers', () => {
    expect(isSkippedPublicName('.well-known', true)).toBe(false);
    expect(isSkippedPublicName('.well-known', false)).toBe(true);
    for (const name of ['.DS_Store', '.git', '.npmrc', 'ads.txt~', '#ads.txt#', 'Thumbs.db'])
      expect(isSkippedPublicName(name, true), name).toBe(true);
    for (const name of ['ads.txt', 'CNAME', 'logo~v2.png', '_headers'])
      expect(isSkippedPublicName(name, true), name).toBe(false);
  });

  it('refuses environment files, source maps and private keys by name, in any letter case', () => {
    for (const name of [
      '.env',
      '.env.production',
      'prod.env',
      '.ENV',
      'app.js.map',
      'style.css.MAP',
    ])
      expect(refusedPublicName(name), name).toMatch(/^is an? (environment file|source map)/);
    for (const name of ['server.pem', 'tls.key', 'cert.p12', 'id_rsa', 'id_ed25519'])
      expect(refusedPublicName(name), name).toMatch(/^is a private key/);
    for (const name of ['ads.txt', 'environment.txt', 'peta.png', 'map', 'key.txt', '.well-known'])
      expect(refusedPublicName(name), name).toBeUndefined();
  });

  it('refuses a public/_headers whose first rule line is indented, at that line', () => {
    expect(headersTextProblems('# mine\n\n  X-Frame-Options: DENY\n/ads.txt\n  A: b\n')).toEqual([
      {
        file: 'public/_headers',
        line: 3,
        column: 1,
        message:
          'is an indented header line ("X-Frame-Options: DENY") before any path line; expected a path such as /ads.txt first, on a line of its own, and its headers indented below it (an indented first line would join the last rule of sitegen\'s _headers)',
      },
    ]);
    expect(headersTextProblems('/ads.txt\n  A: b\n  # note\n\n/x\n  C: d\n')).toEqual([]);
    expect(headersTextProblems('  # an indented comment\n/ads.txt\n  A: b\n')).toEqual([]);
  });

  it('refuses a public file that is a generated file, another public file or a folder but for letter case or Unicode normalisation', async () => {
    const { content } = await shippedContent();
    const generated = generatedFiles(listPages(content, () => true));
    const nfc = 'caf\u00e9.txt';
    const nfd = 'cafe\u0301.txt';
    const files = [
      'Index.html',
      'Robots.txt',
      'SITEMAP.XML',
      'Artikel/index.html',
      '_Headers',
      'Assets/x.css',
      'Sitemap-2.xml',
      'KONTAK',
      nfc,
      nfd,
      'Baca.txt',
      'baca.txt',
      'Unduhan/a.txt',
      'unduhan/b.txt',
    ].map(publicFile);
    const problems = publicClashes(files, generated);
    const messages = new Map(problems.map((problem) => [problem.file, problem.message]));
    expect([...messages.keys()]).toEqual([
      'public/Index.html',
      'public/Robots.txt',
      'public/SITEMAP.XML',
      'public/Artikel/index.html',
      'public/_Headers',
      'public/Assets/x.css',
      'public/Sitemap-2.xml',
      'public/KONTAK',
      `public/${nfd}`,
      'public/Baca.txt',
    ]);
    const caseNote =
      'but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs)';
    expect(messages.get('public/Index.html')).toBe(
      `would replace index.html, which sitegen writes: the page / (HomePage, from src/content/site.ts); Index.html is that name ${caseNote}; rename or remove it`,
    );
    expect(messages.get('public/_Headers')).toContain(
      'would replace _headers, which sitegen writes',
    );
    expect(messages.get('public/Assets/x.css')).toContain('is inside assets/ (spelled Assets/)');
    expect(messages.get('public/KONTAK')).toContain('sitegen writes the folder kontak/');
    expect(messages.get(`public/${nfd}`)).toBe(
      `is public/${nfc} in another Unicode normalisation (this name NFD, that one NFC), one file with it on macOS; rename or remove one of them`,
    );
    expect(messages.get('public/Baca.txt')).toBe(
      `is public/baca.txt ${caseNote}; rename or remove one of them`,
    );
  });

  it('names every clash, with the generated file and what it is; other files pass', async () => {
    const { content } = await shippedContent();
    const generated = generatedFiles(listPages(content, () => true));
    const files = [
      'ads.txt',
      'artikel/panduan.pdf',
      'brand/loyal4d/logo.png',
      '404.html',
      'artikel/list.json',
      'feed.xml',
      'sitemap-3.xml',
      'assets/x.css',
      'og',
      'kontak',
      'index.html/x',
    ].map(publicFile);
    const problems = publicClashes(files, generated);
    expect(problems.map((problem) => problem.file)).toEqual([
      'public/404.html',
      'public/artikel/list.json',
      'public/feed.xml',
      'public/sitemap-3.xml',
      'public/assets/x.css',
      'public/og',
      'public/kontak',
      'public/index.html/x',
    ]);
    expect(problems[0].message).toMatch(/^would replace 404\.html, which sitegen writes: the page/);
    expect(problems[1].message).toContain('the data of the list /artikel/');
    expect(problems[6].message).toContain('sitegen writes the folder kontak/');
    expect(problems[7].message).toContain('sitegen writes the file index.html');
  });

  it('refuses an alias whose redirect page would go among the files sitegen writes, at its line', async () => {
    const { content } = await shippedContent();
    const [first, ...rest] = content.articles;
    const addresses = [
      '/lama/',
      '/assets/x/',
      '/og/lama.html',
      '/feed.xml/',
      '/brand/lama/',
      '/Assets/y/',
      '/FEED.XML/x.html',
    ];
    const aliases = addresses.map((address, index) => ({ address, line: 8 + index, column: 5 }));
    const pages = listPages({ ...content, articles: [{ ...first, aliases }, ...rest] }, () => true);
    const problems = aliasPathClashes(pages);
    expect(problems.map(({ file, line, column }) => [file, line, column])).toEqual([
      [first.source, 9, 5],
      [first.source, 10, 5],
      [first.source, 11, 5],
      [first.source, 13, 5],
      [first.source, 14, 5],
    ]);
    expect(problems[0].message).toBe(
      'alias "/assets/x/" (its redirect page assets/x/index.html) is inside assets/, which sitegen writes whole (the fingerprinted stylesheet, script, icon, article images and list data); put it in another folder',
    );
    expect(problems[1].message).toContain('is inside og/, which sitegen writes whole');
    expect(problems[2].message).toContain('where sitegen writes the file feed.xml: the Atom feed');
    expect(problems[3].message).toContain(
      'alias "/Assets/y/" (its redirect page Assets/y/index.html) is inside assets/ (spelled Assets/), which sitegen writes whole',
    );
    expect(problems[4].message).toContain(
      'is inside a folder FEED.XML/, where sitegen writes the file feed.xml: the Atom feed',
    );
  });

  it("puts public/_headers after sitegen's rules, under one comment line", () => {
    expect(mergeHeaders('/*\n  A: b\n', '/x\n  C: d')).toBe(
      "/*\n  A: b\n\n# From public/_headers (the site's own rules, after sitegen's):\n/x\n  C: d\n",
    );
    expect(mergeHeaders('/*\n  A: b\n', undefined)).toBe('/*\n  A: b\n');
    expect(mergeHeaders('/*\n  A: b\n', '\n  \n')).toBe('/*\n  A: b\n');
  });
});

describe('where a reference leads, on the listing the build makes as on the disk check reads', () => {
  it('finds the file a static host serves, by the same rules as check on a folder', async () => {
    const temp = await makeTempDir();
    try {
      const files = [
        'index.html',
        'a/index.html',
        'b.html',
        'c',
        'd/e.txt',
        'd.html',
        'f.html/index.html',
        '.well-known/security.txt',
        '_headers',
        '.nojekyll',
      ];
      for (const file of files) {
        mkdirSync(path.dirname(path.join(temp.dir, file)), { recursive: true });
        writeFileSync(path.join(temp.dir, file), file);
      }
      const root = hostRoot(temp.dir);
      const site = { root, found: new Map() } as unknown as Site;
      const find = listingFinder(new Set(files));
      const paths = ['/', '/a/', '/a', '/b', '/b.html', '/c', '/c/', '/d', '/d/', '/d/e.txt'];
      paths.push('/f', '/f.html', '/_headers', '/.nojekyll', '/.well-known/security.txt', '/x');
      paths.push('/a/./', '/a//', '/d.html/');
      for (const pathname of paths) expect(find(pathname), pathname).toBe(findFile(site, pathname));
      expect(find('/a')).toBe('a/index.html');
      expect(find('/d')).toBe('d.html');
      expect(find('/_headers')).toBeUndefined();
    } finally {
      await temp.remove();
    }
  });

  it("refuses a public/_redirects rule whose target is no file of the output, at its line, in check's words", () => {
    const lookup = {
      base: '/',
      siteUrl: SITE,
      find: listingFinder(new Set(['index.html', 'kontak/index.html', 'ads.txt', '404.html'])),
    };
    const theirs = [
      '# Aturan situs',
      '/lama /kontak/ 301',
      '/hilang   /artikel/tidak-ada/ 301',
      '/luar https://example.org/ 301',
      `/penuh ${SITE}tidak/ 301`,
      '/api/* /.netlify/functions/:splat 200',
      '/blog/:slug /artikel/:slug/ 301',
      '/* /404.html 404',
      '/iklan /ads.txt 200',
      '/rahasia /_headers',
      '/sendiri',
    ].join('\r\n');
    const problems = theirRuleTargets(theirs, lookup);
    expect(problems.map(({ line, column }) => [line, column])).toEqual([
      [3, 11],
      [5, 8],
      [10, 10],
    ]);
    expect(problems[0]).toEqual({
      file: 'public/_redirects',
      line: 3,
      column: 11,
      message:
        'the rule for "/hilang" leads to "/artikel/tidak-ada/", which does not resolve: no file artikel/tidak-ada/index.html in the output; expected a page of the site or a file of public/ (or a URL on another host)',
    });
    expect(problems[2].message).toContain('no file _headers in the output');
    // Below a base path, a target without it leaves the site.
    const repo = { ...lookup, base: '/repo/', siteUrl: 'https://user.github.io/repo/' };
    expect(theirRuleTargets('/repo/lama /kontak/ 301\n/repo/x /repo/kontak/\n', repo)).toEqual([
      expect.objectContaining({
        line: 1,
        message: expect.stringContaining(
          "which does not resolve: it leaves the site's base path /repo/",
        ),
      }),
    ]);
  });
});

/** A page of public/ that passes every page rule, at `file` on SITE, with `head` added. */
function publicPage(file: string, head = '', canonical = `${SITE}${file}`): PublicFile {
  const html = [
    '<!DOCTYPE html>',
    '<html lang="id">',
    '<head>',
    '<title>Halaman</title>',
    '<meta name="description" content="Tentang halaman ini.">',
    `<link rel="canonical" href="${canonical}">`,
    head,
    '</head>',
    '<body><main><p><a href="/kontak/">Kontak</a></p></main></body>',
    '</html>',
  ].join('\n');
  return { ...publicFile(file), bytes: Buffer.from(html) };
}

describe("public/'s pages: the rules check holds a page to, and the sitemap", () => {
  it('lists the pages search engines may index at their canonical address; not noindex, redirect, 404 or verification pages', async () => {
    const { content } = await shippedContent();
    const generated = generatedFiles(listPages(content, () => true));
    const token = 'google0123456789abcdef.html';
    const files = [
      publicPage('tentang.html'),
      publicPage('panduan.html', '', `${SITE}panduan`),
      publicPage('bab/index.html', '', `${SITE}bab/`),
      publicPage('rahasia.html', '<meta name="robots" content="noindex, nofollow">'),
      publicPage(
        'lama.html',
        '<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=/kontak/">',
        `${SITE}kontak/`,
      ),
      publicPage('bantuan/404.html', '', 'none'),
      { ...publicFile(token), bytes: Buffer.from(`google-site-verification: ${token}\n`) },
      publicPage('Index.html', '', `${SITE}`),
    ];
    const read = readPublicPages({ files, problems: [] }, SITE, generated);
    // Index.html takes the home page's file: refused for that, not read as a page.
    expect(read.problems.map((problem) => problem.file)).toEqual(['public/Index.html']);
    expect(read.sitemap).toEqual([{ url: '/tentang.html' }, { url: '/panduan' }, { url: '/bab/' }]);
    expect(read.pages.map((page) => page.file)).toEqual([
      'tentang.html',
      'panduan.html',
      'bab/index.html',
      'rahasia.html',
      'lama.html',
      'bantuan/404.html',
    ]);
  });

  it('names the line of each head problem, and of each reference that leads nowhere', () => {
    const files = [
      publicPage(
        'tentang.html',
        `<meta property="og:url" content="${SITE}">\n<link rel="stylesheet" href="/gaya.css">`,
      ),
    ];
    const read = readPublicPages({ files, problems: [] }, SITE, new Map());
    expect(read.problems).toEqual([
      {
        file: 'public/tentang.html',
        line: 7,
        message: `og:url "${SITE}" is not this page's own address; expected "${SITE}tentang.html"`,
      },
    ]);
    const find = listingFinder(new Set(['tentang.html', 'kontak/index.html']));
    expect(referenceProblems(read.pages, { base: '/', siteUrl: SITE, find })).toEqual([
      {
        file: 'public/tentang.html',
        line: 8,
        message:
          '<link rel="stylesheet"> "/gaya.css" does not resolve: no file gaya.css in the output',
      },
    ]);
  });

  it('refuses a public file over 100 MB without reading it', async () => {
    const temp = await makeTempDir();
    try {
      mkdirSync(path.join(temp.dir, 'public/unduhan'), { recursive: true });
      const big = path.join(temp.dir, 'public/unduhan/arsip.zip');
      writeFileSync(big, '');
      truncateSync(big, 150e6);
      writeFileSync(path.join(temp.dir, 'public/ads.txt'), 'ads\n');
      const folder = readPublicFolder(temp.dir);
      expect(folder.files.map((file) => file.path)).toEqual(['ads.txt']);
      expect(folder.problems).toEqual([
        {
          file: 'public/unduhan/arsip.zip',
          message:
            'is 150 MB, over the 100 MB a file of a built folder may have (GitHub Pages refuses larger files); keep it outside public/ (a release download or a storage bucket)',
        },
      ]);
    } finally {
      await temp.remove();
    }
  });
});
