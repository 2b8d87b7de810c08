/**
 * How the search index's numbers and doc sets are written (search-index.ts). The script reads
 * them with its own copy of the decoders in src/client/search-format.ts (the client imports
 * nothing from the generator); tests/unit/search-index.property.test.ts decodes what this encodes.
 */

const DIGITS = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz', 'latin1');
const DOT = 46;
let scratch = new Uint8Array(1 << 16);

/**
 * Numbers (not negative) as base-36 joined by ".": "0.a.1z", the same as
 * `numbers.map((n) => n.toString(36)).join('.')` written straight into one buffer: the index
 * holds over a million of them at 10,000 articles.
 */
export function encodeNumbers(numbers: ArrayLike<number>, start = 0, end = numbers.length): string {
  // Base 36 of a number below 2^31 takes at most 6 digits, and the dot one more.
  const most = (end - start) * 7;
  if (scratch.length < most) scratch = new Uint8Array(most * 2);
  let at = 0;
  for (let i = start; i < end; i++) {
    if (i > start) scratch[at++] = DOT;
    let n = numbers[i];
    const first = at;
    do {
      scratch[at++] = DIGITS[n % 36];
      n = Math.floor(n / 36);
    } while (n > 0);
    scratch.subarray(first, at).reverse();
  }
  return Buffer.from(scratch.buffer, 0, at).toString('latin1');
}

/**
 * A set of doc numbers (ascending) out of `docCount`: the gaps between them as encodeNumbers, or,
 * when shorter, "~" and a bitset (bit d of byte d >> 3) in base64.
 */
export function encodeDocs(docs: ArrayLike<number>, docCount: number): string {
  const bitsetChars = Math.ceil(Math.ceil(docCount / 8) / 3) * 4 + 1;
  // Each gap takes at least one digit and a dot: a long list is a bitset without writing it.
  if (docs.length * 2 - 1 <= bitsetChars) {
    const gaps = Array.from(docs, (doc, i) => doc - (i > 0 ? docs[i - 1] : 0));
    const text = encodeNumbers(gaps);
    if (text.length <= bitsetChars) return text;
  }
  const bits = new Uint8Array(Math.ceil(docCount / 8));
  for (let i = 0; i < docs.length; i++) bits[docs[i] >> 3] |= 1 << (docs[i] & 7);
  return `~${Buffer.from(bits).toString('base64')}`;
}

/** Every 1-, 2- and 3-character string in `word`, each once, in order of first place. */
export function gramsOf(word: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i < word.length; i++)
    for (let n = 1; n <= 3 && i + n <= word.length; n++) grams.add(word.slice(i, i + n));
  return [...grams];
}

/** Which of `shardCount` gram files holds `gram`: FNV-1a of its UTF-16 code units. */
export function shardOfGram(gram: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gram.length; i++) hash = Math.imul(hash ^ gram.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shardCount;
}
