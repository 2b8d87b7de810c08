import { describe, expect, it } from 'vitest';
import { readAlias, readAliases } from '../../src/generator/content/article-aliases.ts';
import {
  type AliasRule,
  redirectLimitWarnings,
  redirectsFile,
  theirRuleClashes,
} from '../../src/generator/files/redirects-file.ts';
import type { SitegenError } from '../../src/generator/errors/errors.ts';
import { listPages } from '../../src/generator/pages/routes.ts';
import { redirectTarget } from '../../src/generator/policy/page-policy.ts';
import { shippedContent } from '../helpers/shipped-content.ts';

const rule = (from: string, to: string, line = 11): AliasRule => ({
  from,
  to,
  file: 'src/content/articles/x.md',
  line,
  column: 5,
});

describe('readAlias: an old slug or a path from the site root, as a site address', () => {
  it.each([
    ['loyal4d-lama', '/artikel/loyal4d-lama/'],
    ['/lama/halaman/', '/lama/halaman/'],
    ['/lama.html', '/lama.html'],
    ['/', '/'],
    ['/Arsip_2023/x~y.html', '/Arsip_2023/x~y.html'],
  ])('%s -> %s', (value, address) => {
    expect(readAlias(value, 'aliases[0]')).toEqual({ address });
  });

  it.each([
    ['https://lama.example/x/', 'a full URL'],
    ['//lama.example/x/', 'a full URL'],
    ['mailto:a@b.example', 'a full URL'],
    ['Lama Halaman', 'a slug is a-z, 0-9'],
    ['lama/halaman/', 'a slug is a-z, 0-9'],
    ['/x/?a=1', 'query or fragment'],
    ['/x/#b', 'query or fragment'],
    ['/x y/', 'no spaces'],
    ['/x/*', 'no spaces, "*"'],
    ['/x/:id/', 'no spaces, "*", ":"'],
    ['/x%20y/', '"%"'],
    ['/a/../b/', 'starts with "."'],
    ['/a/./b/', 'starts with "."'],
    ['/.well-known/x/', 'hidden file'],
    ['/a/.x.html', 'hidden file'],
    ['/a//b/', 'empty segment'],
    ['/lama', 'neither a folder'],
    ['/lama.htm', 'neither a folder'],
    ['/lama/.html', 'hidden file'],
  ])('refuses %s (%s)', (value, why) => {
    const read = readAlias(value, 'aliases[2]');
    expect(read).toHaveProperty('problem');
    const { problem } = read as { problem: string };
    expect(problem.startsWith(`"aliases[2]" is ${JSON.stringify(value)}`)).toBe(true);
    expect(problem).toContain(why);
  });

  it('reads a list with each entry at its own line, and refuses an address named twice', () => {
    const at = { line: 10, column: 1 };
    const items = [11, 12, 13].map((line) => ({ line, column: 5 }));
    const read = readAliases(['lama', '/lama.html', '/artikel/lama/'], at, items);
    expect(read.aliases).toEqual([
      { address: '/artikel/lama/', line: 11, column: 5 },
      { address: '/lama.html', line: 12, column: 5 },
    ]);
    expect(read.problems).toEqual([
      {
        at: { line: 13, column: 5 },
        message:
          '"aliases[2]" is "/artikel/lama/", the address /artikel/lama/ that "aliases[0]" names already; expected each old address once',
      },
    ]);
    // Without the entries' places, the key's.
    expect(readAliases(['/x'], at, undefined).problems[0].at).toEqual(at);
  });

  it('refuses an address that differs from an earlier one only in letter case', () => {
    const at = { line: 10, column: 1 };
    const items = [11, 12].map((line) => ({ line, column: 5 }));
    const read = readAliases(['/lama/', '/LAMA/'], at, items);
    expect(read.aliases.map((alias) => alias.address)).toEqual(['/lama/']);
    expect(read.problems).toEqual([
      {
        at: { line: 12, column: 5 },
        message:
          '"aliases[1]" is "/LAMA/", the address /lama/ that "aliases[0]" names already, but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); expected each old address once',
      },
    ]);
  });
});

describe('listPages: an alias at the address of a page or alias but for letter case', () => {
  /** The problems listPages throws when the first article has `addresses` as aliases. */
  const clashesOf = async (addresses: string[], more: string[] = []) => {
    const { content } = await shippedContent();
    const [first, second, ...rest] = content.articles;
    const alias = (address: string, index: number) => ({ address, line: 8 + index, column: 5 });
    const articles = [
      { ...first, aliases: addresses.map(alias) },
      { ...second, aliases: more.map(alias) },
      ...rest,
    ];
    try {
      listPages({ ...content, articles }, () => true);
    } catch (error) {
      return { first, second, problems: (error as SitegenError).problems };
    }
    return { first, second, problems: [] };
  };

  it("refuses /Index.html, /ARTIKEL/ and another article's page with capitals, at each alias", async () => {
    const { content } = await shippedContent();
    const other = content.articles[2];
    const capitals = `/Artikel/${other.slug}/`;
    const { first, problems } = await clashesOf(['/Index.html', '/ARTIKEL/', capitals, '/lama/']);
    expect(problems.map(({ file, line }) => [file, line])).toEqual([
      [first.source, 8],
      [first.source, 9],
      [first.source, 10],
    ]);
    expect(problems[0].message).toBe(
      `alias "/Index.html" (its redirect page Index.html) is index.html, the file of the page / (src/content/site.ts), but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); expected an old address that no page of the site has`,
    );
    expect(problems[1].message).toContain('is artikel/index.html, the file of the page /artikel/');
    expect(problems[2].message).toContain(
      `is artikel/${other.slug}/index.html, the file of the article page /artikel/${other.slug}/ (${other.source}), but for letter case`,
    );
  });

  it("refuses an alias of another article's alias but for letter case", async () => {
    const { first, second, problems } = await clashesOf(['/lama/'], ['/LAMA/']);
    expect(problems).toEqual([
      {
        file: second.source,
        line: 8,
        column: 5,
        message: `alias "/LAMA/" is also an alias at ${first.source}:8:5 ("/lama/"), but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs); expected each old address in one article, once`,
      },
    ]);
  });
});

