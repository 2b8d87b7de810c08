import fc from 'fast-check';
import type { ChildNode, Document } from 'domhandler';
import {
  defaultTreeAdapter,
  html as html5,
  parseFragment,
  type DefaultTreeAdapterMap,
} from 'parse5';
import { describe, expect, it } from 'vitest';
import { linkFirstMentions } from '../../src/generator/content/link-brands.ts';
import {
  ARTICLE_ELEMENTS,
  GLOBAL_ATTRIBUTES,
  checkBody,
  listBodyProblems,
} from '../../src/generator/policy/body-policy.ts';
import { problemText } from '../../src/generator/policy/problems.ts';

/**
 * The one parse per body (issue 31) reads a body with htmlparser2, which is not the HTML5
 * algorithm a browser runs (parse5 is). An allow-list checked on a tree the browser does not
 * build is a bypass, so the policy accepts a body only where the two parsers agree. This test
 * holds it to that, with the old policy (parse5's tokens and tree, listBodyProblems) as the
 * oracle: it writes bodies from a grammar of the fragments where parsers part ways (tags,
 * attributes, comments and bogus comments, character references, quotes, brackets, control
 * characters, raw-text elements, tables, lists, URLs) and asserts that whatever the policy
 * accepts, the old policy accepts too, the browser's parse of it (parse5, in the <div> an
 * article body sits in) holds only allowed elements, attributes and URLs, and it is the very
 * tree htmlparser2 built and the linker reads.
 */

const RUNS = Number(process.env.FC_RUNS ?? 20_000);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const TARGETS = [
  { name: 'Lux88Togel', url: 'https://lux88togel.example/' },
  { name: 'Loyal4D', url: 'https://loyal4d.example/?a=1&b="2"' },
];
const SITE = 'https://site.example/';
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'formaction', 'poster', 'data']);

// ---- The grammar -------------------------------------------------------------------------

/** Character references, whole and cut: the ways decoding differs between parsers. */
const reference = fc.constantFrom(
  '&amp;',
  '&AMP;',
  '&amp',
  '&lt;',
  '&gt;',
  '&quot;',
  '&nbsp;',
  '&copy',
  '&copy;',
  '&copy=1',
  '&notit;',
  '&notin;',
  '&not',
  '&b=2',
  '&A',
  '&foo;',
  '&;',
  '&#;',
  '&#x;',
  '&#0;',
  '&#9;',
  '&#10;',
  '&#13;',
  '&#32;',
  '&#106;',
  '&#x6a',
  '&#x6A;',
  '&#128;',
  '&#x110000;',
  '&#55296;',
  '&colon;',
  '&Tab;',
  '&NewLine;',
  '&lpar;',
  '&NotEqualTilde;',
  '& ',
  '&',
);
/** Characters a filter or a parser treats specially, raw. */
const oddCharacter = fc.constantFrom(
  '<',
  '>',
  '"',
  "'",
  '`',
  '=',
  '/',
  ' ',
  '\n',
  '\t',
  '\r',
  '\r\n',
  '\f',
  '\u0000',
  '\u0001',
  '\u000b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u212a',
  '\u0130',
  '\ufeff',
);
const word = fc.constantFrom('teks', 'Lux88Togel', 'loyal4d', 'x', 'é', 'a b', 'Q&A', ' ', '\n');
const text = fc.oneof(
  { arbitrary: word, weight: 6 },
  { arbitrary: reference, weight: 2 },
  { arbitrary: oddCharacter, weight: 1 },
);

