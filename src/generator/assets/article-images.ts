import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as SharpModule from 'sharp';
import type { Article } from '../../content/types.ts';
import type { BodyImage } from '../content/body-images.ts';
import { fingerprint } from './assets.ts';
import { storeInCache } from '../output/cache-file.ts';
import {
  bodyImageUse,
  frontMatterImageUse,
  type ImageUse,
  locateImage,
  NO_SUCH_IMAGE,
  placeOf,
} from '../content/image-uses.ts';
import { sitegenError } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';
import { ContentInvalid } from '../errors/errors-data.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import { readSourceBytes } from '../content/read-source-file.ts';
import type { OutputFile } from '../output/writer.ts';

type Sharp = typeof SharpModule.default;

/** The widths of the WebP renditions; a source narrower than one of them is never scaled up. */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;

/**
 * How every rendition is encoded. Fixed, so the same source gives the same bytes; part of
 * the cache key, so changing any of it encodes every image again. Metadata (EXIF, ICC,
 * XMP) is never kept: sharp drops it unless asked, after turning the pixels upright.
 */
const ENCODING = {
  webp: { quality: 80, effort: 4, smartSubsample: false },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true, palette: false },
  /** A JPEG has no transparency: what shows through a transparent WebP's pixels. */
  background: '#ffffff',
} as const;

/** Bumped when the cache entry's layout changes. */
const CACHE_FORMAT = 2;

export type ImageType = 'image/webp' | 'image/jpeg' | 'image/png';

/** One file of a processed image. */
export interface ImageRendition {
  /** Site-relative path ("/assets/images/bankroll-800.1a2b3c4d5e.webp"). */
  path: string;
  width: number;
  height: number;
  type: ImageType;
}

/**
 * An article's image as built: its WebP renditions (narrowest first), its fallback, its alt text.
 */
export interface ProcessedImage {
  alt: string;
  webp: ImageRendition[];
  /**
   * JPEG (for JPEG and WebP sources) or PNG, at the widest rendition's size: also og:image and
   * JSON-LD `image`.
   */
  fallback: ImageRendition;
}

/** The files of one source image, whatever alt text a page gives it. */
export type Renditions = Omit<ProcessedImage, 'alt'>;

export interface ImageStageResult {
  /** Processed image by article slug; articles without an image are absent. */
  images: Map<string, ProcessedImage>;
  /** The renditions of every image the bodies show, by its root-relative source. */
  bodyImages: Map<string, Renditions>;
  /** The renditions to write, each path once. */
  files: OutputFile[];
  /** Source files read (an image several articles or bodies share counts once). */
  sources: number;
  /** Of those, the ones encoded by this build; the others came from the cache. */
  encoded: number;
}

export interface ImageStageOptions {
  /** Project root: an article's image source is relative to it. */
  root: string;
  /**
   * sitegen's cache folder; the encoded images go in its `images/` folder. None: encode every
   * image, touch no disk but the sources.
   */
  cacheDir?: string;
}

