import { zlibSync } from 'fflate';
import { crc32 } from 'node:zlib';

/**
 * A card's pixels as a PNG of at most 16 colours, 4 bits a pixel. A card is a few flat colours
 * and the anti-aliased edges between them (about 120 colours in all): 16 chosen well keep the
 * text's edges smooth at under half the bytes of the exact picture. What sharp's libimagequant
 * did in 11 ms a card, this does in about 3 ms, from the card's few distinct colours rather than
 * its 756,000 pixels. Plain data in, bytes out; the same pixels give the same bytes.
 */

/** The most colours a card keeps: 4 bits a pixel. */
export const CARD_COLOURS = 16;

/**
 * The deflate level of the pixel data (zlib's scale): 4 took 1.1 ms a card with Node's zlib
 * for about 18.7 KB; 6, zlib's default, 2.2 ms for 5% fewer bytes; 3, 0.7 ms for 11% more.
 * fflate deflates, in JavaScript: Node's zlib gives other bytes on Node 24 than on Node 20, and
 * a card's bytes must not depend on the Node that drew it.
 */
export const CARD_DEFLATE_LEVEL = 4;

/** Rounds of k-means that move the median cut's colours to the centres of what they stand for. */
const REFINE_ROUNDS = 4;

/** A colour (red, green, blue, alpha; straight alpha) and how many pixels have it. */
interface Counted {
  key: number;
  rgba: number[];
  count: number;
}

/**
 * `rgba` (straight alpha, `width` × `height`, row after row) as a palette PNG: IHDR, PLTE,
 * tRNS when some colour is not opaque, one IDAT, IEND. A picture of at most 16 colours comes
 * back exactly; past that, each pixel takes the nearest of 16 chosen by a median cut refined
 * by k-means, weighted by how many pixels have each colour. Pure.
 */
export function palettePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const runs = scanRuns(pixelWords(rgba, width * height), width, height);
  const colours = runs.colours.keys.map((key, n) => ({
    key,
    rgba: channels(key),
    count: runs.colours.counts[n],
  }));
  const palette = choosePalette(colours, CARD_COLOURS);
  const indexOf = Uint8Array.from(colours, (colour) => nearest(palette, colour.rgba));
  const chunks = [
    chunk('IHDR', imageHeader(width, height)),
    chunk('PLTE', Buffer.from(palette.flatMap((colour) => colour.slice(0, 3)))),
  ];
  if (palette.some((colour) => colour[3] !== 255))
    chunks.push(chunk('tRNS', Buffer.from(palette.map((colour) => colour[3]))));
  const rows = packRows(runs, indexOf, width, height);
  chunks.push(chunk('IDAT', Buffer.from(zlibSync(rows, { level: CARD_DEFLATE_LEVEL }))));
  chunks.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([PNG_SIGNATURE, ...chunks]);
}

/** One 32-bit word per pixel (its four bytes in memory order), so a pixel compares at once. */
function pixelWords(rgba: Uint8Array, count: number): Int32Array {
  if (rgba.byteLength !== count * 4)
    throw new Error(`${rgba.byteLength} bytes are not ${count} RGBA pixels`);
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  return new Int32Array(aligned.buffer, aligned.byteOffset, count);
}

/** The four channels of a pixel word, read back in memory order (any byte order). */
function channels(key: number): number[] {
  return [...new Uint8Array(Int32Array.of(key).buffer)];
}

/**
 * The distinct pixel words of a picture, each numbered in the order first met, with how many
 * pixels have it: open addressing in typed arrays, at most half full.
 */
class ColourTable {
  keys: number[] = [];
  counts: number[] = [];
  private slots = new Int32Array(1024).fill(-1);
  private slotKeys = new Int32Array(1024);

  /** Counts `pixels` more of `key` (added when new) and returns its number. */
  add(key: number, pixels: number): number {
    const slot = this.slotOf(key);
    let n = this.slots[slot];
    if (n === -1) {
      n = this.keys.length;
      this.keys.push(key);
      this.counts.push(0);
      this.slots[slot] = n;
      this.slotKeys[slot] = key;
      if (this.keys.length * 2 > this.slots.length) this.grow();
    }
    this.counts[n] += pixels;
    return n;
  }

  /** The slot that holds `key`, or the empty one where it would go. */
  private slotOf(key: number): number {
    const mask = this.slots.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) & mask;
    while (this.slots[slot] !== -1 && this.slotKeys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    this.slotKeys = new Int32Array(this.slots.length);
    for (const [n, key] of this.keys.entries()) {
      const slot = this.slotOf(key);
      this.slots[slot] = n;
      this.slotKeys[slot] = key;
    }
  }
}

/**
 * A picture as runs of one colour, none across the end of a row: where each starts (a pixel's
 * place) and its colour's number in `colours`.
 */
interface Runs {
  colours: ColourTable;
  starts: Int32Array;
  numbers: Int32Array;
  count: number;
}

/**
 * The runs of `pixels` and their colours. A card is mostly long runs (its flat colours) and
 * short ones at the edges of its text: about 30,000, against 756,000 pixels, so what follows
 * works on runs.
 */
