import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngProblem } from '../../src/generator/assets/image-check.ts';

const SIZE = { width: 40, height: 20 };

/** A 40x20 PNG from sharp: two flat colours, as a palette image or as RGBA. */
async function makePng(palette: boolean): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE.width * SIZE.height * 4);
  for (let i = 0; i < pixels.length; i += 4)
    pixels.set(i % 160 < 80 ? [17, 24, 39, 255] : [255, 255, 255, 255], i);
  return sharp(pixels, { raw: { ...SIZE, channels: 4 } })
    .png(palette ? { palette: true, colours: 16, dither: 0 } : {})
    .toBuffer();
}

/** The chunks of a PNG, as [type, start, end] (end after the CRC). */
function chunks(png: Buffer): [string, number, number][] {
  const found: [string, number, number][] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at))
    found.push([png.toString('latin1', at + 4, at + 8), at, at + 12 + png.readUInt32BE(at)]);
  return found;
}

/** `png` without its chunks of `type`. */
function without(png: Buffer, type: string): Buffer {
  const kept = chunks(png).filter(([name]) => name !== type);
  return Buffer.concat([
    png.subarray(0, 8),
    ...kept.map(([, start, end]) => png.subarray(start, end)),
  ]);
}

describe('pngProblem', () => {
  let palette: Buffer;
  let rgba: Buffer;
  beforeAll(async () => {
    palette = await makePng(true);
    rgba = await makePng(false);
  });

  it('accepts a whole palette PNG (colour type 3, PLTE) and a whole RGBA one', () => {
    expect(palette[25], 'colour type').toBe(3);
    expect(chunks(palette).map(([type]) => type)).toContain('PLTE');
    expect(pngProblem(palette, SIZE)).toBeUndefined();
    expect(rgba[25], 'colour type').toBe(6);
    expect(pngProblem(rgba, SIZE)).toBeUndefined();
  });

  it('refuses a palette PNG cut off anywhere, or with any byte flipped', () => {
    for (let length = 0; length < palette.length; length++)
      expect(pngProblem(palette.subarray(0, length)), `cut at ${length}`).toBeDefined();
    for (let at = 0; at < palette.length; at++) {
      const flipped = Buffer.from(palette);
      flipped[at] ^= 0x01;
      expect(pngProblem(flipped, SIZE), `byte ${at} flipped`).toBeDefined();
    }
  });

  it('names what is wrong', () => {
    const [, idatStart] = chunks(palette).find(([type]) => type === 'IDAT')!;
    expect(pngProblem(palette.subarray(0, idatStart + 13))).toBe(
      `it is cut off in its IDAT chunk (${idatStart + 13} bytes)`,
    );
    expect(pngProblem(Buffer.concat([palette, Buffer.from([0])]))).toBe(
      'it has 1 bytes after its IEND chunk',
    );
    expect(pngProblem(palette, { width: 1200, height: 630 })).toBe('it is 40×20, not 1200×630');
    expect(pngProblem(Buffer.from('GIF89a'))).toBe('it is not a PNG file (no PNG signature)');
    expect(pngProblem(without(palette, 'PLTE'))).toBe(
      'it is a palette image without a PLTE chunk before its pixels',
    );
    expect(pngProblem(without(rgba, 'IDAT'))).toBe('it has no IDAT chunk (no pixels)');
  });

  it('checks the CRC over the chunk type and data', () => {
    const [, start, end] = chunks(palette).find(([type]) => type === 'PLTE')!;
    const changed = Buffer.from(palette);
    changed[start + 8] ^= 0xff;
    changed.writeUInt32BE(crc32(changed.subarray(start + 4, end - 4)), end - 4);
    // A colour changed with its CRC mended is a whole PNG again: the check is for damage.
    expect(pngProblem(changed, SIZE)).toBeUndefined();
  });
});
