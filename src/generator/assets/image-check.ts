import { crc32 } from 'node:zlib';

/**
 * Whether image bytes are whole: what the card cache and `sitegen check` ask before they
 * trust a PNG that sitegen did not just draw.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What is wrong with a PNG, or undefined when it is whole: the signature, IHDR first with
 * the `expected` size (when given), a PLTE chunk before the pixels of a palette image (colour
 * type 3, as cards are drawn), at least one IDAT chunk, IEND last with nothing after it, and
 * every chunk's CRC-32, the checksum PNG stores with each chunk, so a byte cut, flipped or
 * overwritten anywhere is found. Any colour type and bit depth is accepted. (Inflating the
 * pixel data as well cost 0.9 ms a card in `sitegen check`, six times the rest, and finds
 * nothing more in a file that was once whole.) Pure.
 */
export function pngProblem(
  bytes: Uint8Array,
  expected?: { width: number; height: number },
): string | undefined {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) return 'it is not a PNG file (no PNG signature)';
  let header: { width: number; height: number; colourType: number } | undefined;
  let palette = false;
  let pixels = false;
  for (let at = 8; ; ) {
    if (at + 12 > png.length) return `it is cut off after ${png.length} bytes (no IEND chunk)`;
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) return `it is cut off in its ${type} chunk (${png.length} bytes)`;
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) {
      return `its ${type} chunk is damaged (CRC mismatch at byte ${at})`;
    }
    if (!header && type !== 'IHDR') return 'it does not start with an IHDR chunk';
    if (type === 'IHDR') {
      const [width, height] = [png.readUInt32BE(at + 8), png.readUInt32BE(at + 12)];
      header = { width, height, colourType: png[at + 17] };
    }
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') {
      if (header!.colourType === 3 && !palette)
        return 'it is a palette image without a PLTE chunk before its pixels';
      pixels = true;
    }
    if (type === 'IEND') {
      if (end !== png.length) return `it has ${png.length - end} bytes after its IEND chunk`;
      if (!pixels) return 'it has no IDAT chunk (no pixels)';
      break;
    }
    at = end;
  }
  if (expected && (header!.width !== expected.width || header!.height !== expected.height)) {
    return `it is ${header!.width}×${header!.height}, not ${expected.width}×${expected.height}`;
  }
  return undefined;
}
