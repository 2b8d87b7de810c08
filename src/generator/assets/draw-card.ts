import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Takumi from '@takumi-rs/core';
import { requireFromSitegen } from '../site/node-require.ts';
import { CARD_COLOURS, CARD_DEFLATE_LEVEL, palettePng } from './card-png.ts';

/**
 * Drawing one social card: its laid-out tree → Takumi (layout, text and pixels, in Rust) → a
 * 16-colour palette PNG (card-png.ts). Plain data in, bytes out, and nothing here reads a
 * build's state, so a worker thread can load it and draw as well as the main thread can.
 */

/** A card's element tree with every component called: only host elements ("div") and text. */
export type CardNode =
  | string
  | number
  | { type: string; props: Record<string, unknown> & { children?: CardNode | CardNode[] } }
  | CardNode[];

/** Card size in pixels: the 1.91:1 picture every link preview shows in full. */
export const CARD_SIZE = { width: 1200, height: 630 };

/** The font files Takumi draws with: Inter (OFL-1.1), Latin subset, through npm. */
export const CARD_FONTS = [
  { weight: 400, file: '@fontsource/inter/files/inter-latin-400-normal.woff' },
  { weight: 700, file: '@fontsource/inter/files/inter-latin-700-normal.woff' },
] as const;

let fontBytes: Promise<Buffer[]> | undefined;

/** The bytes of CARD_FONTS, read once per thread: the cache key and the renderer both need them. */
export function cardFontFiles(): Promise<Buffer[]> {
  fontBytes ??= Promise.all(
    CARD_FONTS.map((font) => readFile(requireFromSitegen.resolve(font.file))),
  );
  return fontBytes;
}

/**
 * Raise when the drawing changes in a way the card's tree does not show (Takumi's options, the
 * PNG encoder, the scale). 2: palette PNGs through sharp instead of resvg's RGBA PNGs. 3: Takumi
 * and card-png.ts instead of satori, resvg and sharp (2 ms a card, not 24). 4: the pixels
 * deflated by fflate, not Node's zlib, whose bytes differ between Node 20 and Node 24.
 */
export const RENDER_FORMAT = 4;

/** How card-png.ts encodes a card: part of the cache key. */
export const CARD_PNG = { colours: CARD_COLOURS, deflateLevel: CARD_DEFLATE_LEVEL } as const;

/**
 * The packages whose versions decide a card's bytes: Takumi's pixels (its binary is pinned to
 * its version) and fflate's deflate of them (JavaScript: the same bytes on every Node).
 */
const RENDERERS = ['@takumi-rs/core', 'fflate'] as const;

/**
 * "name@version" of each renderer, read from its package.json without loading it (found by
 * walking up from its entry point: a package need not export its package.json).
 */
export function rendererVersions(): string[] {
  return RENDERERS.map((name) => {
    for (let dir = path.dirname(requireFromSitegen.resolve(name)); ; dir = path.dirname(dir)) {
      const manifest = readManifest(path.join(dir, 'package.json'));
      if (manifest?.name === name) return `${name}@${manifest.version}`;
      if (path.dirname(dir) === dir) throw new Error(`no package.json names ${name}`);
    }
  });
}

function readManifest(file: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Loads Takumi and the fonts (about 30 ms) and returns the function that draws a card's tree as
 * a PNG of CARD_SIZE (a palette PNG, 4 bits a pixel). Takumi draws on libuv's threads, so several
 * cards drawn at once use every core. The tree in and the bytes out are plain data, so a worker
 * thread can call it.
 */
export async function loadCardRenderer(): Promise<(tree: CardNode) => Promise<Uint8Array>> {
  const { Renderer } = requireFromSitegen('@takumi-rs/core') as typeof Takumi;
  const renderer = new Renderer();
  const data = await cardFontFiles();
  for (const [i, font] of CARD_FONTS.entries())
    await renderer.registerFont({
      name: 'Inter',
      data: data[i],
      weight: font.weight,
      style: 'normal',
    });
  return async (tree) => {
    const pixels = await renderer.render(takumiNode(tree), { ...CARD_SIZE, format: 'raw' });
    return palettePng(pixels, CARD_SIZE.width, CARD_SIZE.height);
  };
}

/**
 * What keeps Takumi from drawing `tree`: an image whose source is no data: URL (Takumi fetches
 * nothing, and a card reads no file and no network); undefined when nothing does. Pure.
 */
export function cardProblem(tree: CardNode): string | undefined {
  if (Array.isArray(tree)) {
    for (const child of tree) {
      const problem = cardProblem(child);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof tree !== 'object') return undefined;
  if (tree.type === 'img' && !isDataUrl(tree.props.src)) return imageProblem(tree.props.src);
  return tree.props.children === undefined ? undefined : cardProblem(tree.props.children);
}

function isDataUrl(src: unknown): src is string {
  return typeof src === 'string' && src.startsWith('data:');
}

function imageProblem(src: unknown): string {
  return `a social card's <img> needs a data: URL as its src, not ${JSON.stringify(src)}`;
}

/**
 * A card's tree as Takumi's: an element is a container with its style, a string a text in it,
 * an `img` an image, whose source must be a data: URL (cardProblem). Pure; throws on any other
 * image.
 */
function takumiNode(node: CardNode): Takumi.Node {
  if (typeof node === 'string' || typeof node === 'number')
    return { type: 'text', text: String(node) };
  if (Array.isArray(node)) return { type: 'container', children: node.map(takumiNode) };
  const { children, style, src, width, height } = node.props as Record<string, unknown> & {
    children?: CardNode;
  };
  const styled = style === undefined ? {} : { style: style as Takumi.Node['style'] };
  if (node.type === 'img') {
    if (!isDataUrl(src)) throw new Error(imageProblem(src));
    const size = (value: unknown) => (value === undefined ? undefined : Number(value));
    return { type: 'image', src, width: size(width), height: size(height), ...styled };
  }
  const nodes = children === undefined ? [] : Array.isArray(children) ? children : [children];
  return { type: 'container', children: nodes.map(takumiNode), ...styled };
}
