import { readFileSync } from 'node:fs';
import path from 'node:path';
import { basePathOf } from '../host/site-url.ts';
import { normalizeBase } from '../host/static-host.ts';

/** A base path and where it came from, for the start line of `sitegen preview`. */
export interface BasePath {
  /** "/" or "/repo/". */
  base: string;
  /** "--base" or the file it was read from; undefined for the default "/". */
  source?: string;
}

/**
 * The base path a built folder was made for, so that `sitegen preview` serves it where its
 * links point (a build with --site-url https://user.github.io/repo/ links /repo/assets/...).
 * Read from the canonical link of the home page, `index.html`: every build gives it the
 * site URL itself, and `sitegen check` fails a page without an absolute canonical URL. So
 * the base comes from the same HTML whose links must resolve, cannot disagree with it (a
 * separate record, such as a line in the output marker, could be stale after a watch
 * session or a copied folder), and folders built before preview read it work too. A folder
 * without index.html or without the link is served at "/". Reads one file.
 */
export function readBasePath(dir: string): BasePath {
  const home = path.join(dir, 'index.html');
  let html: string;
  try {
    html = readFileSync(home, 'utf8');
  } catch {
    return { base: '/' };
  }
  const canonical = canonicalHref(html);
  if (canonical === undefined || !URL.canParse(canonical)) return { base: '/' };
  const base = normalizeBase(basePathOf(canonical));
  return base === '/' ? { base } : { base, source: `the canonical link of ${home}` };
}

/**
 * The href of the first <link rel="canonical"> in a page, entities in it decoded; undefined when
 * there is none. Pure.
 */
export function canonicalHref(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\srel\s*=\s*(["']?)canonical\1[\s/>]/i.test(tag)) continue;
    const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    return value
      ?.replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return undefined;
}
