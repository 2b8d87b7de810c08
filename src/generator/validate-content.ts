import type { Article, Brand, Content, SeoCopy } from '../content/types.ts';
import { printable } from './errors.ts';
import { checkArticleBody } from './html-policy.ts';

/** Where each collection is defined, for error messages. */
const CONTENT_FILES = {
  site: 'src/content/site.ts',
  brands: 'src/content/brands.ts',
  articles: 'src/content/articles.ts',
} as const;

export const ARTICLE_BODY_DIR = 'src/content/articles';

/**
 * A body file as read-bodies.ts read it: its text, null when it does not exist or cannot be
 * read, or why it cannot be used (a symbolic link, not a regular file, not UTF-8).
 */
export type BodyFile = string | null | { problem: string };

/** Control characters other than tab, LF and CR: C0, DEL and C1. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Lines with control characters reported per file before the rest are summed up. */
const MAX_CONTROL_LINES = 10;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Every rule content must meet, checked at once. `bodies` maps a body file name to what
 * read-bodies.ts read (BodyFile). Returns one message per problem, each naming the file,
 * the record and the field; an empty list means the content is valid.
 */
export function validateContent(content: Content, bodies: Map<string, BodyFile>): string[] {
  const problems: string[] = [];
  const brandSlugs = content.brands.map((brand) => brand.slug);
  const checkedFiles = new Set<string>();

  const siteProblem = (field: string, found: unknown, expected: string) =>
    problems.push(`${CONTENT_FILES.site}: site: "${field}" is ${describe(found)}; expected ${expected}`);
  if (!isAbsoluteHttpUrl(content.site?.url)) siteProblem('url', content.site?.url, 'an absolute http(s) URL');
  for (const field of ['name', 'description', 'responsiblePlay'] as const) {
    if (!isText(content.site?.[field])) siteProblem(field, content.site?.[field], 'non-empty text');
  }

  checkSeoCopy(content.seo, problems);

  checkCollection(content.brands, 'brand', CONTENT_FILES.brands, problems, (brand: Brand, where) => {
    for (const field of ['name', 'description', 'colorName', 'keywords'] as const) {
      if (!isText(brand[field])) problems.push(`${where}: "${field}" is ${describe(brand[field])}; expected non-empty text`);
    }
    if (typeof brand.rating !== 'number' || !(brand.rating >= 0 && brand.rating <= 5)) {
      problems.push(`${where}: "rating" is ${describe(brand.rating)}; expected a number from 0 to 5`);
    }
    if (typeof brand.established !== 'string' || !/^\d{4}$/.test(brand.established)) {
      problems.push(`${where}: "established" is ${describe(brand.established)}; expected a four-digit year such as "2020"`);
    }
    if (typeof brand.color !== 'string' || !COLOR.test(brand.color)) {
      problems.push(`${where}: "color" is ${describe(brand.color)}; expected a hex colour such as "#6d28d9"`);
    }
    if (!Array.isArray(brand.features) || brand.features.length !== 4 || !brand.features.every(isText)) {
      problems.push(`${where}: "features" is ${describe(brand.features)}; expected exactly four non-empty labels`);
    }
    if (!isAbsoluteHttpUrl(brand.url)) {
      problems.push(`${where}: "url" is ${describe(brand.url)}; expected an absolute http(s) URL`);
    }
  });

  checkCollection(content.articles, 'article', CONTENT_FILES.articles, problems, (article: Article, where) => {
    for (const field of ['title', 'excerpt', 'author', 'readTime'] as const) {
      if (!isText(article[field])) problems.push(`${where}: "${field}" is ${describe(article[field])}; expected non-empty text`);
    }
    if (!brandSlugs.includes(article.brand)) {
      problems.push(`${where}: brand ${describe(article.brand)} is not one of ${brandSlugs.join(', ')}`);
    }
    if (typeof article.publishedAt !== 'string' || !isIsoDate(article.publishedAt)) {
      problems.push(`${where}: "publishedAt" is ${describe(article.publishedAt)}; expected a date as YYYY-MM-DD`);
    }
    if (typeof article.listed !== 'boolean') {
      problems.push(`${where}: "listed" is ${describe(article.listed)}; expected true or false`);
    }
    if (article.body === undefined) return;
    if (typeof article.body !== 'string' || !/^[a-z0-9][a-z0-9._-]*\.html$/.test(article.body)) {
      problems.push(`${where}: "body" is ${describe(article.body)}; expected a file name such as "${article.slug}.html" in ${ARTICLE_BODY_DIR}/`);
      return;
    }
    const file = `${ARTICLE_BODY_DIR}/${article.body}`;
    const text = bodies.get(article.body);
    if (text == null) {
      problems.push(`${where}: "body" names ${file}, which does not exist or cannot be read`);
      return;
    }
    // Two articles may share a body file: its own problems are listed once.
    if (checkedFiles.has(file)) return;
    checkedFiles.add(file);
    if (typeof text !== 'string') {
      problems.push(`${file}: ${text.problem}`);
      return;
    }
    if (!text.trim()) problems.push(`${file}: the body of article "${article.slug}" is empty`);
    const textProblems = checkBodyText(text);
    for (const problem of textProblems) problems.push(`${file}: ${problem}`);
    // Control characters would come back as parse errors: the HTML is read once they are gone.
    if (textProblems.length > 0) return;
    for (const problem of checkArticleBody(text)) problems.push(`${file}: ${problem}`);
  });

  return problems;
}

