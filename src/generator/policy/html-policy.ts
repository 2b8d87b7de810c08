/**
 * The one HTML policy of the site, for `sitegen build` (article bodies) and `sitegen check`
 * (built pages), plus the Content-Security-Policy and security headers every page is served
 * with. HTML is read with parse5, which tokenizes and builds trees exactly as browsers do:
 * entities are decoded, stray tags dropped and misnested ones repaired the way a browser
 * would, so the policy judges what the browser will see, not what a regex guessed.
 *
 * Article bodies: an allow-list. The elements are what a long-form article needs and no more:
 * text blocks (p, h2 to h6; h1 is the page's title), lists (ul, ol, li, dl, dt, dd), quotes
 * (blockquote, q, cite), phrasing (a, strong, em, b, i, u, s, small, sub, sup, mark, abbr,
 * time, span, code, kbd, samp, var, br, wbr), code blocks (pre), rules (hr), images (img,
 * figure, figcaption), tables (table, caption, colgroup, col, thead, tbody, tfoot, tr, th,
 * td), generic containers (div) and disclosure (details, summary). None of them runs code,
 * loads a document or changes the page outside the body. Attributes: id, class, title, lang
 * and dir anywhere, plus the few each element means something with (ARTICLE_ELEMENTS). Not
 * allowed, among others: script, style, meta, base, link, form controls, iframe, frame,
 * object, embed, svg, math, template, noscript; on* handlers, style=, srcset (an address list
 * nobody here needs), srcdoc, formaction, data-*. Every element must be closed explicitly
 * and properly nested, and elements nest at most MAX_BODY_DEPTH deep.
 *
 * URLs (href, src, cite, ...) are read after the HTML parser decoded entities and after the
 * stripping the URL parser applies (leading and trailing C0 controls and spaces, every tab,
 * LF and CR anywhere), then their scheme per the WHATWG URL standard: http, https, mailto,
 * tel and scheme-less relative URLs pass; javascript:, data:, vbscript:, file: and every
 * other scheme are errors. Images must come from the site itself unless the caller opts in.
 *
 * Every message starts with "line N:" and quotes content only through printable().
 */
import {
  html as html5,
  parse,
  parseFragment,
  Parser,
  Tokenizer,
  TokenizerMode,
  type DefaultTreeAdapterMap,
  type ParserError,
  type Token,
} from 'parse5';
import { printable } from '../errors/errors.ts';
import { markupCharacterProblems } from './text-policy.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The policy every page is served with (the `_headers` file, `sitegen preview`, `watch`). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The same policy for a `<meta http-equiv="Content-Security-Policy">` tag, which every page
 * carries so hosts that cannot send headers (GitHub Pages) still enforce it. A meta tag
 * cannot carry frame-ancestors (browsers ignore it there and warn), so it is left out.
 */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/** Attributes any allowed element may carry. */
export const GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'class',
  'title',
  'lang',
  'dir',
]);

/**
 * Every element an article body may use, with the attributes it may carry besides the global ones.
 */
export const ARTICLE_ELEMENTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    p: [],
    h2: [],
    h3: [],
    h4: [],
    h5: [],
    h6: [],
    div: [],
    span: [],
    hr: [],
    br: [],
    wbr: [],
    ul: [],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    dl: [],
    dt: [],
    dd: [],
    blockquote: ['cite'],
    q: ['cite'],
    cite: [],
    a: ['href', 'title', 'rel', 'target', 'hreflang'],
    strong: [],
    em: [],
    b: [],
    i: [],
    u: [],
    s: [],
    small: [],
    sub: [],
    sup: [],
    mark: [],
    abbr: [],
    time: ['datetime'],
    code: [],
    kbd: [],
    samp: [],
    var: [],
    pre: [],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    figure: [],
    figcaption: [],
    table: [],
    caption: [],
    colgroup: ['span'],
    col: ['span'],
    thead: [],
    tbody: [],
    tfoot: [],
    tr: [],
    th: ['colspan', 'rowspan', 'scope', 'headers', 'abbr'],
    td: ['colspan', 'rowspan', 'headers'],
    details: ['open'],
    summary: [],
  }).map(([name, attributes]) => [name, new Set(attributes)]),
);

