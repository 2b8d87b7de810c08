/**
 * The parse5 passes the body and page policies share. HTML is read with parse5, which
 * tokenizes and builds trees exactly as browsers do: entities are decoded, stray tags
 * dropped and misnested ones repaired the way a browser would, so the policy judges what
 * the browser will see, not what a regex guessed. checkSource applies the rules only the
 * tokens show (explicit, matching end tags; the depth cap); walk visits the tree and reports
 * what the tree alone shows (an element the browser ended early), leaving each element's own
 * rules to its caller.
 */
import {
  html as html5,
  Tokenizer,
  TokenizerMode,
  type DefaultTreeAdapterMap,
  type ParserError,
  type Token,
} from 'parse5';
import { printable } from '../errors/errors.ts';
import type { Problem, Report } from './problems.ts';

export type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** Deepest nesting of elements a body may use; deeper markup is an error, never parsed further. */
export const MAX_BODY_DEPTH = 100;
/** Deepest nesting a whole built page may use (templates plus a body). */
export const MAX_PAGE_DEPTH = 200;

/** Elements without an end tag (HTML's void elements, obsolete ones included). */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Start tags after which the tree builder switches the tokenizer out of the data state. */
const TEXT_MODES: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  title: TokenizerMode.RCDATA,
  textarea: TokenizerMode.RCDATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  noscript: TokenizerMode.RAWTEXT,
  script: TokenizerMode.SCRIPT_DATA,
  plaintext: TokenizerMode.PLAINTEXT,
};

/**
 * Source rules the tree cannot show, from parse5's tokenizer (so tags are read as the
 * browser reads them): every non-void element has an explicit end tag, end tags match the
 * element they close, and no end tag is stray; and no more than `maxDepth` elements are
 * open at once (past that, every later token is ignored). Returns the start offsets of the
 * start tags it reported as unclosed, so the tree walk does not report them again.
 */
export function checkSource(
  html: string,
  problems: Problem[],
  maxDepth: number,
  what: string,
  checkToken?: (token: Token.TagToken) => void,
): { unclosed: Set<number>; isTooDeep: boolean } {
  const open: { name: string; line: number; offset: number }[] = [];
  const unclosed = new Set<number>();
  let foreign = 0;
  let isTooDeep = false;
  const tokenizer: Tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag(token: Token.TagToken) {
        if (isTooDeep) return;
        checkToken?.(token);
        const name = token.tagName;
        const line = token.location?.startLine ?? 0;
        const mode = TEXT_MODES[name];
        if (mode !== undefined && foreign === 0) tokenizer.state = mode;
        if (VOID_ELEMENTS.has(name) || (token.selfClosing && foreign > 0)) return;
        if (name === 'svg' || name === 'math') foreign++;
        open.push({ name, line, offset: token.location?.startOffset ?? -1 });
        if (open.length > maxDepth) {
          isTooDeep = true;
          const message = depthMessage(name, open.length, maxDepth, what);
          problems.push({ line, message, isTooDeep: true });
        }
      },
      onEndTag(token: Token.TagToken) {
        if (isTooDeep) return;
        const name = token.tagName;
        const line = token.location?.startLine ?? 0;
        const top = open.at(-1);
        if (VOID_ELEMENTS.has(name)) {
          problems.push({
            line,
            message: `</${printable(name)}> closes a void element, which has no closing tag`,
          });
        } else if (!top || open.findLastIndex((entry) => entry.name === name) === -1) {
          problems.push({
            line,
            message: `</${printable(name)}> has no matching <${printable(name)}>`,
          });
        } else {
          if (top.name !== name) {
            problems.push({
              line,
              message: `</${printable(name)}> found where </${printable(top.name)}> (opened on line ${top.line}) was expected`,
            });
          }
          const index = open.findLastIndex((entry) => entry.name === name);
          for (const entry of open.splice(index)) {
            if (entry.name === 'svg' || entry.name === 'math') foreign--;
            if (entry.name !== name) unclosed.add(entry.offset);
          }
        }
      },
      onComment() {},
      onDoctype() {},
      onEof() {},
      onCharacter() {},
      onNullCharacter() {},
      onWhitespaceCharacter() {},
    },
  );
  tokenizer.write(html, true);
  if (isTooDeep) return { unclosed, isTooDeep };
  for (const entry of open) {
    problems.push({ line: entry.line, message: `<${printable(entry.name)}> is never closed` });
    unclosed.add(entry.offset);
  }
  return { unclosed, isTooDeep };
}

function depthMessage(name: string, depth: number, maxDepth: number, what: string): string {
  return `<${printable(name)}> is nested ${depth} elements deep; ${what} may nest at most ${maxDepth} (close or flatten the markup)`;
}

/** parse5's errors that markupCharacterProblems reports in its own words (the same characters). */
const CHARACTER_ERRORS = new Set([
  'control-character-in-input-stream',
  'control-character-reference',
  'unexpected-null-character',
  'null-character-reference',
  'surrogate-in-input-stream',
  'surrogate-character-reference',
]);

