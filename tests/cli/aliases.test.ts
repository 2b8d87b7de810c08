import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, eventually, makeTempDir, startCli } from '../helpers/cli.ts';
import { hashTree } from '../helpers/tree.ts';
import { htmlValidateMessages } from '../helpers/html-validate.ts';
import { get } from '../helpers/http.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';

/**
 * Front matter `aliases` end to end, with the CLI's own commands on a copy of the shipped site:
 * one article gets three old addresses (an old slug, a folder path, an .html path). Every figure
 * is read back from the built files, the exit code and stderr. build and check run in-process
 * (tests/helpers/sitegen.ts); preview and watch, served over HTTP, are real child processes.
 */

const ARTICLE = 'src/content/articles/perang88-mengenal-fitur-slot-modern.md';
const TARGET = '/artikel/perang88-mengenal-fitur-slot-modern/';
const TITLE = 'Mengenal Fitur Slot Modern di Perang88: Scatter, Wild, dan Free Spin';
/** Another article: `order: 7` is its line 9, so a key added after it is line 10. */
const OTHER = 'src/content/articles/loyal4d-memahami-syarat-bonus.md';
const SITE = 'https://slot-review.example/';
/** The aliases added after `order: 14` (line 9): `aliases:` is line 10, the entries 11 to 13. */
const ALIASES =
  'aliases:\n  - perang88-fitur-slot-lama\n  - /lama/fitur-slot/\n  - /fitur-slot.html\n';
/** The redirect pages of ALIASES, by output path. */
const PAGES = [
  'artikel/perang88-fitur-slot-lama/index.html',
  'lama/fitur-slot/index.html',
  'fitur-slot.html',
];

/** sitegen's part of `_redirects` for ALIASES, for the base path `base`. */
const ourRules = (base: string) =>
  [
    '# From sitegen: the old addresses of renamed articles (front matter "aliases"), first:',
    '# static rules before any splat or placeholder, and no splat takes their addresses.',
    `${base}artikel/perang88-fitur-slot-lama/ ${base}artikel/perang88-mengenal-fitur-slot-modern/ 301`,
    `${base}fitur-slot.html ${base}artikel/perang88-mengenal-fitur-slot-modern/ 301`,
    `${base}lama/fitur-slot/ ${base}artikel/perang88-mengenal-fitur-slot-modern/ 301`,
    '',
  ].join('\n');

