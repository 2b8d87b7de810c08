import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentType, ReactElement } from 'react';
import type { SocialCardProps } from '../../templates/SocialCard.tsx';
import type { SiteModule } from '../site/evaluate-site.ts';
import { sitegenError } from '../errors/errors.ts';
import { RenderFailed, RenderTimeout } from '../errors/errors-data.ts';
import { storeInCache } from '../output/cache-file.ts';
import {
  CARD_FONTS,
  CARD_PNG,
  CARD_SIZE,
  type CardNode,
  cardFontFiles,
  cardProblem,
  loadCardRenderer,
  RENDER_FORMAT,
  rendererVersions,
} from './draw-card.ts';
import { pngProblem } from './image-check.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import { runSlice, TimeLimitExceeded } from '../site/time-limit.ts';
import { isCopyingWriter, isKeepingWriter, type Writer } from '../output/writer.ts';

/** What a page's og:image meta tags say about its card. */
export interface SocialImage {
  /** Site-relative URL ("/og/artikel-x.1a2b3c4d5e.png"). */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** One card to emit: where it goes in the output and the tree Takumi lays out. */
export interface PlannedCard {
  path: string;
  key: string;
  tree: CardNode;
}

export interface CardPlanner {
  /**
   * Returns the og:image of the card named `name` ("artikel-slug") showing `props`, and
   * plans it. Pure apart from the plan; the same name and props give the same URL.
   */
  image(name: string, props: SocialCardProps, alt: string): SocialImage;
  /** Every card planned so far, in the order first asked for. */
  planned(): PlannedCard[];
  /** One line per card whose text has characters the card font lacks (they are drawn as boxes). */
  warnings(): string[];
}

/** The subset of CARD_FONTS, as named in @fontsource/inter/unicode.json. */
const FONT_SUBSET = 'latin';

/**
 * What besides a card's tree decides its bytes: the renderer's version (Takumi) and zlib's,
 * RENDER_FORMAT, the PNG options and the font bytes. Part of every cache key, so a new Takumi,
 * zlib or font draws the cards again.
 */
export async function cardFingerprint(): Promise<string> {
  const hash = createHash('sha256').update(`format ${RENDER_FORMAT}\n`);
  hash.update(`png ${JSON.stringify(CARD_PNG)}\n`);
  for (const version of rendererVersions()) hash.update(`${version}\n`);
  for (const data of await cardFontFiles()) hash.update(data);
  return hash.digest('hex');
}

/**
 * A planner for the cards of one build. `toTree` lays out a card's props with the site's
 * SocialCard template (cardTree), so the cache key covers the template's output, not its
 * source text: editing another template, or a comment, draws nothing again.
 */
export function createCardPlanner(
  toTree: (props: SocialCardProps, name: string) => CardNode,
  fingerprint: string,
  hasGlyph: (codePoint: number) => boolean,
  memo?: CardMemo,
): CardPlanner {
  const cards = new Map<string, PlannedCard & { image: SocialImage }>();
  const warnings: string[] = [];
  return {
    image(name, props, alt) {
      const known = cards.get(name);
      if (known) return known.image;
      const { tree, key, missing } = layOut(name, props, toTree, fingerprint, hasGlyph, memo);
      if (missing.length > 0) {
        const shown = missing.map((char) => JSON.stringify(char)).join(', ');
        warnings.push(
          `social card og/${name}.png: ${shown} ${missing.length === 1 ? 'is' : 'are'} not in the card font (Inter, Latin) and show as empty boxes`,
        );
      }
      const file = `og/${name}.${key.slice(0, 10)}.png`;
      const image = { url: `/${file}`, ...CARD_SIZE, alt };
      cards.set(name, { path: file, key, tree, image });
      return image;
    },
    planned: () => [...cards.values()].map(({ path, key, tree }) => ({ path, key, tree })),
    warnings: () => warnings,
  };
}

/**
 * Laid-out cards by name and props, kept between the builds of one watch while the site's
 * code is unchanged (the caller starts a new memo when the bundles change): a save does not
 * call SocialCard and hash again for every unchanged card.
 */
export type CardMemo = Map<string, { tree: CardNode; key: string; missing: string[] }>;

function layOut(
  name: string,
  props: SocialCardProps,
  toTree: (props: SocialCardProps, name: string) => CardNode,
  fingerprint: string,
  hasGlyph: (codePoint: number) => boolean,
  memo?: CardMemo,
) {
  const memoKey = memo && `${name}\0${JSON.stringify(props)}`;
  const known = memoKey === undefined ? undefined : memo!.get(memoKey);
  if (known) return known;
  const tree = toTree(props, name);
  const key = createHash('sha256').update(fingerprint).update(JSON.stringify(tree)).digest('hex');
  const laidOut = { tree, key, missing: missingGlyphs(tree, hasGlyph) };
  if (memoKey !== undefined) memo!.set(memoKey, laidOut);
  return laidOut;
}

/**
 * The characters of the tree's text that `hasGlyph` says the font lacks, each once, in order. Pure.
 */
function missingGlyphs(
  node: CardNode,
  hasGlyph: (codePoint: number) => boolean,
  found = new Set<string>(),
): string[] {
  if (Array.isArray(node)) {
    for (const child of node) missingGlyphs(child, hasGlyph, found);
  } else if (typeof node === 'string') {
    for (const char of node)
      if (!/\s/.test(char) && !hasGlyph(char.codePointAt(0)!)) found.add(char);
  } else if (typeof node === 'object' && node.props.children !== undefined)
    missingGlyphs(node.props.children, hasGlyph, found);
  return [...found];
}

let coverage: ((codePoint: number) => boolean) | undefined;

/**
 * Whether the card font draws a code point: the unicode-range of its subset, read from
 * @fontsource/inter/unicode.json once per process (the font is sitegen's, not the site's).
 */
export function cardFontCoverage(): (codePoint: number) => boolean {
  coverage ??= readFontCoverage();
  return coverage;
}

function readFontCoverage(): (codePoint: number) => boolean {
  const folder = path.dirname(path.dirname(requireFromSitegen.resolve(CARD_FONTS[0].file)));
  const ranges = (
    JSON.parse(readFileSync(path.join(folder, 'unicode.json'), 'utf8')) as Record<string, string>
  )[FONT_SUBSET]
    .split(',')
    .map((range) =>
      range
        .trim()
        .replace(/^U\+/i, '')
        .split('-')
        .map((hex) => parseInt(hex, 16)),
    );
  return (codePoint) => ranges.some(([from, to = from]) => codePoint >= from && codePoint <= to);
}

/** Returns `component`'s output for `props` with every component called: what Takumi draws. */
export function cardTree(
  component: ComponentType<SocialCardProps>,
  props: SocialCardProps,
): CardNode {
  return expand((component as (props: SocialCardProps) => unknown)(props));
}

/**
 * Returns cardTree for the site's SocialCard, and `plan`, which runs the route planning that
 * calls it, item by item, in time-limited slices (runSlice; a limit per card would start a
 * watchdog thread per card: 0.4 ms each): the limit holds per card, not for the whole site's
 * planning. A card that throws or loops is reported as a page would be, with the card's file
 * and the template's line; a time-out elsewhere passes on as TimeLimitExceeded with its index.
 */
export function layOutCard(
  component: ComponentType<SocialCardProps>,
  site: SiteModule,
  limitMs: number,
) {
  let current: string | undefined;
  const toTree = (props: SocialCardProps, name: string): CardNode => {
    const url = `/og/${name}.png`;
    current = url;
    try {
      const tree = cardTree(component, props);
      current = undefined;
      return tree;
    } catch (error) {
      // A time-out is not caught here: V8 ends the script without running catch blocks.
      const where = site.locate(error);
      const at = where ? ` at ${where.file}:${where.line}` : '';
      const reason = String((error as Error)?.message ?? error);
      throw sitegenError(
        RenderFailed,
        { url, template: 'SocialCard', where: at, reason },
        { cause: error, ...where },
      );
    }
  };
  const plan = <T>(count: number, step: (index: number) => T): T[] => {
    const results: T[] = [];
    while (results.length < count) {
      try {
        for (const result of runSlice(count, results.length, step, limitMs)) results.push(result);
      } catch (error) {
        if (error instanceof TimeLimitExceeded && current)
          throw sitegenError(RenderTimeout, { url: current, template: 'SocialCard', limitMs });
        throw error;
      }
    }
    return results;
  };
  return { toTree, plan };
}

/**
 * Calls every function component of `node` and drops what renders nothing; Takumi gets plain data.
 */
function expand(node: unknown): CardNode {
  if (Array.isArray(node)) return node.map(expand).filter((child) => child !== '');
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return node;
  const element = node as ReactElement<Record<string, unknown>>;
  if (typeof element.type === 'function')
    return expand((element.type as (props: unknown) => unknown)(element.props));
  if (typeof element.type !== 'string') return expand(element.props.children);
  const { children, ...props } = element.props;
  return {
    type: element.type,
    props: children === undefined ? props : { ...props, children: expand(children) },
  };
}

export interface CardReport {
  /** Cards drawn by this build (their cache entry was missing). */
  rendered: number;
  /** Cards read from the cache. */
  cached: number;
  /** Cards left to draw later (`later`: watch draws them in the background); absent: none. */
  pending?: PlannedCard[];
}

/**
 * Draws cards on worker threads (workers/worker-pool.ts) and hands each batch's PNGs to `use`
 * in order, with the index of the batch's first tree.
 */
export type DrawMany = (
  trees: CardNode[],
  use: (pngs: Uint8Array[], first: number) => Promise<void>,
) => Promise<void>;

/** Fewer missing cards than this are drawn on this thread: starting the drawing in workers costs more. */
const MIN_CARDS_ON_WORKERS = 16;

/** How many cards are drawn at once: Takumi on libuv's pool, the PNG encoding on this thread. */
const CARDS_IN_FLIGHT = 4;

/**
 * Hands every planned card to the writer as a PNG: kept as it is when the writer still has
 * it (watch; a card's name holds its hash), else from `cacheDir/cards/{key}.png`, else drawn
 * (Takumi, then card-png.ts) and stored in the cache first. The renderer is loaded only when a
 * card is missing. Writes only new cache files (temporary name, then rename); without
 * `cacheDir`, draws every card and touches no disk.
 */
export async function emitCards(
  cards: PlannedCard[],
  cacheDir: string | undefined,
  writer: Writer,
  drawMany?: DrawMany,
  { later = false } = {},
): Promise<CardReport> {
  const folder = cacheDir === undefined ? undefined : path.join(cacheDir, 'cards');
  const keeping = isKeepingWriter(writer) ? writer : undefined;
  const missing: PlannedCard[] = [];
  for (const card of cards) {
    if (keeping?.keep(card.path)) continue;
    if (
      folder === undefined ||
      !(await fromCache(path.join(folder, `${card.key}.png`), card.path, writer))
    )
      missing.push(card);
  }
  // watch: the pages go out now; the missing cards are drawn in the background
  // (drawCardsIntoCache) and added by a later commit.
  if (later && folder !== undefined)
    return { rendered: 0, cached: cards.length - missing.length, pending: missing };
  refuseUndrawable(missing);
  const emit = async (card: PlannedCard, png: Uint8Array) => {
    if (folder !== undefined) await storeInCache(path.join(folder, `${card.key}.png`), png);
    await writer.add({ path: card.path, contents: png });
  };
  if (drawMany && missing.length >= MIN_CARDS_ON_WORKERS) {
    await drawMany(
      missing.map((card) => card.tree),
      async (pngs, first) => {
        for (const [i, png] of pngs.entries()) await emit(missing[first + i], png);
      },
    );
  } else if (missing.length > 0) {
    const draw = await loadCardRenderer();
    let next = 0;
    const drawNext = async () => {
      while (next < missing.length) {
        const card = missing[next++];
        await emit(card, await draw(card.tree));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CARDS_IN_FLIGHT, missing.length) }, drawNext));
  }
  return { rendered: missing.length, cached: cards.length - missing.length };
}