/** Deepest nesting of elements a body may use; deeper markup is an error, never parsed further. */
const MAX_BODY_DEPTH = 100;
/** Deepest nesting a whole built page may use (templates plus a body). */
const MAX_PAGE_DEPTH = 200;

/** Class of the element templates put an article body in (src/templates/ArticleBody.tsx). */
const ARTICLE_BODY_CLASS = 'prose';

const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

/** Attributes whose value is one URL, on any element (HTML, SVG and obsolete ones included). */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'cite',
  'poster',
  'background',
  'longdesc',
  'codebase',
  'lowsrc',
  'dynsrc',
  'manifest',
  'profile',
  'classid',
  'archive',
]);
/** Attributes whose value is a list of URLs. */
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'ping']);

const VOID_ELEMENTS = new Set([
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

export interface PolicyOptions {
  /**
   * Accept `<img src>` on another host (tracking pixels, hotlinks). The site's content does not opt
   * in.
   */
  allowExternalImages?: boolean;
  /**
   * Refuse every `<img>` in a body: the build does, because it copies no image a body names
   * (only the front-matter `image`), so such an image would be published dead.
   */
  refuseImages?: boolean;
}

interface Problem {
  line: number;
  message: string;
}

/**
 * Checks an article body before it is trusted as HTML. Returns one message per problem,
 * sorted by line, each starting with "line N:"; an empty list means the body is safe to
 * publish. Nothing recursive runs on the input, and the depth cap is checked first, by the
 * linear tokenizer pass: parse5's tree builder scans its stack of open elements for every
 * start tag (quadratic in depth: 100,000 nested <div> take over a minute), so markup that
 * nests too deep is reported and never handed to it.
 */
export function checkArticleBody(html: string, options: PolicyOptions = {}): string[] {
  return isCleanBody(html, options) && markupCharacterProblems(html).length === 0
    ? []
    : listBodyProblems(html, options);
}

/**
 * checkArticleBody without its fast path: always both passes with source locations.
 * Exported so a property test can hold the fast path to the same verdicts. Pure.
 */
export function listBodyProblems(html: string, options: PolicyOptions = {}): string[] {
  const problems: Problem[] = [];
  // Every start tag as written, not only the elements the tree builder makes of them: it
  // renames some (<image> becomes <img>, which the linker's htmlparser2 does not do) and
  // drops others whose attributes a page still gets (<body onload> inside a page's body
  // adds onload to the page's <body>).
  const checkToken = (token: Token.TagToken) => {
    const line = token.location?.startLine ?? 0;
    checkBodyElement(token.tagName, html5.NS.HTML, token.attrs, options, (message, attribute) =>
      problems.push({
        line: (attribute && token.location?.attrs?.[attribute]?.startLine) || line,
        message,
      }),
    );
  };
  problems.push(...markupCharacterProblems(html));
  const source = checkSource(html, problems, MAX_BODY_DEPTH, 'a body', checkToken);
  if (source.isTooDeep) return format(problems);
  const fragment = parseFragment(html, {
    sourceCodeLocationInfo: true,
    onParseError: parseErrorReporter(problems),
  });
  walk(fragment.childNodes, 'body', problems, options, source.unclosed);
  return format(problems);
}

/** Thrown inside the fast path's token hooks to stop parsing at the first sign of a problem. */
const NOT_CLEAN = Symbol('not clean');

/**
 * The fast path of checkArticleBody, for the common case of a clean body: one parse5 pass
 * without source locations (the slow path tokenizes twice, with locations), the allow-list
 * applied to every start tag as the tokenizer emits it. True only when no rule fired, every
 * start tag made the element it names, every end tag closed exactly the element its start
 * tag made (so the browser ended none early), and the tree holds no element the tags did
 * not name (so the tree walk has nothing to add). On any doubt it stops and returns false;
 * the slow path then finds the problems with their lines. Uses parse5's Parser, exported
 * as @internal, the way its own parseFragment does.
 */
function isCleanBody(html: string, options: PolicyOptions): boolean {
  const parser = Parser.getFragmentParser<DefaultTreeAdapterMap>(null, {
    onParseError: () => {
      throw NOT_CLEAN;
    },
  });
  // parse5 turns source locations on whenever parse errors are reported, which doubles the
  // cost; this path only needs to know that an error happened, not where.
  parser.options.sourceCodeLocationInfo = false;
  const open: unknown[] = [];
  const written: string[] = [];
  const notClean = () => {
    throw NOT_CLEAN;
  };
  const onStartTag = parser.onStartTag.bind(parser);
  const onEndTag = parser.onEndTag.bind(parser);
  parser.onStartTag = (token: Token.TagToken) => {
    checkBodyElement(token.tagName, html5.NS.HTML, token.attrs, options, notClean);
    written.push(`${open.length}:${token.tagName}`);
    if (open.length >= MAX_BODY_DEPTH) notClean();
    const before = parser.openElements.current;
    onStartTag(token);
    if (VOID_ELEMENTS.has(token.tagName)) return;
    const made = parser.openElements.current;
    if (made === before || (made as Element | undefined)?.tagName !== token.tagName) notClean();
    open.push(made);
  };
  parser.onEndTag = (token: Token.TagToken) => {
    if (open.length === 0 || parser.openElements.current !== open.pop()) notClean();
    onEndTag(token);
  };
  try {
    parser.tokenizer.write(html, true);
  } catch (error) {
    if (error === NOT_CLEAN) return false;
    throw error;
  }
  return open.length === 0 && nestingOf(parser.getFragment().childNodes).join() === written.join();
}

/**
 * Every element of a tree in document order as "depth:name", the shape isCleanBody records of the
 * tags.
 */
function nestingOf(nodes: Node[]): string[] {
  const shape: string[] = [];
  const stack: { node: Node; depth: number }[] = nodes
    .map((node) => ({ node, depth: 0 }))
    .reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!('tagName' in node)) continue;
    shape.push(`${depth}:${node.tagName}`);
    for (let i = node.childNodes.length - 1; i >= 0; i--)
      stack.push({ node: node.childNodes[i], depth: depth + 1 });
  }
  return shape;
}

