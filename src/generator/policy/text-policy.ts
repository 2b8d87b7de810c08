/**
 * The one character rule for every string that reaches a page, the feed or the sitemap:
 * article files and their front matter, the configuration in src/content/*.ts, and (in
 * `sitegen check`) the built HTML and XML. The build applies it to its inputs, `check` to
 * its outputs, so whatever `check` rejects for a character, the build has refused first.
 *
 * Refused: control characters other than tab, line feed and carriage return (C0, DEL, C1:
 * XML 1.0 forbids most of them, so one of them makes every feed reader drop the feed, and
 * HTML parsers report them), the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: they reorder what a reader sees, in a title as in a code review), lone
 * surrogates and the 66 noncharacters (U+FDD0–U+FDEF, and the last two code points of every
 * plane, U+FFFE, U+FFFF, U+1FFFE … U+10FFFF: HTML parsers report each one). Pure.
 */

/** Matches one refused character (with the `u` flag, a surrogate matches only when lone). */
const REFUSED =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]/u;

/** What a message says is expected instead. */
export const ALLOWED_TEXT =
  'text without control characters (tab and line breaks aside) or bidi overrides';

/** The first refused character of `text`: its index and the character, or undefined. */
export function findRefusedCharacter(text: string): { index: number; char: string } | undefined {
  const match = REFUSED.exec(text);
  return match ? { index: match.index, char: match[0] } : undefined;
}

/** Whether `text` holds a refused character. */
export function hasRefusedCharacter(text: string): boolean {
  return REFUSED.test(text);
}

const NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x0b: 'vertical tab',
  0x0c: 'form feed',
  0x1b: 'escape',
  0x7f: 'delete',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
};

/** A refused character in words: "control character U+000B (vertical tab)". */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[code];
  const named = name ? ` (${name})` : '';
  if (code >= 0x202a && code <= 0x2069) return `bidi control character ${hex}${named}`;
  if (code >= 0xd800 && code <= 0xdfff) return `lone surrogate ${hex}`;
  if (isNoncharacter(code)) return `noncharacter ${hex}`;
  return `control character ${hex}${named}`;
}

/** Whether a code point is one of Unicode's 66 noncharacters. */
function isNoncharacter(code: number): boolean {
  return (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
}

/** One refused character found in a value: where in the value (a field path) and which. */
export interface RefusedString {
  /** The path of the string inside the value: "features[2]", "contact.hours[0].days". */
  field: string;
  /** The whole string, to find it in its source file. */
  text: string;
  index: number;
  char: string;
}

/**
 * Every string in plain data (objects and arrays, as content is) that holds a refused
 * character, with its field path; functions and other values are passed over. Walks with
 * an explicit stack, never recursion. Pure.
 */
export function findRefusedStrings(value: unknown, field = ''): RefusedString[] {
  const found: RefusedString[] = [];
  const stack: { value: unknown; field: string }[] = [{ value, field }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const refused = findRefusedCharacter(item.value);
      if (refused) found.push({ field: item.field, text: item.value, ...refused });
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || seen.has(item.value)) continue;
    seen.add(item.value);
    const entries = Array.isArray(item.value)
      ? item.value.map((entry, index) => [`${item.field}[${index}]`, entry] as const)
      : Object.entries(item.value).map(
          ([key, entry]) => [joinField(item.field, key), entry] as const,
        );
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i][1], field: entries[i][0] });
  }
  return found;
}

function joinField(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * The 1-based line and column where `refused` is written in a TypeScript source file: the
 * character itself, or an escape of it (`\u202E`, `\u{202e}`, `\x0b`, `\v`), looked for
 * first right after the text before it in the string, then anywhere. Undefined when the
 * source does not show it (a string built at run time). Pure.
 */
export function locateInSource(
  source: string,
  refused: Pick<RefusedString, 'text' | 'index' | 'char'>,
): { line: number; column: number } | undefined {
  const spellings = spellingsOf(refused.char);
  const before = refused.text.slice(Math.max(0, refused.index - 12), refused.index);
  let offset = -1;
  if (before !== '')
    offset = firstOf(
      source,
      spellings.map((spelling) => before + spelling),
      before.length,
    );
  if (offset === -1) offset = firstOf(source, spellings, 0);
  if (offset === -1) return undefined;
  const lines = source.slice(0, offset).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/** The ways a TypeScript string can write `char`: itself and its escapes, lower and upper case. */
function spellingsOf(char: string): string[] {
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  const short: Record<number, string> = { 0x00: '\\0', 0x08: '\\b', 0x0b: '\\v', 0x0c: '\\f' };
  const escapes = [`\\u${hex.padStart(4, '0')}`, `\\u{${hex}}`, `\\u{${hex.padStart(4, '0')}}`];
  if (code < 0x100) escapes.push(`\\x${hex.padStart(2, '0')}`);
  const upper = escapes.map((spelling) => spelling.slice(0, 2) + spelling.slice(2).toUpperCase());
  const spellings = [char, ...escapes, ...upper];
  if (short[code]) spellings.push(short[code]);
  return [...new Set(spellings)];
}

/** The smallest index of any needle in `source`, plus `shift`; -1 when none occurs. */
function firstOf(source: string, needles: string[], shift: number): number {
  let best = -1;
  for (const needle of needles) {
    const index = source.indexOf(needle);
    if (index !== -1 && (best === -1 || index < best)) best = index;
  }
  return best === -1 ? -1 : best + shift;
}

/** How many refused characters of one markup file are listed before the rest are counted. */
const MAX_MARKUP_PROBLEMS = 10;

/** A refused character, or a numeric character reference (`&#x202E;`, `&#8238`) to check. */
const CANDIDATE = new RegExp(`${REFUSED.source}|&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}))`, 'gu');

/**
 * The characters this policy refuses in HTML or XML, written as themselves or as numeric
 * character references, each with its 1-based line (at most ten, then a count): the same
 * rule as every other string of the site, so markup cannot bring in what a front matter
 * field may not hold. Pure.
 */
export function markupCharacterProblems(markup: string): { line: number; message: string }[] {
  if (!hasRefusedCharacter(markup) && !markup.includes('&#')) return [];
  const problems: { line: number; message: string }[] = [];
  let line = 1;
  let counted = 0;
  for (const match of markup.matchAll(CANDIDATE)) {
    const isReference = match[0].startsWith('&#');
    const char = isReference ? referencedCharacter(match[1], match[2]) : match[0];
    if (char === undefined || !hasRefusedCharacter(char)) continue;
    line += countNewlines(markup, counted, match.index);
    counted = match.index;
    const what = isReference
      ? `a character reference to ${describeCharacter(char)}`
      : describeCharacter(char);
    problems.push({ line, message: `${what}; expected ${ALLOWED_TEXT}` });
  }
  if (problems.length <= MAX_MARKUP_PROBLEMS) return problems;
  const more = problems.length - MAX_MARKUP_PROBLEMS;
  const last = problems[MAX_MARKUP_PROBLEMS - 1].line;
  return [
    ...problems.slice(0, MAX_MARKUP_PROBLEMS),
    { line: last, message: `and ${more} more refused characters` },
  ];
}

/** The character a numeric reference names (hex or decimal digits), if it is one. */
function referencedCharacter(
  hex: string | undefined,
  decimal: string | undefined,
): string | undefined {
  const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
