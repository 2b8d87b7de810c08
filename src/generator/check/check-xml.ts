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
  const problems: Problem[] = markupCharacterProblems(text);
  const parser = new LocatingParser({ position: true });
  parser.write(text).close();
  const { errors } = parser;
  problems.push(...errors.slice(0, MAX_XML_ERRORS));
  if (errors.length > MAX_XML_ERRORS)
    problems.push({ message: `and ${errors.length - MAX_XML_ERRORS} more XML errors` });
  return problems;
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