/**
 * Checks one built page for `sitegen check`: well-formed markup (every element closed and
 * properly nested, so a body cannot have broken out of its container), nothing the CSP
 * would block or that bypasses it (inline scripts other than JSON-LD, <style>, on*
 * handlers, style=, meta refresh, <base>, scripts or stylesheets from other origins), every
 * URL-bearing attribute through the URL rule, no external images, the CSP meta tag, and the
 * article allow-list inside every article body container. Messages start with "line N:".
 */
export function checkPage(html: string, options: PolicyOptions = {}): string[] {
  const problems: Problem[] = markupCharacterProblems(html);
  const source = checkSource(html, problems, MAX_PAGE_DEPTH, 'a page');
  if (source.isTooDeep) return format(problems);
  const document = parse(html, {
    sourceCodeLocationInfo: true,
    onParseError: parseErrorReporter(problems),
  });
  const cspTags = walk(document.childNodes, 'page', problems, options, source.unclosed);
  for (const id of repeatedIds(document.childNodes))
    problems.push({ line: 1, message: `the id ${quote(id)} is used more than once on the page` });
  if (cspTags.length === 0) {
    problems.push({
      line: 1,
      message: `has no <meta http-equiv="Content-Security-Policy">; every page carries the site's policy`,
    });
  }
  for (const tag of cspTags) {
    if (tag.content !== META_CONTENT_SECURITY_POLICY) {
      problems.push({
        line: tag.line,
        message: `<meta http-equiv="Content-Security-Policy"> carries ${quote(tag.content)}; expected ${quote(META_CONTENT_SECURITY_POLICY)}`,
      });
    }
  }
  return format(problems);
}

