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

/** One call of seo.ts: what it is named in messages, and the copy it returns. */
interface CopyCall {
  name: string;
  copy: () => PageCopy;
}

/**
 * The page copy every page gets from src/content/seo.ts, held to the character rule like every
 * other string: each function is called with the records it is called with when pages are
 * planned, and every title and description it returns is checked. Run once the site, the
 * brands and the articles passed, so a refused character here was written (or computed) in
 * seo.ts; the line is named where the source shows it. A function that throws is left to
 * page planning, which reports it with its page. With `phrases`, every title and description
 * is held to the responsible-copy list too. An article whose copy was found sound for the same
 * seo.ts, site and list (the same objects) is not called again (cleanArticles). Pure apart from
 * `readSource` and that memo.
 */
export function refusedSeoCopy(
  content: Content,
  readSource?: ReadSource,
  phrases?: PhraseList,
): Problem[] {
  const { seo, site, brands, articles } = content;
  const calls: CopyCall[] = [
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
  ];
  const check = copyChecker(readSource, phrases);
  for (const call of calls) check.call(call);
  const clean = cleanArticles(content, phrases);
  for (const article of articles) {
    if (clean.has(article)) continue;
    const found =
      check.call({ name: `article() for "${article.slug}"`, copy: () => seo.article(article) }) +
      check.call({
        name: `missingArticle() for "${article.slug}"`,
        copy: () => seo.missingArticle(article, site),
      });
    if (found === 0) clean.add(article);
  }
  return check.problems;
}

/** The records whose copy was sound, by the seo.ts module, site and list they were checked with. */
const cleanByCopy = new WeakMap<
  object,
  { site: object; phrases?: PhraseList; clean: WeakSet<object> }
>();

/**
 * The articles whose article() and missingArticle() copy had no problem with this content's
 * seo.ts and site and this list (each the same object as then). Pure apart from the memo.
 */
function cleanArticles(content: Content, phrases: PhraseList | undefined): WeakSet<object> {
  const { seo, site } = content;
  let entry = cleanByCopy.get(seo);
  if (entry?.site !== site || entry.phrases !== phrases) {
    entry = { site, phrases, clean: new WeakSet() };
    cleanByCopy.set(seo, entry);
  }
  return entry.clean;
}

/**
 * Checks calls one by one into `problems`, each problem once (by the place seo.ts writes it, or
 * the call and field); `call` returns how many problems the call's copy has, reported or not.
 * Pure apart from `readSource`.
 */
function copyChecker(readSource: ReadSource | undefined, phrases: PhraseList | undefined) {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  let source: string | undefined;
  const seoSource = () => (source ??= readSource?.(SEO_FILE) ?? '');
  const report = (key: string, problem: Problem) => {
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  const call = ({ name, copy }: CopyCall): number => {
    const made = copyOf(copy);
    const phrased = phraseProblems(name, made, phrases, seoSource);
    for (const { key, problem } of phrased) report(key, problem);
    const refused = findRefusedStrings(made);
    for (const found of refused) {
      const place = locateInSource(seoSource(), found);
      const key = place ? `${place.line}:${place.column}` : `${name}:${found.field}`;
      const what = `${describeCharacter(found.char)} at character ${found.index + 1}`;
      report(key, {
        file: SEO_FILE,
        ...(place ?? {}),
        message: `seo.${name}: "${found.field}" has ${what}; expected ${ALLOWED_TEXT}`,
      });
    }
    return phrased.length + refused.length;
  };
  return { problems, call };
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
