import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Resvg from '@resvg/resvg-js';
import type * as SharpModule from 'sharp';
import { requireFromSitegen } from '../site/node-require.ts';

/**
 * Drawing one social card: its laid-out tree → satori (SVG) → resvg (pixels) → sharp (a
 * palette PNG). Plain data in, bytes out, and nothing here reads a build's state, so a worker
 * thread can load it and draw as well as the main thread can.
 */

/** A card's element tree with every component called: only host elements ("div") and text. */
export type CardNode =
  | string
  | number
  | { type: string; props: Record<string, unknown> & { children?: CardNode | CardNode[] } }
  | CardNode[];

/** Card size in pixels: the 1.91:1 picture every link preview shows in full. */
export const CARD_SIZE = { width: 1200, height: 630 };

/** The font files satori draws with: Inter (OFL-1.1), Latin subset, through npm. */
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
 * Raise when the drawing changes in a way the card's tree does not show (satori's or resvg's
 * options, the scale, the encoding). 2: palette PNGs through sharp instead of resvg's RGBA PNGs.
 */
export const RENDER_FORMAT = 2;

/**
 * How sharp encodes a card: a palette PNG. A card is a few flat colours and the anti-aliased
 * edges between them (about 120 colours in all); 16 colours without dithering keep the text's
 * edges smooth (checked side by side at 4x) at under a third of the bytes of resvg's RGBA PNG,
 * and 4 bits a pixel compress better than 8 (256 colours: 19 KB, not 16 KB, a typical card).
 * Encoding takes about 15 ms a card; effort 7 (30 ms) or compression level 9 (+10 ms) would
 * save 2-3% each. Fixed, so the same tree gives the same bytes.
 */
export const CARD_PNG = {
  palette: true,
  colours: 16,
  dither: 0,
  effort: 1,
  compressionLevel: 6,
} as const;

/** The packages whose versions decide a card's pixels. */
const RENDERERS = ['satori', '@resvg/resvg-js', 'sharp'] as const;

/**
 * "name@version" of each renderer, read from its package.json without loading it (sharp's
 * package.json is not exported: found by walking up from its entry point).
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

type Satori = (
  tree: unknown,
  options: {
    width: number;
    height: number;
    fonts: { name: string; data: Buffer; weight: number; style: 'normal' }[];
  },
) => Promise<string>;

type Sharp = typeof SharpModule.default;

/**
 * Loads satori, resvg, sharp and the fonts (about 0.3 s) and returns the function that draws
 * a card's tree as a PNG of CARD_SIZE (a palette PNG, 4 bits a pixel). The tree in and the
 * bytes out are plain data, so a worker thread can call it; on glibc Linux the main thread
 * must have loaded sharp before the first worker starts (lovell/sharp#2263: its shared
 * libraries must outlive every thread that used them).
 */
export async function loadCardRenderer(): Promise<(tree: CardNode) => Promise<Uint8Array>> {
  const satori = (requireFromSitegen('satori') as { default: Satori }).default;
  const { renderAsync } = requireFromSitegen('@resvg/resvg-js') as typeof Resvg;
  const sharp = requireFromSitegen('sharp') as Sharp;
  const data = await cardFontFiles();
  const fonts = CARD_FONTS.map((font, i) => ({
    name: 'Inter',
    data: data[i],
    weight: font.weight,
    style: 'normal' as const,
  }));
  return async (tree) => {
    const svg = await satori(tree, { ...CARD_SIZE, fonts });
    const image = await renderAsync(svg, {
      fitTo: { mode: 'original' },
      font: { loadSystemFonts: false },
    });
    // resvg's RGBA as it is: libvips leaves the alpha out of an opaque card's PNG (the same
    // bytes as removeAlpha(), and faster), and keeps it for a card that is not opaque.
    const raw = { width: image.width, height: image.height, channels: 4 } as const;
    return sharp(image.pixels, { raw }).png(CARD_PNG).toBuffer();
  };
}
