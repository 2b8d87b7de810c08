import { spawnSync } from 'node:child_process';
import { readdirSync, symlinkSync, truncateSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/generator/assets/assets.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { linkTree, useBaseCopy } from '../helpers/tree.ts';

const SITE = 'https://slot-review.example/';
const ARTICLE = 'artikel/loyal4d-fast-withdrawal-system/index.html';
/** An article page with noindex (no body yet: the fallback article), linked from its brand page. */
const NOINDEX = 'artikel/loyal4d-layanan-live-chat/';

/**
 * One copy of the shipped build being planted with a problem: every file a hard link to the
 * base copy's until `put` or `edit` replaces it (removed first, never written through).
 */
class Planted {
  constructor(readonly dir: string) {}

  full(file: string): string {
    return path.join(this.dir, file);
  }

  read(file: string): Promise<string> {
    return readFile(this.full(file), 'utf8');
  }

  async put(file: string, contents: string | Uint8Array): Promise<void> {
    await mkdir(path.dirname(this.full(file)), { recursive: true });
    await rm(this.full(file), { force: true });
    await writeFile(this.full(file), contents);
  }

  async edit(file: string, change: (text: string) => string): Promise<void> {
    const before = await this.read(file);
    const after = change(before);
    if (after === before) throw new Error(`test setup: the change did nothing to ${file}`);
    await this.put(file, after);
  }

  remove(file: string): Promise<void> {
    return rm(this.full(file));
  }

  /** The one file of `folder` whose name matches `pattern` ("assets/", /^client\./). */
  find(folder: string, pattern: RegExp): string {
    const names = readdirSync(this.full(folder)).filter((name) => pattern.test(name));
    if (names.length !== 1) throw new Error(`test setup: ${names.length} files match ${pattern}`);
    return `${folder}${names[0]}`;
  }

  /**
   * Changes the JSON of a fingerprinted data file (a card or search file) and writes it under
   * the name its new bytes give, with artikel/list.json naming that one: a consistent edit,
   * which only the content checks can find. Returns the new file.
   */
  async rewriteData<T>(file: string, change: (data: T) => unknown): Promise<string> {
    const data = JSON.parse(await this.read(file)) as T;
    const contents = JSON.stringify(change(data) ?? data);
    const stem = file.replace(/\.[0-9a-f]{10}\.json$/, '');
    const renamed = fingerprint(stem, '.json', contents).path;
    await this.remove(file);
    await this.put(renamed, contents);
    await this.edit('artikel/list.json', (text) => text.replace(`/${file}`, `/${renamed}`));
    return renamed;
  }
}

/** A 10×10 PNG, whole and decodable: a social card of the wrong size. */
const tinyPng = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } })
    .png()
    .toBuffer();

interface Row {
  name: string;
  plant: (site: Planted) => Promise<unknown>;
  /** Every problem check reports, as --json prints each (the terminal's line without "  - "). */
  problems: (string | RegExp)[];
  /** Also run without --json, to see the terminal's lines and no trace. */
  terminal?: boolean;
}

/**
 * Problems an outside tester planted into a good build by hand (issue 29, item 8 and the check
 * bullet of item 9), each of which `sitegen check` once passed, or hung or crashed on.
 */
