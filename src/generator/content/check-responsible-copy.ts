import type { SiteContent } from '../../content/types.ts';
import { printable } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';
import { countLines, locateWords, markupText } from '../policy/reader-text.ts';
import {
  findPhrases,
  listProblems,
  type PhraseList,
  phraseListOf,
  phraseMessage,
  RESPONSIBLE_FILE,
} from '../policy/responsible-copy.ts';
import type { Position } from './front-matter.ts';
import type { MarkdownImage, RenderedMarkdown } from './markdown.ts';
import type { ReadSource } from './validate-content.ts';

/**
 * The responsible-copy rule (policy/responsible-copy.ts) over the content, each problem where
 * the source writes the phrase: an article's front matter and body (parseArticleFile), the
 * list itself, the site and the brands (loadContent), the page copy (check-seo-copy.ts). Pure
 * apart from `readSource`.
 */

/**
 * The list's own problems (SiteContent.responsible): missing from src/content/index.ts, or not
 * the shape the rule reads. Pure.
 */
export function responsibleListProblems(content: SiteContent): Problem[] {
  if (content.responsible === undefined)
    return [
      {
        file: 'src/content/index.ts',
        message: `content "responsible" is missing; expected the responsible-copy list of ${RESPONSIBLE_FILE} (docs/content.md, The responsible-copy rule)`,
      },
    ];
  return listProblems(content.responsible).map(({ message }) => ({
    file: RESPONSIBLE_FILE,
    message: `responsible: ${message}`,
  }));
}

/**
 * Every refused phrase in the strings of the site (site.ts) and the brands (brands.ts), named
 * by record and field, at the line and column where the file writes it when it does. Pure
 * apart from `readSource`.
 */
export function configPhraseProblems(
  content: SiteContent,
  list: PhraseList | undefined,
  readSource?: ReadSource,
): Problem[] {
  if (!list) return [];
  const records = [
    { file: 'src/content/site.ts', record: 'site', value: content.site as unknown },
    ...(Array.isArray(content.brands) ? content.brands : []).map((brand, index) => ({
      file: 'src/content/brands.ts',
      record:
        typeof brand?.slug === 'string' && brand.slug
          ? `brand "${printable(brand.slug)}"`
          : `brand ${index + 1}`,
      value: brand as unknown,
    })),
  ];
  const sources = new Map<string, string>();
  return records.flatMap(({ file, record, value }) =>
    stringFields(value).flatMap(({ field, text }) =>
      findPhrases(text, list).map((hit) => {
        if (!sources.has(file)) sources.set(file, readSource?.(file) ?? '');
        const place = locateWords(sources.get(file)!, hit.found);
        return { file, ...place, message: phraseMessage(`${record}: "${field}"`, hit) };
      }),
    ),
  );
}

/**
 * Every refused phrase in the front matter's strings (title, excerpt, author, imageAlt, ...),
 * at the line and column where the file writes it, else at its key. Pure.
 */
export function frontMatterPhraseProblems(
  file: string,
  text: string,
  data: Record<string, unknown>,
  keys: Map<string, Position>,
  list: PhraseList,
): Problem[] {
  return stringFields(data).flatMap(({ field, text: value }) =>
    findPhrases(value, list).map((hit) => {
      const key = keys.get(field.split(/[.[]/)[0]) ?? { line: 1, column: 1 };
      const place = locateWords(text, hit.found, key.line) ?? key;
      return { file, ...place, message: phraseMessage(`"${printable(field)}"`, hit) };
    }),
  );
}

/**
 * Every refused phrase in a body: in the text a reader sees (the rendered HTML's text, so
 * emphasis or a link inside a phrase does not hide it), at the Markdown line the HTML came
 * from and the column where the words are written; and in its images' alt texts. `bodyLine`
 * is the file line the body starts on. Pure.
 */
export function bodyPhraseProblems(
  file: string,
  markdown: string,
  bodyLine: number,
  rendered: Pick<RenderedMarkdown, 'html' | 'sourceLine'> & { images: MarkdownImage[] },
  list: PhraseList,
): Problem[] {
  const problems: Problem[] = [];
  const { text, offsetOf } = markupText(rendered.html);
  for (const hit of findPhrases(text, list)) {
    const htmlLine = countLines(rendered.html.slice(0, offsetOf(hit.index)));
    const line = rendered.sourceLine(htmlLine);
    const place = locateWords(markdown, hit.found, line) ?? { line };
    problems.push({
      file,
      line: bodyLine - 1 + place.line,
      ...('column' in place ? { column: place.column } : {}),
      message: phraseMessage('the text', hit),
    });
  }
  for (const image of rendered.images)
    for (const hit of findPhrases(image.alt, list))
      problems.push({
        file,
        line: bodyLine - 1 + image.line,
        column: image.column,
        message: phraseMessage('the alt text of an image', hit),
      });
  return problems;
}

/** The list of each responsible-copy object (phraseListOf), made once. */
const listsOf = new WeakMap<object, PhraseList | undefined>();

/**
 * The list a build checks with: the site's, when it is lists of strings (phraseListOf). The
 * same list object for the same `responsible` object, so what is memoized by the list (the
 * matcher, the checks of seo.ts's copy) stays valid between the runs of one site module. Pure
 * apart from that memo.
 */
export function siteList(content: SiteContent): PhraseList | undefined {
  const value: unknown = content?.responsible;
  if (value === null || typeof value !== 'object') return phraseListOf(value);
  if (!listsOf.has(value)) listsOf.set(value, phraseListOf(value));
  return listsOf.get(value);
}

/**
 * Every string in plain data (records and lists) with its path ("features[2]",
 * "contact.hours[0].days"), in order; functions and other values passed over. Pure.
 */
export function stringFields(value: unknown): { field: string; text: string }[] {
  const found: { field: string; text: string }[] = [];
  const stack: { value: unknown; field: string }[] = [{ value, field: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') found.push({ field: item.field, text: item.value });
    if (item.value === null || typeof item.value !== 'object' || seen.has(item.value)) continue;
    seen.add(item.value);
    const entries = Array.isArray(item.value)
      ? item.value.map((entry, index) => [`${item.field}[${index}]`, entry] as const)
      : Object.entries(item.value).map(
          ([key, entry]) => [item.field === '' ? key : `${item.field}.${key}`, entry] as const,
        );
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i][1], field: entries[i][0] });
  }
  return found;
}