/**
 * Throws RenderFailed, naming the card, for the first of `cards` that Takumi cannot draw
 * (draw-card.ts cardProblem): one line before any drawing, as for a SocialCard that throws.
 */
function refuseUndrawable(cards: PlannedCard[]): void {
  for (const card of cards) {
    const reason = cardProblem(card.tree);
    if (reason)
      throw sitegenError(RenderFailed, {
        url: `/${card.path}`,
        template: 'SocialCard',
        where: '',
        reason,
      });
  }
}

/**
 * Draws `cards` into the cache folder (not into any output), on the worker threads when there
 * are enough: watch's background drawing of the cards its runs left pending. A card already in
 * the cache is skipped. Writes only cache files.
 */
export async function drawCardsIntoCache(
  cards: PlannedCard[],
  cacheDir: string,
  drawMany?: DrawMany,
): Promise<void> {
  const folder = path.join(cacheDir, 'cards');
  const missing: PlannedCard[] = [];
  for (const card of cards) {
    const png = await readFile(path.join(folder, `${card.key}.png`)).catch(() => undefined);
    if (!png || pngProblem(png, CARD_SIZE)) missing.push(card);
  }
  const store = (card: PlannedCard, png: Uint8Array) =>
    storeInCache(path.join(folder, `${card.key}.png`), png);
  if (drawMany && missing.length >= MIN_CARDS_ON_WORKERS) {
    await drawMany(
      missing.map((card) => card.tree),
      async (pngs, first) => {
        for (const [i, png] of pngs.entries()) await store(missing[first + i], png);
      },
    );
    return;
  }
  if (missing.length === 0) return;
  const draw = await loadCardRenderer();
  for (const card of missing) {
    await store(card, await draw(card.tree));
    // A turn for the dev server and the next save between cards.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Adds the cards of `cards` that the cache holds now to `writer` (a file copy where it can);
 * returns those it added. Reads the cache.
 */
export async function cardsFromCache(
  cards: PlannedCard[],
  cacheDir: string,
  writer: Writer,
): Promise<PlannedCard[]> {
  const added: PlannedCard[] = [];
  for (const card of cards) {
    const file = path.join(cacheDir, 'cards', `${card.key}.png`);
    if (await fromCache(file, card.path, writer)) added.push(card);
  }
  return added;
}

/**
 * Hands the cached card `file` to the writer (a file copy where the writer can); false when
 * the cache has no such card, or one that is not whole (cut off, a byte changed anywhere, the
 * wrong size, not a PNG: image-check.ts checks every chunk's CRC), which is then drawn again and
 * replaces the entry. Every card is read and checked whole before it is published. Reads disk.
 */
async function fromCache(file: string, outputPath: string, writer: Writer): Promise<boolean> {
  const png = await readFile(file).catch(() => undefined);
  if (!png || pngProblem(png, CARD_SIZE)) return false;
  if (isCopyingWriter(writer)) await writer.copy(outputPath, file, png.byteLength);
  else await writer.add({ path: outputPath, contents: png });
  return true;
}