const rows: Row[] = [
  // List data: artikel/list.json, its card files and its search index (files/list-files.ts).
  {
    name: 'an artikel/list.json cut off',
    plant: (site) => site.edit('artikel/list.json', (text) => text.slice(0, 40)),
    problems: [/^artikel\/list\.json: line 1:41: does not parse as JSON: /],
  },
  {
    name: 'an artikel/list.json whose total does not match its card files',
    plant: (site) =>
      site.edit('artikel/list.json', (text) => text.replace('"total":12', '"total":13')),
    problems: [
      'artikel/list.json: "pages" names 1 card file for a "total" of 13 cards, 12 a page; expected 2',
    ],
  },
  {
    name: 'an artikel/list.json naming a card file that is not there',
    plant: (site) =>
      site.edit('artikel/list.json', (text) =>
        text.replace(/artikel-1\.[0-9a-f]{10}\.json/, 'artikel-1.0000000000.json'),
      ),
    problems: [
      'artikel/list.json: "pages" names "/assets/lists/artikel-1.0000000000.json", which is not a file of the output',
    ],
  },
  {
    name: 'a card file cut off',
    plant: async (site) => {
      const cards = site.find('assets/lists/', /^artikel-1\./);
      await site.edit(cards, (text) => text.slice(0, 100));
    },
    problems: [
      /^assets\/lists\/artikel-1\.[0-9a-f]{10}\.json: its bytes do not match the fingerprint in its name \(their SHA-256 starts [0-9a-f]{10}\)/,
      /^assets\/lists\/artikel-1\.[0-9a-f]{10}\.json: line 1:101: does not parse as JSON: /,
    ],
  },
  {
    name: 'a card file whose card is not a card',
    plant: (site) =>
      site.rewriteData(
        site.find('assets/lists/', /^artikel-1\./),
        (cards: { title: unknown }[]) => {
          cards[2].title = 5;
        },
      ),
    problems: [
      /^assets\/lists\/artikel-1\.[0-9a-f]{10}\.json: card 3: "title" is 5; expected a string$/,
    ],
  },
  ...[
    [
      'a dead card link',
      '/artikel/tidak-ada/',
      '"/artikel/tidak-ada/" does not resolve: no file artikel/tidak-ada/index.html in the output',
    ],
    [
      'a javascript: card link',
      'javascript:alert(1)',
      'is "javascript:alert(1)"; expected the path of a page of this site, from /',
    ],
    [
      'an external card link',
      'https://evil.example/',
      'is "https://evil.example/"; expected the path of a page of this site, from /',
    ],
  ].map(
    ([name, href, expected]): Row => ({
      name,
      plant: (site) =>
        site.rewriteData(
          site.find('assets/lists/', /^artikel-1\./),
          (cards: { href: string }[]) => {
            cards[0].href = href;
          },
        ),
      problems: [
        new RegExp(
          `^assets/lists/artikel-1\\.[0-9a-f]{10}\\.json: card 1: "href" ${escapeRegExp(expected)}$`,
        ),
      ],
    }),
  ),
  {
    name: 'a search file cut off',
    plant: async (site) => {
      const vocab = site.find('assets/search/0/', /^vocab\./);
      await site.edit(vocab, (text) => text.slice(0, 50));
    },
    problems: [
      /^assets\/search\/0\/vocab\.[0-9a-f]{10}\.json: its bytes do not match the fingerprint in its name/,
      /^assets\/search\/0\/vocab\.[0-9a-f]{10}\.json: line 1:51: does not parse as JSON: /,
    ],
  },
  {
    name: 'a search posting file that lost a word',
    plant: (site) =>
      site.rewriteData(
        site.find('assets/search/0/', /^words-0\./),
        (words: Record<string, string>) => {
          delete words['7'];
        },
      ),
    problems: [
      /^assets\/search\/0\/words-0\.[0-9a-f]{10}\.json: holds no entry for word 7; expected words 0 to \d+, as "search\.blocks\[0\]\.starts" in artikel\/list\.json says$/,
    ],
  },
  {
    name: 'a search gram in the wrong file',
    plant: async (site) => {
      const first = site.find('assets/search/0/', /^grams-0\./);
      await site.rewriteData(first, (grams: Record<string, string>) => {
        grams.zzzz = '0';
      });
    },
    problems: [
      /^assets\/search\/0\/grams-0\.[0-9a-f]{10}\.json: holds the gram "zzzz"; expected grams of 1 to 3 characters, each in the gram file its hash names \(here file [01]\)$/,
    ],
  },
  {
    name: 'a search block that does not start the list',
    plant: (site) =>
      site.edit('artikel/list.json', (text) =>
        text.replace('"blocks":[{"start":0', '"blocks":[{"start":5'),
      ),
    problems: [
      'artikel/list.json: "search" has blocks starting at [5]; expected doc numbers rising from 0, each below the list\'s 12',
    ],
  },
  {
    name: 'an artikel/list.json naming a search file that is not there',
    plant: (site) =>
      site.edit('artikel/list.json', (text) =>
        text.replace(/vocab\.[0-9a-f]{10}\.json/, 'vocab.0000000000.json'),
      ),
    problems: [
      'artikel/list.json: "search.blocks[0].vocab" names "/assets/search/0/vocab.0000000000.json", which is not a file of the output',
    ],
  },
  // Each page's canonical URL and og:url: its own address on the site URL.
  {
    name: 'a canonical URL pointing at another page',
    plant: (site) =>
      site.edit('brand/perang88/index.html', (html) =>
        html.replace(
          `<link rel="canonical" href="${SITE}brand/perang88/">`,
          `<link rel="canonical" href="${SITE}brand/loyal4d/">`,
        ),
      ),
    problems: [
      `brand/perang88/index.html: canonical URL "${SITE}brand/loyal4d/" is not this page's own address; expected "${SITE}brand/perang88/"`,
    ],
  },
  {
    name: 'a canonical URL on another host',
    plant: (site) =>
      site.edit('brand/perang88/index.html', (html) =>
        html.replace(
          `<link rel="canonical" href="${SITE}brand/perang88/">`,
          '<link rel="canonical" href="https://evil.example/brand/perang88/">',
        ),
      ),
    problems: [
      `brand/perang88/index.html: canonical URL "https://evil.example/brand/perang88/" is not this page's own address; expected "${SITE}brand/perang88/"`,
    ],
  },
  {
    name: 'an og:url pointing at another page',
    plant: (site) =>
      site.edit(ARTICLE, (html) =>
        html.replace(
          `<meta property="og:url" content="${SITE}${path.dirname(ARTICLE)}/">`,
          `<meta property="og:url" content="${SITE}">`,
        ),
      ),
    problems: [
      `${ARTICLE}: og:url "${SITE}" is not this page's own address; expected "${SITE}${path.dirname(ARTICLE)}/"`,
    ],
  },
  // sitemap.xml
  {
    name: 'no sitemap.xml',
    plant: (site) => site.remove('sitemap.xml'),
    problems: [
      'sitemap.xml: is missing; expected the sitemap of the indexable pages, which robots.txt names',
    ],
  },
  ...[
    [
      'a sitemap listing a dead URL',
      `<url><loc>${SITE}artikel/tidak-ada/</loc></url>`,
      `lists "${SITE}artikel/tidak-ada/", which does not resolve: no file artikel/tidak-ada/index.html in the output`,
    ],
    [
      'a sitemap listing another host',
      '<url><loc>https://evil.example/</loc></url>',
      `lists "https://evil.example/", which is not on the site URL ${SITE}`,
    ],
    [
      'a sitemap with a date that is not one',
      `<url><loc>${SITE}kontak/</loc><lastmod>2024-02-30</lastmod></url>`,
      `the <lastmod> of "${SITE}kontak/" is "2024-02-30"; expected a date, YYYY-MM-DD (or a W3C datetime)`,
    ],
    [
      'a sitemap listing a noindex page',
      `<url><loc>${SITE}${NOINDEX}</loc></url>`,
      `lists "${SITE}${NOINDEX}", whose page has noindex; expected only pages search engines may index`,
    ],
  ].map(
    ([name, entry, message]): Row => ({
      name,
      plant: (site) =>
        site.edit('sitemap.xml', (xml) => xml.replace('</urlset>', `${entry}\n</urlset>`)),
      problems: [new RegExp(`^sitemap\\.xml: line \\d+: ${escapeRegExp(message)}$`)],
    }),
  ),
  // robots.txt
  {
    name: 'no robots.txt',
    plant: (site) => site.remove('robots.txt'),
    problems: [
      `robots.txt: is missing; expected "User-agent: *", "Allow: /" and "Sitemap: ${SITE}sitemap.xml"`,
    ],
  },
  {
    name: 'a robots.txt that disallows the whole site',
    plant: (site) => site.edit('robots.txt', (text) => text.replace('Allow: /', 'Disallow: /')),
    problems: [
      'robots.txt: line 2: "Disallow: /" for every crawler (User-agent: *) keeps the whole site out of search engines; expected "Allow: /"',
    ],
  },
  // Files that must not be published, and pages nothing leads to.
  {
    name: 'a .env file',
    plant: (site) => site.put('.env', 'DATABASE_PASSWORD=hunter2\n'),
    problems: [
      '.env: is an environment file, which holds secrets; expected none in a built folder (a host serves it to anyone who asks)',
    ],
  },
  {
    name: 'a source map',
    plant: (site) =>
      site.put(`${site.find('assets/', /^client\..*\.js$/)}.map`, '{"version":3,"sources":[]}'),
    problems: [
      /^assets\/client\.[0-9a-f]{10}\.js\.map: is a source map, which publishes the source it maps; expected none in a built folder$/,
    ],
  },
  {
    name: 'an orphan page',
    plant: async (site) => {
      const kontak = await site.read('kontak/index.html');
      await site.put(
        'kontak-lama/index.html',
        kontak.replaceAll(`${SITE}kontak/`, `${SITE}kontak-lama/`),
      );
    },
    problems: [
      'kontak-lama/index.html: no page links to it and the sitemap does not list it; expected a link from a page of the site, or no such page (a leftover or a stray copy?)',
    ],
  },
  // _headers and _redirects
  {
    name: 'no _headers',
    plant: (site) => site.remove('_headers'),
    problems: [
      '_headers: is missing; expected the security headers under "/*" (Content-Security-Policy and 4 more) for Netlify and Cloudflare Pages',
    ],
  },
  {
    name: 'a _headers without the CSP',
    plant: (site) =>
      site.edit('_headers', (text) => text.replace(/ {2}Content-Security-Policy: [^\n]*\n/, '')),
    problems: [
      /^_headers: "\/\*" has no "Content-Security-Policy: default-src 'self'; [^"]*"; expected sitegen's security headers for every page$/,
    ],
  },
  {
    name: 'a _redirects rule whose target is dead',
    plant: (site) =>
      site.put(
        '_redirects',
        '# old addresses\n/lama/ /artikel/tidak-ada/ 301\n/baru/ /kontak/ 301\n',
      ),
    problems: [
      '_redirects: line 2: the rule for "/lama/" leads to "/artikel/tidak-ada/", which does not resolve: no file artikel/tidak-ada/index.html in the output',
    ],
  },
  // feed.xml
  {
    name: 'a dead entry link in the feed',
    plant: (site) =>
      site.edit('feed.xml', (xml) =>
        xml.replace(
          `<link rel="alternate" type="text/html" href="${SITE}${path.dirname(ARTICLE)}/"/>`,
          `<link rel="alternate" type="text/html" href="${SITE}artikel/tidak-ada/"/>`,
        ),
      ),
    problems: [
      /^feed\.xml: line \d+: link "https:\/\/slot-review\.example\/artikel\/tidak-ada\/" does not resolve: no file artikel\/tidak-ada\/index\.html in the output$/,
    ],
  },
  {
    name: 'a dead link in a feed entry',
    plant: (site) =>
      site.edit('feed.xml', (xml) =>
        xml.replace(
          '<content type="html">',
          `<content type="html">&lt;p&gt;&lt;a href="${SITE}brand/tidak-ada/"&gt;x&lt;/a&gt;&lt;/p&gt;`,
        ),
      ),
    problems: [
      /^feed\.xml: line \d+: link "https:\/\/slot-review\.example\/brand\/tidak-ada\/" in an entry's content does not resolve: no file brand\/tidak-ada\/index\.html in the output$/,
    ],
  },
  // The client script, JSON-LD, og:image
  {
    name: 'a client script cut off',
    plant: async (site) => {
      const script = site.find('assets/', /^client\..*\.js$/);
      await site.edit(script, (js) => js.slice(0, js.length / 2));
    },
    problems: [
      /^assets\/client\.[0-9a-f]{10}\.js: its bytes do not match the fingerprint in its name \(their SHA-256 starts [0-9a-f]{10}\): it was changed or cut off after sitegen build wrote it; build again$/,
    ],
  },
  {
    name: 'an empty JSON-LD @type',
    plant: (site) => site.edit(ARTICLE, (html) => html.replace('"@type":"Article"', '"@type":""')),
    problems: [`${ARTICLE}: JSON-LD block 1 has an empty "@type"; expected a schema.org type`],
  },
  {
    name: 'an empty JSON-LD @type inside the block',
    plant: (site) =>
      site.edit(ARTICLE, (html) => html.replace('"@type":"Organization"', '"@type":" "')),
    problems: [
      /^artikel\/loyal4d-fast-withdrawal-system\/index\.html: JSON-LD block 1 has an empty "@type" at [a-z.]+; expected a schema.org type$/,
    ],
  },
  {
    name: 'a 10×10 og:image',
    plant: async (site) => site.put(site.find('og/', /^brand-perang88\./), await tinyPng()),
    problems: [
      /^og\/brand-perang88\.[0-9a-f]{10}\.png: is 10×10 pixels; brand\/perang88\/index\.html declares its og:image 1200×630 \(og:image:width, og:image:height\)$/,
    ],
  },
  // What check cannot read: it says so in one line, never waits or crashes.
  {
    name: 'a FIFO named *.html',
    terminal: true,
    plant: async (site) => {
      const made = spawnSync('mkfifo', [site.full('stray.html')]);
      if (made.status !== 0) throw new Error(`test setup: mkfifo failed: ${made.stderr}`);
    },
    problems: [
      'stray.html: is a FIFO (named pipe), not a file; expected only files and folders in a built folder',
    ],
  },
  {
    name: 'a symbolic link to a device named *.html',
    terminal: true,
    plant: async (site) => symlinkSync('/dev/zero', site.full('zero.html')),
    problems: [
      'zero.html: is a symbolic link to a character device, not a file; expected only files and folders in a built folder',
    ],
  },
  {
    name: 'a 3 GB page',
    terminal: true,
    plant: async (site) => {
      await site.put('besar.html', '');
      truncateSync(site.full('besar.html'), 3e9);
    },
    problems: [
      'besar.html: is 3.00 GB, over the 100 MB a file of a built folder may have (GitHub Pages refuses larger files); expected pages and data far smaller',
    ],
  },
  {
    name: 'a 150 MB file check does not read',
    terminal: true,
    plant: async (site) => {
      await site.put('video.bin', '');
      truncateSync(site.full('video.bin'), 150e6);
    },
    problems: [
      'video.bin: is 150 MB, over the 100 MB a file of a built folder may have (GitHub Pages refuses larger files); expected pages and data far smaller',
    ],
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// Runs through tests/helpers/sitegen.ts in-process, like check.test.ts, each row on a copy of the
// one build the global setup made, its files hard-linked.
describe('sitegen check refuses what a hand edit plants in a good build', () => {
  const temp = useBaseCopy();

  it('the copy it plants into passes', async () => {
    const result = await sitegen(['check', temp.base]);
    expect(result.code, result.stderr).toBe(0);
  });

  it('a noindex page no page links to is no orphan: the build leaves such a page out of the sitemap', async () => {
    const site = new Planted(path.join(temp.dir, 'noindex-page'));
    linkTree(temp.base, site.dir);
    const page = (await site.read('kontak/index.html'))
      .replace('<head>', '<head><meta name="robots" content="noindex">')
      .replaceAll(`${SITE}kontak/`, `${SITE}kampanye/`);
    await site.put('kampanye/index.html', page);
    const result = await sitegen(['check', site.dir]);
    expect(result.code, result.stderr).toBe(0);
    // Without noindex, the same page is an orphan.
    await site.put(
      'kampanye/index.html',
      page.replace('<meta name="robots" content="noindex">', ''),
    );
    const orphan = await sitegen(['check', site.dir]);
    expect(orphan.code).toBe(1);
    expect(orphan.stderr).toContain('kampanye/index.html: no page links to it');
  });

  it.each(rows)('$name', async ({ plant, problems, terminal }) => {
    const site = new Planted(path.join(temp.dir, `site-${Math.random().toString(36).slice(2)}`));
    linkTree(temp.base, site.dir);
    await plant(site);
    const result = await sitegen(['check', site.dir, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { problems: string[] };
    expect(report.problems).toHaveLength(problems.length);
    for (const expected of problems) {
      const found = report.problems.filter((problem) =>
        typeof expected === 'string' ? problem === expected : expected.test(problem),
      );
      expect(found, `${expected} among ${JSON.stringify(report.problems)}`).toHaveLength(1);
    }
    // The terminal's lines, without --json: each problem, never a trace (for the rows whose
    // files broke check's reading before; the printing is the same for every row).
    if (!terminal) return;
    const text = await sitegen(['check', site.dir]);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(`  - ${report.problems[0]}`);
    expect(text.stderr).not.toMatch(/trace|\n\s+at /);
  });
});
