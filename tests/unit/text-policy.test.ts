import { describe, expect, it } from 'vitest';
import {
  describeCharacter,
  findRefusedStrings,
  locateInSource,
  markupCharacterProblems,
} from '../../src/generator/policy/text-policy.ts';

describe('the character rule every string of the site meets (text-policy.ts)', () => {
  it('refuses controls but tab and line breaks, bidi overrides and isolates, lone surrogates, U+FFFE/U+FFFF', () => {
    const refused = [
      '\u0000',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\ud800',
      '\uffff',
    ];
    for (const char of refused)
      expect(findRefusedStrings({ text: `a${char}b` }), describeCharacter(char)).toHaveLength(1);
    const allowed = ['\t', '\n', '\r', '\u200f', '\u00e9', 'é', '😀', '\u2028'];
    for (const char of allowed)
      expect(findRefusedStrings({ text: `a${char}b` }), JSON.stringify(char)).toEqual([]);
  });

  it('refuses all 66 noncharacters, which HTML parsers report, and nothing next to them', () => {
    const refused = ['\ufdd0', '\ufdef', '\ufffe', '\u{1fffe}', '\u{1ffff}', '\u{10ffff}'];
    for (const char of refused) {
      expect(findRefusedStrings({ text: `a${char}b` }), describeCharacter(char)).toHaveLength(1);
      expect(describeCharacter(char)).toMatch(/^noncharacter U\+[0-9A-F]{4,6}$/);
    }
    expect(describeCharacter('\ufdd0')).toBe('noncharacter U+FDD0');
    const allowed = ['\ufdcf', '\ufdf0', '\ufffd', '\u{1fffd}', '\u{10fffd}'];
    for (const char of allowed)
      expect(findRefusedStrings({ text: `a${char}b` }), JSON.stringify(char)).toEqual([]);
  });

  it('names each string by its path in nested records and arrays', () => {
    const site = {
      name: 'ok',
      contact: { hours: [{ days: 'Senin', time: '09:00\u202e' }] },
      faq: ['x', 'y\u000b'],
    };
    expect(findRefusedStrings(site).map(({ field, index }) => [field, index])).toEqual([
      ['contact.hours[0].time', 5],
      ['faq[1]', 1],
    ]);
  });

  it('finds the line and column where a TypeScript source writes the character, raw or escaped', () => {
    const source =
      "export const a = {\n  name: 'Lux',\n  note: 'Hari \\u202Eini',\n  other: 'x\u2066y',\n};\n";
    expect(locateInSource(source, { text: 'Hari \u202eini', index: 5, char: '\u202e' })).toEqual({
      line: 3,
      column: 15,
    });
    expect(locateInSource(source, { text: 'x\u2066y', index: 1, char: '\u2066' })).toEqual({
      line: 4,
      column: 12,
    });
    expect(locateInSource("a: '\\v'", { text: '\u000b', index: 0, char: '\u000b' })).toEqual({
      line: 1,
      column: 5,
    });
    expect(
      locateInSource('a: String.fromCharCode(11)', { text: '\u000b', index: 0, char: '\u000b' }),
    ).toBeUndefined();
  });

  it('reads markup as a browser would: raw characters and numeric references, with their lines', () => {
    const problems = markupCharacterProblems(
      '<p>a</p>\n<p>&#x202E;b &#8238 &#x41; &#65;</p>\n<p>\u2067</p>',
    );
    expect(problems).toEqual([
      {
        line: 2,
        message: expect.stringMatching(/^a character reference to bidi control character U\+202E/),
      },
      {
        line: 2,
        message: expect.stringMatching(/^a character reference to bidi control character U\+202E/),
      },
      {
        line: 3,
        message: expect.stringMatching(/^bidi control character U\+2067 \(right-to-left isolate\)/),
      },
    ]);
    expect(markupCharacterProblems('<p>&#x110000; &amp; &#233;</p>')).toEqual([]);
  });
});
