import { SaxesParser } from 'saxes';
import { markupCharacterProblems } from '../policy/text-policy.ts';

/** How many parse errors of one file are listed before the rest are counted. */
const MAX_XML_ERRORS = 10;

/**
 * Checks one XML file (feed.xml, sitemap.xml) as a feed reader or a search engine reads
 * it: well-formed XML 1.0 by a conforming parser (saxes), whose rules also refuse the
 * control characters XML forbids, and the character rule of every other string of the
 * site (text-policy.ts), for what XML allows but the site does not (bidi overrides).
 * Returns one message per problem, each starting with "line N:"; empty when it is valid.
 * Pure.
 */
export function checkXml(text: string): string[] {
  const problems = markupCharacterProblems(text).map(
    ({ line, message }) => `line ${line}: ${message}`,
  );
  const errors: string[] = [];
  const parser = new SaxesParser({ position: true });
  parser.on('error', (error) => {
    errors.push(error.message.replace(/^(\d+):(\d+): /, 'line $1:$2: not well-formed XML: '));
  });
  parser.write(text).close();
  problems.push(...errors.slice(0, MAX_XML_ERRORS));
  if (errors.length > MAX_XML_ERRORS)
    problems.push(`and ${errors.length - MAX_XML_ERRORS} more XML errors`);
  return problems;
}
