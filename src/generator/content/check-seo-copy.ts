import type { Content, PageCopy } from '../../content/types.ts';
import type { Problem } from '../errors/problem.ts';
import {
  ALLOWED_TEXT,
  describeCharacter,
  findRefusedStrings,
  locateInSource,
} from '../policy/text-policy.ts';
import type { ReadSource } from './validate-content.ts';
import { locateWords } from '../policy/reader-text.ts';
import { type PhraseList, findPhrases, phraseMessage } from '../policy/responsible-copy.ts';

const SEO_FILE = 'src/content/seo.ts';

/**
 * The page copy every page gets from src/content/seo.ts, held to the character rule like every
 * other string: each function is called with the records it is called with when pages are
 * planned, and every title and description it returns is checked. Run once the site, the
 * brands and the articles passed, so a refused character here was written (or computed) in
 * seo.ts; the line is named where the source shows it. A function that throws is left to
 * page planning, which reports it with its page. With `phrases`, every title and description
 * is held to the responsible-copy list too. Pure apart from `readSource`.
 */
export function refusedSeoCopy(
  content: Content,
  readSource?: ReadSource,
  phrases?: PhraseList,
): Problem[] {
  const { seo, site, brands, articles } = content;
  const calls: { name: string; copy: () => PageCopy }[] = [
    { name: 'home()', copy: () => seo.home(site) },
    // Page 1 and a later page: a later page's copy names its number.
    ...[1, 2].map((page) => ({
      name: 'articleList()',
      copy: () => seo.articleList(site, articles, brands, { page, pageCount: 2 }),
    })),
    { name: 'contact()', copy: () => seo.contact(site) },
    ...(['generic', 'brand', 'article'] as const).map((view) => ({
      name: `notFound.${view}()`,
      copy: () => seo.notFound[view](site),
    })),
    ...brands.map((brand) => ({
      name: `brand() for brand "${brand.slug}"`,
      copy: () => seo.brand(brand, site),
    })),
    ...brands.flatMap((brand) =>
      [1, 2].map((page) => ({
        name: `brandArticles() for brand "${brand.slug}"`,
        copy: () => seo.brandArticles(brand, articles.length, { page, pageCount: 2 }),
      })),
    ),
    ...articles.flatMap((article) => [
      { name: `article() for "${article.slug}"`, copy: () => seo.article(article) },
      {
        name: `missingArticle() for "${article.slug}"`,
        copy: () => seo.missingArticle(article, site),
      },
    ]),
  ];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  let source: string | undefined;
  const seoSource = () => (source ??= readSource?.(SEO_FILE) ?? '');
  for (const { name, copy } of calls) {
    const made = copyOf(copy);
    for (const { key, problem } of phraseProblems(name, made, phrases, seoSource)) {
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    for (const refused of findRefusedStrings(made)) {
      source ??= readSource?.(SEO_FILE) ?? '';
      const place = locateInSource(source, refused);
      const key = place ? `${place.line}:${place.column}` : `${name}:${refused.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const what = `${describeCharacter(refused.char)} at character ${refused.index + 1}`;
      problems.push({
        file: SEO_FILE,
        ...(place ?? {}),
        message: `seo.${name}: "${refused.field}" has ${what}; expected ${ALLOWED_TEXT}`,
      });
    }
  }
  return problems;
}

/**
 * The refused phrases of the responsible-copy list in one call's copy, each with the place
 * seo.ts writes it when its source shows the words (else the call and field: the key a phrase
 * is reported once by). Pure apart from `source`.
 */
function phraseProblems(
  name: string,
  made: PageCopy | undefined,
  phrases: PhraseList | undefined,
  source: () => string,
): { key: string; problem: Problem }[] {
  if (!made || !phrases) return [];
  return (['title', 'description'] as const).flatMap((field) =>
    findPhrases(String(made[field]), phrases).map((hit) => {
      const place = locateWords(source(), hit.found);
      const message = phraseMessage(`seo.${name}: "${field}"`, hit);
      return {
        key: place ? `${place.line}:${place.column}` : `${name}:${field}:${hit.phrase}`,
        problem: { file: SEO_FILE, ...(place ?? {}), message },
      };
    }),
  );
}

/** The copy a function returns, or nothing when it throws (page planning reports that). */
function copyOf(copy: () => PageCopy): PageCopy | undefined {
  try {
    return copy();
  } catch {
    return undefined;
  }
}
