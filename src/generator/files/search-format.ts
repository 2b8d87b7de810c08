/**
 * How the search index's numbers and doc sets are written (search-index.ts). The script reads
 * them with its own copy of the decoders in src/client/search-format.ts (the client imports
 * nothing from the generator); tests/unit/search-index.test.ts decodes what this encodes.
 */

/** Numbers as base-36 joined by ".": "0.a.1z". */
export function encodeNumbers(numbers: number[]): string {
  return numbers.map((n) => n.toString(36)).join('.');
}

/**
 * A set of doc numbers (ascending) out of `docCount`: the gaps between them as encodeNumbers, or,
 * when shorter, "~" and a bitset (bit d of byte d >> 3) in base64.
 */
export function encodeDocs(docs: number[], docCount: number): string {
  const gaps = encodeNumbers(docs.map((doc, i) => doc - (i > 0 ? docs[i - 1] : 0)));
  const bitsetChars = Math.ceil(Math.ceil(docCount / 8) / 3) * 4 + 1;
  if (gaps.length <= bitsetChars) return gaps;
  const bits = new Uint8Array(Math.ceil(docCount / 8));
  for (const doc of docs) bits[doc >> 3] |= 1 << (doc & 7);
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
