import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { cacheDirRefusal, storeInCache } from '../output/cache-file.ts';
import { count, exactFields, flag, listOf, optional, pairOf, text } from '../output/shapes.ts';
import type { PageFacts } from '../workers/page-facts.ts';

/**
 * What `sitegen check` keeps for the next check of the same folder: the facts of each page
 * (workers/page-facts.ts) by the SHA-256 of its bytes, in the cache folder
 * (`checks/{hash of the folder's real path}.json`). A page whose bytes hash to the digest kept
 * for it is not parsed again. The file is one header line (the format, a key and the folder),
 * then one line per page: the CRC-32 of the rest of the line, the page's digest, its file and its
 * facts as JSON. A file of another format, key or folder is ignored whole; a line whose checksum
 * or facts do not hold up is ignored alone (that page is read again). Written whole under a
 * temporary name, then renamed (output/cache-file.ts storeInCache), only when something changed.
 */

/** Bumped whenever what the file holds, or how PageFacts are worked out, changes. */
const FORMAT = 1;

/** The facts of the checked folder's pages kept by the last check, and those of this one. */
export interface FactsCache {
  /** The facts kept for `file` when its bytes' digest is `digest` and its entry is sound. */
  get(file: string, digest: string): PageFacts | undefined;
  /** Keeps `facts` as those of `file` with `digest` for the next check. */
  set(file: string, digest: string, facts: PageFacts): void;
  /** Writes the facts of this check's pages, when any differ from the file's (best effort). */
  save(): Promise<void>;
}

/** Where a check keeps its facts, and what they were worked out with. */
export interface CachePlace {
  /** sitegen's cache folder (output/cache-file.ts cacheDirOf). */
  cacheDir: string;
  /** The checked folder's real path. */
  folder: string;
  /** The project folder (`--root`), whose src/, public/ and dist/ the cache stays out of. */
  root: string;
  /** What the facts depend on besides a page's bytes and file: the site URL, the phrase list. */
  siteUrl?: string;
  phrasesDigest?: string;
  /** `--fresh`: read nothing from the file; write it anew. */
  fresh: boolean;
}

/** The digest a page's facts are kept by: the SHA-256 of its bytes. Pure. */
export function pageDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/**
 * The facts kept for `place.folder`, or a cache that keeps nothing when there is no place, or the
 * cache folder is one a check may not write (cacheRefusal). Reads disk.
 */
export function openFactsCache(place: CachePlace | undefined): FactsCache {
  if (!place || cacheRefusal(place)) return NO_CACHE;
  const file = path.join(place.cacheDir, 'checks', `${sha1(place.folder).slice(0, 16)}.json`);
  const header = JSON.stringify({
    format: FORMAT,
    key: sha1(JSON.stringify([codeIdentity(), place.siteUrl ?? null, place.phrasesDigest ?? null])),
    folder: place.folder,
  });
  const kept = place.fresh ? new Map<string, Entry>() : readEntries(file, header);
  const now = new Map<string, string>();
  let added = 0;
  return {
    get(page, digest) {
      const quoted = JSON.stringify(page);
      const facts = factsOf(kept.get(quoted), digest);
      if (facts) now.set(quoted, kept.get(quoted)!.line);
      return facts;
    },
    set(page, digest, facts) {
      const quoted = JSON.stringify(page);
      now.set(quoted, entryLine(digest, quoted, JSON.stringify(facts)));
      added++;
    },
    async save() {
      if (added === 0 && now.size === kept.size) return;
      const text = [header, ...now.values()].join('\n');
      await storeInCache(file, Buffer.from(`${text}\n`));
    },
  };
}

const NO_CACHE: FactsCache = { get: () => undefined, set: () => {}, save: async () => {} };

/**
 * Whether the cache folder is one a check may not keep its facts in: one a build refuses
 * (output/cache-file.ts: the project folder, inside src/ or public/, or an output folder), or the
 * checked folder or inside it (a check writes nothing there). Reads disk (real paths).
 */
function cacheRefusal(place: CachePlace): boolean {
  const cacheDir = realPathOrSelf(place.cacheDir);
  const inside = path.relative(place.folder, cacheDir);
  if (inside === '' || !(inside.startsWith('..') || path.isAbsolute(inside))) return true;
  const project = { root: realPathOrSelf(place.root), outDir: place.folder };
  return cacheDirRefusal(cacheDir, { ...project, outputMayBeInside: true }) !== undefined;
}

/** The real path of a folder that may not exist yet (then its real parent's path and its name). */
function realPathOrSelf(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    const parent = path.dirname(folder);
    return parent === folder ? folder : path.join(realPathOrSelf(parent), path.basename(folder));
  }
}

/** One page's line of the file, and its parts. */
interface Entry {
  line: string;
  digest: string;
  json: string;
  sum: string;
}

/** A page's line: the CRC-32 of the rest, the digest, the file (JSON) and the facts (JSON). */
function entryLine(digest: string, quoted: string, json: string): string {
  const rest = `${digest}\t${quoted}\t${json}`;
  return `${checksum(rest)}\t${rest}`;
}

/** The CRC-32 of a line's text: a line damaged on disk is read again, never trusted. */
function checksum(text: string): string {
  return crc32(text).toString(16);
}

/**
 * The entries of the cache file by quoted file name; none when the file is missing, unreadable,
 * or its header is not `header` (another format, sitegen, site URL, phrase list or folder).
 * Reads disk.
 */
function readEntries(file: string, header: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return entries;
  }
  const lines = text.split('\n');
  if (lines[0] !== header) return entries;
  for (const line of lines.slice(1)) {
    const parts = line.split('\t');
    if (parts.length !== 4) continue;
    const [sum, digest, quoted, json] = parts;
    entries.set(quoted, { line, digest, json, sum });
  }
  return entries;
}

/** The facts of `entry` when it is for `digest`, its checksum holds and its facts are whole. */
function factsOf(entry: Entry | undefined, digest: string): PageFacts | undefined {
  if (!entry || entry.digest !== digest) return undefined;
  if (checksum(entry.line.slice(entry.sum.length + 1)) !== entry.sum) return undefined;
  try {
    const facts: unknown = JSON.parse(entry.json);
    return isPageFacts(facts) ? facts : undefined;
  } catch {
    return undefined;
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * The bundled CLI's folder (bin/.cli-{id}/: a new id for every bundle of changed sources), as
 * build/build-manifest.ts keys its manifest; from the sources (tests), their folder and this
 * process, since the sources may change between two runs under one name.
 */
function codeIdentity(): string {
  const here = fileURLToPath(import.meta.url);
  const bundle = /[\\/](\.cli-[0-9a-z-]+)[\\/]/.exec(here);
  return bundle ? bundle[1] : `source ${path.dirname(here)} ${process.pid}`;
}

const isFacts = exactFields({
  problems: listOf(exactFields({ message: text, line: optional(count), column: optional(count) })),
  tooDeep: flag,
  isNoindex: flag,
  isRedirect: flag,
  references: listOf(pairOf(text, text)),
  missingIds: listOf(text),
  declared: optional(exactFields({ width: count, height: count })),
  laterProblems: listOf(text),
  size: exactFields({ raw: count, gzip: count }),
});

/** Whether `value` is whole PageFacts, every field of its type. Pure. */
function isPageFacts(value: unknown): value is PageFacts {
  return isFacts(value);
}
