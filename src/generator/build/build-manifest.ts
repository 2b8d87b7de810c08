import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ArticleMemo, textDigest } from '../content/article-memo.ts';
import type { Article } from '../../content/types.ts';
import type { BodyImage } from '../content/body-images.ts';
import type { FileResult } from '../content/read-articles.ts';
import type { Problem } from '../errors/problem.ts';
import { storeInCache } from '../output/cache-file.ts';
import type { OutputListing } from '../output/atomic-writer.ts';
import {
  absent,
  anything,
  fields,
  flag,
  isRecord,
  listOf,
  number,
  optional,
  recordOf,
  type Shape,
  text,
} from '../output/shapes.ts';
import { type DependencyMap, knowRecordDigest, type PageDeps, recordDigest } from './decide.ts';

/** Bumped whenever what the manifest holds, or how it is read, changes. */
const FORMAT = 4;

/**
 * What `sitegen build` keeps for the next build into the same output folder, in the cache
 * folder (`builds/{hash of the output path}.json`): the parsed articles (each file's SHA-1 and
 * its record, without the body), the dependency map (each page's digest and files) and the
 * output's listing (every file's stamp and the folder's). The next build parses only the
 * files whose text changed, renders only the pages whose digest changed, and keeps every other
 * file of the previous output. Written after the output is committed; only a manifest whose
 * `key` and output folder match is used.
 */
interface Manifest {
  format: number;
  key: string;
  outDir: string;
  stamp: string;
  files: Record<string, string>;
  articles: Record<string, ManifestEntry>;
  pages: Record<string, PageDeps>;
}

/**
 * One article file as the manifest keeps it: its text's SHA-1, its stamp when it was read
 * (article-files.ts fileStamp), and its result without the body HTML.
 */
interface ManifestEntry {
  hash: string;
  stamp?: string;
  /** The digest of its article record (decide.ts recordDigest), so the next build need not hash it. */
  record?: string;
  /** The text, once isKnown matched it this run (never written to the manifest). */
  text?: string;
  result: FileResult;
}

/** What the previous build left: a memo of its articles, and its pages and output when usable. */
export interface PreviousBuild {
  memo: ManifestMemo;
  /** The previous build's dependency map and output listing; absent: render every page. */
  output?: { pages: DependencyMap; listing: OutputListing };
}

/**
 * An ArticleMemo that keeps what the manifest holds: each file's text digest and stamp, and its
 * result without the body HTML (which the next build parses again only for the pages it
 * renders).
 */
export class ManifestMemo implements ArticleMemo {
  constructor(private readonly entries = new Map<string, ManifestEntry>()) {}

  get(file: string) {
    return this.entries.get(file);
  }

  set(file: string, { text, result, stamp }: { text: string; result: FileResult; stamp?: string }) {
    const kept = this.entries.get(file);
    if (kept?.result === result) {
      if (stamp !== undefined) kept.stamp = stamp;
      return;
    }
    const { html: _html, ...withoutBody } = result;
    this.entries.set(file, { hash: textDigest(text), stamp, result: withoutBody });
  }

  delete(file: string): void {
    this.entries.delete(file);
  }

  keys(): Iterable<string> {
    return this.entries.keys();
  }

  known(file: string, stamp: string): { hasBody: boolean } | undefined {
    const kept = this.entries.get(file);
    if (kept?.stamp !== stamp) return undefined;
    return { hasBody: kept.result.bodyDigest !== undefined };
  }

  /** The entries as the manifest holds them: without the texts isKnown kept. */
  toJSON() {
    const entries: Record<string, ManifestEntry> = {};
    for (const [file, { hash, stamp, result }] of this.entries) {
      const record = result.article && recordDigest(result.article);
      entries[file] = { hash, stamp, record, result };
    }
    return entries;
  }
}

/**
 * What must be the same for the previous build's manifest to be used at all: sitegen's own
 * code (the bundled CLI's folder names one build of it), the project's package-lock.json, the
 * Node version and the switches that change which pages exist. Reads disk.
 */
export function buildKey(root: string, switches: Record<string, unknown>): string {
  const hash = createHash('sha1').update(`${FORMAT}\n${codeIdentity()}\n${process.version}\n`);
  hash.update(JSON.stringify(switches));
  try {
    hash.update(readFileSync(path.join(root, 'package-lock.json')));
  } catch {
    hash.update('no package-lock.json');
  }
  return hash.digest('hex');
}

/**
 * The bundled CLI's folder (bin/.cli-{id}/: a new id for every bundle of changed sources); from
 * the sources (tests), their folder. Pure.
 */
