/**
 * The one parse of a body or a page (issue 31): htmlparser2 into a domhandler tree, which the
 * policies check and cheerio reads (the brand linker, check's page rules). htmlparser2 is not
 * the HTML5 algorithm a browser runs, and an allow-list checked on a tree the browser does not
 * build is a bypass. So the parse is held to markup on which the two agree, and names the first
 * place it is not (a Doubt): then the caller asks parse5 (walk.ts), which reads as browsers do.
 *
 * What holds it there: every character of the source belongs to a token htmlparser2 read, at
 * the offset it read it (the tokens tile the source), and every token is written in a strict
 * form both tokenizers read alike: tags `<name attribute="value">` (ASCII names, attributes
 * apart by white space, each once, values quoted or plainly unquoted, `/>` only on a void
 * element), end tags `</name>`, comments `<!-- text -->` that end at their first `-->` in both,
 * no other `<`, no carriage return, and every `&` that could start a character reference
 * starting a whole one, with its `;`, that htmlparser2 decoded. Every element is closed by its
 * own end tag (htmlparser2 closing one by itself is a Doubt), and the caller's rules (`start`)
 * refuse the places where HTML5's tree builder moves, adds or closes elements (tree-rules.ts).
 */
import { Parser } from 'htmlparser2';
import { DomHandler, type Document } from 'domhandler';
import { quote } from './problems.ts';
import { VOID_ELEMENTS } from './walk.ts';

/** The first place the one parse may differ from a browser's, and what is expected there. */
export class Doubt {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

/** Thrown to stop a parse nested deeper than it may go (htmlparser2's stack is not linear). */
class TooDeep {}

/** What a caller checks as the parse goes, in document order; each may return a Doubt. */
export interface TreeRules {
  /**
   * A start tag as written (its name in lower case, its attributes decoded), before its element
   * opens; `open` holds the names of the open elements, the innermost last.
   */
  start(
    name: string,
    attributes: Record<string, string>,
    open: readonly string[],
  ): string | undefined;
  /** Text as written (references not decoded) inside `open`. */
  text(raw: string, open: readonly string[]): string | undefined;
  /** A declaration as written (`<!DOCTYPE html>`) at `offset`; absent: none is allowed. */
  declaration?(raw: string, offset: number): string | undefined;
}

/** The tree, unless the parse stopped too deep; the first Doubt, when there is one. */
export interface OneParse {
  document?: Document;
  doubt?: Doubt;
}

/**
 * Parses `html` once, with htmlparser2's defaults (the tree cheerio's `load(html)` makes), and
 * checks it as above. Stops, with no tree, once more than `maxDepth` elements are open.
 */
export function parseOnce(html: string, rules: TreeRules, maxDepth: number): OneParse {
  const handler = new CheckedHandler(maxDepth + 1);
  const parser = new TiledParser(html, handler, rules, maxDepth);
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof TooDeep)
      return { doubt: parser.doubt ?? new Doubt(0, `elements nested more than ${maxDepth} deep`) };
    throw error;
  }
  return { document: handler.root, doubt: parser.doubt };
}

