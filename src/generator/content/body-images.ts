/**
 * Images written in an article body (`![alt](./images/x.png)`): the path rule, and the marker
 * the Markdown renderer leaves where each one stands. The marker is an HTML comment, which the
 * body policy, the brand linker and the digests pass through as they are; the article page puts
 * the template's Picture in its place and the feed a plain `<img>` (build/site-run.ts).
 */
import path from 'node:path';
import { IMAGE_EXTENSIONS } from './content-schema.ts';
import { ARTICLE_DIR } from './article-files.ts';

/** One image of a body, as the build reads and checks it. */
export interface BodyImage {
  /** Root-relative path of its file ("src/content/articles/images/x.png"). */
  source: string;
  alt: string;
  /** Where the Markdown writes it (`![`), in the article file. */
  line: number;
  column: number;
}

/** What the path of a body image must be, for messages. */
const EXPECTED =
  'a path to a PNG, JPEG or WebP file relative to the article, inside src/content/, such as "./images/grafik.png"';

/** What a marker holds: the path as written in the Markdown and the alt text. */
export interface ImageMarker {
  src: string;
  alt: string;
}

const MARKER_START = '<!--sitegen:image ';
const MARKER = /<!--sitegen:image (\{[^<>]*?\})-->/g;

/**
 * The comment that stands for one body image in rendered HTML: its path and alt text as JSON,
 * every character outside printable ASCII and every "<", ">" and "-" escaped, so the comment
 * can neither end early nor carry a character the text policy refuses. Pure.
 */
export function imageMarker(image: ImageMarker): string {
  const json = JSON.stringify({ src: image.src, alt: image.alt }).replace(
    /[^\x20-\x2c\x2e-\x3b\x3d\x3f-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${MARKER_START}${json}-->`;
}

/** The markers of `html`, in order, as written. Pure. */
export function findImageMarkers(html: string): string[] {
  if (!html.includes(MARKER_START)) return [];
  return [...html.matchAll(MARKER)].map((match) => match[0]);
}

/**
 * `html` with every image marker replaced by `replace(image, index)`, the index counting the
 * markers from 0 in document order. Pure apart from `replace`.
 */
export function replaceImageMarkers(
  html: string,
  replace: (image: ImageMarker, index: number) => string,
): string {
  if (!html.includes(MARKER_START)) return html;
  let index = 0;
  return html.replace(MARKER, (_, json: string) => replace(JSON.parse(json), index++));
}

/**
 * The root-relative file a body image path names, resolved against the article folder (every
 * article file is in it), or what is wrong with it: a remote address, an absolute path, a
 * backslash, a path that leaves src/content/, another extension. The path may be
 * percent-encoded as Markdown writes URLs. Pure.
 */
export function resolveBodyImage(src: string): { source: string } | { problem: string } {
  const shown = JSON.stringify(src);
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//'))
    return { problem: `the image ${shown} is a remote address; expected ${EXPECTED}` };
  if (/^[\\/]/.test(src))
    return { problem: `the image ${shown} is an absolute path; expected ${EXPECTED}` };
  let decoded: string;
  try {
    decoded = decodeURI(src);
  } catch {
    return { problem: `the image ${shown} is not a valid address; expected ${EXPECTED}` };
  }
  if (decoded.includes('\\') || /[?#]/.test(decoded))
    return {
      problem: `the image ${shown} has a backslash, "?" or "#"; expected ${EXPECTED}, with "/" between folders`,
    };
  const source = path.posix.normalize(path.posix.join(ARTICLE_DIR, decoded));
  if (!source.startsWith('src/content/'))
    return { problem: `the image ${shown} leaves src/content/; expected ${EXPECTED}` };
  const extension = path.posix.extname(source).toLowerCase();
  if (!(extension in IMAGE_EXTENSIONS))
    return {
      problem: `the image ${shown} is not a PNG, JPEG or WebP file; expected ${EXPECTED} (.png, .jpg, .jpeg or .webp)`,
    };
  return { source };
}

/** The problem of an image without alt text. */
export const MISSING_ALT =
  'an image without alt text; expected text that says what it shows between the brackets, such as ![Grafik pembayaran per bulan](./images/grafik.png)';
