/**
 * A grammar of HTML fragments where parsers part ways (tags, attributes, comments and bogus
 * comments, character references, quotes, brackets, control characters, raw-text elements,
 * tables, lists, URLs, the depth cap), for the property tests that hold the one parse
 * (src/generator/policy/one-parse.ts) to a browser's: bodies
 * (html-policy.differential.property.test.ts) and pages (page-policy.property.test.ts).
 */
import fc from 'fast-check';
import { ARTICLE_ELEMENTS } from '../../src/generator/policy/body-policy.ts';

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
export const word = fc.constantFrom(
  'teks',
  'Lux88Togel',
  'loyal4d',
  'x',
  'é',
  'a b',
  'Q&A',
  ' ',
  '\n',
);
const text = fc.oneof(
  { arbitrary: word, weight: 6 },
  { arbitrary: reference, weight: 2 },
  { arbitrary: oddCharacter, weight: 1 },
);

export const urls = fc.constantFrom(
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
export const { node } = fc.letrec((tie) => ({
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
/** An article body: a few nodes of the grammar. */
export const bodyArbitrary = fc
  .array(node, { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''));

/** The site the property tests resolve URLs against. */
export const SITE = 'https://site.example/';

/**
 * `value` resolved against SITE by the URL parser, after the stripping it applies
 * (leading and trailing C0 controls and spaces, then tab, LF and CR anywhere; not String
 * trim(), which also drops U+00A0), or undefined when it does not parse.
 */
export function browserUrl(value: string): URL | undefined {
  const stripped = value
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '');
  try {
    return new URL(stripped, SITE);
  } catch {
    return undefined;
  }
}
