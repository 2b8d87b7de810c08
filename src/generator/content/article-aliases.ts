import type { ArticleAlias } from '../../content/types.ts';
import { foldName, howNamesDiffer } from '../host/name-fold.ts';
import type { Position } from './front-matter.ts';
import { MAX_SLUG_LENGTH, SLUG } from './article-files.ts';
import { describeValue } from './content-schema.ts';

/**
 * The front matter's `aliases:`, the old addresses of a renamed article: each entry an old slug
 * ("loyal4d-lama", the page /artikel/loyal4d-lama/) or a path from the site's root, below its
 * base path ("/lama/halaman/", "/lama.html"). Each becomes a redirect page and a `_redirects`
 * rule (pages/kind-redirect.ts, files/redirects-file.ts), so an entry is held to what every
 * host can serve as a file and every `_redirects` reader takes as one literal path.
 */

/** What an entry may be, for messages. */
export const ALIAS =
  'an old slug such as "loyal4d-lama" (the page /artikel/loyal4d-lama/) or a path from the site\'s root such as "/lama/halaman/" or "/lama.html"';

/** The characters of a path entry: no spaces, no `*` or `:` (`_redirects` splats), no `%`. */
const PATH_CHARACTERS = /^[A-Za-z0-9._~/-]+$/;

/**
 * Returns what is wrong with one entry as written (`field` names it: "aliases[0]"), or the
 * site-relative address it stands for ("/artikel/loyal4d-lama/", "/lama.html"). Pure.
 */
export function readAlias(value: string, field: string): { address: string } | { problem: string } {
  const found = `"${field}" is ${describeValue(value)}`;
  const expected = `expected ${ALIAS}`;
  const tooLong = `a slug or a path segment has at most ${MAX_SLUG_LENGTH} (each names a folder or file), so shorten it`;
  if (SLUG.test(value))
    return value.length > MAX_SLUG_LENGTH
      ? { problem: `${found}, ${value.length} characters long; ${tooLong}` }
      : { address: `/artikel/${value}/` };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//'))
    return { problem: `${found}, a full URL; ${expected} (the site's own address is added)` };
  if (!value.startsWith('/'))
    return { problem: `${found}; ${expected}: a slug is a-z, 0-9 and '-', a path starts with "/"` };
  if (/[?#]/.test(value))
    return { problem: `${found}, with a query or fragment; ${expected}, without "?" or "#"` };
  if (!PATH_CHARACTERS.test(value))
    return {
      problem: `${found}; ${expected}, in the characters a-z, A-Z, 0-9, "-", ".", "_", "~" and "/" (no spaces, "*", ":" or "%")`,
    };
  const segments = value.slice(1).split('/');
  if (segments.slice(0, -1).some((segment) => segment === '') || /(^|\/)\./.test(value))
    return {
      problem: `${found}, with an empty segment or one that starts with "." (".", "..", or a hidden file hosts do not serve); ${expected}`,
    };
  if (!value.endsWith('/') && !/[^/]\.html$/.test(value))
    return {
      problem: `${found}, neither a folder (ending in "/") nor a page (ending in ".html"); ${expected}`,
    };
  const longest = Math.max(...segments.map((segment) => segment.length));
  if (longest > MAX_SLUG_LENGTH)
    return { problem: `${found}, with a segment ${longest} characters long; ${tooLong}` };
  return { address: value };
}

/**
 * Checks every entry of `aliases` (a list of text, as the schema has it) and returns them as the
 * Article holds them, each with where it is written (`items`, else the key's `at`), and the
 * problems: a bad entry, or an entry that names the same address as an earlier one, or the
 * same but for letter case (foldName: one file on a case-insensitive disk or host). Pure.
 */
export function readAliases(
  values: string[],
  at: Position,
  items: Position[] | undefined,
): { aliases: ArticleAlias[]; problems: { at: Position; message: string }[] } {
  const aliases: ArticleAlias[] = [];
  const problems: { at: Position; message: string }[] = [];
  const seen = new Map<string, { field: string; address: string }>();
  values.forEach((value, index) => {
    const field = `aliases[${index}]`;
    const where = items?.[index] ?? at;
    const read = readAlias(value, field);
    if ('problem' in read) {
      problems.push({ at: where, message: read.problem });
      return;
    }
    const earlier = seen.get(foldName(read.address));
    if (earlier !== undefined) {
      const { address } = earlier;
      const differ = address === read.address ? '' : `, ${howNamesDiffer(read.address, address)}`;
      problems.push({
        at: where,
        message: `"${field}" is ${describeValue(value)}, the address ${address} that "${earlier.field}" names already${differ}; expected each old address once`,
      });
      return;
    }
    seen.set(foldName(read.address), { field, address: read.address });
    aliases.push({ address: read.address, line: where.line, column: where.column });
  });
  return { aliases, problems };
}
