import type { Brand, SeoCopy, SiteContent } from '../../content/types.ts';
import { SLUG } from './article-files.ts';
import {
  brandSchema,
  checkRecord,
  describeValue,
  siteSchema,
  unknownKeys,
} from './content-schema.ts';
import { printable } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';
import {
  ALLOWED_TEXT,
  describeCharacter,
  findRefusedStrings,
  locateInSource,
} from '../policy/text-policy.ts';

/** Where each part of the configuration is defined, for error messages. */
const CONTENT_FILES = {
  site: 'src/content/site.ts',
  brands: 'src/content/brands.ts',
} as const;

/**
 * Every rule the TypeScript configuration (site, brands, page copy) must meet, checked at
 * once against the schemas of content-schema.ts. Returns one problem per mistake, each
 * naming the file, and in its message the record and the field; an empty list means it is
 * valid. The articles are checked where they are read (read-articles.ts). Pure.
 */
export function validateContent(content: SiteContent, readSource?: ReadSource): Problem[] {
  const problems: Problem[] = [];
  const refused = refusedStringProblems(content, readSource);
  const site = checkRecord(siteSchema, content.site ?? {});
  for (const { key, found, expected } of site.problems) {
    problems.push({
      file: CONTENT_FILES.site,
      message: `site: "${key}" is ${describeValue(found)}; expected ${expected}`,
    });
  }
  checkSeoCopy(content.seo, problems);
  checkCollection(
    content.brands,
    'brand',
    CONTENT_FILES.brands,
    problems,
    (brand: Brand, report) => {
      for (const { key, suggestion } of unknownKeys(brandSchema, brand ?? {})) {
        report(
          `unknown key ${JSON.stringify(key)}${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        );
      }
      for (const { key, found, expected } of checkRecord(brandSchema, brand).problems) {
        if (key !== 'slug') report(`"${key}" is ${describeValue(found)}; expected ${expected}`);
      }
    },
  );
  return [...problems, ...refused];
}

/** A configuration file's text by its path from the project root, undefined when unreadable. */
export type ReadSource = (file: string) => string | undefined;

/**
 * Every string of the site and the brands that holds a character text-policy.ts refuses,
 * naming the file, the line where the source writes it (when `readSource` can show it),
 * the record and the field. Pure apart from `readSource`.
 */
function refusedStringProblems(content: SiteContent, readSource?: ReadSource): Problem[] {
  const records: { file: string; record: string; value: unknown }[] = [
    { file: CONTENT_FILES.site, record: 'site', value: content.site },
    ...(Array.isArray(content.brands) ? content.brands : []).map((brand, index) => ({
      file: CONTENT_FILES.brands,
      record:
        typeof brand?.slug === 'string' && brand.slug
          ? `brand "${printable(brand.slug)}"`
          : `brand ${index + 1}`,
      value: brand,
    })),
  ];
  const sources = new Map<string, string | undefined>();
  return records.flatMap(({ file, record, value }) =>
    findRefusedStrings(value).map((refused) => {
      if (!sources.has(file)) sources.set(file, readSource?.(file));
      const source = sources.get(file);
      const place = source === undefined ? undefined : locateInSource(source, refused);
      const what = `${describeCharacter(refused.char)} at character ${refused.index + 1}`;
      return {
        file,
        ...(place ? { line: place.line, column: place.column } : {}),
        message: `${record}: "${refused.field}" has ${what}; expected ${ALLOWED_TEXT}`,
      };
    }),
  );
}

const SEO_PAGE_KINDS = [
  'home',
  'articleList',
  'article',
  'missingArticle',
  'brand',
  'contact',
] as const;
const SEO_NOT_FOUND_KINDS = ['generic', 'brand', 'article'] as const;

/**
 * The page titles and descriptions: one function per page kind, exported from src/content/seo.ts.
 */
function checkSeoCopy(seo: Partial<SeoCopy> | undefined, problems: Problem[]) {
  const missing = [
    ...SEO_PAGE_KINDS.filter((kind) => typeof seo?.[kind] !== 'function'),
    ...SEO_NOT_FOUND_KINDS.filter((kind) => typeof seo?.notFound?.[kind] !== 'function').map(
      (kind) => `notFound.${kind}`,
    ),
  ];
  if (!seo || missing.length > 0) {
    problems.push({
      file: 'src/content/index.ts',
      message: `content "seo" ${seo ? `lacks ${missing.join(', ')}` : 'is missing'}; expected the page titles and descriptions of src/content/seo.ts, one function per page kind`,
    });
  }
}

/**
 * Checks what every record with a slug shares: a valid, unique slug; `checkEach` reports the
 * rest of each record, its messages named after the record ("brand "x": ...").
 */
function checkCollection<T extends { slug: string }>(
  records: T[],
  kind: string,
  file: string,
  problems: Problem[],
  checkEach: (record: T, report: (message: string) => void) => void,
) {
  if (!Array.isArray(records) || records.length === 0) {
    problems.push({ file, message: `expected a non-empty list of ${kind}s` });
    return;
  }
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const slug = record?.slug;
    const name = typeof slug === 'string' && slug ? `${kind} "${slug}"` : `${kind} ${index + 1}`;
    const report = (message: string) => problems.push({ file, message: `${name}: ${message}` });
    if (typeof slug !== 'string' || slug === '') {
      report(
        `"slug" is ${describeValue(slug)}; every ${kind} needs a unique slug because it becomes part of its URL`,
      );
    } else if (!SLUG.test(slug)) {
      const why =
        slug.includes('/') || slug.includes('.')
          ? ' (a slug is one URL segment, never a path)'
          : '';
      report(
        `"slug" has characters outside a-z, 0-9 and '-'${why}; expected something like "loyal4d-strategi-bankroll"`,
      );
    } else if (seen.has(slug)) {
      report(`"slug" duplicates ${kind} ${seen.get(slug)! + 1}; slugs must be unique`);
    } else {
      seen.set(slug, index);
    }
    checkEach(record, report);
  });
}
