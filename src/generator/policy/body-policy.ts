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
import type { Document } from 'domhandler';
import { html as html5, parseFragment, type Token } from 'parse5';
import { printable } from '../errors/errors.ts';
import { parseOnce, type Doubt, type TreeRules } from './one-parse.ts';
import { sortProblems, quote, type Problem, type Report } from './problems.ts';
import { markupCharacterProblems } from './text-policy.ts';
import { startTagProblem, textProblem } from './tree-rules.ts';
import {
  isOtherHost,
  isOutboundLink,
  opensSafely,
  URL_ATTRIBUTES,
  URL_LIST_ATTRIBUTES,
  urlProblem,
  urlsOfList,
} from './urls.ts';
import { checkSource, MAX_BODY_DEPTH, parseErrorReporter, walk, type Visit } from './walk.ts';

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
 * publish. See checkBody.
 */
export function checkArticleBody(html: string, options: PolicyOptions = {}): Problem[] {
  return checkBody(html, options).problems;
}

/** An article body's problems and, when it has none, its one parse (the linker reads it). */
export interface CheckedBody {
  problems: Problem[];
  /**
   * The body parsed by htmlparser2 (domhandler), the tree a browser builds of it: what the
   * brand linker (content/link-brands.ts) reads instead of parsing the body again. Absent when
   * the body has problems.
   */
  document?: Document;
}

/**
 * checkArticleBody, with the body's parse: one htmlparser2 parse (one-parse.ts) that applies the
 * allow-list to every start tag and is held to markup a browser builds the same tree of. A body
 * it has any doubt about is read again by the detailed check (listBodyProblems: parse5, as
 * browsers parse), whose problems are returned as they always were; if that finds none, the
 * doubt is the problem, at its line and column: markup browsers and the linker's parser could
 * read differently is refused, never published. Nothing recursive runs on the input, and the
 * parse stops past MAX_BODY_DEPTH (htmlparser2's stack costs its depth per tag). Pure.
 */
export function checkBody(html: string, options: PolicyOptions = {}): CheckedBody {
  if (markupCharacterProblems(html).length > 0)
    return { problems: listBodyProblems(html, options) };
  const parsed = parseOnce(html, bodyRules(options), MAX_BODY_DEPTH);
  if (!parsed.doubt && parsed.document) return { problems: [], document: parsed.document };
  const problems = listBodyProblems(html, options);
  if (problems.length > 0 || !parsed.doubt) return { problems };
  return { problems: [doubtProblem(html, parsed.doubt)] };
}

/**
 * checkArticleBody's detailed check, without the one parse: parse5's tokens (closing tags,
 * depth), then its tree, each problem at its line. What a refused body is reported by, and the
 * oracle the property tests hold the one parse to. Pure.
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

/**
 * The one parse's rules for a body: the allow-list on every start tag (its first problem), then
 * the places HTML5's tree builder would move, add or close an element (tree-rules.ts).
 */
export function bodyRules(options: PolicyOptions): TreeRules {
  return {
    start: (name, attributes, open) => {
      let problem: string | undefined;
      const written = Object.entries(attributes).map(([name, value]) => ({ name, value }));
      checkBodyElement(name, html5.NS.HTML, written, options, (message) => {
        problem ??= message;
      });
      return problem ?? startTagProblem(name, open);
    },
    text: textProblem,
  };
}

/** A doubt of the one parse as a problem: its line and column, and what is expected. Pure. */
export function doubtProblem(html: string, doubt: Doubt): Problem {
  let line = 1;
  let lineStart = 0;
  for (let i = html.indexOf('\n'); i !== -1 && i < doubt.offset; i = html.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: doubt.offset - lineStart + 1, message: doubt.message };
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