const urls = fc.constantFrom(
  '/artikel/',
  '#bagian',
  'gambar.png',
  'https://ok.example/a?b=1&amp;c=2',
  'https://ok.example/a?b=1&c=2',
  'mailto:a@b.example',
  '//cdn.example/a.png',
  'javascript:alert(1)',
  'java&#x09;script:alert(1)',
  'javascript&colon;alert(1)',
  'jav&Tab;ascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6a;avascript:alert(1)',
  '&#x6aavascript:alert(1)',
  ' \u0001javascript:alert(1)',
  'data:text/html,x',
  'vbscript:x',
);
const attributeValue = fc.oneof(
  { arbitrary: urls, weight: 3 },
  { arbitrary: fc.constantFrom('x', '_blank', 'noopener noreferrer', '1', 'en'), weight: 3 },
  {
    arbitrary: fc
      .array(fc.oneof(word, reference, oddCharacter), { maxLength: 3 })
      .map((parts) => parts.join('')),
    weight: 2,
  },
);
const attributeName = fc.oneof(
  {
    arbitrary: fc.constantFrom('href', 'src', 'cite', 'title', 'class', 'id', 'target', 'rel'),
    weight: 8,
  },
  { arbitrary: fc.constantFrom('lang', 'dir', 'alt', 'start', 'open', 'colspan'), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      'onclick',
      'OnLoad',
      'style',
      'srcdoc',
      'formaction',
      'data-x',
      'xlink:href',
      'HREF',
      'a<b',
      'a"b',
      '=x',
      'hr\u212aef',
      'on\u212aclick',
    ),
    weight: 1,
  },
);
/** One attribute as written: quoted either way, unquoted, valueless, or broken. */
const attribute = fc
  .tuple(
    attributeName,
    attributeValue,
    fc.constantFrom('"', '"', "'", '', 'none', 'broken', 'tight'),
    fc.constantFrom(' ', ' ', ' ', '\n', '\t', '  '),
    fc.constantFrom('=', '=', '=', ' = ', '=\n'),
  )
  .map(([name, value, style, space, equals]) => {
    if (style === 'none') return `${space}${name}`;
    if (style === 'broken') return `${space}${name}${equals}"${value}`;
    if (style === 'tight') return `${name}="${value}"`;
    if (style === '') return `${space}${name}${equals}${value}`;
    return `${space}${name}${equals}${style}${value.replaceAll(style, '')}${style}`;
  });

const allowedNames = [...ARTICLE_ELEMENTS.keys()];
const refusedNames = [
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'template',
  'svg',
  'math',
  'select',
  'option',
  'button',
  'form',
  'image',
  'h1',
  'body',
  'html',
  'x-widget',
  '\u212abd',
  'scr\u0130pt',
];
const elementName = fc
  .oneof(
    { arbitrary: fc.constantFrom(...allowedNames), weight: 14 },
    { arbitrary: fc.constantFrom(...refusedNames), weight: 1 },
  )
  .chain((name) => fc.constantFrom(name, name, name.toUpperCase()));

/** Markup that is no element: comments, bogus comments, declarations, stray tags. */
const oddMarkup = fc.constantFrom(
  '<!-- x -->',
  '<!---->',
  '<!-- a -- b -->',
  '<!-- a --->',
  '<!--sitegen:image {"src":"./images/a.png","alt":"x"}-->',
  '<!-->',
  '<!--->',
  '<!-- a --!> <img src=x onerror=alert(1)> -->',
  '<!-- <!-- -->',
  '<!--<!-->',
  '<!-- a <!- -->',
  '<!-- open',
  '<!x>',
  '<?x?>',
  '<![CDATA[<p>]]>',
  '<!DOCTYPE html>',
  '</3>',
  '</>',
  '</ p>',
  '</p x>',
  '<br/>',
  '<br />',
  '</br>',
  '<p/>',
  '< p>',
  '<a',
  '<<p>',
);

/** Links, images and quotes, the elements whose URL the policy reads once decoded. */
const urlElement = fc
  .tuple(
    fc.constantFrom('a', 'A', 'img', 'q', 'blockquote'),
    fc.constantFrom('"', "'", ''),
    urls,
    word,
  )
  .map(([name, quote, url, inner]) => {
    const attribute = { a: 'href', img: 'src', q: 'cite', blockquote: 'cite' }[name.toLowerCase()];
    const value = quote === '' ? url : `${quote}${url.replaceAll(quote, '')}${quote}`;
    return name === 'img'
      ? `<img src=${value} alt="">`
      : `<${name} ${attribute}=${value}>${inner}</${name}>`;
  });

