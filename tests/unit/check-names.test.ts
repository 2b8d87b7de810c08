import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkNames } from '../../src/generator/check/check-names.ts';
import { findNameCollisions, foldName } from '../../src/generator/host/name-fold.ts';
import { scriptFileProblems } from '../../src/generator/policy/script-files.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const problemsOf = (file: string, text: string, pageRules = false) =>
  scriptFileProblems(file, () => Buffer.from(text), { pageRules }).map(({ line, message }) => ({
    line,
    message,
  }));

describe('foldName and findNameCollisions: one file on a case-insensitive or normalising disk', () => {
  it('folds to the NFC form in lower case', () => {
    expect(foldName('Artikel/Index.HTML')).toBe('artikel/index.html');
    expect(foldName('cafe\u0301.txt')).toBe(foldName('caf\u00e9.txt'));
  });

  it('pairs each later path with the first of its fold; equal paths are no pair', () => {
    const paths = [
      'index.html',
      'a.txt',
      'Index.html',
      'INDEX.HTML',
      'caf\u00e9.txt',
      'cafe\u0301.txt',
    ];
    expect(findNameCollisions([...paths, 'a.txt'])).toEqual([
      { first: 'index.html', second: 'Index.html' },
      { first: 'index.html', second: 'INDEX.HTML' },
      { first: 'caf\u00e9.txt', second: 'cafe\u0301.txt' },
    ]);
  });
});

describe('scriptFileProblems: files a browser runs script from on the site origin', () => {
  it.each([
    'x.htm',
    'x.HTML',
    'x.Html',
    'x.xhtml',
    'x.xht',
    'x.shtml',
    'x.mht',
    'x.mhtml',
    'x.svgz',
  ])('refuses %s whatever it holds', (file) => {
    const [problem, ...rest] = problemsOf(file, 'hello');
    expect(rest).toEqual([]);
    expect(problem.message).toMatch(/^is (an HTML document|a compressed SVG)/);
  });

  it.each([
    ['a script', `<svg ${SVG}>\n<script>alert(1)</script></svg>`, 2, '<script>'],
    ['an event handler', `<svg ${SVG} onload="alert(1)"/>`, 1, 'onload='],
    [
      'a javascript: link',
      `<svg ${SVG}><a href="javascript:alert(1)"><text>x</text></a></svg>`,
      1,
      'javascript:',
    ],
    [
      'an encoded javascript: link',
      `<svg ${SVG} xmlns:x="http://www.w3.org/1999/xlink"><a x:href="&#106;ava&#x09;script:alert(1)"/></svg>`,
      1,
      'javascript:',
    ],
    [
      'an animated href',
      `<svg ${SVG}><a><animate attributeName="href" values="x;javascript:alert(1)"/></a></svg>`,
      1,
      'javascript:',
    ],
    [
      'an animated handler',
      `<svg ${SVG}><set attributeName="onmouseover" to="alert(1)"/></svg>`,
      1,
      'onmouseover',
    ],
    [
      'a foreignObject',
      `<svg ${SVG}><foreignObject><p>x</p></foreignObject></svg>`,
      1,
      '<foreignObject>',
    ],
    [
      'an XHTML element',
      `<svg ${SVG} xmlns:h="http://www.w3.org/1999/xhtml"><h:iframe/></svg>`,
      1,
      'XHTML',
    ],
    [
      'an entity declaration',
      `<!DOCTYPE svg [<!ENTITY s "x">]>\n<svg ${SVG}>&s;</svg>`,
      1,
      '<!ENTITY',
    ],
    [
      'a stylesheet',
      `<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<svg ${SVG}/>`,
      1,
      'xml-stylesheet',
    ],
    ['broken XML', `<svg ${SVG}>\n<g></svg>`, 2, 'not well-formed XML'],
  ])('refuses an SVG with %s, at its line', (_, text, line, shown) => {
    const problems = problemsOf('gambar/x.svg', text);
    expect(problems.length, JSON.stringify(problems)).toBeGreaterThan(0);
    expect(problems[0].line).toBe(line);
    expect(problems[0].message).toContain(shown);
  });

  it('passes a plain SVG logo and sitemaps with hreflang links', () => {
    const logo = `<?xml version="1.0"?>\n<svg ${SVG} viewBox="0 0 10 10"><title>Logo</title><a href="/"><path d="M0 0h10v10z" style="fill:red"/></a></svg>`;
    expect(problemsOf('logo.svg', logo)).toEqual([]);
    const sitemap =
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://x.example/</loc><xhtml:link rel="alternate" hreflang="en" href="https://x.example/en/"/></url></urlset>';
    expect(problemsOf('sitemap-en.xml', sitemap)).toEqual([]);
    expect(problemsOf('ads.txt', '<script>alert(1)</script>')).toEqual([]);
  });

  it('refuses an XML file with an XHTML script; a broken one only with the page and XML rules', () => {
    const xhtml =
      '<data xmlns:h="http://www.w3.org/1999/xhtml">\n<h:script>alert(1)</h:script></data>';
    expect(problemsOf('data.xml', xhtml)).toEqual([
      { line: 2, message: expect.stringContaining('<h:script>') },
    ]);
    expect(problemsOf('data.xml', '<data><x></data>')).toEqual([]);
    expect(problemsOf('data.xml', '<data><x></data>', true)[0].message).toMatch(
      /^not well-formed XML/,
    );
  });

  it('holds an .html file to the page rules only when asked, but for Google verification files', () => {
    expect(problemsOf('x.html', '<script>alert(1)</script>')).toEqual([]);
    const page = problemsOf('x.html', '<p>x</p>\n<script>alert(1)</script>', true);
    expect(page.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('inline <script>'),
        expect.stringContaining('Content-Security-Policy'),
      ]),
    );
    const token = 'google-site-verification: google0123abcd.html\n';
    expect(problemsOf('google0123abcd.html', token, true)).toEqual([]);
    expect(problemsOf('lain/google0123abcd.html', token, true)).not.toEqual([]);
  });
});

describe('checkNames: a built folder read for names a host would take as one, and script files', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-names-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it('names each pair and each script file, relative to the folder', () => {
    const files = {
      'index.html': '<p>home</p>',
      'Index.html': '<p>public</p>',
      'kontak/index.html': '<p>kontak</p>',
      Kontak: 'a file where a folder is',
      'x.htm': '<script>alert(1)</script>',
      'logo.svg': `<svg ${SVG}/>`,
      'x.svg': `<svg ${SVG}><script>alert(1)</script></svg>`,
    };
    for (const [file, text] of Object.entries(files)) put(file, text);
    const problems = checkNames(root, Object.keys(files).sort());
    expect(problems.map(({ file, message }) => `${file}: ${message}`)).toEqual([
      'Index.html: is index.html but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); one of them replaces the other there',
      'Kontak: is the folder kontak/ but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); one of them replaces the other there',
      expect.stringMatching(/^x\.htm: is an HTML document/),
      expect.stringMatching(/^x\.svg: has <script>/),
    ]);
    expect(problems.every((problem) => problem.built)).toBe(true);
  });
});