function codeIdentity(): string {
  const here = fileURLToPath(import.meta.url);
  const bundle = /[\\/](\.cli-[0-9a-z-]+)[\\/]/.exec(here);
  return bundle ? bundle[1] : `source ${path.dirname(here)}`;
}

function manifestFile(cacheDir: string, outDir: string): string {
  const name = createHash('sha1').update(outDir).digest('hex').slice(0, 16);
  return path.join(cacheDir, 'builds', `${name}.json`);
}

/**
 * The previous build into `outDir`, from its manifest: an empty memo and no output when there
 * is none, it is unreadable or not whole, or its key or folder differ (a full build). Reads disk.
 */
export function readPreviousBuild(cacheDir: string, outDir: string, key: string): PreviousBuild {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(cacheDir, outDir), 'utf8'));
  } catch {
    return { memo: new ManifestMemo() };
  }
  if (!isManifest(manifest, key, outDir)) return { memo: new ManifestMemo() };
  for (const { record, result } of Object.values(manifest.articles))
    if (record !== undefined && result.article) knowRecordDigest(result.article, record);
  return {
    memo: new ManifestMemo(new Map(Object.entries(manifest.articles))),
    output: {
      pages: new Map(Object.entries(manifest.pages)),
      listing: { stamp: manifest.stamp, files: new Map(Object.entries(manifest.files)) },
    },
  };
}

/** A part of a path that is empty, "." or "..", between the ends, "/" and "\". */
const NOT_INSIDE = /(?:^|[\\/])\.{0,2}(?:[\\/]|$)/;

/** A path inside the output folder: relative, without an empty, "." or ".." part. */
const outputPath: Shape = (value) => typeof value === 'string' && !NOT_INSIDE.test(value);

const position = { line: number, column: number };
const article = fields({
  slug: text,
  title: text,
  excerpt: text,
  brand: text,
  author: text,
  publishedAt: text,
  updatedAt: optional(text),
  readMinutes: number,
  listed: flag,
  order: number,
  draft: flag,
  image: optional(fields({ source: text, alt: text, ...position })),
  aliases: optional(listOf(fields({ address: text, ...position }))),
  source: text,
} satisfies Record<keyof Article, Shape>);
const problem = fields({
  file: optional(text),
  line: optional(number),
  column: optional(number),
  message: text,
  built: optional(flag),
} satisfies Record<keyof Problem, Shape>);
const result = fields({
  article: optional(article),
  html: absent,
  bodyDigest: optional(text),
  bodyImages: optional(
    listOf(
      fields({ source: text, alt: text, ...position } satisfies Record<keyof BodyImage, Shape>),
    ),
  ),
  problems: listOf(problem),
  brand: optional(fields({ slug: anything, at: optional(fields(position)) })),
  phrases: optional(text),
} satisfies Record<keyof FileResult, Shape>);
const entry = fields({
  hash: text,
  stamp: optional(text),
  record: optional(text),
  text: absent,
  result,
} satisfies Record<keyof ManifestEntry, Shape>);
const pageDeps = fields({
  digest: text,
  files: listOf(outputPath),
  reads: optional(listOf(text)),
} satisfies Record<keyof PageDeps, Shape>);

const manifestShape = fields({
  format: number,
  key: text,
  outDir: text,
  stamp: text,
  files: recordOf(text, outputPath),
  articles: recordOf(entry),
  pages: recordOf(pageDeps),
} satisfies Record<keyof Manifest, Shape>);

/**
 * Whether `value` is a manifest of this format, `key` and output folder with every field the next
 * build reads, each of the right type, down to the article records. One that parses but is
 * misshapen anywhere (a field missing, null or of another type, a file outside the output) is
 * no manifest at all: the build is a full one. Pure.
 */
function isManifest(value: unknown, key: string, outDir: string): value is Manifest {
  return (
    isRecord(value) &&
    value.format === FORMAT &&
    value.key === key &&
    value.outDir === outDir &&
    manifestShape(value)
  );
}

/**
 * Writes the manifest of the build just committed into `outDir` (a temporary file, then a
 * rename: a reader sees the previous manifest or this one). Writes disk.
 */
export async function writeManifest(
  cacheDir: string,
  outDir: string,
  key: string,
  build: { memo: ManifestMemo; pages: DependencyMap; listing: OutputListing },
): Promise<void> {
  const manifest: Manifest = {
    format: FORMAT,
    key,
    outDir,
    stamp: build.listing.stamp,
    files: Object.fromEntries(build.listing.files),
    articles: build.memo.toJSON(),
    pages: Object.fromEntries(build.pages),
  };
  await storeInCache(manifestFile(cacheDir, outDir), Buffer.from(JSON.stringify(manifest)));
}