/**
 * The ids a built page uses more than once (a body's id="main" beside the template's),
 * each once, in document order. Parses `html` as a browser would; pure.
 */
export function duplicateIds(html: string): string[] {
  return repeatedIds(parse(html).childNodes);
}

function repeatedIds(nodes: Node[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    const id = node.attrs.find((attribute) => attribute.name === 'id' && !attribute.prefix)?.value;
    if (id !== undefined) (seen.has(id) ? repeated : seen).add(id);
    const content = (node as Partial<DefaultTreeAdapterMap['template']>).content;
    const children = content ? content.childNodes : node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return [...repeated];
}

/**
 * `text` safe as HTML or XML text: &, < and > escaped. The one text escaper of the generator; pure.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `text` safe inside a double-quoted HTML attribute: escapeText plus ". Pure. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/**
 * True when a link to `href` leaves the site: an http(s) or scheme-less address on another
 * host, not under `siteUrl` (the built site's own absolute address). The one definition of
 * an outbound link, for bodies (build) and pages (check). Pure.
 */
export function isOutboundLink(href: string, siteUrl?: string): boolean {
  const scheme = urlScheme(href);
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  if (siteUrl && stripUrl(href).startsWith(siteUrl)) return false;
  return isOtherHost(href);
}

/**
 * Whether a link opens in a new tab without handing the new page a reference back or a referrer.
 * Pure.
 */
export function opensSafely(target: string | undefined, rel: string | undefined): boolean {
  const values = (rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  return target === '_blank' && values.includes('noopener') && values.includes('noreferrer');
}

/**
 * `value` as the URL parser reads it: leading and trailing C0 controls and spaces removed, then
 * every tab, LF and CR.
 */
function stripUrl(value: string): string {
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * The scheme of `value` (lowercase, without ":") as the WHATWG URL parser reads it after
 * stripping, or undefined for a scheme-less (relative) URL: an ASCII letter, then letters,
 * digits, "+", "-" or ".", then ":"; anything else before a ":" means no scheme.
 */
export function urlScheme(value: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(stripUrl(value))?.[1].toLowerCase();
}

/**
 * What is wrong with `value` as a URL in a page or body, or undefined when it is allowed:
 * a relative URL, or an http(s) URL that parses, or mailto:/tel:.
 */
export function urlProblem(value: string): string | undefined {
  const scheme = urlScheme(value);
  if (scheme === undefined) return undefined;
  if (!ALLOWED_URL_SCHEMES.has(scheme)) return `a ${scheme}: URL`;
  if ((scheme === 'http' || scheme === 'https') && !URL.canParse(stripUrl(value)))
    return 'an http(s) URL that does not parse';
  return undefined;
}

/** True when `value`, resolved as a browser would against the page, points to another host. */
function isOtherHost(value: string): boolean {
  try {
    return new URL(stripUrl(value), 'https://site.invalid/').host !== 'site.invalid';
  } catch {
    return false;
  }
}

/**
 * The URLs of a srcset/imagesrcset value (HTML's "parse a srcset attribute": candidates
 * separated by commas, each a URL then optional descriptors) or of a ping value (spaces).
 */
export function urlsOfList(attribute: string, value: string): string[] {
  if (attribute === 'ping') return value.split(/[\t\n\f\r ]+/).filter(Boolean);
  const urls: string[] = [];
  let position = 0;
  const isSpace = (char: string) => /[\t\n\f\r ]/.test(char);
  while (position < value.length) {
    while (position < value.length && (isSpace(value[position]) || value[position] === ','))
      position++;
    if (position >= value.length) break;
    const start = position;
    while (position < value.length && !isSpace(value[position])) position++;
    let url = value.slice(start, position);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses.
      let inParens = false;
      for (; position < value.length; position++) {
        const char = value[position];
        if (char === '(') inParens = true;
        else if (char === ')') inParens = false;
        else if (char === ',' && !inParens) break;
      }
    }
    urls.push(url);
  }
  return urls;
}

/**
 * Source rules the tree cannot show, from parse5's tokenizer (so tags are read as the
 * browser reads them): every non-void element has an explicit end tag, end tags match the
 * element they close, and no end tag is stray; and no more than `maxDepth` elements are
 * open at once (past that, every later token is ignored). Returns the start offsets of the
 * start tags it reported as unclosed, so the tree walk does not report them again.
 */
function checkSource(
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
          problems.push({ line, message: depthMessage(name, open.length, maxDepth, what) });
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
 * words.
 */
function parseErrorReporter(problems: Problem[]) {
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

interface CspTag {
  line: number;
  content: string;
}

/**
 * Walks the tree with an explicit stack (never recursion) and applies the body allow-list
 * ('body') or the page rules ('page'; inside an article body container, the allow-list).
 * Returns the page's CSP meta tags, for checkPage.
 */
function walk(
  nodes: Node[],
  mode: 'body' | 'page',
  problems: Problem[],
  options: PolicyOptions,
  unclosed: Set<number>,
): CspTag[] {
  const cspTags: CspTag[] = [];
  type Frame = { node: Node; depth: number; inBody: boolean; line: number };
  const stack: Frame[] = [];
  const pushChildren = (children: Node[], depth: number, inBody: boolean, line: number) => {
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i], depth, inBody, line });
  };
  pushChildren(nodes, 1, mode === 'body', 1);
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
    // The tokens balance but the browser ended the element early: <p><div></div></p>.
    const location = element.sourceCodeLocation;
    if (
      location?.startTag &&
      !location.endTag &&
      element.namespaceURI === html5.NS.HTML &&
      !VOID_ELEMENTS.has(element.tagName) &&
      !unclosed.has(location.startTag.startOffset)
    ) {
      report(
        `<${printable(element.tagName)}> ends before its end tag: the browser closes it where an element that cannot sit inside it starts (such as <div>, <ul> or <table> inside <p>)`,
      );
    }
    let descend = true;
    let childrenInBody = inBody;
    let childDepth = depth + 1;
    if (inBody) {
      descend = checkBodyElement(
        element.tagName,
        element.namespaceURI,
        element.attrs,
        options,
        report,
      );
    } else {
      const csp = checkPageElement(element, report, options);
      if (csp !== undefined) cspTags.push({ line, content: csp });
      if (element.tagName === 'div' && classList(element).includes(ARTICLE_BODY_CLASS)) {
        childrenInBody = true;
        childDepth = 1;
      }
    }
    if (!descend) continue;
    // An HTML <template> keeps its children in .content; an SVG or MathML "template" does not.
    const content = (element as Partial<DefaultTreeAdapterMap['template']>).content;
    const children = content ? content.childNodes : element.childNodes;
    pushChildren(children, childDepth, childrenInBody, line);
  }
  return cspTags;
}