const VOID = new Set(['br', 'hr', 'img', 'wbr', 'col', 'source', 'image', 'input']);
const { node } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: text, weight: 4 },
    { arbitrary: oddMarkup, weight: 1 },
    { arbitrary: tie('element'), weight: 4 },
    { arbitrary: urlElement, weight: 2 },
    { arbitrary: tie('structure'), weight: 2 },
    { arbitrary: tie('deep'), weight: 1 },
  ),
  /** A node at the depth cap or just past it, where both policies stop reading. */
  deep: fc
    .tuple(
      fc.integer({ min: 97, max: 101 }),
      fc.constantFrom('div', 'span', 'blockquote'),
      tie('node'),
    )
    .map(
      ([depth, name, inner]) => `${`<${name}>`.repeat(depth)}${inner}${`</${name}>`.repeat(depth)}`,
    ),
  /** An element with its children, closed as written, left open or closed by another name. */
  element: fc
    .tuple(
      elementName,
      fc.array(attribute, { maxLength: 2 }),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.constantFrom('close', 'close', 'close', 'close', 'open', 'other', 'self'),
    )
    .map(([name, attributes, children, end]) => {
      const start = `<${name}${attributes.join('')}`;
      if (VOID.has(name.toLowerCase())) return `${start}>`;
      if (end === 'self') return `${start}/>${children.join('')}`;
      const close = end === 'open' ? '' : end === 'other' ? '</span>' : `</${name}>`;
      return `${start}>${children.join('')}${close}`;
    }),
  /** Tables and lists, whose parts a browser moves, adds or closes by rules of their own. */
  structure: fc
    .tuple(
      fc.constantFrom('table', 'table', 'ul', 'dl', 'p', 'h2', 'a'),
      fc.array(
        fc.oneof(
          fc.constantFrom(
            '<caption>c</caption>',
            '<colgroup><col></colgroup>',
            '<col>',
            '<thead><tr><th>h</th></tr></thead>',
            '<tbody><tr><td>d</td></tr></tbody>',
            '<tr><td>d</td></tr>',
            '<td>d</td>',
            '<li>i</li>',
            '<dt>t</dt><dd>d</dd>',
            '<p>p</p>',
            '<div>v</div>',
            '<h3>h</h3>',
            '<a href="/x">a</a>',
            '<span><li>s</li></span>',
            '<div><dt>x</dt></div>',
            '\n',
            ' x ',
          ),
          tie('node'),
        ),
        { maxLength: 4 },
      ),
    )
    .map(([name, children]) => `<${name}>${children.join('')}</${name}>`),
}));
const bodyArbitrary = fc.array(node, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));

// ---- The oracles -------------------------------------------------------------------------

type P5Node = DefaultTreeAdapterMap['childNode'];

/** The browser's tree of a body: HTML5's fragment parse inside the <div> a page puts it in. */
function browserNodes(html: string): P5Node[] {
  const context = defaultTreeAdapter.createElement('div', html5.NS.HTML, []);
  return parseFragment(context, html, {}).childNodes;
}

/** Every element of the browser's tree that the allow-list or the URL rule does not allow. */
function violations(nodes: P5Node[]): string[] {
  const found: string[] = [];
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    const allowed = ARTICLE_ELEMENTS.get(node.tagName);
    if (node.namespaceURI !== html5.NS.HTML || !allowed) found.push(`<${node.tagName}>`);
    for (const { name, value, prefix } of node.attrs) {
      const qualified = prefix ? `${prefix}:${name}` : name;
      if (!GLOBAL_ATTRIBUTES.has(qualified) && !allowed?.has(qualified))
        found.push(`${qualified} on <${node.tagName}>`);
      if (URL_ATTRIBUTES.has(qualified)) {
        const url = browserUrl(value);
        if (url && !ALLOWED_PROTOCOLS.has(url.protocol)) found.push(`${url.protocol} ${value}`);
        if (url && node.tagName === 'img' && url.host !== 'site.example')
          found.push(`external image ${value}`);
      }
    }
    const content = (node as Partial<DefaultTreeAdapterMap['template']>).content;
    stack.push(...(content ? content.childNodes : node.childNodes));
  }
  return found;
}

