import { SaxesParser } from 'saxes';
import type { Problem } from '../errors/problem.ts';
import { markupCharacterProblems } from '../policy/text-policy.ts';

/** How many parse errors of one file are listed before the rest are counted. */
const MAX_XML_ERRORS = 10;

/**
 * Checks one XML file (feed.xml, sitemap.xml) as a feed reader or a search engine reads
 * it: well-formed XML 1.0 by a conforming parser (saxes), whose rules also refuse the
 * control characters XML forbids, and the character rule of every other string of the
 * site (text-policy.ts), for what XML allows but the site does not (bidi overrides).
 * Returns one problem per mistake, with its line (and column, for a parse error) and no
 * file (the caller adds it); empty when it is valid. Pure.
 */
export function checkXml(text: string): Problem[] {
  return readXml(text).problems;
}

/**
 * One element of an XML file: its name, attributes, the text directly inside it (entities
 * decoded) and the line its start tag ends on.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  line: number;
  parent?: XmlElement;
}

/**
 * checkXml's problems and, when there are none, every element of the file in document order
 * (none for a file that is not well-formed: its problems say why). One pass of saxes. Pure.
 */
export function readXml(text: string): { problems: Problem[]; elements: XmlElement[] } {
  const problems: Problem[] = markupCharacterProblems(text);
  const parser = new LocatingParser({ position: true });
  const elements: XmlElement[] = [];
  const open: XmlElement[] = [];
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const element = {
      name: tag.name,
      attributes,
      text: '',
      line: parser.line,
      parent: open.at(-1),
    };
    elements.push(element);
    open.push(element);
  });
  parser.on('closetag', () => void open.pop());
  const addText = (value: string) => {
    const current = open.at(-1);
    if (current) current.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  const { errors } = parser;
  problems.push(...errors.slice(0, MAX_XML_ERRORS));
  if (errors.length > MAX_XML_ERRORS)
    problems.push({ message: `and ${errors.length - MAX_XML_ERRORS} more XML errors` });
  return { problems, elements: errors.length > 0 ? [] : elements };
}

/**
 * saxes, keeping each parse error as a Problem: fail() is handed the message before saxes
 * writes "line:column: " into it, and the parser's line and column are where it stopped.
 */
class LocatingParser extends SaxesParser {
  readonly errors: Problem[] = [];

  override fail(message: string): this {
    this.errors.push({
      line: this.line,
      column: this.column,
      message: `not well-formed XML: ${message}`,
    });
    return this;
  }
}