/**
 * The allow-list for one body element or start tag. Returns false when its content need not
 * be read (the element itself is refused).
 */
function checkBodyElement(
  name: string,
  namespace: string,
  attributes: Token.Attribute[],
  options: PolicyOptions,
  report: (message: string, attribute?: string) => void,
): boolean {
  const allowed = namespace === html5.NS.HTML ? ARTICLE_ELEMENTS.get(name) : undefined;
  if (!allowed) {
    report(
      `<${printable(name)}> is not allowed in article bodies (${whyRefused(name, namespace)})`,
    );
    return false;
  }
  if (name === 'img' && options.refuseImages) {
    report(IMAGE_IN_BODY);
    return false;
  }
  for (const attribute of attributes) {
    const attributeName = attribute.prefix
      ? `${attribute.prefix}:${attribute.name}`
      : attribute.name;
    const shown = printable(attributeName);
    if (/^on/i.test(attributeName)) {
      report(
        `inline event handler ${shown}="…" on <${name}> is not allowed (it would break the Content-Security-Policy)`,
        attribute.name,
      );
    } else if (attributeName === 'style') {
      report(
        `style="…" on <${name}> is not allowed (the Content-Security-Policy blocks inline styles)`,
        attribute.name,
      );
    } else if (!GLOBAL_ATTRIBUTES.has(attributeName) && !allowed.has(attributeName)) {
      report(
        `attribute ${shown}="…" is not allowed on <${name}> (allowed: ${[...GLOBAL_ATTRIBUTES, ...allowed].join(', ')})`,
        attribute.name,
      );
    } else if (URL_ATTRIBUTES.has(attributeName)) {
      const problem = urlProblem(attribute.value);
      if (problem) {
        report(
          `${problem} in ${shown}="…" on <${name}> is not allowed (decoded: ${quote(attribute.value)}; allowed: http, https, mailto, tel and relative URLs)`,
          attribute.name,
        );
      } else if (
        name === 'img' &&
        attributeName === 'src' &&
        !options.allowExternalImages &&
        isOtherHost(attribute.value)
      ) {
        report(
          `<img src="…"> loads an image from another host (${quote(attribute.value)}); images must be files of the site`,
          attribute.name,
        );
      }
    }
  }
  if (name === 'a') checkOutboundLink(attributes, report);
  return true;
}

