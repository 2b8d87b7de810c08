import type * as SharpModule from 'sharp';
import { pngProblem } from '../assets/image-check.ts';
import type { Problem } from '../errors/problem.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import type { ImageUse, Site } from './check-site.ts';

/** How many images are decoded at once (sharp runs on libuv's pool). */
const IMAGES_IN_FLIGHT = 4;

/**
 * Checks every image the pages (and list cards) show, each once: a PNG by image-check.ts (its
 * structure and every chunk's CRC-32), a JPEG or WebP decoded by sharp (loaded only when there
 * is one); and an og:image against the size its pages declare (og:image:width and
 * og:image:height), which sharing services trust. One problem per image that does not decode,
 * naming a page that shows it, and per size declared wrongly. Reads disk.
 */
export async function checkImages(site: Site): Promise<Problem[]> {
  const problems: Problem[] = [];
  const queue = [...site.images];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [image, uses] = next;
      const bytes = site.output.read(image);
      if (bytes === undefined) continue;
      const decoded = await decode(bytes);
      const problem = (message: string) => problems.push({ file: image, message, built: true });
      if (decoded.problem !== undefined)
        problem(
          `does not decode: ${decoded.problem}; shown by ${shownBy(uses.map((use) => use.page))}. Build again (delete node_modules/.cache/sitegen/ first if it came from there)`,
        );
      else for (const message of sizeProblems(decoded, uses)) problem(message);
    }
  };
  await Promise.all(Array.from({ length: IMAGES_IN_FLIGHT }, worker));
  // In file order, whichever image finished decoding first.
  return problems.sort((a, b) => (a.file! < b.file! ? -1 : a.file! > b.file! ? 1 : 0));
}

function shownBy(pages: string[]): string {
  return pages.length > 1 ? `${pages[0]} and ${pages.length - 1} more pages` : pages[0];
}

/** One problem per size the pages declare for this og:image that is not its size. Pure. */
function sizeProblems(size: { width: number; height: number }, uses: ImageUse[]): string[] {
  const wrong = new Map<string, string[]>();
  for (const { page, declared } of uses) {
    if (!declared || (declared.width === size.width && declared.height === size.height)) continue;
    const key = `${declared.width}×${declared.height}`;
    wrong.set(key, [...(wrong.get(key) ?? []), page]);
  }
  return [...wrong].map(([declared, pages]) => {
    const who =
      pages.length > 1
        ? `${pages[0]} and ${pages.length - 1} more pages declare`
        : `${pages[0]} declares`;
    return `is ${size.width}×${size.height} pixels; ${who} its og:image ${declared} (og:image:width, og:image:height)`;
  });
}

/** An image's size in pixels, or why its bytes do not decode. */
type Decoded = { problem: string } | { problem?: undefined; width: number; height: number };

async function decode(bytes: Buffer): Promise<Decoded> {
  if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') {
    const problem = pngProblem(bytes);
    // A whole PNG starts with its IHDR chunk: width and height at bytes 16 and 20.
    return problem
      ? { problem }
      : { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  const sharp = requireFromSitegen('sharp') as typeof SharpModule.default;
  try {
    const { info } = await sharp(bytes, { failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch (error) {
    return { problem: String((error as Error).message).split('\n')[0] };
  }
}
