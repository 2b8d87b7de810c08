import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sitemapFiles } from '../../src/generator/files/sitemap.ts';
import { REPO } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { linkTree, useBaseCopy } from '../helpers/tree.ts';

// `sitegen check` (and the one build below) run in-process through tests/helpers/sitegen.ts: the
// CLI's own argv parsing, checks and printed text, exit code and stderr as a process returns them.
describe('sitegen check', () => {
  /** This file's own copy of the real build (temp.base): each broken copy hard-links its files. */
  const temp = useBaseCopy();

  /**
   * Puts `text` at `full` as a file of its own: a file of a broken copy is a hard link to the
   * base copy's until replaced, so it is removed first, never written through.
   */
  async function replaceFile(full: string, text: string | Uint8Array) {
    await rm(full, { force: true });
    await writeFile(full, text);
  }

  /**
   * A copy of the real build with one file changed: every other file hard-linked to the base
   * copy (a link writes none of the bytes; a copy of each file was most of a test's time).
   */
  async function brokenCopy(file: string, change: (html: string) => string): Promise<string> {
    const dir = path.join(temp.dir, `site-${Math.random().toString(36).slice(2)}`);
    linkTree(temp.base, dir);
    const full = path.join(dir, file);
    const before = await readFile(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`test setup: the change did nothing to ${file}`);
    await replaceFile(full, after);
    return dir;
  }

  it('passes the shipped build and prints every page weight with --sizes', async () => {
    const result = await sitegen(['check', inject('distDir'), '--sizes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /34 pages and \d+ files in .* pass; heaviest first load [\d.]+ KB gzip/,
    );
    expect(result.stdout).toMatch(/^kontak\/index\.html\s+[\d.]+ KB/m);
  });

  it('reports a dead internal link', async () => {
    const dir = await brokenCopy('index.html', (html) =>
      html.replace('href="/brand/loyal4d/"', 'href="/brand/loyal5d/"'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'index.html: link "/brand/loyal5d/" does not resolve: no file brand/loyal5d/index.html in the output',
    );
  });

  it('reports a link a static host would refuse (an encoded separator, bad percent-encoding) instead of following it', async () => {
    const dir = await brokenCopy('index.html', (html) =>
      html
        .replace('href="/brand/loyal4d/"', 'href="/brand%2floyal4d/"')
        .replace('href="/brand/perang88/"', 'href="/brand/%E0%A4%A/"'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'index.html: link "/brand%2floyal4d/" does not resolve: a static host refuses it (403)',
    );
    expect(result.stderr).toContain(
      'index.html: link "/brand/%E0%A4%A/" does not resolve: a static host refuses it (400)',
    );
  });

  it('passes a build for a project site under a base path, and finds its pages below the base', async () => {
    const out = path.join(temp.dir, 'project-site');
    expect(
      (await sitegen(['build', '--out', out, '--site-url', 'https://user.github.io/repo/'])).code,
    ).toBe(0);
    const result = await sitegen(['check', out]);
    expect(result.code, result.stderr).toBe(0);
    const home = path.join(out, 'index.html');
    await writeFile(
      home,
      (await readFile(home, 'utf8')).replace(
        'href="/repo/brand/loyal4d/"',
        'href="/repo/brand/loyal5d/"',
      ),
    );
    const broken = await sitegen(['check', out]);
    expect(broken.stderr).toContain(
      'index.html: link "/repo/brand/loyal5d/" does not resolve: no file brand/loyal5d/index.html in the output',
    );
  });

  it('reads feed.xml and sitemap.xml as XML: a control character XML forbids and a broken tag fail, with their lines', async () => {
    const dir = await brokenCopy('feed.xml', (xml) => xml.replace('<title>', '<title>A\u000bB'));
    await replaceFile(
      path.join(dir, 'sitemap.xml'),
      (await readFile(path.join(dir, 'sitemap.xml'), 'utf8')).replace('</urlset>', '</urlse>'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    const feedLine =
      (await readFile(path.join(dir, 'feed.xml'), 'utf8'))
        .split('\n')
        .findIndex((l) => l.includes('A\u000bB')) + 1;
    expect(result.stderr).toContain(
      `feed.xml: line ${feedLine}: control character U+000B (vertical tab); expected text without`,
    );
    expect(result.stderr).toMatch(
      new RegExp(`feed\\.xml: line ${feedLine}:\\d+: not well-formed XML: disallowed character`),
    );
    expect(result.stderr).toMatch(
      /sitemap\.xml: line \d+:\d+: not well-formed XML: unmatched closing tag: urlse/,
    );
    // The same files, as xmllint (libxml2) reads them: the check agrees with a real XML parser.
    const lint = spawnSync(
      'xmllint',
      ['--noout', path.join(dir, 'feed.xml'), path.join(dir, 'sitemap.xml')],
      { encoding: 'utf8' },
    );
    expect(lint.error).toBeUndefined();
    expect(lint.status).not.toBe(0);
    expect(lint.stderr).toContain('PCDATA invalid Char value 11');
  });

  it('reads a sitemap index: each part it lists must be in the output and well-formed XML', async () => {
    const site = 'https://slot-review.example/';
    const shipped = await readFile(path.join(inject('distDir'), 'sitemap.xml'), 'utf8');
    const entries = [
      ...shipped.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g),
    ].map(([, loc, lastModified]) => ({ url: `/${loc.slice(site.length)}`, lastModified }));
    const [index, ...parts] = sitemapFiles(entries, site, { maxUrls: 8, maxBytes: 10_000 });
    expect(parts.map((part) => part.path)).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
    ]);
    const dir = await brokenCopy('sitemap.xml', () => String(index.contents));
    for (const part of parts) await replaceFile(path.join(dir, part.path), part.contents);
    const passed = await sitegen(['check', dir]);
    expect(passed.code, passed.stderr).toBe(0);

    await replaceFile(
      path.join(dir, 'sitemap-2.xml'),
      String(parts[1].contents).replace('</urlset>', '</urlse>'),
    );
    await rm(path.join(dir, 'sitemap-3.xml'));
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /sitemap-2\.xml: line \d+:\d+: not well-formed XML: unmatched closing tag: urlse/,
    );
    expect(result.stderr).toContain(
      `sitemap.xml: lists the sitemap "${site}sitemap-3.xml", which is not a file of the output`,
    );
  });

  it('the built feed.xml and sitemap.xml pass xmllint', () => {
    const files = ['feed.xml', 'sitemap.xml'].map((file) => path.join(inject('distDir'), file));
    const lint = spawnSync('xmllint', ['--noout', ...files], { encoding: 'utf8' });
    expect(lint.error).toBeUndefined();
    expect(lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  });

  it('reports a bidi override on a page, written as itself or as a character reference', async () => {
    const dir = await brokenCopy('kontak/index.html', (html) =>
      html.replace('<h1', '<p>&#x202E;x</p><h1').replace('</h1>', '\u2066</h1>'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /kontak\/index\.html: line \d+: a character reference to bidi control character U\+202E \(right-to-left override\)/,
    );
    expect(result.stderr).toMatch(
      /kontak\/index\.html: line \d+: bidi control character U\+2066 \(left-to-right isolate\)/,
    );
  });

  it('reports a missing asset', async () => {
    const dir = await brokenCopy('kontak/index.html', (html) =>
      html.replace(/\/assets\/client\.[0-9a-f]+\.js/, '/assets/client.0000000000.js'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'kontak/index.html: <script> "/assets/client.0000000000.js" does not resolve',
    );
  });

  it('reports a social card that is not in the output', async () => {
    const dir = await brokenCopy('brand/perang88/index.html', (html) =>
      html.replace(/og\/brand-perang88\.[0-9a-f]+\.png/, 'og/brand-perang88.0000000000.png'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'brand/perang88/index.html: og:image "https://slot-review.example/og/brand-perang88.0000000000.png" does not resolve: no file og/brand-perang88.0000000000.png in the output',
    );
  });

  it('reports a missing canonical', async () => {
    const dir = await brokenCopy('brand/perang88/index.html', (html) =>
      html.replace(/<link rel="canonical"[^>]*>/, ''),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'brand/perang88/index.html: needs an absolute canonical URL (found null)',
    );
  });

  it('reports an inline script and an inline event handler', async () => {
    const dir = await brokenCopy('artikel/index.html', (html) =>
      html.replace('</main>', '<script>alert(1)</script><button onclick="x()">x</button></main>'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /artikel\/index\.html: line \d+: has an inline <script>; the CSP \(script-src 'self'\) would block it/,
    );
    expect(result.stderr).toMatch(
      /artikel\/index\.html: line \d+: <button onclick="…"> is an inline event handler/,
    );
  });

  const ARTICLE = 'artikel/lux88togel-panduan-pemula-lengkap/index.html';
  const BODY_START = '<div class="prose container-narrow">';
  /**
   * Each bypass that once passed `sitegen build`, put into a built article's body, or elsewhere on
   * the page.
   */
  const bypasses: { name: string; change: (html: string) => string; message: RegExp }[] = [
    {
      name: 'java&#115;cript: in a body link',
      change: (html) =>
        html.replace(BODY_START, `${BODY_START}<p><a href="java&#115;cript:alert(1)">x</a></p>`),
      message:
        /line \d+: a javascript: URL in href="…" on <a> is not allowed \(decoded: "javascript:alert\(1\)"/,
    },
    {
      name: 'javascript&colon; in a body link',
      change: (html) =>
        html.replace(BODY_START, `${BODY_START}<p><a href="javascript&colon;alert(1)">x</a></p>`),
      message: /line \d+: a javascript: URL in href="…" on <a> is not allowed/,
    },
    {
      name: 'java&#9;scr&#105;pt: in a body link (the old check missed it)',
      change: (html) =>
        html.replace(
          BODY_START,
          `${BODY_START}<p><a href="java&#9;scr&#105;pt:alert(1)">x</a></p>`,
        ),
      message:
        /line \d+: a javascript: URL in href="…" on <a> is not allowed \(decoded: "java\\tscript:alert\(1\)"/,
    },
    {
      name: 'java&#9;scr&#105;pt: in a link outside the body',
      change: (html) =>
        html.replace('</main>', '<a href="java&#9;scr&#105;pt:alert(1)">x</a></main>'),
      message:
        /line \d+: <a href="…"> has a javascript: URL \(decoded: "java\\tscript:alert\(1\)"\)/,
    },
    {
      name: 'a meta refresh in the body',
      change: (html) =>
        html.replace(
          BODY_START,
          `${BODY_START}<meta http-equiv="refresh" content="0;url=https://evil.example/">`,
        ),
      message: /line \d+: <meta> is not allowed in article bodies/,
    },
    {
      name: 'a meta refresh in the head',
      change: (html) =>
        html.replace(
          '</head>',
          '<meta http-equiv="refresh" content="0;url=https://evil.example/"></head>',
        ),
      message: /line \d+: has <meta http-equiv="refresh">, which redirects or reloads the page/,
    },
    {
      name: 'a remote stylesheet in the body',
      change: (html) =>
        html.replace(
          BODY_START,
          `${BODY_START}<link rel="stylesheet" href="https://evil.example/x.css">`,
        ),
      message: /line \d+: <link> is not allowed in article bodies/,
    },
    {
      name: 'a remote stylesheet in the head',
      change: (html) =>
        html.replace('</head>', '<link rel="stylesheet" href="https://evil.example/x.css"></head>'),
      message: /line \d+: <link rel="stylesheet"> loads a stylesheet from another host/,
    },
    {
      name: 'a tracking image in the body',
      change: (html) =>
        html.replace(
          BODY_START,
          `${BODY_START}<p><img src="https://tracker.example/p.gif" alt=""></p>`,
        ),
      message:
        /line \d+: <img src="…"> loads an image from another host \("https:\/\/tracker\.example\/p\.gif"\); images must be files of the site/,
    },
    {
      name: '5,000 nested <div> in the body',
      change: (html) =>
        html.replace(BODY_START, `${BODY_START}${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`),
      message: /line \d+: <div> is nested \d+ elements deep; a page may nest at most 200/,
    },
    {
      name: 'an id in the body that the page already uses (the skip link target)',
      change: (html) => html.replace(BODY_START, `${BODY_START}<p id="main">x</p>`),
      message: /line \d+: the id "main" is used more than once on the page/,
    },
    {
      name: 'a body that closes its container early and continues outside it',
      change: (html) => html.replace(BODY_START, `${BODY_START}<p>x</p></div><p>y</p>`),
      message: /line \d+: <\/div> has no matching <div>/,
    },
  ];

  it.each(bypasses)('reports $name', async ({ change, message }) => {
    const dir = await brokenCopy(ARTICLE, change);
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${ARTICLE}: line `);
    expect(result.stderr).toMatch(message);
  });

  it('reports a page without the CSP meta tag', async () => {
    const dir = await brokenCopy('kontak/index.html', (html) =>
      html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'kontak/index.html: line 1: has no <meta http-equiv="Content-Security-Policy">',
    );
  });

  it('reports an outbound link without noopener noreferrer and a broken JSON-LD block', async () => {
    const dir = await brokenCopy('artikel/loyal4d-fast-withdrawal-system/index.html', (html) =>
      html
        .replace('rel="sponsored noopener noreferrer"', 'rel="sponsored"')
        .replace('"@type":"Article",', '"@type":"Article",,'),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'external link "https://loyal4d.example/" needs rel with noopener and noreferrer (found "sponsored")',
    );
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
    const dir = await brokenCopy('kontak/index.html', (html) =>
      html.replace('</main>', `${padding}</main>`),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /kontak\/index\.html: first load is [\d.]+ KB gzip \(HTML [\d.]+ KB, CSS [\d.]+ KB, JS [\d.]+ KB\), over the 30\.0 KB budget/,
    );
    expect((await sitegen(['check', dir, '--budget', '100'])).code).toBe(0);
  });

  it('fails on a folder with no pages and on a bad --budget', async () => {
    const empty = await sitegen(['check', path.join(temp.dir, 'nothing-here')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no HTML pages found; build the site first/);
    const bad = await sitegen(['check', inject('distDir'), '--budget', 'lots']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/expected a positive number of kilobytes/);
  });
});

// Issue 29, item 11: check holds the built pages to the site's responsible-copy list, read from
// the project (--root, default the current folder) as the build reads it; nothing is added to the
// output for it.
describe('sitegen check: the responsible-copy rule', () => {
  const PAGE = 'artikel/lux88togel-memahami-rtp-dan-volatilitas/index.html';
  const RULE =
    'a phrase src/content/responsible.ts refuses (the site never promises winnings, claims results can be predicted or addresses minors); reword it, or add the passage to "allowed" there if it warns against the phrase';
  const temp = useBaseCopy();

  /** "line:column" of the first `needle` in `text`. */
  const placeOf = (text: string, needle: string) => {
    const before = text.slice(0, text.indexOf(needle));
    return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
  };
  /** A copy of the build whose PAGE is changed by `change` (the other files hard-linked). */
  async function plant(change: (html: string) => string): Promise<{ dir: string; html: string }> {
    const dir = path.join(temp.dir, `site-${Math.random().toString(36).slice(2)}`);
    linkTree(temp.base, dir);
    const full = path.join(dir, PAGE);
    const html = change(await readFile(full, 'utf8'));
    await rm(full);
    await writeFile(full, html);
    return { dir, html };
  }

  it('refuses a phrase in the text and in the head of a built page, at its line and column', async () => {
    const { dir, html } = await plant((page) =>
      page
        .replace('kepala dingin', 'kepala dingin, <strong>pola</strong>\ngacor')
        .replace(
          'name="description" content="RTP',
          'name="description" content="Pasti&nbsp;menang. RTP',
        ),
    );
    const result = await sitegen(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${PAGE}: line ${placeOf(html, 'Pasti&nbsp;menang')}: <meta name="description"> has "pasti menang" (written "Pasti menang"), ${RULE}`,
    );
    expect(result.stderr).toContain(
      `${PAGE}: line ${placeOf(html, 'pola</strong>')}: the text has "pola gacor", ${RULE}`,
    );
  });

  it('reads the list from the project (--root): a phrase added there fails the shipped pages, the shipped list passes them', async () => {
    const project = path.join(temp.dir, 'project');
    cpSync(path.join(REPO, 'src/content'), path.join(project, 'src/content'), { recursive: true });
    const list = path.join(project, 'src/content/responsible.ts');
    const text = await readFile(list, 'utf8');
    await writeFile(list, text.replace("'pelajar',", "'pelajar',\n    'kepala dingin',"));
    const failed = await sitegen(['check', temp.base, '--root', project]);
    expect(failed.code).toBe(1);
    const html = await readFile(path.join(temp.base, PAGE), 'utf8');
    expect(failed.stderr).toContain(
      `${PAGE}: line ${placeOf(html, 'kepala dingin')}: the text has "kepala dingin", ${RULE}`,
    );
    await writeFile(list, text);
    expect((await sitegen(['check', temp.base, '--root', project])).code).toBe(0);
  });

  it('refuses to run without a project to read the list from', async () => {
    const result = await sitegen(['check', temp.base, '--root', temp.dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${temp.dir} holds no src/content/index.ts: check holds every page to the site's responsible-copy list (src/content/responsible.ts) and reads it from the project. Run check in the project folder, or pass --root with it.`,
    );
  });
});