const IMAGE_IN_BODY =
  'an image in the article text is not published: the build copies no file a body names, so it ' +
  'would be a dead image. Put the picture in the front matter as "image" with "imageAlt" ' +
  '(README, Writing content), or remove it';

/**
 * A body link to another host opens in a new tab without handing the page a reference
 * back or a referrer, the rule `sitegen check` holds every built page to: `target="_blank"`
 * and `rel` with noopener and noreferrer. (Brand mentions get such links from the linker.)
 */
function checkOutboundLink(
  attributes: Token.Attribute[],
  report: (message: string, attribute?: string) => void,
) {
  const value = (attributeName: string) =>
    attributes.find((a) => a.name === attributeName && !a.prefix)?.value;
  const href = value('href');
  if (href === undefined || !isOutboundLink(href)) return;
  if (!opensSafely(value('target'), value('rel'))) {
    report(
      `a link to another site (${quote(href)}) needs target="_blank" rel="noopener noreferrer" (write an address on this site as a relative link such as "/artikel/")`,
      'href',
    );
  }
}

function whyRefused(name: string, namespace: string): string {
  if (
    namespace === html5.NS.SVG ||
    namespace === html5.NS.MATHML ||
    name === 'svg' ||
    name === 'math'
  )
    return 'no SVG or MathML in content';
  if (name === 'image') return 'browsers read it as <img>, other parsers do not; write <img>';
  if (name === 'html' || name === 'head' || name === 'body')
    return "browsers add its attributes to the page's own element";
  if (name === 'script' || name === 'style' || name === 'noscript')
    return 'no scripts or styles in content; the Content-Security-Policy forbids them';
  if (name === 'meta' || name === 'base' || name === 'link' || name === 'title')
    return "it belongs to the page's head: redirects, base URLs and remote resources are not content";
  if (
    ['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'template'].includes(
      name,
    )
  )
    return 'no embedded documents in content';
  if (
    [
      'form',
      'input',
      'button',
      'select',
      'textarea',
      'option',
      'optgroup',
      'datalist',
      'output',
      'fieldset',
      'label',
    ].includes(name)
  ) {
    return 'no forms in content';
  }
  if (name === 'h1') return "the article's title is the page's only <h1>; use <h2> to <h6>";
  return 'not on the allow-list of src/generator/policy/html-policy.ts';
}