/**
 * Characters a body must not contain, one message per line (at most MAX_CONTROL_LINES):
 * NUL, named with its byte offset, and every other control character but tab, LF and CR.
 */
function checkBodyText(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  let offset = 0;
  let linesWithControls = 0;
  for (const [index, line] of lines.entries()) {
    if (CONTROL_CHARACTER.test(line)) {
      linesWithControls++;
      if (linesWithControls <= MAX_CONTROL_LINES) {
        const column = line.search(CONTROL_CHARACTER);
        const char = line[column];
        const where = `line ${index + 1}, column ${column + 1}`;
        problems.push(
          char === '\0'
            ? `${where}: a NUL byte (byte offset ${Buffer.byteLength(text.slice(0, offset + column))}); a body is text and never contains NUL`
            : `${where}: control character ${printable(char)}; only tab, line feed and carriage return are allowed`,
        );
      }
    }
    offset += line.length + 1;
  }
  if (linesWithControls > MAX_CONTROL_LINES) {
    problems.push(`${linesWithControls - MAX_CONTROL_LINES} more lines have control characters`);
  }
  return problems;
}

const SEO_PAGE_KINDS = ['home', 'articleList', 'article', 'missingArticle', 'brand', 'contact'] as const;
const SEO_NOT_FOUND_KINDS = ['generic', 'brand', 'article'] as const;

/** The page titles and descriptions: one function per page kind, exported from src/content/seo.ts. */
function checkSeoCopy(seo: Partial<SeoCopy> | undefined, problems: string[]) {
  const missing = [
    ...SEO_PAGE_KINDS.filter((kind) => typeof seo?.[kind] !== 'function'),
    ...SEO_NOT_FOUND_KINDS.filter((kind) => typeof seo?.notFound?.[kind] !== 'function').map((kind) => `notFound.${kind}`),
  ];
  if (!seo || missing.length > 0) {
    problems.push(
      `src/content/index.ts: content "seo" ${seo ? `lacks ${missing.join(', ')}` : 'is missing'}; expected the page titles and descriptions of src/content/seo.ts, one function per page kind`,
    );
  }
}

/** Checks what every record with a slug shares: a valid, unique slug. */
function checkCollection<T extends { slug: string }>(
  records: T[],
  kind: string,
  file: string,
  problems: string[],
  checkRecord: (record: T, where: string) => void,
) {
  if (!Array.isArray(records) || records.length === 0) {
    problems.push(`${file}: expected a non-empty list of ${kind}s`);
    return;
  }
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const slug = record?.slug;
    const where = typeof slug === 'string' && slug ? `${file}: ${kind} "${slug}"` : `${file}: ${kind} ${index + 1}`;
    if (typeof slug !== 'string' || slug === '') {
      problems.push(`${where}: "slug" is ${describe(slug)}; every ${kind} needs a unique slug because it becomes part of its URL`);
    } else if (!SLUG.test(slug)) {
      const why = slug.includes('/') || slug.includes('.') ? ' (a slug is one URL segment, never a path)' : '';
      problems.push(`${where}: "slug" has characters outside a-z, 0-9 and '-'${why}; expected something like "loyal4d-strategi-bankroll"`);
    } else if (seen.has(slug)) {
      problems.push(`${where}: "slug" duplicates ${kind} ${seen.get(slug)! + 1}; slugs must be unique`);
    } else {
      seen.set(slug, index);
    }
    checkRecord(record, where);
  });
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isAbsoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return value.trim() === '' ? 'empty' : JSON.stringify(value);
  // JSON.stringify writes NaN and Infinity as null, which would misreport them.
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}
