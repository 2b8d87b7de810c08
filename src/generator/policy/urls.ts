/**
 * The URL rule of the HTML policy, and the one definition of an outbound link. URLs (href,
 * src, cite, ...) are read after the HTML parser decoded entities and after the stripping
 * the URL parser applies (leading and trailing C0 controls and spaces, every tab, LF and CR
 * anywhere), then their scheme per the WHATWG URL standard: http, https, mailto, tel and
 * scheme-less relative URLs pass; javascript:, data:, vbscript:, file: and every other
 * scheme are errors.
 */

const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

/** Attributes whose value is one URL, on any element (HTML, SVG and obsolete ones included). */
export const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'cite',
  'poster',
  'background',
  'longdesc',
  'codebase',
  'lowsrc',
  'dynsrc',
  'manifest',
  'profile',
  'classid',
  'archive',
]);
/** Attributes whose value is a list of URLs. */
export const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'ping']);

/**
 * True when a link to `href` leaves the site: an http(s) or scheme-less address on another
 * host, not under `siteUrl` (the built site's own absolute address). The one definition of
 * an outbound link, for bodies (build) and pages (check). Pure.
 */
export function isOutboundLink(href: string, siteUrl?: string): boolean {
  const scheme = urlScheme(href);
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  if (siteUrl && stripUrl(href).startsWith(siteUrl)) return false;
  return isOtherHost(href);
}

/**
 * Whether a link opens in a new tab without handing the new page a reference back or a referrer.
 * Pure.
 */
export function opensSafely(target: string | undefined, rel: string | undefined): boolean {
  const values = (rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  return target === '_blank' && values.includes('noopener') && values.includes('noreferrer');
}

/**
 * `value` as the URL parser reads it: leading and trailing C0 controls and spaces removed, then
 * every tab, LF and CR.
 */
function stripUrl(value: string): string {
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * The scheme of `value` (lowercase, without ":") as the WHATWG URL parser reads it after
 * stripping, or undefined for a scheme-less (relative) URL: an ASCII letter, then letters,
 * digits, "+", "-" or ".", then ":"; anything else before a ":" means no scheme.
 */
export function urlScheme(value: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(stripUrl(value))?.[1].toLowerCase();
}

/**
 * What is wrong with `value` as a URL in a page or body, or undefined when it is allowed:
 * a relative URL, or an http(s) URL that parses, or mailto:/tel:.
 */
export function urlProblem(value: string): string | undefined {
  const scheme = urlScheme(value);
  if (scheme === undefined) return undefined;
  if (!ALLOWED_URL_SCHEMES.has(scheme)) return `a ${scheme}: URL`;
  if ((scheme === 'http' || scheme === 'https') && !URL.canParse(stripUrl(value)))
    return 'an http(s) URL that does not parse';
  return undefined;
}

/**
 * True when `value`, resolved as a browser would against the page, points to another host. Pure.
 */
export function isOtherHost(value: string): boolean {
  try {
    return new URL(stripUrl(value), 'https://site.invalid/').host !== 'site.invalid';
  } catch {
    return false;
  }
}

/**
 * The URLs of a srcset/imagesrcset value (HTML's "parse a srcset attribute": candidates
 * separated by commas, each a URL then optional descriptors) or of a ping value (spaces).
 */
export function urlsOfList(attribute: string, value: string): string[] {
  if (attribute === 'ping') return value.split(/[\t\n\f\r ]+/).filter(Boolean);
  const urls: string[] = [];
  let position = 0;
  const isSpace = (char: string) => /[\t\n\f\r ]/.test(char);
  while (position < value.length) {
    while (position < value.length && (isSpace(value[position]) || value[position] === ','))
      position++;
    if (position >= value.length) break;
    const start = position;
    while (position < value.length && !isSpace(value[position])) position++;
    let url = value.slice(start, position);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses.
      let inParens = false;
      for (; position < value.length; position++) {
        const char = value[position];
        if (char === '(') inParens = true;
        else if (char === ')') inParens = false;
        else if (char === ',' && !inParens) break;
      }
    }
    urls.push(url);
  }
  return urls;
}