function scanRuns(pixels: Int32Array, width: number, height: number): Runs {
  const runs: Runs = {
    colours: new ColourTable(),
    starts: new Int32Array(4096),
    numbers: new Int32Array(4096),
    count: 0,
  };
  for (let y = 0; y < height; y++) {
    const rowEnd = (y + 1) * width;
    for (let start = y * width, end = start; start < rowEnd; start = end) {
      const pixel = pixels[start];
      while (end < rowEnd && pixels[end] === pixel) end++;
      if (runs.count === runs.starts.length) {
        runs.starts = grown(runs.starts);
        runs.numbers = grown(runs.numbers);
      }
      runs.starts[runs.count] = start;
      runs.numbers[runs.count++] = runs.colours.add(pixel, end - start);
    }
  }
  return runs;
}

function grown(array: Int32Array): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/**
 * At most `size` colours standing for `colours`: the colours themselves when there are no more;
 * else boxes split by a median cut (the box with the most weighted spread first, across its
 * widest channel, between the halves of its range), each box's weighted mean, then moved by
 * k-means. Deterministic: the same colours in the same order give the same palette.
 */
function choosePalette(colours: Counted[], size: number): number[][] {
  if (colours.length <= size) return colours.map((colour) => colour.rgba);
  const boxes: Counted[][] = [colours];
  while (boxes.length < size) {
    const widest = boxes
      .map((box, index) => ({ index, spread: spreadOf(box) }))
      .reduce((best, box) => (box.spread.weight > best.spread.weight ? box : best));
    if (widest.spread.weight === 0) break;
    boxes.splice(widest.index, 1, ...splitBox(boxes[widest.index], widest.spread.channel));
  }
  let palette = boxes.map(weightedMean);
  let members: Counted[][] = [];
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    members = palette.map(() => []);
    for (const colour of colours) members[nearest(palette, colour.rgba)].push(colour);
    palette = members.map((box, i) => (box.length === 0 ? palette[i] : weightedMean(box)));
  }
  return palette.map((colour, i) => flatColour(members[i]) ?? colour.map(Math.round));
}

/**
 * The colour that at least half the pixels of `box` have, if one does: a flat colour of the
 * card (its background, a badge, a dot) is kept exactly, not moved towards the edges around it.
 */
function flatColour(box: Counted[]): number[] | undefined {
  let pixels = 0;
  let most: Counted | undefined;
  for (const colour of box) {
    pixels += colour.count;
    if (!most || colour.count > most.count) most = colour;
  }
  return most && most.count * 2 >= pixels ? most.rgba : undefined;
}

/** A box's widest channel, and how much splitting it is worth: that width × √(its pixels). */
function spreadOf(box: Counted[]): { channel: number; weight: number } {
  let channel = 0;
  let width = 0;
  for (let c = 0; c < 4; c++) {
    let low = 255;
    let high = 0;
    for (const colour of box) {
      low = Math.min(low, colour.rgba[c]);
      high = Math.max(high, colour.rgba[c]);
    }
    if (high - low > width) [channel, width] = [c, high - low];
  }
  const pixels = box.reduce((sum, colour) => sum + colour.count, 0);
  return { channel, weight: width * Math.sqrt(pixels) };
}

/** The two halves of `box` across `channel`, split at the middle of its range. */
function splitBox(box: Counted[], channel: number): [Counted[], Counted[]] {
  const sorted = [...box].sort((a, b) => a.rgba[channel] - b.rgba[channel] || a.key - b.key);
  const middle = (sorted[0].rgba[channel] + sorted[sorted.length - 1].rgba[channel]) / 2;
  const cut = Math.max(
    1,
    sorted.findIndex((colour) => colour.rgba[channel] > middle),
  );
  return [sorted.slice(0, cut), sorted.slice(cut)];
}

function weightedMean(box: Counted[]): number[] {
  const sum = [0, 0, 0, 0];
  let pixels = 0;
  for (const colour of box) {
    for (let c = 0; c < 4; c++) sum[c] += colour.rgba[c] * colour.count;
    pixels += colour.count;
  }
  return sum.map((total) => total / pixels);
}

/** The index of the palette colour nearest `rgba` (squared distance; the first of a tie). */
function nearest(palette: number[][], rgba: number[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 0; index < palette.length; index++) {
    let distance = 0;
    for (let c = 0; c < 4; c++) {
      const difference = palette[index][c] - rgba[c];
      distance += difference * difference;
    }
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The PNG's rows from the runs: a filter byte (0, none), then two pixels a byte, the first in
 * the high nibble; a long run's whole bytes filled at once.
 */
function packRows(runs: Runs, indexOf: Uint8Array, width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 2);
  // Not cleared first: the runs write every pixel's byte, in order, and this every filter byte.
  const rows = Buffer.allocUnsafe(rowBytes * height);
  for (let y = 0; y < height; y++) rows[y * rowBytes] = 0;
  for (let k = 0; k < runs.count; k++) {
    const start = runs.starts[k];
    const y = Math.floor(start / width);
    const end = k + 1 < runs.count ? runs.starts[k + 1] : width * height;
    const row = y * rowBytes + 1;
    const index = indexOf[runs.numbers[k]];
    let x = start - y * width;
    const last = Math.min(end - y * width, width);
    if (x % 2 === 1) rows[row + (x++ >> 1)] |= index;
    const pairs = last - (last % 2);
    if (pairs - x > 64) {
      rows.fill(index * 17, row + (x >> 1), row + (pairs >> 1));
      x = pairs;
    }
    for (; x < pairs; x += 2) rows[row + (x >> 1)] = index * 17;
    if (x < last) rows[row + (x >> 1)] = index << 4;
  }
  return rows;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** IHDR: the size, 4 bits a pixel, colour type 3 (palette), no interlace. */
function imageHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 4;
  header[9] = 3;
  return header;
}

/** A PNG chunk: length, type, data, the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