/** The page rules for one element. Returns the content of a CSP meta tag, when it is one. */
function checkPageElement(
  element: Element,
  report: (message: string, attribute?: string) => void,
  options: PolicyOptions,
): string | undefined {
  const name = printable(element.tagName);
  const attributes = new Map(
    element.attrs.map((a) => [a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value]),
  );
  for (const [attributeName, value] of attributes) {
    const shown = printable(attributeName);
    if (/^on/i.test(attributeName))
      report(
        `<${name} ${shown}="…"> is an inline event handler; the CSP would block it`,
        attributeName,
      );
    if (attributeName === 'style')
      report(
        `<${name} style="…"> is an inline style; the CSP (style-src 'self') would block it`,
        attributeName,
      );
    const urls =
      URL_ATTRIBUTES.has(attributeName) ||
      (attributeName === 'data' && element.tagName === 'object')
        ? [value]
        : URL_LIST_ATTRIBUTES.has(attributeName)
          ? urlsOfList(attributeName, value)
          : [];
    for (const url of urls) {
      const problem = urlProblem(url);
      if (problem)
        report(
          `<${name} ${shown}="…"> has ${problem} (decoded: ${quote(url)}); allowed: http, https, mailto, tel and relative URLs`,
          attributeName,
        );
    }
  }
  const type = (attributes.get('type') ?? '').trim().toLowerCase();
  switch (element.tagName) {
    case 'script':
      if (!attributes.has('src') && type !== 'application/ld+json')
        report("has an inline <script>; the CSP (script-src 'self') would block it");
      if (attributes.has('src') && isOtherHost(attributes.get('src')!))
        report(
          `<script src="…"> loads a script from another host; the CSP (script-src 'self') would block it`,
        );
      break;
    case 'style':
      report("has an inline <style>; the CSP (style-src 'self') would block it");
      break;
    case 'base':
      report('has a <base>, which changes where every relative link points');
      break;
    case 'link': {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') && isOtherHost(attributes.get('href') ?? '')) {
        report(
          `<link rel="stylesheet"> loads a stylesheet from another host; the CSP (style-src 'self') would block it`,
        );
      }
      break;
    }
    case 'img':
      if (
        !options.allowExternalImages &&
        attributes.has('src') &&
        isOtherHost(attributes.get('src')!)
      ) {
        report(
          `<img src="…"> loads an image from another host (${quote(attributes.get('src')!)})`,
          'src',
        );
      }
      break;
    case 'meta': {
      const httpEquiv = (attributes.get('http-equiv') ?? '').trim().toLowerCase();
      if (httpEquiv === 'refresh')
        report('has <meta http-equiv="refresh">, which redirects or reloads the page');
      if (httpEquiv === 'content-security-policy') return attributes.get('content') ?? '';
      break;
    }
  }
  return undefined;
}

function classList(element: Element): string[] {
  return (element.attrs.find((a) => a.name === 'class' && !a.prefix)?.value ?? '').split(
    /[\t\n\f\r ]+/,
  );
}

/**
 * A value quoted for a message: JSON escapes (no raw newlines or tabs), control characters shown,
 * cut at 80 characters.
 */
function quote(value: string): string {
  return printable(JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value));
}

/** Problems listed per body or page before the rest are summed up. */
const MAX_PROBLEMS = 50;

function format(problems: Problem[]): string[] {
  const seen = new Set<string>();
  const messages = problems
    .map((problem, index) => ({ ...problem, index }))
    .sort((a, b) => a.line - b.line || a.index - b.index)
    .map((problem) => `line ${problem.line}: ${problem.message}`)
    .filter((message) => !seen.has(message) && seen.add(message));
  if (messages.length <= MAX_PROBLEMS) return messages;
  const last = problems.reduce((max, problem) => Math.max(max, problem.line), 0);
  return [
    ...messages.slice(0, MAX_PROBLEMS),
    `line ${last}: and ${messages.length - MAX_PROBLEMS} more problems up to this line`,
  ];
}
