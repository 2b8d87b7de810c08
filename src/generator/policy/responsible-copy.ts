/**
 * The responsible-copy rule: no text that reaches a page holds a phrase of the site's list
 * (src/content/responsible.ts). The build applies it to the content (content/
 * check-responsible-copy.ts), `sitegen check` to the built pages (page-policy.ts), with the
 * same list and the same matcher, written here once; reader-text.ts says what text a reader
 * sees of markup, and where it is written.
 *
 * How a phrase matches: word for word, ignoring case, compatibility forms (NFKC: a full-width
 * "ＧＡＣＯＲ" is "GACOR") and invisible format characters (a soft hyphen or zero-width space
 * inside a word); the words may be spaced by any run of white space (no-break spaces and line
 * breaks too), and the phrase must start and end at a word boundary (a letter, mark, digit or
 * "_" on neither side), so "pelajar" never matches inside "pelajari". A refused phrase inside
 * one of the list's `allowed` passages is allowed there. Pure apart from one compiled list kept
 * for reuse.
 */
import { createHash } from 'node:crypto';
import { quote } from './problems.ts';
import { WORD_CHAR } from './reader-text.ts';

/** Where the site's list is written, for messages. */
export const RESPONSIBLE_FILE = 'src/content/responsible.ts';

/**
 * The list as the rule uses it: plain data (it crosses to worker threads), and a digest of it,
 * which a parsed article keeps to tell whether it was checked against this very list.
 */
export interface PhraseList {
  refused: string[];
  allowed: string[];
  digest: string;
}

/** One refused phrase found in a text. */
export interface PhraseHit {
  /** The phrase as the list writes it. */
  phrase: string;
  /** The words as the text writes them ("Pola   GACOR"). */
  found: string;
  /** Where `found` starts in the text (UTF-16 code units). */
  index: number;
}

/** Format characters that show nothing and may hide inside a word. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200d\u2060-\u2064\ufeff]/gu;
/** A character with its combining marks (folded as one, so NFKC composes them). */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
/** Apostrophes a phrase's "'" stands for. */
const APOSTROPHES = "'\u2018\u2019\u02bc";

/**
 * The site's list (SiteContent.responsible) as a PhraseList, when both fields are lists of
 * strings; undefined otherwise (listProblems says what is wrong). Pure.
 */
export function phraseListOf(value: unknown): PhraseList | undefined {
  const { refused, allowed } = (value ?? {}) as Record<string, unknown>;
  if (!isStrings(refused) || !isStrings(allowed)) return undefined;
  const digest = createHash('sha1')
    .update(JSON.stringify([refused, allowed]))
    .digest('hex');
  return { refused, allowed, digest: digest.slice(0, 16) };
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/**
 * What is wrong with the site's list, each with the field: the shape, a refused entry without a
 * word, an allowed passage that holds no refused phrase (it would allow nothing). Pure.
 */
export function listProblems(value: unknown): { field: string; message: string }[] {
  const record = (value ?? {}) as Record<string, unknown>;
  const problems: { field: string; message: string }[] = [];
  for (const field of ['refused', 'allowed'])
    if (!isStrings(record[field]))
      problems.push({ field, message: `"${field}" is not a list of strings; expected ${SHAPE}` });
  const list = phraseListOf(value);
  if (!list) return problems;
  if (list.refused.length === 0)
    problems.push({ field: 'refused', message: `"refused" is empty; expected ${SHAPE}` });
  list.refused.forEach((phrase, index) => {
    if (wordsOf(phrase).length === 0 || !new RegExp(WORD_CHAR, 'u').test(phrase))
      problems.push({
        field: `refused[${index}]`,
        message: `"refused[${index}]" is ${quote(phrase)}; expected a phrase of one or more words`,
      });
  });
  const refusedOnly = { ...list, allowed: [], digest: `${list.digest} refused only` };
  list.allowed.forEach((passage, index) => {
    if (findPhrases(passage, refusedOnly).length === 0)
      problems.push({
        field: `allowed[${index}]`,
        message: `"allowed[${index}]" holds none of the refused phrases, so it allows nothing; expected a passage that names one, as a reader sees it`,
      });
  });
  return problems;
}

const SHAPE =
  '{ refused: [...phrases], allowed: [...passages] }, as the shipped src/content/responsible.ts';

/**
 * The refused phrases `text` holds outside the allowed passages, in order. Pure apart from
 * the compiled list it keeps.
 */
export function findPhrases(text: string, list: PhraseList): PhraseHit[] {
  const matcher = compiled(list);
  const folded = fold(text);
  const found = spansOf(folded.text, matcher.refused);
  if (found.length === 0) return [];
  const allowed = spansOf(folded.text, matcher.allowed);
  const hits: PhraseHit[] = [];
  for (const [start, end] of found) {
    if (allowed.some(([from, to]) => from <= start && end <= to)) continue;
    const index = folded.origin ? folded.origin[start] : start;
    const last = folded.origin ? folded.origin[end] : end;
    hits.push({
      phrase: matcher.byKey.get(keyOf(folded.text.slice(start, end))) ?? text.slice(index, last),
      found: text.slice(index, Math.max(last, index + 1)),
      index,
    });
  }
  return hits;
}

/** Where `patterns` match `text` at word boundaries, in order: [start, end) pairs. Pure. */
function spansOf(text: string, patterns: RegExp[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const end = match.index + match[0].length;
      if (isWordAt(text, codePointBefore(text, match.index)) || isWordAt(text, end))
        pattern.lastIndex = match.index + 1;
      else spans.push([match.index, end]);
    }
  }
  return patterns.length > 1 ? spans.sort((a, b) => a[0] - b[0]) : spans;
}