/**
 * parse5's parse errors (malformed tags, bad character references, ...) as problems, in parse5's
 * words: returns the onParseError hook that adds them to `problems`.
 */
export function parseErrorReporter(problems: Problem[]) {
  return (error: ParserError) => {
    if (CHARACTER_ERRORS.has(error.code)) return;
    const hint =
      PARSE_ERROR_HINTS[error.code] ??
      'write "&lt;" for a literal "<" and "&amp;" for a literal "&"';
    problems.push({
      line: error.startLine,
      message: `malformed HTML (parse5: ${error.code}): ${hint}`,
    });
  };
}

const PARSE_ERROR_HINTS: Record<string, string> = {
  'invalid-first-character-of-tag-name': 'a "<" that starts no tag; write "&lt;" for a literal "<"',
  'eof-in-tag': 'a tag is cut off by the end of the file',
  'eof-in-comment': 'a comment "<!--" is never closed with "-->"',
  'missing-semicolon-after-character-reference':
    'a character reference without ";"; write "&amp;" for a literal "&"',
  'unknown-named-character-reference':
    'an unknown character reference; write "&amp;" for a literal "&"',
  'duplicate-attribute': 'an attribute is repeated on one tag (browsers keep only the first)',
  'non-void-html-element-start-tag-with-trailing-solidus':
    '"/>" does not close an HTML element; write the end tag',
};

/**
 * What walk does with an element's children once it is visited: read them under the same
 * rules, skip them (the element itself is refused), or read them as an article body (the
 * allow-list, nesting counted again from 1).
 */
export type Next = 'descend' | 'skip' | 'enter-body';

/**
 * Applies the caller's rules to one element: `report` files a problem on it, `inBody` says
 * whether it sits in an article body, `line` is where it starts.
 */
export type Visit = (element: Element, report: Report, inBody: boolean, line: number) => Next;

/**
 * Walks the tree with an explicit stack (never recursion), in document order, and hands every
 * element to `visit`; `inBody` says whether the top-level nodes are article body content. Adds
 * to `problems` what the tree shows of any element: nesting past MAX_BODY_DEPTH in a body or
 * MAX_PAGE_DEPTH elsewhere (once; deeper elements are not visited), and an element the browser
 * ended before its end tag, unless checkSource already reported it as unclosed (`unclosed`).
 */
export function walk(
  nodes: Node[],
  inBody: boolean,
  problems: Problem[],
  unclosed: Set<number>,
  visit: Visit,
): void {
  type Frame = { node: Node; depth: number; inBody: boolean; line: number };
  const stack: Frame[] = [];
  const pushChildren = (children: Node[], depth: number, inBody: boolean, line: number) => {
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i], depth, inBody, line });
  };
  pushChildren(nodes, 1, inBody, 1);
  let tooDeep = false;
  while (stack.length > 0) {
    const { node, depth, inBody, line: parentLine } = stack.pop()!;
    if (!('tagName' in node)) continue;
    const element = node as Element;
    const line = element.sourceCodeLocation?.startLine ?? parentLine;
    const report = (message: string, attributeName?: string) =>
      problems.push({
        line:
          (attributeName && element.sourceCodeLocation?.attrs?.[attributeName]?.startLine) || line,
        message,
      });

    const limit = inBody ? MAX_BODY_DEPTH : MAX_PAGE_DEPTH;
    if (depth > limit) {
      if (!tooDeep)
        report(depthMessage(element.tagName, depth, limit, inBody ? 'a body' : 'a page'));
      tooDeep = true;
      continue;
    }
    if (endsEarly(element, unclosed)) {
      report(
        `<${printable(element.tagName)}> ends before its end tag: the browser closes it where an element that cannot sit inside it starts (such as <div>, <ul> or <table> inside <p>)`,
      );
    }
    const next = visit(element, report, inBody, line);
    if (next === 'skip') continue;
    // An HTML <template> keeps its children in .content; an SVG or MathML "template" does not.
    const content = (element as Partial<DefaultTreeAdapterMap['template']>).content;
    const children = content ? content.childNodes : element.childNodes;
    if (next === 'enter-body') pushChildren(children, 1, true, line);
    else pushChildren(children, depth + 1, inBody, line);
  }
}

/**
 * Whether the tokens balance but the browser ended the element early (<p><div></div></p>):
 * an HTML element written with a start tag, not void, that the tree gives no end tag, and
 * that checkSource did not already report as never closed. Pure.
 */
function endsEarly(element: Element, unclosed: Set<number>): boolean {
  const location = element.sourceCodeLocation;
  if (!location?.startTag) return false;
  return (
    !location.endTag &&
    element.namespaceURI === html5.NS.HTML &&
    !VOID_ELEMENTS.has(element.tagName) &&
    !unclosed.has(location.startTag.startOffset)
  );
}
