import * as v from 'valibot';

/**
 * The schemas of the content, one valibot schema per kind of record: an article's front
 * matter, a brand, the site. Each check's message is what was expected ("a date as
 * YYYY-MM-DD"); `schemaProblems` turns valibot's issues into one line per field, naming the
 * key, what was found and what was expected. Valibot because it adds about 6 KB to the CLI
 * bundle and no measurable start-up time (docs/content.md).
 */

const TEXT = 'non-empty text';
const DATE = 'a date as YYYY-MM-DD, such as 2024-12-15';
const BOOLEAN = 'true or false';
const ALIASES = 'a list of old addresses (old slugs, or paths starting with "/")';
const IMAGE = 'a PNG, JPEG or WebP file under src/content/, such as "images/bankroll.jpg"';

const text = (expected = TEXT) =>
  v.pipe(
    v.string(expected),
    v.check((value) => value.trim() !== '', expected),
  );
const isoDate = v.pipe(v.string(DATE), v.check(isIsoDate, DATE));
const wholeNumber = (expected: string, min: number) =>
  v.pipe(v.number(expected), v.integer(expected), v.minValue(min, expected));

/** The front matter of src/content/articles/{slug}.md. The slug is the file name, never a key. */
export const frontMatterSchema = v.object({
  title: text(),
  excerpt: text(),
  brand: text('the slug of a brand in src/content/brands.ts'),
  author: text(),
  date: isoDate,
  updated: v.optional(isoDate),
  readTime: v.optional(wholeNumber('a whole number of minutes, such as 7', 1)),
  listed: v.optional(v.boolean(BOOLEAN), true),
  order: v.optional(
    wholeNumber('a whole number such as 1 (lower comes first)', Number.MIN_SAFE_INTEGER),
    0,
  ),
  draft: v.optional(v.boolean(BOOLEAN), false),
  image: v.optional(text(IMAGE)),
  imageAlt: v.optional(text('non-empty text that says what the image shows')),
  aliases: v.optional(
    v.array(
      v.string(ALIASES),
      `${ALIASES}, one per line as "- loyal4d-lama", or [loyal4d-lama, /lama.html]`,
    ),
  ),
});

export type FrontMatter = v.InferOutput<typeof frontMatterSchema>;

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** One record of src/content/brands.ts. */
export const brandSchema = v.object({
  name: text(),
  slug: v.string('a slug'),
  description: text(),
  rating: v.pipe(
    v.number('a number from 0 to 5'),
    v.minValue(0, 'a number from 0 to 5'),
    v.maxValue(5, 'a number from 0 to 5'),
  ),
  color: v.pipe(
    v.string('a hex colour such as "#6d28d9"'),
    v.regex(COLOR, 'a hex colour such as "#6d28d9"'),
  ),
  colorName: text(),
  features: v.pipe(
    v.array(text(), 'exactly four non-empty labels'),
    v.length(4, 'exactly four non-empty labels'),
  ),
  established: v.pipe(
    v.string('a four-digit year such as "2020"'),
    v.regex(/^\d{4}$/, 'a four-digit year such as "2020"'),
  ),
  url: v.pipe(
    v.string('an absolute http(s) URL'),
    v.check(isAbsoluteHttpUrl, 'an absolute http(s) URL'),
  ),
  keywords: text(),
});

/** The fields of src/content/site.ts the generator itself relies on. */
export const siteSchema = v.object({
  url: v.pipe(
    v.string('an absolute http(s) URL'),
    v.check(isAbsoluteHttpUrl, 'an absolute http(s) URL'),
  ),
  name: text(),
  description: text(),
  responsiblePlay: text(),
  readTimeUnit: text('non-empty text such as "menit baca"'),
});

/** A field's problem: the top-level key, the value found, what was expected. */
export interface FieldProblem {
  key: string;
  found: unknown;
  expected: string;
}

/**
 * Validates `value` against an object schema. Returns the parsed output, or one problem per
 * field that failed (the first failing check of each), in the schema's key order. Pure.
 */
export function checkRecord<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  value: unknown,
): { output?: v.InferOutput<S>; problems: FieldProblem[] } {
  const result = v.safeParse(schema, value);
  if (result.success) return { output: result.output, problems: [] };
  const byKey = new Map<string, FieldProblem>();
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string') continue;
    if (byKey.has(key)) continue;
    const found = (value as Record<string, unknown>)[key];
    // A missing key's issue speaks of the key; what the field expects is its own schema's message.
    const expected =
      found === undefined
        ? (v.safeParse(schema.entries[key], undefined).issues?.[0].message ?? issue.message)
        : issue.message;
    byKey.set(key, { key, found, expected });
  }
  if (byKey.size === 0)
    return { problems: [{ key: '', found: value, expected: result.issues[0].message }] };
  const order = Object.keys(schema.entries);
  return {
    problems: [...byKey.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key)),
  };
}

/**
 * The keys of `value` the schema does not know, each with the closest known key when one is near.
 * Pure.
 */
export function unknownKeys(
  schema: v.ObjectSchema<v.ObjectEntries, undefined>,
  value: object,
): { key: string; suggestion?: string }[] {
  const known = Object.keys(schema.entries);
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => ({ key, suggestion: closest(key, known) }));
}

/**
 * The known key a mistyped `key` most likely meant: the same letters in another case, or the
 * one within an edit distance of a third of its length (at least 1, at most 3). Pure.
 */
export function closest(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameLetters = known.find((candidate) => candidate.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance with transpositions counted as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** File extensions an article image may have (lower case), by the format they name. */
export const IMAGE_EXTENSIONS: Record<string, 'png' | 'jpeg' | 'webp'> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
};

/**
 * What is wrong with an article image path as written (relative to src/content/), or
 * undefined when it is a plain relative path to a file with a known extension. Pure.
 */
export function imagePathProblem(value: string): string | undefined {
  const found = describeValue(value);
  if (/^[\\/]|^[A-Za-z]:/.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value))
    return `"image" is ${found}, an absolute path or URL; expected ${IMAGE}`;
  if (value.includes('\\'))
    return `"image" is ${found}, with a backslash; expected ${IMAGE}, with "/" between folders`;
  if (value.split('/').some((part) => part === '..'))
    return `"image" is ${found}, which leaves src/content/; expected ${IMAGE}`;
  const extension = /\.[^./]*$/.exec(value)?.[0].toLowerCase();
  if (!extension || !(extension in IMAGE_EXTENSIONS))
    return `"image" is ${found}; expected ${IMAGE} (.png, .jpg, .jpeg or .webp)`;
  return undefined;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date.parse accepts 2024-02-31 and rolls it over to March: the round trip rejects it.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A value as a message quotes it: "missing", "empty", a JSON literal. Pure. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'empty';
  if (typeof value === 'string') return value.trim() === '' ? 'empty' : JSON.stringify(value);
  // JSON.stringify writes NaN and Infinity as null, which would misreport them.
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}
