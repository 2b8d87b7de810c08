import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../src/content/index.ts';
import { responsible } from '../../src/content/responsible.ts';
import { bodyPhraseProblems } from '../../src/generator/content/check-responsible-copy.ts';
import { renderMarkdown } from '../../src/generator/content/markdown.ts';
import { checkPage } from '../../src/generator/policy/page-policy.ts';
import { locateWords, markupText, pageTexts } from '../../src/generator/policy/reader-text.ts';
import {
  findPhrases,
  listProblems,
  phraseListOf,
} from '../../src/generator/policy/responsible-copy.ts';
import { createBuilder, type Builder } from '../../src/generator/build/builder.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { shippedContent } from '../helpers/shipped-content.ts';

const shipped = phraseListOf(responsible)!;
/** The phrases `text` holds, as the list writes them. */
const phrasesIn = (text: string, list = shipped) =>
  findPhrases(text, list).map((hit) => hit.phrase);
const listOf = (refused: string[], allowed: string[] = []) => phraseListOf({ refused, allowed })!;

describe('the responsible-copy matcher (responsible-copy.ts)', () => {
  it('finds a phrase in any case and spacing, across line breaks and no-break spaces', () => {
    expect(phrasesIn('Pola Gacor hari ini')).toEqual(['pola gacor']);
    expect(phrasesIn('POLA   GACOR')).toEqual(['pola gacor']);
    expect(phrasesIn('pola\u00a0gacor')).toEqual(['pola gacor']);
    expect(phrasesIn('pola\n  gacor')).toEqual(['pola gacor']);
    expect(phrasesIn('Pasti Menang, Jackpot Dijamin')).toEqual(['pasti menang', 'jackpot dijamin']);
  });

  it('folds compatibility forms (NFKC) and drops invisible format characters inside words', () => {
    expect(phrasesIn('ＰＯＬＡ ＧＡＣＯＲ')).toEqual(['pola gacor']);
    expect(phrasesIn('po\u00adla ga\u200bcor')).toEqual(['pola gacor']);
    expect(phrasesIn('pasti\u2003menang')).toEqual(['pasti menang']);
    // What it reports is the text as written, from its first to its last character.
    expect(findPhrases('Ini ＰＯＬＡ ＧＡＣＯＲ!', shipped)[0]).toMatchObject({
      found: 'ＰＯＬＡ ＧＡＣＯＲ',
      index: 4,
    });
  });

  it('matches whole words only: never inside a longer word, an underscore counting as a letter', () => {
    for (const text of [
      'pola gacoran',
      'Pelajari cara membacanya',
      'pelajaran pertama',
      'mahasiswa dewasa',
      'slot gacor88',
      'slot_gacor',
      'anti-pola gacorx',
      'épola gacor',
    ])
      expect(phrasesIn(text), text).toEqual([]);
    expect(phrasesIn('para pelajar')).toEqual(['pelajar']);
    expect(phrasesIn('(pola gacor)')).toEqual(['pola gacor']);
    expect(phrasesIn('anti-pola gacor')).toEqual(['pola gacor']);
    expect(phrasesIn('"slot gacor".')).toEqual(['slot gacor']);
  });

  it("reads a phrase's apostrophe as any apostrophe", () => {
    expect(phrasesIn("You can't lose")).toEqual(["can't lose"]);
    expect(phrasesIn('You can\u2019t lose')).toEqual(["can't lose"]);
  });

  it('allows a phrase inside an allowed passage, and only there', () => {
    const list = listOf(['pola gacor'], ['waspadai "pola gacor" di grup']);
    expect(phrasesIn('Waspadai "POLA gacor" di  grup.', list)).toEqual([]);
    expect(phrasesIn('Waspadai "pola gacor" di grup. Pola gacor itu nyata!', list)).toEqual([
      'pola gacor',
    ]);
  });

  it('says what is wrong with a list', () => {
    expect(listProblems({ refused: 'pasti menang', allowed: [] })).toEqual([
      {
        field: 'refused',
        message: expect.stringMatching(/^"refused" is not a list of strings; expected \{ refused/),
      },
    ]);
    expect(
      listProblems({ refused: ['pasti menang', ' ', '!!'], allowed: ['tanpa frasa'] }),
    ).toEqual([
      {
        field: 'refused[1]',
        message: '"refused[1]" is " "; expected a phrase of one or more words',
      },
      {
        field: 'refused[2]',
        message: '"refused[2]" is "!!"; expected a phrase of one or more words',
      },
      {
        field: 'allowed[0]',
        message:
          '"allowed[0]" holds none of the refused phrases, so it allows nothing; expected a passage that names one, as a reader sees it',
      },
    ]);
    expect(listProblems(responsible)).toEqual([]);
  });
});

describe('the text a reader sees (reader-text.ts)', () => {
  it('joins a phrase split by emphasis or a link, and keeps blocks apart', () => {
    const { text } = markupText(
      '<p><strong>Pasti</strong> menang, <a href="/x">pola</a> gacor</p>',
    );
    expect(phrasesIn(text)).toEqual(['pasti menang', 'pola gacor']);
    expect(phrasesIn(markupText('<p>Kata pasti</p>\n<p>menang lagi</p>').text)).toEqual([]);
    expect(phrasesIn(markupText('<td>slot</td><td>gacor</td>').text)).toEqual([]);
    expect(phrasesIn(markupText('<p>pasti&nbsp;menang &amp; slot&#x20;gacor</p>').text)).toEqual([
      'pasti menang',
      'slot gacor',
    ]);
  });

  it('maps a text index back to the markup it came from', () => {
    const html = '<p>a &amp; <em>b</em></p>\n<p>pola gacor</p>';
    const { text, offsetOf } = markupText(html);
    expect(html.slice(offsetOf(text.indexOf('pola')))).toMatch(/^pola gacor/);
    expect(html.slice(offsetOf(text.indexOf('&')))).toMatch(/^&amp;/);
    expect(html.slice(offsetOf(text.indexOf('b')))).toMatch(/^b<\/em>/);
  });

  it('finds the words in the source as Markdown writes them', () => {
    const source = 'Judul\n\nIni **pasti** menang, [pola](/x)\ngacor.\n';
    expect(locateWords(source, 'pasti menang')).toEqual({ line: 3, column: 7 });
    expect(locateWords(source, 'pola gacor')).toEqual({ line: 3, column: 24 });
    expect(locateWords(source, 'pasti menang', 4)).toBeUndefined();
  });

  it('reads a page: its text in order (scripts and styles left out), and the attributes a reader sees', () => {
    const html =
      '<!doctype html><html><head><title>Pola Gacor</title><meta name="description" content="x &amp; pasti menang">' +
      '<script type="application/ld+json">{"headline":"slot gacor"}</script></head>' +
      '<body><h1>A</h1><p>B <img alt="jam gacor" src="/a.png"></p></body></html>';
    const texts = pageTexts(parse(html, { sourceCodeLocationInfo: true }).childNodes, html);
    expect(texts.map(({ where, text }) => [where, phrasesIn(text)])).toEqual([
      ['the text', ['pola gacor']],
      ['<meta name="description">', ['pasti menang']],
      ['<img alt>', ['jam gacor']],
    ]);
  });
});

describe('the responsible-copy rule over bodies and pages', () => {
  it('names the Markdown line and column of a phrase in a body, through emphasis', () => {
    const markdown =
      'Paragraf pertama.\n\n- satu\n- dua **pasti**\n  menang\n\n![slot gacor](./images/a.png)\n';
    const problems = bodyPhraseProblems('a.md', markdown, 5, renderMarkdown(markdown), shipped);
    expect(
      problems.map(({ line, column, message }) => [line, column, message.split(',')[0]]),
    ).toEqual([
      [8, 9, 'the text has "pasti menang"'],
      [11, 1, 'the alt text of an image has "slot gacor"'],
    ]);
  });

  it('names the line and column of a phrase on a built page, and what holds it, each place once', () => {
    const page =
      '<!doctype html>\n<html lang="id"><head><title>Ulasan</title>\n<meta name="description" content="Bonus &amp; Pasti Menang"></head>\n<body><p>Satu\ndua <strong>POLA</strong> gacor, lagi pola gacor</p></body></html>';
    const lines = page.split('\n');
    const problems = checkPage(page, { phrases: shipped }).filter((p) =>
      p.message.includes('refuses'),
    );
    expect(
      problems.map(({ line, column, message }) => [
        message.split(', a phrase')[0],
        lines[line - 1].slice(column! - 1, column! + 15),
      ]),
    ).toEqual([
      ['<meta name="description"> has "pasti menang" (written "Pasti Menang")', 'Pasti Menang"></'],
      ['the text has "pola gacor" (written "POLA gacor")', 'POLA</strong> ga'],
      ['the text has "pola gacor"', 'pola gacor</p></'],
    ]);
  });

  it('the shipped list passes the shipped content and configuration', async () => {
    const loaded = await shippedContent();
    expect(loaded.content.articles.length).toBeGreaterThan(0);
    for (const article of loaded.content.articles)
      expect(phrasesIn(`${article.title}\n${article.excerpt}`), article.slug).toEqual([]);
    expect(content.responsible.refused).toContain('pola gacor');
  });
});

// watch keeps parsed articles between saves (build/history.ts), and a save of the list must
// hold the articles it did not read again to it.
describe("watch's builder holds every save to the list", () => {
  const ARTICLE = 'src/content/articles/perang88-panduan.md';
  const LIST = 'src/content/responsible.ts';
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let builder: Builder;
  const edit = (file: string, from: string, to: string) => {
    const full = path.join(root, file);
    const text = readFileSync(full, 'utf8');
    expect(text, `test setup: ${from} in ${file}`).toContain(from);
    writeFileSync(full, text.replace(from, to));
  };
  beforeAll(async () => {
    temp = await makeTempDir();
    root = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
    const options = {
      root,
      outDir: path.join(temp.dir, 'dist'),
      cacheDir: path.join(temp.dir, 'cache'),
    };
    builder = await createBuilder(options, { incremental: true });
    await builder.build();
  });
  afterAll(async () => {
    await builder?.dispose();
    await temp?.remove();
  });

  it('refuses a phrase saved into a body, and builds again once it is taken out', async () => {
    edit(ARTICLE, 'brand uji pertama.', 'brand uji pertama, pasti menang.');
    await expect(builder.update([ARTICLE])).rejects.toMatchObject({
      problems: [
        {
          file: ARTICLE,
          line: 12,
          column: 36,
          message: expect.stringMatching(/^the text has "pasti menang"/),
        },
      ],
    });
    edit(ARTICLE, 'brand uji pertama, pasti menang.', 'brand uji pertama.');
    await builder.update([ARTICLE]);
  });

  it('holds the articles it kept to a list saved with a new phrase, and lets them pass once it is taken out', async () => {
    edit(LIST, "'pelajar',", "'pelajar',\n    'disebut dua kali',");
    await expect(builder.update([LIST])).rejects.toMatchObject({
      problems: [
        {
          file: ARTICLE,
          line: 12,
          column: 45,
          message: expect.stringMatching(/^the text has "disebut dua kali"/),
        },
      ],
    });
    edit(LIST, "'pelajar',\n    'disebut dua kali',", "'pelajar',");
    expect((await builder.update([LIST])).pages).toBeGreaterThan(0);
  });
});
