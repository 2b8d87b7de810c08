/**
 * The article body policy of `sitegen build`: an allow-list. The elements are what a
 * long-form article needs and no more: text blocks (p, h2 to h6; h1 is the page's title),
 * lists (ul, ol, li, dl, dt, dd), quotes (blockquote, q, cite), phrasing (a, strong, em, b,
 * i, u, s, small, sub, sup, mark, abbr, time, span, code, kbd, samp, var, br, wbr), code
 * blocks (pre), rules (hr), images (img, figure, figcaption), tables (table, caption,
 * colgroup, col, thead, tbody, tfoot, tr, th, td), generic containers (div) and disclosure
 * (details, summary). None of them runs code, loads a document or changes the page outside
 * the body. Attributes: id, class, title, lang and dir anywhere, plus the few each element
 * means something with (ARTICLE_ELEMENTS). Not allowed, among others: script, style, meta,
 * base, link, form controls, iframe, frame, object, embed, svg, math, template, noscript; on*
 * handlers, style=, srcdoc, formaction, data-*; srcset only on a picture's <source>.
 * Every element must be closed explicitly and properly nested, and elements nest at most
 * MAX_BODY_DEPTH deep. URLs (each of a srcset too) pass the URL rule (urls.ts); images must
 * come from the site itself unless the caller opts in. The build refuses images written as
 * HTML in a body (refuseImages): it places the pictures of Markdown images itself. `sitegen check` applies the same allow-list inside every
 * article body of a built page (page-policy.ts).
 */
import {
  html as html5,
  parseFragment,
  Parser,
  type DefaultTreeAdapterMap,
  type Token,
} from 'parse5';
import { printable } from '../errors/errors.ts';
import { sortProblems, quote, type Problem, type Report } from './problems.ts';
import { markupCharacterProblems } from './text-policy.ts';
import {
  isOtherHost,
  isOutboundLink,
  opensSafely,
  URL_ATTRIBUTES,
  URL_LIST_ATTRIBUTES,
  urlProblem,
  urlsOfList,
} from './urls.ts';
import {
  checkSource,
  MAX_BODY_DEPTH,
  parseErrorReporter,
  VOID_ELEMENTS,
  walk,
  type Element,
  type Node,
  type Visit,
} from './walk.ts';

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
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'fetchpriority'],
    picture: [],
    source: ['type', 'srcset', 'sizes'],
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

/** What a caller relaxes or tightens in the body policy (and the page policy, which applies it). */
export interface PolicyOptions {
  /**
   * Accept `<img src>` on another host (tracking pixels, hotlinks). The site's content does not opt
   * in.
   */
  allowExternalImages?: boolean;
  /**
   * Refuse every `<img>`, `<picture>` and `<source>` in a body: the build does, because it
   * publishes only the images a body writes in Markdown (`![alt](./images/x.png)`) and places
   * their pictures itself; an image written as HTML would be published dead.
   */
  refuseImages?: boolean;
}

/**
 * Checks an article body before it is trusted as HTML. Returns its problems sorted by line,
 * each with its line (problemText makes "line N: message"); an empty list means the body is safe to
 * publish. Nothing recursive runs on the input, and the depth cap is checked first, by the
 * linear tokenizer pass: parse5's tree builder scans its stack of open elements for every
 * start tag (quadratic in depth: 100,000 nested <div> take over a minute), so markup that
 * nests too deep is reported and never handed to it.
 */
export function checkArticleBody(html: string, options: PolicyOptions = {}): Problem[] {
  return isCleanBody(html, options) && markupCharacterProblems(html).length === 0
    ? []
    : listBodyProblems(html, options);
}

/**
 * checkArticleBody without its fast path: always both passes with source locations.
 * Exported so a property test can hold the fast path to the same verdicts. Pure.
 */
export function listBodyProblems(html: string, options: PolicyOptions = {}): Problem[] {
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
  if (source.isTooDeep) return sortProblems(problems);
  const fragment = parseFragment(html, {
    sourceCodeLocationInfo: true,
    onParseError: parseErrorReporter(problems),
  });
  walk(fragment.childNodes, true, problems, source.unclosed, bodyVisitor(options));
  return sortProblems(problems);
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
 * The walk's visit for the elements of an article body: the allow-list (checkBodyElement),
 * whose refused elements are not read further. Pure.
 */
export function bodyVisitor(options: PolicyOptions): Visit {
  return (element, report) =>
    checkBodyElement(element.tagName, element.namespaceURI, element.attrs, options, report)
      ? 'descend'
      : 'skip';
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
  report: Report,
): boolean {
  const allowed = namespace === html5.NS.HTML ? ARTICLE_ELEMENTS.get(name) : undefined;
  if (!allowed) {
    report(
      `<${printable(name)}> is not allowed in article bodies (${whyRefused(name, namespace)})`,
    );
    return false;
  }
  if (IMAGE_ELEMENTS.has(name) && options.refuseImages) {
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
    } else if (URL_ATTRIBUTES.has(attributeName) || URL_LIST_ATTRIBUTES.has(attributeName)) {
      for (const url of urlsOf(attributeName, attribute.value))
        checkUrl(name, attributeName, url, options, (message) => report(message, attribute.name));
    }
  }
  if (name === 'a') checkOutboundLink(attributes, report);
  return true;
}

/** The elements of an image, which a body written by hand may not use (refuseImages). */
const IMAGE_ELEMENTS = new Set(['img', 'picture', 'source']);

const IMAGE_IN_BODY =
  'an image written as HTML in the article text is not published: the build copies only the ' +
  'images a body writes in Markdown. Write it as ![alt text](./images/file.png), the file in ' +
  'src/content/articles/images/ (docs/content.md, Images in the text), or remove it';

/** The URLs of a URL attribute: its value, or each address of a list (srcset). Pure. */
function urlsOf(attributeName: string, value: string): string[] {
  return URL_LIST_ATTRIBUTES.has(attributeName) ? urlsOfList(attributeName, value) : [value];
}

/**
 * One URL of a body element's attribute through the URL rule; an image (`src`, `srcset`) must
 * also be a file of the site unless the caller opts in.
 */
function checkUrl(
  name: string,
  attributeName: string,
  url: string,
  options: PolicyOptions,
  report: (message: string) => void,
) {
  const shown = printable(attributeName);
  const problem = urlProblem(url);
  if (problem) {
    report(
      `${problem} in ${shown}="…" on <${name}> is not allowed (decoded: ${quote(url)}; allowed: http, https, mailto, tel and relative URLs)`,
    );
  } else if (
    (name === 'img' || name === 'source') &&
    (attributeName === 'src' || attributeName === 'srcset') &&
    !options.allowExternalImages &&
    isOtherHost(url)
  ) {
    report(
      `<${name} ${shown}="…"> loads an image from another host (${quote(url)}); images must be files of the site`,
    );
  }
}

/**
 * A body link to another host opens in a new tab without handing the page a reference
 * back or a referrer, the rule `sitegen check` holds every built page to: `target="_blank"`
 * and `rel` with noopener and noreferrer. (Brand mentions get such links from the linker.)
 */
function checkOutboundLink(attributes: Token.Attribute[], report: Report) {
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
  return 'not on the allow-list of src/generator/policy/body-policy.ts';
}
