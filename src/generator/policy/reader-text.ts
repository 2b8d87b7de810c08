/**
 * The text a reader sees of HTML, and where each part of it is written: an article body as
 * Markdown renders it (markupText), a built page as parse5 reads it (pageTexts); and where a
 * source file writes some words (locateWords). What the responsible-copy rule
 * (responsible-copy.ts) reads, so a phrase split by emphasis, a link or a character reference
 * is still one phrase, and a problem names the line and column it is written at. Pure.
 */
import { isTag, type AnyNode, type Element as ParsedElement } from 'domhandler';
import type { Element, Node } from './walk.ts';

/** A letter, a combining mark, a digit or a connector ("_"): what a word is made of. */
export const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}\\p{Pc}]';

/** Elements whose tags fall inside a run of text: a phrase may go on across them. */
export const INLINE_ELEMENTS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * What stands between two blocks of text (a paragraph and the next, two table cells): no white
 * space, so a phrase never runs from one block into another, and no word character.
 */
export const BLOCK_BREAK = '\u0000';

/** A tag, a comment or a character reference of HTML. */
const MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<\/?([A-Za-z][A-Za-z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g;

/**
 * The text a reader sees of an HTML fragment (an article body as Markdown renders it): tags
 * and comments taken out (a block's tags leave a BLOCK_BREAK), character references decoded;
 * and, for an index of that text, the offset in `html` it came from. Pure.
 */
export function markupText(html: string): { text: string; offsetOf(index: number): number } {
  // Pairs: where a run starts in the text, and in the markup.
  const runs: number[] = [];
  let text = '';
  let from = 0;
  const add = (part: string, at: number) => {
    runs.push(text.length, at);
    text += part;
  };
  for (const match of html.matchAll(MARKUP)) {
    if (match.index > from) add(html.slice(from, match.index), from);
    const token = match[0];
    if (token[0] === '&') add(decodeReference(token) ?? token, match.index);
    else if (!token.startsWith('<!--') && !INLINE_ELEMENTS.has(match[1].toLowerCase()))
      add(BLOCK_BREAK, match.index);
    from = match.index + token.length;
  }
  if (from < html.length) add(html.slice(from), from);
  return { text, offsetOf: (index) => offsetIn(runs, index, html, text) };
}

/** The markup offset of a text index, through the runs of markupText. */
function offsetIn(runs: number[], index: number, html: string, text: string): number {
  const run = lastAtOrBefore(runs.length / 2, (i) => runs[i * 2] <= index);
  const [textStart, markupStart] = [runs[run * 2] ?? 0, runs[run * 2 + 1] ?? 0];
  const isRaw = html.startsWith(text.slice(textStart, index), markupStart);
  return isRaw ? markupStart + (index - textStart) : markupStart;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  zwsp: '\u200b',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
};

/** The character a reference stands for; undefined for a name this table does not hold. */
export function decodeReference(reference: string): string | undefined {
  const body = reference.replace(/^&|;$/g, '');
  if (body[0] !== '#') return NAMED[body.toLowerCase()];
  const code = /^#[xX]/.test(body) ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Where a source file writes the words a hit found (`found`), from line `fromLine` on: the
 * 1-based line and column of its first word, the words spaced by white space or the markup
 * Markdown and HTML put between words (`**pasti** menang`, `[pasti](/x) menang`,
 * `pasti&nbsp;menang`); undefined when the source does not show them so (a character
 * reference inside a word). Pure.
 */
export function locateWords(
  source: string,
  found: string,
  fromLine = 1,
): { line: number; column: number } | undefined {
  const words = found.split(/\s+/u).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const gap = '(?:\\s|[*_~`\\[]|<[^>\\n]*>|\\]\\([^)\\n]*\\)|&(?:nbsp|#160|#[xX][aA]0);)+';
  const pattern = new RegExp(
    `(?<!${WORD_CHAR})${words.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join(gap)}(?!${WORD_CHAR})`,
    'giu',
  );
  pattern.lastIndex = offsetOfLine(source, fromLine);
  const match = pattern.exec(source);
  if (!match) return undefined;
  const before = source.slice(0, match.index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: countLines(before), column: match.index - lineStart + 1 };
}

function offsetOfLine(source: string, line: number): number {
  let offset = 0;
  for (let i = 1; i < line && offset !== -1; i++) offset = source.indexOf('\n', offset) + 1 || -1;
  return offset === -1 ? source.length : offset;
}

/** The 1-based line of the end of `text`. */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

type TextNode = Extract<Node, { nodeName: '#text' }>;

/** One text of a built page: the flow of its text nodes, or one attribute a reader sees. */
export interface PageText {
  /** What the text is, for messages: "the text", "<img alt>", "<meta name=\"description\">". */
  where: string;
  text: string;
  /** The 1-based line and column in the page where the text's character `index` is written. */
  at(index: number): { line: number; column: number };
}

/** Attributes a reader, a search result or a share shows; and meta tags' `content`. */
const SHOWN_ATTRIBUTES = new Set(['alt', 'title', 'aria-label', 'placeholder']);
/** Elements whose text no reader sees (JSON-LD repeats what the page shows). */
const UNSEEN_ELEMENTS = new Set(['script', 'style', 'template']);
/** Marks, on the walk's stack, the end of a block: a BLOCK_BREAK after its text. */
const BLOCK_END = Symbol('block end');

/**
 * The texts a reader sees of a page parsed by parse5 with source locations: the text of its
 * elements in document order as one text (blocks apart, inline elements joined; scripts,
 * styles and templates left out), then each attribute a reader sees (alt, title, aria-label,
 * placeholder, a named meta tag's content), each with where its characters are written in
 * `html`. Walks with an explicit stack. Pure.
 */
export function pageTexts(nodes: Node[], html: string): PageText[] {
  const at = positionsIn(html);
  const runs: { start: number; node: TextNode }[] = [];
  const attributes: PageText[] = [];
  const texts: string[] = [];
  let length = 0;
  const add = (part: string) => {
    texts.push(part);
    length += part.length;
  };
  const stack: (Node | typeof BLOCK_END)[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === BLOCK_END) add(BLOCK_BREAK);
    else if (node.nodeName === '#text') {
      runs.push({ start: length, node: node as TextNode });
      add((node as TextNode).value);
    } else if ('tagName' in node && !UNSEEN_ELEMENTS.has(node.tagName)) {
      for (const { name, value } of node.attrs) {
        const where = shownAs(node, name);
        if (where) attributes.push(attributeText(node, name, value, where, html, at));
      }
      if (!INLINE_ELEMENTS.has(node.tagName)) {
        add(BLOCK_BREAK);
        stack.push(BLOCK_END);
      }
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
    }
  }
  const flow: PageText = {
    where: 'the text',
    text: texts.join(''),
    at: (index) => {
      const run = runs[lastAtOrBefore(runs.length, (i) => runs[i].start <= index)];
      const location = run?.node.sourceCodeLocation;
      if (!location) return at(0);
      const raw = html.slice(location.startOffset, location.endOffset);
      return at(location.startOffset + rawIndex(raw, index - run.start));
    },
  };
  return [flow, ...attributes];
}

/**
 * The texts a reader sees of a page htmlparser2 parsed (the one parse, one-parse.ts), read as
 * pageTexts reads parse5's tree: the flow of its texts, then each attribute a reader sees; without
 * where they are written (a page whose texts hold a phrase is read again by parse5 for that).
 * Walks with an explicit stack. Pure.
 */
export function parsedPageTexts(nodes: AnyNode[]): string[] {
  const flow: string[] = [];
  const attributes: string[] = [];
  const stack: (AnyNode | typeof BLOCK_END)[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === BLOCK_END) flow.push(BLOCK_BREAK);
    else if (node.type === 'text') flow.push(node.data);
    else if (isTag(node) && !UNSEEN_ELEMENTS.has(node.name)) {
      for (const [name, value] of Object.entries(node.attribs))
        if (isShown(node, name)) attributes.push(value);
      if (!INLINE_ELEMENTS.has(node.name)) {
        flow.push(BLOCK_BREAK);
        stack.push(BLOCK_END);
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return [flow.join(''), ...attributes];
}

/** shownAs for htmlparser2's elements: whether a reader sees attribute `name`. */
function isShown(element: ParsedElement, name: string): boolean {
  if (element.name !== 'meta') return SHOWN_ATTRIBUTES.has(name);
  return name === 'content' && ('name' in element.attribs || 'property' in element.attribs);
}

/**
 * How a message names attribute `name` of `element` when a reader sees it ("<img alt>",
 * "<meta name=\"description\">"); undefined for any other attribute. Pure.
 */
function shownAs(element: Element, name: string): string | undefined {
  if (element.tagName !== 'meta')
    return SHOWN_ATTRIBUTES.has(name) ? `<${element.tagName} ${name}>` : undefined;
  if (name !== 'content') return undefined;
  const named = element.attrs.find((a) => a.name === 'name' || a.name === 'property');
  return named && `<meta ${named.name}="${named.value}">`;
}

/** One attribute as a PageText: its value, each index at the line and column it is written. */
function attributeText(
  element: Element,
  name: string,
  value: string,
  where: string,
  html: string,
  at: (offset: number) => { line: number; column: number },
): PageText {
  return {
    where,
    text: value,
    at: (index) => {
      const location = element.sourceCodeLocation?.attrs?.[name];
      if (!location) return at(element.sourceCodeLocation?.startOffset ?? 0);
      const raw = html.slice(location.startOffset, location.endOffset);
      const valueStart = /^[^=]*=\s*["']?/.exec(raw)?.[0].length ?? raw.length;
      return at(location.startOffset + valueStart + rawIndex(raw.slice(valueStart), index));
    },
  };
}

const REFERENCE = /&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/y;

/**
 * The offset in `raw` markup (a text node's or an attribute value's source) of the character
 * at `index` of its decoded text: a character reference is as many characters as it stands for
 * (one for a name this module does not know), a CR LF one. Pure.
 */
function rawIndex(raw: string, index: number): number {
  let offset = 0;
  for (let decoded = 0; decoded < index && offset < raw.length; ) {
    REFERENCE.lastIndex = offset;
    const reference = raw[offset] === '&' ? REFERENCE.exec(raw) : null;
    if (reference) {
      offset += reference[0].length;
      decoded += (decodeReference(reference[0]) ?? '?').length;
    } else {
      offset += raw.startsWith('\r\n', offset) ? 2 : 1;
      decoded++;
    }
  }
  return offset;
}

/** The 1-based line and column of an offset of `text`, the line starts found once. */
function positionsIn(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    const lines = starts;
    const line = lastAtOrBefore(lines.length, (i) => lines[i] <= offset);
    return { line: line + 1, column: offset - lines[line] + 1 };
  };
}

/** The last index below `length` for which `isAtOrBefore` holds (they hold up to some index). */
function lastAtOrBefore(length: number, isAtOrBefore: (index: number) => boolean): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (isAtOrBefore(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
