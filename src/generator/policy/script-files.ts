/**
 * Files a browser runs script from when the site's own host serves them, outside sitegen's pages.
 * GitHub Pages sends no CSP header, so a script in any of them runs on the site's origin. The
 * build holds every public/ file to this rule and `sitegen check` every built file:
 * - an `.html` file is a page: the page rules (page-policy.ts) at build, as check holds every page;
 * - HTML by another name (`.htm`, `.xhtml`, `.xht`, `.shtml`, `.mht`, `.mhtml`, `.HTML`) is
 *   refused outright, as is a compressed SVG (`.svgz`), which cannot be read for scripts;
 * - SVG and XML (`.svg`, `.xml`, `.xsl`, `.xslt`, `.rss`, `.atom`, `.rdf`) are read with an XML
 *   parser and refused with a script, a `foreignObject`, an element of XHTML (but `<link>`, as
 *   sitemaps' hreflang links), an `on*` handler (or an animation of one), a `javascript:` value,
 *   an `<?xml-stylesheet?>` or an entity declaration, or when they are not well-formed.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Problem } from '../errors/problem.ts';
import { checkPage } from './page-policy.ts';
import { quote } from './problems.ts';
import type { PhraseList } from './responsible-copy.ts';

const XHTML = 'http://www.w3.org/1999/xhtml';
/** Names a browser serves as HTML but sitegen's pages never have (`.html` in lower case). */
const HTML_BY_ANOTHER_NAME = /\.(html?|xht|xhtml|shtml?|mht|mhtml)$/i;
const COMPRESSED_SVG = /\.svgz$/i;
/** Names a browser may render as an XML document, where SVG and XHTML elements are live. */
const XML_FILE = /\.(svg|xml|xsl|xslt|rss|atom|rdf)$/i;

/** Whether scriptFileProblems reads `file` (without the page rules): an SVG or XML file. Pure. */
export function isReadForScripts(file: string): boolean {
  return XML_FILE.test(file);
}

/**
 * The problems of `file` (its path in the output) as a file a browser may run script from; none
 * for a file of another kind. `read` gives its bytes, called only for a file that is read (an
 * SVG, XML, or with `pageRules` a page). `pageRules`: also what `sitegen check` holds every
 * `.html` and `.xml` file to (the page rules; well-formed XML), for public/ at build. Pure but
 * for `read`.
 */
export function scriptFileProblems(
  file: string,
  read: () => Uint8Array,
  options: { pageRules: boolean; phrases?: PhraseList },
): Problem[] {
  const name = file.slice(file.lastIndexOf('/') + 1);
  if (name.endsWith('.html'))
    return options.pageRules ? pageProblems(file, text(read()), options.phrases) : [];
  if (HTML_BY_ANOTHER_NAME.test(name)) {
    const extension = name.slice(name.lastIndexOf('.'));
    return [
      {
        message: `is an HTML document by another name than .html (${extension}): a browser runs its scripts on the site's origin, outside the page rules every .html file is held to; name it .html, or remove it`,
      },
    ];
  }
  if (COMPRESSED_SVG.test(name))
    return [
      {
        message:
          "is a compressed SVG (.svgz), which cannot be read for scripts, and a browser runs an SVG's scripts on the site's origin; save it as .svg",
      },
    ];
  if (!XML_FILE.test(name)) return [];
  const isCheckedXml = name.endsWith('.xml') && !options.pageRules;
  return xmlProblems(text(read()), { reportMalformed: !isCheckedXml });
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * The page rules for a public `.html` file (checkPage; with `phrases`, the responsible-copy list
 * too, as check holds every page to the project's), but for Google Search Console's HTML
 * verification file (isSiteVerification).
 */
function pageProblems(file: string, html: string, phrases?: PhraseList): Problem[] {
  if (isSiteVerification(file, html)) return [];
  return checkPage(html, { phrases }).map(({ line, column, message }) => ({
    line,
    column,
    message,
  }));
}

/**
 * Google Search Console's HTML verification file: `google0123abcd.html` at the top (`file`: its
 * path in the output), holding only "google-site-verification: google0123abcd.html", a token for
 * Google's crawler, not a page. Pure.
 */
export function isSiteVerification(file: string, html: string): boolean {
  return SITE_VERIFICATION_NAME.test(file) && html.trim() === `google-site-verification: ${file}`;
}

/** The name Google's verification file has (isSiteVerification): test it before reading. */
export const SITE_VERIFICATION_NAME = /^google[0-9a-z]+\.html$/;

/**
 * What could run a script in an SVG or XML document, each at its line and column (where the
 * parser stood: the end of the tag); `reportMalformed`: also the first XML error. Pure.
 */
function xmlProblems(xml: string, options: { reportMalformed: boolean }): Problem[] {
  const problems: Problem[] = [];
  const parser = new ScriptReader();
  const report = (message: string) =>
    problems.push({ line: parser.line, column: parser.column, message });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype))
      report(
        'declares entities (<!ENTITY …>), which can expand into markup that cannot be read for scripts; expected none',
      );
  });
  parser.on('processinginstruction', ({ target }) => {
    if (target.toLowerCase() === 'xml-stylesheet')
      report(
        'has <?xml-stylesheet?>: a browser transforms or styles the document with it, and an XSLT stylesheet can make a page with scripts; expected none',
      );
  });
  parser.on('opentag', (tag) => {
    for (const message of tagProblems(tag)) report(message);
  });
  parser.write(xml).close();
  if (options.reportMalformed && parser.firstError) problems.push(parser.firstError);
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** What could run a script in one element: its name, its handlers and its values. Pure. */
function tagProblems(tag: SaxesTagNS): string[] {
  const problems: string[] = [];
  const shown = `<${tag.name}>`;
  const local = tag.local.toLowerCase();
  if (local === 'script') problems.push(`has ${shown}, a script; expected none`);
  else if (local === 'foreignobject')
    problems.push(`has ${shown}, which embeds HTML (and its scripts) in an SVG; expected none`);
  else if (tag.uri === XHTML && local !== 'link')
    problems.push(
      `has ${shown}, an element of XHTML, which a browser renders as HTML on the site's origin; expected none (but <link>, as a sitemap's hreflang links)`,
    );
  for (const attribute of Object.values(tag.attributes)) {
    const value = attribute.value;
    if (/^on/i.test(attribute.local))
      problems.push(`has <${tag.name} ${attribute.name}="…">, an event handler; expected none`);
    else if (attribute.local === 'attributeName' && /^\s*on/i.test(value))
      problems.push(`has ${shown} animating the event handler ${quote(value)}; expected none`);
    if (/javascript:/i.test(value.replace(/[\u0000-\u0020\u007f]/g, '')))
      problems.push(
        `has ${attribute.name}=${quote(value)} on ${shown}, a javascript: URL; expected none`,
      );
  }
  return problems;
}

/** saxes with namespaces, keeping the first parse error as a Problem at its place. */
class ScriptReader extends SaxesParser<{ xmlns: true; position: true }> {
  firstError: Problem | undefined;

  constructor() {
    super({ xmlns: true, position: true });
  }

  override fail(message: string): this {
    this.firstError ??= {
      line: this.line,
      column: this.column,
      message: `not well-formed XML: ${message} (a browser would still show the document up to this point)`,
    };
    return this;
  }
}
