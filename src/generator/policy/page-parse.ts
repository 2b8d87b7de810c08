/**
 * `sitegen check`'s page rules on the one parse (one-parse.ts): a built page read once, with
 * htmlparser2, for the policy and for cheerio (check/check-output.ts reads the same tree). The
 * rules are page-policy.ts's: the page rules outside an article body, the allow-list inside one
 * (body-policy.ts), no id twice, the CSP meta tag, the responsible-copy list over every text a
 * reader sees; and the page's own structure a browser builds as written (a doctype, <html>,
 * <head> with head elements only, <body>, nothing after it; SVG and MathML without the HTML
 * elements that end them). A page the one parse doubts, or whose rules it finds broken, is read
 * again by checkPage (parse5), whose problems are the report as they always were: check's
 * verdicts and messages do not change, only how often a page is parsed.
 */
import type { Document } from 'domhandler';
import { bodyRules } from './body-policy.ts';
import type { TreeRules } from './one-parse.ts';
import { parseOnce } from './one-parse.ts';
import {
  ARTICLE_BODY_CLASS,
  checkPage,
  checkPageAttributes,
  checkPageTag,
  type PageOptions,
} from './page-policy.ts';
import type { Problem } from './problems.ts';
import { parsedPageTexts } from './reader-text.ts';
import { findPhrases } from './responsible-copy.ts';
import { META_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { markupCharacterProblems } from './text-policy.ts';
import { startTagProblem, textProblem } from './tree-rules.ts';
import { MAX_BODY_DEPTH, MAX_PAGE_DEPTH } from './walk.ts';

/** A page's problems (checkPage's), and its one parse, which cheerio reads. */
export interface CheckedPage {
  problems: Problem[];
  /** The page parsed by htmlparser2, as cheerio's load(html) parses it; absent past the depth cap. */
  document?: Document;
}

/** checkPage, reading the page once where that is enough (see above). */
export function checkPageDocument(html: string, options: PageOptions = {}): CheckedPage {
  const { isClean, document } = readPage(html, options);
  return { problems: isClean ? [] : checkPage(html, options), document };
}

/**
 * The one parse's verdict on a page: clean when it had no doubt and found no rule broken (then
 * checkPage finds nothing either), with its tree unless it stopped past the depth cap. Pure.
 */
export function readPage(
  html: string,
  options: PageOptions = {},
): { isClean: boolean; document?: Document } {
  const facts: PageFacts = {
    ...{ doctype: false, html: false, head: false, body: false },
    ...{ csp: [], ids: new Set() },
  };
  const parsed = parseOnce(html, pageRules(options, facts), MAX_PAGE_DEPTH);
  const isClean =
    !parsed.doubt &&
    parsed.document !== undefined &&
    markupCharacterProblems(html).length === 0 &&
    isWhole(parsed.document, facts, options);
  return { isClean, document: parsed.document };
}

/** What the rules learn of a page as the parse goes. */
interface PageFacts {
  doctype: boolean;
  html: boolean;
  head: boolean;
  body: boolean;
  /** The CSP meta tags' contents. */
  csp: string[];
  ids: Set<string>;
  repeatedId?: boolean;
  /** How many elements are open around an article body's content, while inside one. */
  region?: number;
}

/** The page's own rules, once the parse has read it whole. */
function isWhole(document: Document, facts: PageFacts, options: PageOptions): boolean {
  if (!facts.doctype || !facts.html || facts.repeatedId) return false;
  if (facts.csp.length === 0 || facts.csp.some((csp) => csp !== META_CONTENT_SECURITY_POLICY))
    return false;
  const { phrases } = options;
  return (
    !phrases ||
    parsedPageTexts(document.children).every((text) => findPhrases(text, phrases).length === 0)
  );
}

/** The one parse's rules for a page: structure, SVG and MathML, the page or the body rules. */
function pageRules(options: PageOptions, facts: PageFacts): TreeRules {
  const body = bodyRules(options);
  return {
    // White space and comments may come before it (text-policy's rule keeps a BOM out).
    declaration: (raw) => {
      if (facts.doctype || facts.html || !/^<!doctype html>$/i.test(raw))
        return 'a doctype other than one <!DOCTYPE html> before <html>';
      facts.doctype = true;
      return undefined;
    },
    text: pageTextProblem,
    start: (name, attributes, open) => {
      if (facts.region !== undefined && open.length < facts.region) facts.region = undefined;
      const id = attributes.id;
      if (id !== undefined) {
        if (facts.ids.has(id)) facts.repeatedId = true;
        facts.ids.add(id);
      }
      const problem = structureProblem(name, open, facts) ?? foreignProblem(name, open);
      if (problem) return problem;
      if (facts.region !== undefined) {
        const depth = open.length - facts.region + 1;
        return depth > MAX_BODY_DEPTH
          ? `<${name}> nested too deep in a body`
          : body.start(name, attributes, open);
      }
      const found = elementProblem(name, attributes, options, facts) ?? startTagProblem(name, open);
      if (name === 'div' && classesOf(attributes).includes(ARTICLE_BODY_CLASS))
        facts.region = open.length + 1;
      return found;
    },
  };
}

/** The page rules for one element outside a body (page-policy.ts); notes a CSP meta tag. */
function elementProblem(
  name: string,
  attributes: Record<string, string>,
  options: PageOptions,
  facts: PageFacts,
): string | undefined {
  let problem: string | undefined;
  const report = (message: string) => {
    problem ??= message;
  };
  const byName = new Map(Object.entries(attributes));
  checkPageAttributes(name, byName, report);
  const csp = checkPageTag(name, byName, report, options);
  if (csp !== undefined) facts.csp.push(csp);
  return problem;
}

/** What a browser puts in <head> as written (<style> and <base> the page rules refuse). */
const HEAD_ELEMENTS = new Set(['meta', 'link', 'title', 'script', 'style', 'base']);

/**
 * The page's structure as written: <html> first (after the doctype), holding <head> and then
 * <body>, <head> only head elements; a browser adds or moves elements around any other. Pure
 * but for `facts`.
 */
function structureProblem(
  name: string,
  open: readonly string[],
  facts: PageFacts,
): string | undefined {
  const parent = open.at(-1);
  if (parent === undefined) {
    if (name !== 'html' || facts.html) return `<${name}> outside <html>`;
    facts.html = true;
    return facts.doctype ? undefined : 'a page without <!DOCTYPE html>';
  }
  if (parent === 'html') {
    if (name === 'head' && !facts.head && !facts.body) facts.head = true;
    else if (name === 'body' && facts.head && !facts.body) facts.body = true;
    else return `<${name}> directly inside <html>`;
    return undefined;
  }
  if (name === 'html' || name === 'head' || name === 'body') return `<${name}> inside <${parent}>`;
  if (parent === 'head' && !HEAD_ELEMENTS.has(name)) return `<${name}> inside <head>`;
  return undefined;
}

const FOREIGN = new Set(['svg', 'math']);
/** Start tags that end SVG or MathML content (HTML5's breakout list, <font> whatever its attributes). */
const LEAVES_FOREIGN = new Set([
  'b',
  'big',
  'blockquote',
  'body',
  'br',
  'center',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'embed',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'hr',
  'i',
  'img',
  'li',
  'listing',
  'menu',
  'meta',
  'nobr',
  'ol',
  'p',
  'pre',
  'ruby',
  's',
  'small',
  'span',
  'strong',
  'strike',
  'sub',
  'sup',
  'table',
  'tt',
  'u',
  'ul',
  'var',
]);
/** SVG and MathML elements inside which HTML's rules hold again (integration points). */
const INTEGRATION_POINTS = new Set([
  'foreignobject',
  'desc',
  'title',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
]);

/**
 * Inside <svg> or <math>: a start tag that ends that content, or one inside an element where
 * HTML's rules hold again; a browser reads both by rules htmlparser2 does not follow. Pure.
 */
function foreignProblem(name: string, open: readonly string[]): string | undefined {
  const parent = open.at(-1);
  const isCandidate =
    LEAVES_FOREIGN.has(name) || (parent !== undefined && INTEGRATION_POINTS.has(parent));
  if (!isCandidate || !open.some((element) => FOREIGN.has(element))) return undefined;
  return `<${name}> inside <svg> or <math>, which browsers read by HTML's rules`;
}

/**
 * Text where a browser keeps it: nothing but white space outside <body> (a browser moves some of
 * that into <head> or <body>, which changes no rule's verdict). Pure.
 */
function pageTextProblem(raw: string, open: readonly string[]): string | undefined {
  const parent = open.at(-1);
  const isSpace = /^[\t\n\f ]*$/.test(raw);
  if (parent === undefined || parent === 'html' || parent === 'head')
    return isSpace ? undefined : `text outside <body>`;
  return textProblem(raw, open);
}

/** The class names of an element (its class attribute split on ASCII white space). Pure. */
function classesOf(attributes: Record<string, string>): string[] {
  return (attributes.class ?? '').split(/[\t\n\f\r ]+/);
}
