import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_COLOURS, palettePng } from '../../src/generator/assets/card-png.ts';
import { pngProblem } from '../../src/generator/assets/image-check.ts';

/** `png` decoded by sharp (libvips, libspng): its RGBA pixels and what its header says. */
async function decode(png: Uint8Array) {
  const metadata = await sharp(png).metadata();
  const { data } = await sharp(png, { failOn: 'error' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { metadata, pixels: new Uint8Array(data) };
}

/** A `width` × `height` picture whose pixel (x, y) is `colour(x, y)`, RGBA. */
function picture(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set(colour(x, y), (y * width + x) * 4);
  return pixels;
}

/** The distinct colours of RGBA `pixels`, as "r,g,b,a". */
function coloursOf(pixels: Uint8Array): Set<string> {
  const seen = new Set<string>();
  for (let i = 0; i < pixels.length; i += 4) seen.add(pixels.subarray(i, i + 4).join(','));
  return seen;
}

describe('a card as a palette PNG', () => {
  it('gives back a picture of at most 16 colours exactly, the transparent ones and an odd width included', async () => {
    const colours = [
      [17, 24, 39, 255],
      [255, 255, 255, 255],
      [245, 158, 11, 255],
      [109, 40, 217, 128],
      [0, 0, 0, 0],
    ];
    const pixels = picture(7, 5, (x, y) => colours[(x * 3 + y * y) % colours.length]);
    const png = palettePng(pixels, 7, 5);
    expect(pngProblem(png, { width: 7, height: 5 })).toBeUndefined();
    const { metadata, pixels: back } = await decode(png);
    expect(metadata).toMatchObject({ width: 7, height: 5, isPalette: true, hasAlpha: true });
    expect(back).toEqual(pixels);
  });

  it('leaves out the transparency chunk of an opaque picture', async () => {
    const pixels = picture(4, 2, (x) => (x < 2 ? [17, 24, 39, 255] : [255, 255, 255, 255]));
    const { metadata, pixels: back } = await decode(palettePng(pixels, 4, 2));
    expect(metadata.hasAlpha).toBe(false);
    expect(back).toEqual(pixels);
  });

  it('draws a picture of more colours with 16, keeping its flat colours exact and every pixel near its own', async () => {
    // A grey ramp of all 256 levels above a flat orange band twice its size: the orange keeps
    // one colour, exactly, and the ramp's pixels the other 15, none a step (256 / 15) from its own.
    const orange = [245, 158, 11, 255];
    const pixels = picture(256, 12, (x, y) => (y < 4 ? [x, x, x, 255] : orange));
    const { metadata, pixels: back } = await decode(palettePng(pixels, 256, 12));
    expect(metadata.isPalette).toBe(true);
    expect(coloursOf(back).size).toBeLessThanOrEqual(CARD_COLOURS);
    expect(coloursOf(back)).toContain(orange.join(','));
    let worst = 0;
    for (let i = 0; i < pixels.length; i++) worst = Math.max(worst, Math.abs(pixels[i] - back[i]));
    expect(worst).toBeLessThan(256 / 15);
    expect(back.subarray(256 * 4 * 4)).toEqual(pixels.subarray(256 * 4 * 4));
  });

  it('gives the same bytes for the same pixels, wherever in memory they lie', () => {
    const pixels = picture(33, 9, (x, y) => [x * 7, y * 20, (x * y) % 256, 255]);
    const unaligned = new Uint8Array(pixels.length + 1).subarray(1);
    unaligned.set(pixels);
    const png = palettePng(pixels, 33, 9);
    expect(Buffer.from(palettePng(unaligned, 33, 9)).equals(png)).toBe(true);
    expect(Buffer.from(palettePng(pixels, 33, 9)).equals(png)).toBe(true);
  });
});