const WORD = new RegExp(WORD_CHAR, 'u');

/** Whether the code point at `index` of `text` is a word character; false outside it. */
function isWordAt(text: string, index: number): boolean {
  const code = index < 0 ? undefined : text.codePointAt(index);
  return code !== undefined && WORD.test(String.fromCodePoint(code));
}

/** The index of the code point that ends right before `index` (-1 at the start). */
function codePointBefore(text: string, index: number): number {
  const [high, low] = [text.charCodeAt(index - 2), text.charCodeAt(index - 1)];
  const isPair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return index - (isPair ? 2 : 1);
}

interface Matcher {
  digest: string;
  refused: RegExp[];
  allowed: RegExp[];
  /** Each refused phrase by its key (keyOf), to name the phrase a match is. */
  byKey: Map<string, string>;
}

let last: Matcher | undefined;

/** The list's patterns, made once per list. */
function compiled(list: PhraseList): Matcher {
  if (last?.digest === list.digest) return last;
  last = {
    digest: list.digest,
    refused: patternsOf(list.refused),
    allowed: patternsOf(list.allowed),
    byKey: new Map(list.refused.map((phrase) => [keyOf(phrase), phrase])),
  };
  return last;
}

/**
 * Patterns matching any of `phrases`, words spaced by any white space, longest phrases first:
 * one for the phrases that start with an ASCII letter or digit, which `\b` lets the engine look
 * for quickly (a non-ASCII letter before one is ruled out by spansOf), one for the rest;
 * without the `u` flag, whose Unicode case folding makes the search several times slower (the
 * text is NFKC already). spansOf checks both ends against every word character. Pure.
 */
function patternsOf(phrases: string[]): RegExp[] {
  const alternatives = phrases
    .map(wordsOf)
    .filter((words) => words.length > 0)
    .map((words) => words.map(escapeWord).join('\\s+'))
    .sort((a, b) => b.length - a.length);
  const ascii = alternatives.filter((alternative) => /^[A-Za-z0-9]/.test(alternative));
  const other = alternatives.filter((alternative) => !/^[A-Za-z0-9]/.test(alternative));
  const end = '(?![A-Za-z0-9_])';
  return [
    ...(ascii.length > 0 ? [new RegExp(`\\b(?:${ascii.join('|')})${end}`, 'gi')] : []),
    ...(other.length > 0 ? [new RegExp(`(?:${other.join('|')})${end}`, 'gi')] : []),
  ];
}

/** A phrase's words, folded as texts are. Pure. */
function wordsOf(phrase: string): string[] {
  return fold(phrase)
    .text.split(/\s+/u)
    .filter((word) => word !== '');
}

function escapeWord(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replaceAll("'", `[${APOSTROPHES}]`);
}

/** What tells one phrase from another: folded, lower case, single spaces, one apostrophe. */
function keyOf(text: string): string {
  return fold(text)
    .text.toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(new RegExp(`[${APOSTROPHES}]`, 'g'), "'")
    .trim();
}

/**
 * `text` as phrases are matched in it: NFKC, invisible format characters dropped; with, when that
 * changed anything, the index in `text` each character of the result came from (and one past
 * the end). Pure.
 */
function fold(text: string): { text: string; origin?: number[] } {
  // Nearly every text: ASCII, or already in NFKC without a format character.
  if (/^[\x00-\x7f]*$/.test(text)) return { text };
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(text) && text.normalize('NFKC') === text) return { text };
  let folded = '';
  const origin: number[] = [];
  for (const match of text.matchAll(CLUSTER)) {
    const part = match[0].replace(INVISIBLE, '').normalize('NFKC');
    for (let i = 0; i < part.length; i++) origin.push(match.index);
    folded += part;
  }
  origin.push(text.length);
  return { text: folded, origin };
}

/**
 * A hit in words: `where` (the field, "the text") holds the phrase, how it is written when that
 * differs, and what to do. Pure.
 */
export function phraseMessage(where: string, hit: PhraseHit): string {
  const shown = hit.found.replace(/\s+/gu, ' ');
  const written = shown === hit.phrase ? '' : ` (written ${quote(shown)})`;
  return `${where} has ${quote(hit.phrase)}${written}, a phrase ${RESPONSIBLE_FILE} refuses (the site never promises winnings, claims results can be predicted or addresses minors); reword it, or add the passage to "allowed" there if it warns against the phrase`;
}