describe('aliases: redirect pages and _redirects for renamed articles, built with the CLI', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  let out: string;
  /** In-process, with the run's shared cache (article images; each output's build manifest). */
  const build = (outDir: string, ...args: string[]) =>
    sitegen(['build', '--root', project, '--out', outDir, '--no-cards', ...args]);
  /** Replaces `from` (which must occur) by `to` in a project file; returns the undo. */
  const edit = (file: string, from: string, to: string) =>
    replaceInFile(path.join(project, file), from, to);
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  /** Writes public/_redirects; returns the undo (the file removed). */
  const theirRedirects = (text: string) => {
    const file = path.join(project, 'public/_redirects');
    writeFileSync(file, text);
    return () => rm(file);
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'project'));
    await mkdir(path.join(project, 'public'));
    out = path.join(temp.dir, 'out');
    edit(ARTICLE, 'order: 14\n', `order: 14\n${ALIASES}`);
    const result = await build(out);
    if (result.code !== 0) throw new Error(`test setup: build failed:\n${result.stderr}`);
  });
  afterAll(() => temp?.remove());

  it('writes a redirect page at each alias: lang, title, canonical, noindex, refresh, a link, 18+', () => {
    for (const file of PAGES) {
      const $ = load(read(file));
      expect($('html').attr('lang'), file).toBe('id');
      // "Dipindahkan: " and the 68 characters of TITLE are past 70: the short title instead.
      expect($('title').text()).toBe('Halaman dipindahkan | InfoSlot Indonesia');
      expect($('link[rel=canonical]').attr('href')).toBe(`${SITE}${TARGET.slice(1)}`);
      expect($('meta[name=robots]').attr('content')).toBe('noindex');
      expect($('meta[http-equiv=refresh]').attr('content')).toBe(`0; url=${TARGET}`);
      const link = $(`main a[href="${TARGET}"]`);
      expect(link.text()).toBe(TITLE);
      // The responsible-play notice every page carries.
      expect($('footer [role=note]').text()).toMatch(/^18\+ .*kecanduan/);
      // No script, no stylesheet, no inline style: nothing but the way on.
      expect($('script, style, link[rel=stylesheet], [style]')).toHaveLength(0);
    }
    // The article's own page is where it was.
    expect(load(read(`${TARGET.slice(1)}index.html`))('h1').text()).toBe(TITLE);
  });

  it('the redirect pages pass html-validate (recommended rules) with 0 messages', async () => {
    expect(await htmlValidateMessages(out, PAGES)).toEqual([]);
  });

  it('keeps the redirect pages out of the sitemap, the feed, the lists and the search index', () => {
    const files = Object.keys(hashTree(out));
    const mentions = files.filter((file) => {
      const text = readFileSync(path.join(out, file), 'latin1');
      return /fitur-slot-lama|lama\/fitur-slot|fitur-slot\.html|telah dipindahkan/.test(text);
    });
    expect(mentions.sort()).toEqual(['_redirects', ...PAGES].sort());
  });

  it('writes _redirects with one 301 per alias, and none without aliases', async () => {
    expect(read('_redirects')).toBe(ourRules('/'));
    const undo = edit(ARTICLE, ALIASES, '');
    try {
      const plain = path.join(temp.dir, 'plain');
      expect((await build(plain)).code).toBe(0);
      expect(existsSync(path.join(plain, '_redirects'))).toBe(false);
      expect(existsSync(path.join(plain, 'fitur-slot.html'))).toBe(false);
    } finally {
      undo();
    }
  });

  it('puts the base path of --site-url in every rule, refresh and link, and check passes', async () => {
    const nested = path.join(temp.dir, 'nested');
    expect((await build(nested, '--site-url', 'https://user.example.io/repo/')).code).toBe(0);
    expect(readFileSync(path.join(nested, '_redirects'), 'utf8')).toBe(ourRules('/repo/'));
    const $ = load(readFileSync(path.join(nested, 'fitur-slot.html'), 'utf8'));
    expect($('meta[http-equiv=refresh]').attr('content')).toBe(`0; url=/repo${TARGET}`);
    expect($(`a[href="/repo${TARGET}"]`)).toHaveLength(1);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://user.example.io/repo${TARGET}`);
    const check = await sitegen(['check', nested]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });

  it('merges its own static rules first, then public/_redirects as written, each under a comment', async () => {
    const theirs =
      '# moved sections\r\n/promo/ /artikel/ 302\r\n/lama-brand/* /brand/:splat 301\r\n';
    const undo = theirRedirects(theirs);
    try {
      const merged = path.join(temp.dir, 'merged');
      expect((await build(merged)).code).toBe(0);
      expect(readFileSync(path.join(merged, '_redirects'), 'utf8')).toBe(
        [
          ourRules('/'),
          "# From public/_redirects: the site's own rules, as written.",
          '# moved sections',
          '/promo/ /artikel/ 302',
          '/lama-brand/* /brand/:splat 301',
          '',
        ].join('\n'),
      );
      // Their rules alone, without aliases, still make the file; comments alone do not.
      const undoAliases = edit(ARTICLE, ALIASES, '');
      try {
        expect((await build(merged)).code).toBe(0);
        expect(readFileSync(path.join(merged, '_redirects'), 'utf8')).toMatch(
          /^# From public\/_redirects[^\n]*\n# moved sections\n\/promo\/ \/artikel\/ 302\n\/lama-brand\/\* \/brand\/:splat 301\n$/,
        );
        theirRedirects('# nothing yet\n');
        expect((await build(merged)).code).toBe(0);
        expect(existsSync(path.join(merged, '_redirects'))).toBe(false);
      } finally {
        undoAliases();
      }
    } finally {
      await undo();
    }
  });

  it('warns, and still builds, when _redirects has more dynamic rules than Cloudflare Pages applies', async () => {
    // Static rules to a page of the site: a target that is no file of the output is refused.
    const limit = '/lama/:slug /artikel/:slug 301\n'.concat('/u/ /kontak/ 301\n'.repeat(99));
    const undo = theirRedirects(limit);
    try {
      const fits = await build(path.join(temp.dir, 'fits'));
      expect(fits.code, fits.stderr).toBe(0);
      expect(fits.stderr).not.toContain('Cloudflare Pages');
      theirRedirects(`${limit}/w/ /kontak/ 301\n`);
      const over = await build(path.join(temp.dir, 'over'));
      expect(over.code, over.stderr).toBe(0);
      expect(over.stderr).toContain(
        'warning: _redirects has 3 static and 101 dynamic rules (counted from the first splat or placeholder on); Cloudflare Pages applies at most 2000 and 100',
      );
    } finally {
      await undo();
    }
  });

  it('sitegen check passes the output, and fails a redirect page that leads nowhere or elsewhere', async () => {
    const check = await sitegen(['check', out]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const broken = path.join(temp.dir, 'broken');
    await cp(out, broken, { recursive: true });
    const file = path.join(broken, 'fitur-slot.html');
    const page = readFileSync(file, 'utf8');
    // The refresh leads nowhere; the canonical link and the link still name the article.
    writeFileSync(file, page.replace(`url=${TARGET}`, 'url=/artikel/tidak-ada/'));
    const other = path.join(broken, 'lama/fitur-slot/index.html');
    writeFileSync(
      other,
      readFileSync(other, 'utf8').replace(`0; url=${TARGET}`, '5; url=https://evil.example/'),
    );
    const result = await sitegen(['check', broken]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'fitur-slot.html: the redirect (<meta http-equiv="refresh">) "/artikel/tidak-ada/" does not resolve: no file artikel/tidak-ada/index.html in the output',
    );
    expect(result.stderr).toContain(
      `fitur-slot.html: is a redirect page to "/artikel/tidak-ada/" whose canonical URL is "${SITE}${TARGET.slice(1)}"; expected the page it leads to`,
    );
    expect(result.stderr).toContain(
      'fitur-slot.html: is a redirect page to "/artikel/tidak-ada/" with no link there; expected <a href="/artikel/tidak-ada/">',
    );
    expect(result.stderr).toMatch(
      /lama\/fitur-slot\/index\.html: line 1: has <meta http-equiv="refresh">, which redirects or reloads the page \(content "5; url=https:\/\/evil\.example\/"\)/,
    );
  });

  it('builds byte-identical output twice', async () => {
    const again = path.join(temp.dir, 'again');
    expect((await build(again, '--fresh')).code).toBe(0);
    expect(hashTree(again)).toEqual(hashTree(out));
  });

  it('an incremental build after removing an alias removes its page and its rule, as --fresh does', async () => {
    const inc = path.join(temp.dir, 'inc');
    expect((await build(inc)).code).toBe(0);
    const undo = edit(ARTICLE, '  - /fitur-slot.html\n', '');
    try {
      const second = await build(inc, '--json');
      expect(second.code).toBe(0);
      // The article's page and lists are untouched: only the host files change.
      expect(JSON.parse(second.stdout).rendered).toBe(0);
      expect(existsSync(path.join(inc, 'fitur-slot.html'))).toBe(false);
      expect(readFileSync(path.join(inc, '_redirects'), 'utf8')).not.toContain('fitur-slot.html');
      const fresh = path.join(temp.dir, 'inc-fresh');
      expect((await build(fresh, '--fresh')).code).toBe(0);
      expect(hashTree(inc)).toEqual(hashTree(fresh));
    } finally {
      undo();
    }
  });

  it("a draft's aliases exist only in builds that build the draft", async () => {
    const undo = edit(OTHER, 'order: 7\n', 'order: 7\ndraft: true\naliases: [/draf-lama/]\n');
    try {
      const plain = path.join(temp.dir, 'no-drafts');
      expect((await build(plain)).code).toBe(0);
      expect(existsSync(path.join(plain, 'draf-lama/index.html'))).toBe(false);
      expect(readFileSync(path.join(plain, '_redirects'), 'utf8')).not.toContain('draf-lama');
      const drafts = path.join(temp.dir, 'drafts');
      expect((await build(drafts, '--drafts')).code).toBe(0);
      expect(existsSync(path.join(drafts, 'draf-lama/index.html'))).toBe(true);
      expect(readFileSync(path.join(drafts, '_redirects'), 'utf8')).toContain(
        '/draf-lama/ /artikel/loyal4d-memahami-syarat-bonus/ 301',
      );
    } finally {
      undo();
    }
  });

  /** An entry added as line 14, after the three of ALIASES. */
  const addEntry = (entry: string) =>
    edit(ARTICLE, '  - /fitur-slot.html\n', `  - /fitur-slot.html\n  - ${entry}\n`);
  const at14 = `${ARTICLE}:14:5: "aliases[3]" is`;
  const refusals: { name: string; breakIt: () => () => unknown; message: string | RegExp }[] = [
    {
      name: 'a full URL',
      breakIt: () => addEntry('https://lama.example/fitur/'),
      message: `${at14} "https://lama.example/fitur/", a full URL; expected an old slug`,
    },
    {
      name: 'a path with ".."',
      breakIt: () => addEntry('/lama/../fitur/'),
      message: `${at14} "/lama/../fitur/", with an empty segment or one that starts with "." (".", "..", or a hidden file hosts do not serve)`,
    },
    {
      name: 'a query',
      breakIt: () => addEntry('/fitur/?halaman=2'),
      message: `${at14} "/fitur/?halaman=2", with a query or fragment`,
    },
    {
      name: 'a fragment',
      breakIt: () => addEntry('"/fitur/#wild"'),
      message: `${at14} "/fitur/#wild", with a query or fragment`,
    },
    {
      name: 'a path without a trailing slash or .html',
      breakIt: () => addEntry('/fitur-slot'),
      message: `${at14} "/fitur-slot", neither a folder (ending in "/") nor a page (ending in ".html")`,
    },
    {
      name: 'a character the text policy refuses',
      breakIt: () => addEntry('"/fitur\\u202E/"'),
      message: `${ARTICLE}:10:1: "aliases[3]" has bidi control character U+202E`,
    },
    {
      name: 'not a list',
      breakIt: () => edit(ARTICLE, ALIASES, 'aliases: /fitur-slot.html\n'),
      message: `${ARTICLE}:10:1: "aliases" is "/fitur-slot.html"; expected a list of old addresses`,
    },
    {
      name: 'the same address twice in one article, spelled two ways',
      breakIt: () => addEntry('/artikel/perang88-fitur-slot-lama/'),
      message: `${at14} "/artikel/perang88-fitur-slot-lama/", the address /artikel/perang88-fitur-slot-lama/ that "aliases[0]" names already; expected each old address once`,
    },
    {
      name: "another article's page",
      breakIt: () => addEntry('loyal4d-memahami-syarat-bonus'),
      message: `${ARTICLE}:14:5: alias "/artikel/loyal4d-memahami-syarat-bonus/" is the address of the article page /artikel/loyal4d-memahami-syarat-bonus/ (${OTHER})`,
    },
    {
      name: "the article's own page",
      breakIt: () => addEntry('perang88-mengenal-fitur-slot-modern'),
      message: `${ARTICLE}:14:5: alias "${TARGET}" is the address of the article page ${TARGET} (${ARTICLE})`,
    },
    {
      name: 'a brand page',
      breakIt: () => addEntry('/brand/perang88/'),
      message: `${ARTICLE}:14:5: alias "/brand/perang88/" is the address of the page /brand/perang88/ (src/content/brands.ts: brand "perang88"); expected an old address that no page of the site has`,
    },
    {
      name: 'a list page',
      breakIt: () => addEntry('/artikel/'),
      message: `${ARTICLE}:14:5: alias "/artikel/" is the address of the page /artikel/ (`,
    },
    {
      name: 'the contact page',
      breakIt: () => addEntry('/kontak/'),
      message: `${ARTICLE}:14:5: alias "/kontak/" is the address of the page /kontak/ (src/content/site.ts)`,
    },
    {
      name: 'a 404 page',
      breakIt: () => addEntry('/brand/404.html'),
      message: `${ARTICLE}:14:5: alias "/brand/404.html" is the address of the page /brand/404.html (src/templates/NotFoundPage.tsx)`,
    },
    {
      name: 'a folder sitegen writes whole',
      breakIt: () => addEntry('/assets/lama/'),
      message: `${ARTICLE}:14:5: alias "/assets/lama/" (its redirect page assets/lama/index.html) is inside assets/, which sitegen writes whole`,
    },
    {
      name: 'a folder where sitegen writes a file',
      breakIt: () => addEntry('/feed.xml/'),
      message: `${ARTICLE}:14:5: alias "/feed.xml/" (its redirect page feed.xml/index.html) is inside a folder feed.xml/, where sitegen writes the file feed.xml: the Atom feed`,
    },
    {
      name: 'an alias of another article',
      breakIt: () => edit(OTHER, 'order: 7\n', 'order: 7\naliases: [/lama/fitur-slot/]\n'),
      message: `${ARTICLE}:12:5: alias "/lama/fitur-slot/" is also an alias at ${OTHER}:10:11; expected each old address in one article, once`,
    },
    {
      name: "another article's page but for letter case",
      breakIt: () => addEntry('/Artikel/loyal4d-memahami-syarat-bonus/'),
      message: `${ARTICLE}:14:5: alias "/Artikel/loyal4d-memahami-syarat-bonus/" (its redirect page Artikel/loyal4d-memahami-syarat-bonus/index.html) is artikel/loyal4d-memahami-syarat-bonus/index.html, the file of the article page /artikel/loyal4d-memahami-syarat-bonus/ (${OTHER}), but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); expected an old address that no page of the site has`,
    },
    {
      name: 'the home page but for letter case',
      breakIt: () => addEntry('/Index.html'),
      message: `${ARTICLE}:14:5: alias "/Index.html" (its redirect page Index.html) is index.html, the file of the page / (src/content/site.ts), but for letter case`,
    },
    {
      name: 'a list page but for letter case',
      breakIt: () => addEntry('/ARTIKEL/'),
      message: `${ARTICLE}:14:5: alias "/ARTIKEL/" (its redirect page ARTIKEL/index.html) is artikel/index.html, the file of the page /artikel/ (`,
    },
    {
      name: 'a folder sitegen writes whole, but for letter case',
      breakIt: () => addEntry('/Assets/lama/'),
      message: `${ARTICLE}:14:5: alias "/Assets/lama/" (its redirect page Assets/lama/index.html) is inside assets/ (spelled Assets/), which sitegen writes whole`,
    },
    {
      name: 'an earlier alias of the article but for letter case',
      breakIt: () => addEntry('/LAMA/FITUR-SLOT/'),
      message: `${at14} "/LAMA/FITUR-SLOT/", the address /lama/fitur-slot/ that "aliases[1]" names already, but for letter case`,
    },
    {
      name: 'an alias of another article but for letter case',
      breakIt: () => edit(OTHER, 'order: 7\n', 'order: 7\naliases: [/Lama/Fitur-Slot/]\n'),
      message: `${ARTICLE}:12:5: alias "/lama/fitur-slot/" is also an alias at ${OTHER}:10:11 ("/Lama/Fitur-Slot/"), but for letter case`,
    },
    {
      name: 'a rule of public/_redirects on an alias',
      breakIt: () =>
        theirRedirects('# mine\n/promo/ /artikel/ 302\n  /lama/fitur-slot /kontak/ 301\n'),
      message: `public/_redirects:3:3: the rule for "/lama/fitur-slot" redirects an old address that ${ARTICLE}:12:5 lists in "aliases"`,
    },
  ];

  it.each(refusals)(
    'refuses $name: exit 1, the place and both files, the previous output untouched',
    async ({ breakIt, message }) => {
      const before = hashTree(out);
      const undo = breakIt();
      try {
        const result = await build(out);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/The content has \d+ problems?; nothing was written/);
        if (typeof message === 'string') expect(result.stderr).toContain(message);
        else expect(result.stderr).toMatch(message);
        expect(hashTree(out)).toEqual(before);
      } finally {
        await undo();
      }
    },
  );

  it('sitegen preview serves the redirect pages like any page, and 404 for /_redirects', async () => {
    const preview = startCli(['preview', out, '--port', '0']);
    try {
      const base = (await preview.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      for (const route of [
        '/artikel/perang88-fitur-slot-lama/',
        '/lama/fitur-slot/',
        '/fitur-slot.html',
      ]) {
        const response = await get(base, route);
        expect(response.status, route).toBe(200);
        expect(response.body).toContain(`<meta http-equiv="refresh" content="0; url=${TARGET}">`);
      }
      expect((await get(base, '/_redirects')).status).toBe(404);
    } finally {
      await preview.stop();
    }
  });

  it('sitegen watch adds and removes a redirect page as an alias is saved and taken out', async () => {
    const devOut = path.join(temp.dir, 'dev');
    const watcher = startCli(['watch', '--root', project, '--out', devOut, '--port', '0'], {
      env: { SITEGEN_CACHE_DIR: sharedCacheDir() },
    });
    try {
      const base = (await watcher.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
      await watcher.waitFor(/initial build/, 60_000);
      expect((await get(base, '/fitur-slot.html')).status).toBe(200);
      const undo = edit(ARTICLE, '  - /fitur-slot.html\n', '  - /fitur-slot-baru.html\n');
      try {
        await eventually(async () => (await get(base, '/fitur-slot-baru.html')).status === 200);
        await eventually(async () => (await get(base, '/fitur-slot.html')).status === 404);
        expect(existsSync(path.join(devOut, 'fitur-slot.html'))).toBe(false);
        expect(readFileSync(path.join(devOut, '_redirects'), 'utf8')).toContain(
          `/fitur-slot-baru.html ${TARGET} 301`,
        );
      } finally {
        undo();
      }
      await eventually(async () => (await get(base, '/fitur-slot.html')).status === 200);
    } finally {
      await watcher.stop();
    }
  });
});