/** What encoding one source yields, before the files are named. */
interface Encoded {
  format: 'webp' | 'jpeg' | 'png';
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Reads every article image, the front matter's and those the bodies show (`bodyImages`, by
 * slug), encodes each source once (WebP at each width of IMAGE_WIDTHS the source reaches, or
 * at the source's own width when it is narrower than all, plus one fallback at the widest) or
 * takes the encoding from the cache, and names each file by a hash of its bytes. sharp is
 * loaded only when some image is not in the cache. Every problem of every image is reported
 * at once, as a ContentInvalid error naming the article's `image` line or the body's `![`.
 * Reads the sources and the cache; writes only the cache.
 */
export async function processArticleImages(
  articles: Article[],
  options: ImageStageOptions,
  bodyImages: ReadonlyMap<string, BodyImage[]> = new Map(),
): Promise<ImageStageResult> {
  const images = new Map<string, ProcessedImage>();
  const bySource = new Map<string, Renditions>();
  const files = new Map<string, OutputFile>();
  const problems: Problem[] = [];
  const encoding = new Map<string, Promise<{ encoded: Encoded[]; fresh: boolean } | string>>();
  const encoded = new Set<string>();
  const cache = new ImageCache(
    options.cacheDir === undefined ? undefined : path.join(options.cacheDir, 'images'),
  );
  const process = async (use: ImageUse): Promise<Renditions | undefined> => {
    const { source } = use;
    let pending = encoding.get(source);
    if (!pending) {
      pending = encodeSource(options.root, source, cache);
      encoding.set(source, pending);
    }
    const result = await pending;
    if (typeof result === 'string') {
      problems.push({ ...placeOf(use), message: use.message(result) });
      return undefined;
    }
    if (result.fresh) encoded.add(source);
    const renditions = result.encoded.map((output) => nameRendition(source, output));
    for (const { file } of renditions) files.set(file.path, file);
    const [fallback, ...webp] = renditions.map(({ rendition }) => rendition);
    return { webp, fallback };
  };
  for (const article of articles) {
    if (article.image) {
      const image = await process(frontMatterImageUse(article.source, article.image));
      if (image) images.set(article.slug, { alt: article.image.alt, ...image });
    }
    for (const shown of bodyImages.get(article.slug) ?? []) {
      const renditions = await process(bodyImageUse(article.source, shown));
      if (renditions) bySource.set(shown.source, renditions);
    }
  }
  if (problems.length > 0)
    throw sitegenError(
      ContentInvalid,
      { count: problems.length },
      { problems, file: problems[0].file },
    );
  const counts = { sources: encoding.size, encoded: encoded.size };
  return { images, bodyImages: bySource, files: [...files.values()], ...counts };
}

/**
 * The encoded renditions of one source (relative to `root`; fallback first), from the
 * cache or made now; a string says what is wrong. The cache is keyed by the source's bytes,
 * so a damaged source never meets the encoding of an intact one.
 */
async function encodeSource(
  root: string,
  source: string,
  cache: ImageCache,
): Promise<{ encoded: Encoded[]; fresh: boolean } | string> {
  const bytes = readImageSource(root, source);
  if (typeof bytes === 'string') return bytes;
  const key = cacheKey(bytes);
  const cached = await cache.read(key);
  if (cached) return { encoded: cached, fresh: false };
  let encoded: Encoded[];
  try {
    encoded = await encodeImage(loadSharp(), bytes);
  } catch (error) {
    const reason = firstLine((error as Error).message);
    // libjpeg, libpng and libwebp each say "cut off" in their own words.
    if (/premature end|truncated|unexpected end|read error|not enough data/i.test(reason)) {
      return `the file is cut off or damaged (${reason}); expected a whole PNG, JPEG or WebP file: export or copy it again`;
    }
    return `the file is not a PNG, JPEG or WebP image sharp can read (${reason}); expected a PNG, JPEG or WebP file`;
  }
  await cache.write(key, encoded);
  return { encoded, fresh: true };
}

/**
 * The bytes of an article image, or why they cannot be used: found by locateImage (through
 * no linked folder, its name matched up to Unicode normalisation), a regular file (never a
 * symbolic link, read-source-file.ts) whose real path is inside src/content/, so no link can
 * lead the build to publish a file from elsewhere on the machine. Reads disk.
 */
function readImageSource(root: string, source: string): Buffer | string {
  const located = locateImage(root, source);
  if ('problem' in located) return located.problem;
  const { file } = located;
  const bytes = readSourceBytes(file, 'an article image');
  if (bytes === null) return NO_SUCH_IMAGE;
  if (!Buffer.isBuffer(bytes)) return `the file ${bytes.problem}`;
  const contentDir = realpathSync(path.join(root, 'src', 'content'));
  const real = realpathSync(file);
  if (!real.startsWith(contentDir + path.sep)) {
    return `the file lies behind a symbolic link that leads out of src/content/ (to ${real}); an article image must be a regular file inside src/content/`;
  }
  return bytes;
}

/**
 * The WebP widths for a source `width` pixels wide: those of IMAGE_WIDTHS it reaches, else its own.
 * Pure.
 */
export function renditionWidths(width: number): number[] {
  const widths = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

/**
 * Encodes one source: the fallback first, then the WebP renditions narrowest first. Throws what
 * sharp throws.
 */
async function encodeImage(sharp: Sharp, bytes: Buffer): Promise<Encoded[]> {
  const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
  if (metadata.format !== 'jpeg' && metadata.format !== 'png' && metadata.format !== 'webp') {
    throw new Error(
      `it is ${metadata.format === undefined ? 'of an unknown format' : `a ${String(metadata.format).toUpperCase()} file`}`,
    );
  }
  const widths = renditionWidths(metadata.autoOrient?.width ?? metadata.width);
  const widest = widths[widths.length - 1];
  const resized = (width: number) =>
    sharp(bytes, { failOn: 'error' }).autoOrient().resize({ width, kernel: 'lanczos3' });
  const fallback =
    metadata.format === 'png'
      ? resized(widest).png(ENCODING.png)
      : resized(widest).flatten({ background: ENCODING.background }).jpeg(ENCODING.jpeg);
  const pipelines = [fallback, ...widths.map((width) => resized(width).webp(ENCODING.webp))];
  return Promise.all(
    pipelines.map(async (pipeline) => {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return {
        format: info.format as Encoded['format'],
        width: info.width,
        height: info.height,
        bytes: data,
      };
    }),
  );
}

const MEDIA_TYPES: Record<Encoded['format'], ImageType> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
const EXTENSIONS: Record<Encoded['format'], string> = { webp: 'webp', jpeg: 'jpg', png: 'png' };

/**
 * The output file of one rendition: `assets/images/{name}-{width}.{first 10 hex of the
 * SHA-256 of its bytes}.{webp|jpg|png}`, `name` being the source's file name in NFC made
 * URL-safe (the style of assets.ts): the same whether the name is written or saved composed
 * or decomposed. Pure.
 */
function nameRendition(
  source: string,
  output: Encoded,
): { file: OutputFile; rendition: ImageRendition } {
  const name =
    path.posix
      .basename(source, path.posix.extname(source))
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  const file = fingerprint(
    `assets/images/${name}-${output.width}`,
    `.${EXTENSIONS[output.format]}`,
    output.bytes,
  );
  return {
    file,
    rendition: {
      path: `/${file.path}`,
      width: output.width,
      height: output.height,
      type: MEDIA_TYPES[output.format],
    },
  };
}

let sharpModule: Sharp | undefined;

/**
 * sharp, loaded on first need (about 30 ms and a native library): a site without images never loads
 * it.
 */
function loadSharp(): Sharp {
  sharpModule ??= requireFromSitegen('sharp') as Sharp;
  return sharpModule;
}

let sharpVersion: string | undefined;

/** sharp's version, read from its package.json without loading the native library. */
function readSharpVersion(): string {
  if (sharpVersion === undefined) {
    let dir = path.dirname(requireFromSitegen.resolve('sharp'));
    while (path.basename(dir) !== 'sharp' && path.dirname(dir) !== dir) dir = path.dirname(dir);
    sharpVersion = String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
  }
  return sharpVersion;
}

/**
 * The cache key of a source: SHA-256 of the source bytes, the widths, sharp's version and the
 * encoding options.
 */
function cacheKey(bytes: Buffer): string {
  const settings = JSON.stringify({
    format: CACHE_FORMAT,
    sharp: readSharpVersion(),
    widths: IMAGE_WIDTHS,
    encoding: ENCODING,
  });
  return createHash('sha256').update(settings).update('\0').update(bytes).digest('hex');
}

/**
 * Encoded images by cache key, one file each in `dir`: a 4-byte length, a JSON list of the
 * renditions (format, width, height, byte length, SHA-256), then their bytes. An entry whose
 * bytes do not match their digests (cut off, or changed anywhere) is encoded again. Entries are
 * written to a temporary file and renamed into place (cache-file.ts), so a reader never sees half
 * of one; no entry is ever deleted. A write that fails only costs the next build an encoding.
 */
class ImageCache {
  /** Without `dir`, a cache that holds nothing and keeps nothing. */
  constructor(private readonly dir: string | undefined) {}

  async read(key: string): Promise<Encoded[] | undefined> {
    if (this.dir === undefined) return undefined;
    let entry: Buffer;
    try {
      entry = await readFile(path.join(this.dir, `${key}.bin`));
    } catch {
      return undefined;
    }
    try {
      const headerLength = entry.readUInt32BE(0);
      const header = JSON.parse(entry.subarray(4, 4 + headerLength).toString('utf8')) as (Omit<
        Encoded,
        'bytes'
      > & { length: number; sha256: string })[];
      let offset = 4 + headerLength;
      let isWhole = true;
      const encoded = header.map(({ format, width, height, length, sha256 }) => {
        const bytes = entry.subarray(offset, offset + length);
        offset += length;
        isWhole &&= digestOf(bytes) === sha256;
        return { format, width, height, bytes };
      });
      return isWhole && offset === entry.length && encoded.length > 0 ? encoded : undefined;
    } catch {
      return undefined;
    }
  }

  async write(key: string, encoded: Encoded[]): Promise<void> {
    if (this.dir === undefined) return;
    const header = Buffer.from(
      JSON.stringify(
        encoded.map(({ format, width, height, bytes }) => ({
          format,
          width,
          height,
          length: bytes.length,
          sha256: digestOf(bytes),
        })),
      ),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    await storeInCache(
      path.join(this.dir, `${key}.bin`),
      Buffer.concat([length, header, ...encoded.map(({ bytes }) => bytes)]),
    );
  }
}

/** The SHA-256 of bytes, in hex. Pure. */
function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