/** `value` as the URL parser reads it (C0 and spaces trimmed, tab and line breaks dropped). */
function browserUrl(value: string): URL | undefined {
  const stripped = value
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '');
  try {
    return new URL(stripped, SITE);
  } catch {
    return undefined;
  }
}

/** A tree written out as one line per node: elements with their attributes, texts, comments. */
function browserShape(nodes: P5Node[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.nodeName === '#text') addText(out, (node as DefaultTreeAdapterMap['textNode']).value);
    else if (node.nodeName === '#comment')
      out.push(`comment ${JSON.stringify((node as DefaultTreeAdapterMap['commentNode']).data)}`);
    else if ('tagName' in node) {
      out.push(`<${node.tagName} ${JSON.stringify(node.attrs.map((a) => [a.name, a.value]))}>`);
      browserShape(node.childNodes, out);
      out.push(`</${node.tagName}>`);
    }
  }
  return out;
}

/** The same for htmlparser2's tree; a <pre>'s first line break, which HTML5 drops, dropped. */
function parsedShape(nodes: ChildNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 'text') addText(out, node.data);
    else if (node.type === 'comment') out.push(`comment ${JSON.stringify(node.data)}`);
    else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      out.push(`<${node.name} ${JSON.stringify(Object.entries(node.attribs))}>`);
      const before = out.length;
      parsedShape(node.children, out);
      if (node.name === 'pre' && out[before]?.startsWith('text "\\n')) {
        const rest = JSON.parse(out[before].slice(5)).slice(1);
        if (rest === '') out.splice(before, 1);
        else out[before] = `text ${JSON.stringify(rest)}`;
      }
      out.push(`</${node.name}>`);
    } else out.push(`other ${node.type}`);
  }
  return out;
}

/** Adjacent texts are one text, as a browser's tree holds them. */
function addText(out: string[], data: string) {
  const last = out.at(-1);
  if (last?.startsWith('text '))
    out[out.length - 1] = `text ${JSON.stringify(JSON.parse(last.slice(5)) + data)}`;
  else out.push(`text ${JSON.stringify(data)}`);
}

// ---- The properties ----------------------------------------------------------------------

describe('property: one parse per body, only where htmlparser2 builds the browser’s tree', () => {
  it(`what the policy accepts, the old policy accepts, the browser builds safely, and htmlparser2 built the same tree (${RUNS} runs)`, () => {
    const stats = { runs: 0, accepted: 0, oldAccepted: 0, refusedOnlyNow: 0, withUrls: 0 };
    fc.assert(
      fc.property(bodyArbitrary, (html) => {
        stats.runs++;
        const { problems, document } = checkBody(html);
        const old = listBodyProblems(html);
        if (old.length === 0) stats.oldAccepted++;
        if (problems.length > 0) {
          if (old.length === 0) stats.refusedOnlyNow++;
          // A refusal names a line (and, where the old policy saw nothing wrong, a column).
          for (const problem of problems) expect(problem.line).toBeGreaterThanOrEqual(1);
          return;
        }
        stats.accepted++;
        if (/ (href|src|cite)=/i.test(html)) stats.withUrls++;
        expect(old.map(problemText), `accepted, but the old policy refuses:\n${html}`).toEqual([]);
        const nodes = browserNodes(html);
        expect(violations(nodes), `accepted:\n${html}`).toEqual([]);
        expect(document, 'an accepted body hands its parse on').toBeDefined();
        expect(parsedShape((document as Document).children), `accepted:\n${html}`).toEqual(
          browserShape(nodes),
        );
        // The linker reads that parse: the same bytes as from a parse of its own.
        const linked = linkFirstMentions(html, TARGETS);
        expect(linkFirstMentions(html, TARGETS, document), html).toBe(linked);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (process.env.FC_STATS) console.log('STATS', JSON.stringify(stats));
    // Worth something only if the generator reached both sides of the line.
    expect(stats.accepted, JSON.stringify(stats)).toBeGreaterThan(RUNS * 0.05);
    expect(stats.withUrls, JSON.stringify(stats)).toBeGreaterThan(RUNS * 0.005);
    expect(stats.runs - stats.oldAccepted, JSON.stringify(stats)).toBeGreaterThan(RUNS * 0.3);
  }, 600_000);
});
