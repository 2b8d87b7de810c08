/**
 * The page rules of `sitegen check`, for every built page: well-formed markup, nothing the
 * Content-Security-Policy would block or that bypasses it, every URL through the URL rule
 * (urls.ts), no external images, the CSP meta tag (security-headers.ts), no id used twice,
 * and the article allow-list (body-policy.ts) inside every article body container.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { printable } from '../errors/errors.ts';
import { bodyVisitor, type PolicyOptions } from './body-policy.ts';
import { sortProblems, quote, type Problem, type Report } from './problems.ts';
import { META_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { markupCharacterProblems } from './text-policy.ts';
import { pageTexts } from './reader-text.ts';
import { findPhrases, type PhraseList, phraseMessage } from './responsible-copy.ts';
import {
  isOtherHost,
  URL_ATTRIBUTES,
  URL_LIST_ATTRIBUTES,
  urlProblem,
  urlsOfList,
} from './urls.ts';
import {
  checkSource,
  MAX_PAGE_DEPTH,
  parseErrorReporter,
  walk,
  type Element,
  type Node,
  type Visit,
} from './walk.ts';

/** Class of the element templates put an article body in (src/templates/ArticleBody.tsx). */
export const ARTICLE_BODY_CLASS = 'prose';

/** What checkPage is told besides the policy's options: the site's responsible-copy list. */
export interface PageOptions extends PolicyOptions {
  /** Every text a reader sees is held to it (responsible-copy.ts); absent: not checked. */
  phrases?: PhraseList;
}

/** A `<meta http-equiv="Content-Security-Policy">` of a page: where it is and what it says. */
interface CspTag {
  line: number;
  content: string;
}

/**
 * Checks one built page for `sitegen check`: well-formed markup (every element closed and
 * properly nested, so a body cannot have broken out of its container), nothing the CSP
 * would block or that bypasses it (inline scripts other than JSON-LD, <style>, on*
 * handlers, style=, meta refresh but a redirect page's, <base>, scripts or stylesheets from
 * other origins), every
 * URL-bearing attribute through the URL rule, no external images, the CSP meta tag, and the
 * article allow-list inside every article body container; with `phrases`, no text a reader sees
 * holds a phrase of the responsible-copy list (at its line and column). Returns the problems,
 * by line.
 */
export function checkPage(html: string, options: PageOptions = {}): Problem[] {
  const problems: Problem[] = markupCharacterProblems(html);
  const source = checkSource(html, problems, MAX_PAGE_DEPTH, 'a page');
  if (source.isTooDeep) return sortProblems(problems);
  const document = parse(html, {
    sourceCodeLocationInfo: true,
    onParseError: parseErrorReporter(problems),
  });
  const cspTags: CspTag[] = [];
  walk(document.childNodes, false, problems, source.unclosed, pageVisitor(options, cspTags));
  if (options.phrases) problems.push(...phraseProblems(document.childNodes, html, options.phrases));
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
  return sortProblems(problems);
}

/** Every refused phrase of the page's texts (pageTexts), at its line and column. Pure. */
function phraseProblems(nodes: Node[], html: string, phrases: PhraseList): Problem[] {
  return pageTexts(nodes, html).flatMap(({ where, text, at }) =>
    findPhrases(text, phrases).map((hit) => ({
      ...at(hit.index),
      message: phraseMessage(where, hit),
    })),
  );
}

/**
 * The ids a built page uses more than once (a body's id="main" beside the template's),
 * each once, in document order. Parses `html` as a browser would; pure.
 */
export function duplicateIds(html: string): string[] {
  return repeatedIds(parse(html).childNodes);
}

/** The ids used more than once under `nodes`, each once, in document order. Pure. */
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
 * The walk's visit for the elements of a page: the allow-list inside an article body
 * (body-policy.ts), the page rules elsewhere; an article body container's children are read
 * as a body. Adds the page's CSP meta tags to `cspTags`.
 */
function pageVisitor(options: PolicyOptions, cspTags: CspTag[]): Visit {
  const visitBody = bodyVisitor(options);
  return (element, report, inBody, line) => {
    if (inBody) return visitBody(element, report, inBody, line);
    const csp = checkPageElement(element, report, options);
    if (csp !== undefined) cspTags.push({ line, content: csp });
    return element.tagName === 'div' && classList(element).includes(ARTICLE_BODY_CLASS)
      ? 'enter-body'
      : 'descend';
  };
}

/** The page rules for one element. Returns the content of a CSP meta tag, when it is one. */
function checkPageElement(
  element: Element,
  report: Report,
  options: PolicyOptions,
): string | undefined {
  const attributes = new Map(
    element.attrs.map((a) => [a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value]),
  );
  checkPageAttributes(element.tagName, attributes, report);
  return checkPageTag(element.tagName, attributes, report, options);
}

/**
 * The page rules for the attributes of one element, by qualified name: no on* handlers, no
 * style=, and every URL they hold through the URL rule.
 */
export function checkPageAttributes(
  tagName: string,
  attributes: Map<string, string>,
  report: Report,
): void {
  const name = printable(tagName);
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
      URL_ATTRIBUTES.has(attributeName) || (attributeName === 'data' && tagName === 'object')
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
}

/**
 * The page rules for one element by its name: no inline script but JSON-LD, no <style>, no
 * <base>, no meta refresh but a redirect page's (redirectTarget), no script, stylesheet or image from another host. Returns the
 * content of a CSP meta tag, when it is one.
 */
export function checkPageTag(
  tagName: string,
  attributes: Map<string, string>,
  report: Report,
  options: PolicyOptions,
): string | undefined {
  const type = (attributes.get('type') ?? '').trim().toLowerCase();
  switch (tagName) {
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
      if (httpEquiv === 'refresh' && redirectTarget(attributes.get('content') ?? '') === undefined)
        report(
          `has <meta http-equiv="refresh">, which redirects or reloads the page (content ${quote(attributes.get('content') ?? '')}); only a redirect page's "0; url=/path/" to a page of this site is allowed`,
        );
      if (httpEquiv === 'content-security-policy') return attributes.get('content') ?? '';
      break;
    }
  }
  return undefined;
}

/** A redirect page's refresh (templates/RedirectPage.tsx): at once, to a path from the root. */
const REDIRECT_REFRESH = /^0; url=(\/(?!\/)[^\s"'<>\\]*)$/;

/**
 * The path a `<meta http-equiv="refresh">` of a redirect page leads to: `content` is exactly
 * "0; url=/path", the path from the host's root passing the URL rule; undefined for any other
 * refresh. Pure.
 */
export function redirectTarget(content: string): string | undefined {
  const target = REDIRECT_REFRESH.exec(content)?.[1];
  return target !== undefined && urlProblem(target) === undefined ? target : undefined;
}

/** The class names an element carries (its class attribute split on ASCII whitespace). Pure. */
function classList(element: Element): string[] {
  return (element.attrs.find((a) => a.name === 'class' && !a.prefix)?.value ?? '').split(
    /[\t\n\f\r ]+/,
  );
}