describe('_redirects: one 301 per alias first, then their rules', () => {
  const rules = [rule('/artikel/lama/', '/artikel/baru/'), rule('/lama.html', '/artikel/baru/')];

  it('is not written without a rule (comments alone are none)', () => {
    expect(redirectsFile([], '/', undefined)).toBeUndefined();
    expect(redirectsFile([], '/', '# nothing\n\n')).toBeUndefined();
  });

  it('puts the base path on both sides of each alias rule', () => {
    expect(redirectsFile(rules, '/repo/', undefined)?.contents).toBe(
      '# From sitegen: the old addresses of renamed articles (front matter "aliases"), first:\n' +
        '# static rules before any splat or placeholder, and no splat takes their addresses.\n' +
        '/repo/artikel/lama/ /repo/artikel/baru/ 301\n' +
        '/repo/lama.html /repo/artikel/baru/ 301\n',
    );
  });

  it('keeps their text as written (CRLF made LF) below its own static rules', () => {
    expect(redirectsFile(rules.slice(0, 1), '/', '/a/* /b 302\r\n\r\n')?.contents).toBe(
      '# From sitegen: the old addresses of renamed articles (front matter "aliases"), first:\n' +
        '# static rules before any splat or placeholder, and no splat takes their addresses.\n' +
        '/artikel/lama/ /artikel/baru/ 301\n\n' +
        "# From public/_redirects: the site's own rules, as written.\n" +
        '/a/* /b 302\n',
    );
  });

  it("warns past Cloudflare Pages' limits, counting every rule from the first dynamic one on", () => {
    const many = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => rule(`/${prefix}-${i}/`, '/artikel/baru/'));
    expect(redirectLimitWarnings(many(2000, 'a'), '/x/ /y/ 301\n')).toEqual([
      expect.stringContaining('2001 static and 0 dynamic rules'),
    ]);
    expect(redirectLimitWarnings(many(1999, 'a'), '/x/ /y/ 301\n')).toEqual([]);
    // A static rule after a splat counts as dynamic: 99 + the splat + 1 = 101.
    const theirs = `${'/s/ /t/ 301\n'.repeat(5)}/lama/:slug /baru/:slug 301\n${'/u/ /v/\n'.repeat(100)}`;
    expect(redirectLimitWarnings(many(10, 'a'), theirs)).toEqual([
      expect.stringContaining('15 static and 101 dynamic rules'),
    ]);
    expect(redirectLimitWarnings(many(10, 'a'), theirs.replace('/u/ /v/\n', ''))).toEqual([]);
    expect(redirectLimitWarnings([], '# /a/* /b/\n')).toEqual([]);
  });

  it('finds a rule of theirs on an alias, with or without the trailing slash', () => {
    const theirs = '# x\n/artikel/lama /y/ 301\n/lama.html /z/ 302\n/lain/ /y/\n';
    const clashes = theirRuleClashes(theirs, rules, '/');
    expect(clashes.map(({ line, column }) => [line, column])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(clashes[0]).toMatchObject({ file: 'public/_redirects' });
    expect(clashes[0].message).toContain('src/content/articles/x.md:11:5 lists in "aliases"');
    // Under a base path, their rule names the path on the host.
    expect(theirRuleClashes('/artikel/lama/ /y/', rules, '/repo/')).toEqual([]);
    expect(theirRuleClashes('/repo/artikel/lama/ /y/', rules, '/repo/')).toHaveLength(1);
  });
});

describe("redirectTarget: the one meta refresh a page may have, a redirect page's", () => {
  it.each([
    ['0; url=/artikel/x/', '/artikel/x/'],
    ['0; url=/repo/artikel/x/', '/repo/artikel/x/'],
  ])('%s leads to %s', (content, target) => {
    expect(redirectTarget(content)).toBe(target);
  });

  it.each([
    '5; url=/artikel/x/',
    '0; url=https://evil.example/',
    '0; url=//evil.example/',
    '0; url=javascript:alert(1)',
    '0; url=artikel/x/',
    '0;url=/x/ y',
    '0',
  ])('refuses %s', (content) => {
    expect(redirectTarget(content)).toBeUndefined();
  });
});