/** A start tag both tokenizers read alike: name, attributes, an optional `/` before `>`. */
const START_TAG =
  /<[A-Za-z][A-Za-z0-9]*(?:[\t\n\f ]+[A-Za-z][A-Za-z0-9_.:-]*(?:[\t\n\f ]*=[\t\n\f ]*(?:"[^"]*"|'[^']*'|[^\t\n\f\r "'<=>`]+))?)*[\t\n\f ]*(\/?)>/y;
const END_TAG = /<\/([A-Za-z][A-Za-z0-9]*)[\t\n\f ]*>/y;
/** A comment that ends at its first `-->` for both (HTML's own rule for comment text). */
const COMMENT = /<!--(?!>|->)(?:(?!--!?>|<!--)[\s\S])*?(?<!<!-)-->/y;
/** A whole character reference, as both decode it. */
const REFERENCE = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);/y;
/** An `&` a browser may read as the start of a character reference. */
const AMPERSAND = /&[A-Za-z0-9#]/;
/** Where an attribute's value starts, after its name. */
const VALUE_START = /[\t\n\f ]*=[\t\n\f ]*["']?/y;
/**
 * Elements whose content HTML5 reads as text it does not decode (htmlparser2 decodes the text of
 * some): their text, which holds no "<" either, holds no "&" that could start a reference.
 */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/**
 * Elements one parser reads otherwise than the other: void in one only (HTML5's list is walk.ts's
 * VOID_ELEMENTS), <image> read as <img> by HTML5, <plaintext> whose text runs to the end.
 */
const READ_OTHERWISE = new Set(['bgsound', 'image', 'command', 'isindex', 'plaintext']);

const LT = 'a "<" that starts no tag or comment; write "&lt;" for a literal "<"';
const CR =
  'a carriage return (U+000D), which browsers read as a line break; save the text with LF line ends';
const BOGUS =
  'markup that is no element, end tag or comment ("<!", "<?", a CDATA section or a doctype); write "&lt;" for a literal "<"';

/**
 * htmlparser2's Parser with every token it reads checked where it starts (the tokenizer's
 * callbacks, overridden): the tiling, the strict forms, the explicit end tags, the rules. Past
 * the first doubt it only builds the tree (check's cheerio still reads it), so the work stays
 * linear whatever follows.
 */
class TiledParser extends Parser {
  doubt: Doubt | undefined;
  /** Where the next token must start. */
  private cursor = 0;
  /** The open elements as the tags opened them (void ones never). */
  private readonly open: string[] = [];
  private tagEnd = 0;
  private isSelfClosing = false;
  private readonly attributeNames = new Set<string>();
  /** Where the current attribute value's next raw part starts (-1: no value). */
  private valueCursor = -1;

  constructor(
    private readonly html: string,
    private readonly handler: CheckedHandler,
    private readonly rules: TreeRules,
    private readonly maxDepth: number,
  ) {
    super(handler);
    handler.parse = this;
  }

  /** Records the first doubt (the later ones follow from it or add nothing). */
  doubtAt(offset: number, message: string): void {
    this.doubt ??= new Doubt(offset, message);
  }

  /** The next token starts at `offset`: else htmlparser2 skipped what lies before it. */
  private startsAt(offset: number): void {
    if (offset !== this.cursor) this.doubtAt(this.cursor, LT);
  }

  override ontext(start: number, endIndex: number): void {
    if (!this.doubt) this.readText(start, endIndex);
    super.ontext(start, endIndex);
  }

  private readText(start: number, endIndex: number): void {
    this.startsAt(start);
    const raw = this.html.slice(start, endIndex);
    this.checkText(raw, start);
    this.cursor = endIndex;
  }

  override ontextentity(cp: number, endIndex: number): void {
    if (!this.doubt) this.readReference(endIndex);
    super.ontextentity(cp, endIndex);
  }

  private readReference(endIndex: number): void {
    // A reference that stands for two code points comes as two events with one end.
    if (endIndex !== this.cursor) {
      this.checkReference(this.cursor, endIndex);
      this.checkRawText(this.cursor);
      const problem = this.rules.text(this.html.slice(this.cursor, endIndex), this.open);
      if (problem) this.doubtAt(this.cursor, problem);
      this.cursor = endIndex;
    }
  }

  /** Text as written: no `<`, no CR, no `&` that starts no whole reference; the caller's rule. */
  private checkText(raw: string, start: number): void {
    const lt = raw.indexOf('<');
    if (lt !== -1) this.doubtAt(start + lt, LT);
    const cr = raw.indexOf('\r');
    if (cr !== -1) this.doubtAt(start + cr, CR);
    const amp = raw.search(AMPERSAND);
    if (amp !== -1) this.doubtAt(start + amp, ampersandMessage(raw.slice(amp)));
    if (raw.includes('&')) this.checkRawText(start);
    const problem = this.rules.text(raw, this.open);
    if (problem) this.doubtAt(start, problem);
  }

  /** An "&" at `offset`, in text HTML5 does not decode (RAW_TEXT). */
  private checkRawText(offset: number): void {
    const top = this.open.at(-1);
    if (top && RAW_TEXT.has(top))
      this.doubtAt(offset, `an "&" inside <${top}>, whose text browsers do not decode`);
  }

  /**
   * A decoded reference is a whole one, `;` and all (not a prefix htmlparser2 decoded alone),
   * and a numeric one names a Unicode code point (the character rule, text-policy.ts, has
   * refused the others browsers read otherwise).
   */
  private checkReference(start: number, end: number): void {
    REFERENCE.lastIndex = start;
    const match = REFERENCE.exec(this.html);
    if (!match || REFERENCE.lastIndex !== end || codePointOf(match[0]) > 0x10ffff)
      this.doubtAt(start, ampersandMessage(this.html.slice(start)));
  }

  override onopentagname(start: number, endIndex: number): void {
    if (!this.doubt) this.readStartTag(start);
    super.onopentagname(start, endIndex);
  }

  private readStartTag(start: number): void {
    const lt = start - 1;
    this.startsAt(lt);
    START_TAG.lastIndex = lt;
    const match = START_TAG.exec(this.html);
    if (!match) this.doubtAt(lt, tagMessage(this.html.slice(lt)));
    this.tagEnd = match ? START_TAG.lastIndex : -1;
    this.isSelfClosing = match?.[1] === '/';
    this.attributeNames.clear();
  }

  override onattribname(start: number, endIndex: number): void {
    if (!this.doubt) this.readAttributeName(start, endIndex);
    super.onattribname(start, endIndex);
  }

  private readAttributeName(start: number, endIndex: number): void {
    const name = this.html.slice(start, endIndex).toLowerCase();
    if (this.attributeNames.has(name))
      this.doubtAt(start, `the attribute ${quote(name)} is repeated on one tag; write it once`);
    this.attributeNames.add(name);
    VALUE_START.lastIndex = endIndex;
    this.valueCursor = VALUE_START.test(this.html) ? VALUE_START.lastIndex : -1;
  }

  override onattribdata(start: number, endIndex: number): void {
    if (!this.doubt) this.readAttributeValue(start, endIndex);
    super.onattribdata(start, endIndex);
  }

  private readAttributeValue(start: number, endIndex: number): void {
    if (start !== this.valueCursor) this.checkReference(this.valueCursor, start);
    const raw = this.html.slice(start, endIndex);
    const amp = raw.search(AMPERSAND);
    if (amp !== -1) this.doubtAt(start + amp, ampersandMessage(raw.slice(amp)));
    if (raw.includes('\r')) this.doubtAt(start, CR);
    this.valueCursor = endIndex;
  }

  override onopentagend(endIndex: number): void {
    if (!this.doubt) this.endStartTag(endIndex);
    super.onopentagend(endIndex);
    if (!this.doubt) this.afterStartTag();
  }

  /** The tag ends where its strict form ends, `/>` only on a void element. */
  private endStartTag(endIndex: number): void {
    if (endIndex + 1 !== this.tagEnd)
      this.doubtAt(this.cursor, tagMessage(this.html.slice(this.cursor)));
    this.cursor = endIndex + 1;
  }

  /** The element the tag opened (the handler applied the rules to it) is now open. */
  private afterStartTag(): void {
    const name = this.handler.lastName;
    if (READ_OTHERWISE.has(name))
      this.doubtAt(this.handler.lastStart, `<${name}> is read otherwise by browsers`);
    if (VOID_ELEMENTS.has(name)) return;
    if (this.isSelfClosing)
      this.doubtAt(this.handler.lastStart, `"/>" does not close <${name}>; write the end tag`);
    this.open.push(name);
  }

  /** "<!", "<?", a CDATA section: markup that is no element, end tag or comment. */
  private readBogus(endIndex: number): void {
    this.doubtAt(this.cursor, BOGUS);
    this.cursor = endIndex + 1;
  }

  /** Rules of the start tag `name` about to open, as the handler sees it. */
  checkStart(name: string, attributes: Record<string, string>, offset: number): void {
    if (this.doubt) return;
    if (this.open.length >= this.maxDepth)
      this.doubtAt(offset, `<${name}> is nested ${this.open.length + 1} elements deep`);
    const problem = this.rules.start(name, attributes, this.open);
    if (problem) this.doubtAt(offset, problem);
  }

  override onclosetag(start: number, endIndex: number): void {
    if (!this.doubt) this.readEndTag(start, endIndex);
    super.onclosetag(start, endIndex);
  }

  private readEndTag(start: number, endIndex: number): void {
    const lt = start - 2;
    this.startsAt(lt);
    END_TAG.lastIndex = lt;
    const match = END_TAG.exec(this.html);
    if (!match)
      this.doubtAt(
        lt,
        `an end tag written in a form browsers may read differently (${quote(this.html.slice(lt, lt + 20))}); write </name>`,
      );
    else {
      const name = match[1].toLowerCase();
      const top = this.open.at(-1);
      if (name !== top)
        this.doubtAt(
          lt,
          `</${name}> does not close the element open here${top ? ` (<${top}>)` : ''}`,
        );
      else this.open.pop();
    }
    this.cursor = match ? END_TAG.lastIndex : endIndex + 1;
  }

  override oncomment(start: number, endIndex: number, offset: number): void {
    if (!this.doubt) this.readComment(start, endIndex);
    super.oncomment(start, endIndex, offset);
  }

  private readComment(start: number, endIndex: number): void {
    const lt = start - 4;
    this.startsAt(lt);
    COMMENT.lastIndex = lt;
    if (!COMMENT.test(this.html) || COMMENT.lastIndex !== endIndex + 1)
      this.doubtAt(
        lt,
        'a comment browsers may end elsewhere; write <!-- text --> with no "--!>", "<!--" or "-->" inside',
      );
    this.cursor = endIndex + 1;
  }

  override oncdata(start: number, endIndex: number, offset: number): void {
    if (!this.doubt) this.readBogus(endIndex);
    super.oncdata(start, endIndex, offset);
  }

  override ondeclaration(start: number, endIndex: number): void {
    if (!this.doubt) this.readDeclaration(endIndex);
    super.ondeclaration(start, endIndex);
  }

  /** A declaration the caller allows (a page's doctype), else markup that is no element. */
  private readDeclaration(endIndex: number): void {
    const raw = this.html.slice(this.cursor, endIndex + 1);
    const problem = this.rules.declaration ? this.rules.declaration(raw, this.cursor) : BOGUS;
    if (problem) this.doubtAt(this.cursor, problem);
    this.cursor = endIndex + 1;
  }

  override onprocessinginstruction(start: number, endIndex: number): void {
    if (!this.doubt) this.readBogus(endIndex);
    super.onprocessinginstruction(start, endIndex);
  }

  override onend(): void {
    if (!this.doubt) this.readEnd();
    super.onend();
  }

  private readEnd(): void {
    if (this.cursor !== this.html.length)
      this.doubtAt(this.cursor, tagMessage(this.html.slice(this.cursor)));
    const top = this.open.at(-1);
    if (top) this.doubtAt(this.html.length, `<${top}> is never closed`);
  }
}

/**
 * domhandler's tree builder, which applies the caller's rules to each element as it opens, stops
 * the parse past the depth limit, and refuses an element htmlparser2 closed by itself.
 */
class CheckedHandler extends DomHandler {
  parse!: TiledParser;
  lastName = '';
  lastStart = 0;

  constructor(private readonly maxDepth: number) {
    super();
  }

  override onopentag(name: string, attributes: Record<string, string>): void {
    // tagStack holds the document and every open element.
    if (this.tagStack.length > this.maxDepth) throw new TooDeep();
    this.lastName = name;
    this.lastStart = this.parse.startIndex;
    this.parse.checkStart(name, attributes, this.parse.startIndex);
    super.onopentag(name, attributes);
  }

  override onclosetag(name?: string, isImplied?: boolean): void {
    if (isImplied && name !== undefined && !VOID_ELEMENTS.has(name))
      this.parse.doubtAt(this.parse.startIndex, `<${name}> ends before its end tag`);
    super.onclosetag();
  }
}

/** The code point a numeric reference names (0 for a named one). */
function codePointOf(reference: string): number {
  if (reference[1] !== '#') return 0;
  const isHex = reference[2] === 'x' || reference[2] === 'X';
  return Number.parseInt(reference.slice(isHex ? 3 : 2, -1), isHex ? 16 : 10);
}

function ampersandMessage(from: string): string {
  const written = /^&[A-Za-z0-9#]*;?/.exec(from)?.[0] ?? '&';
  return `a "&" that starts no whole character reference (${quote(written)}); write "&amp;" for a literal "&", and end every character reference with ";"`;
}

function tagMessage(from: string): string {
  const written = /^<[^>]{0,40}>?/.exec(from)?.[0] ?? from.slice(0, 40);
  return `a tag written in a form browsers may read differently (${quote(written)}); write <name attribute="value">, the attributes apart by spaces, each once, "/>" only on a void element`;
}
