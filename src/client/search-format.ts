/**
 * The search index's format as the script reads it: the decoders of what
 * src/generator/files/search-format.ts encodes, and the same shardOfGram (the script imports
 * nothing from the generator; tests/unit/search-index.property.test.ts holds the two copies to
 * the same answers).
 */

/**
 * "0.a.1z" → [0, 10, 71]: read digit by digit, with no string per number (a common word's
 * posting holds tens of thousands).
 */
export function decodeNumbers(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 46) count++;
  const numbers = new Int32Array(count);
  let at = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      numbers[at++] = n;
      n = 0;
    } else {
      // '0'-'9' are 48-57, 'a'-'z' 97-122.
      n = n * 36 + (code <= 57 ? code - 48 : code - 87);
    }
  }
  numbers[at] = n;
  return numbers;
}

/** A doc set as encodeDocs wrote it (gaps, or "~" and a base64 bitset) → ascending numbers. */
export function decodeDocs(text: string): number[] {
  if (!text.startsWith('~')) {
    let doc = 0;
    return Array.from(decodeNumbers(text), (gap) => (doc += gap));
  }
  const bytes = atob(text.slice(1));
  const docs: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes.charCodeAt(i);
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) docs.push(i * 8 + bit);
  }
  return docs;
}

/** Which of `shardCount` gram files holds `gram`: FNV-1a of its UTF-16 code units. */
export function shardOfGram(gram: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gram.length; i++) hash = Math.imul(hash ^ gram.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shardCount;
}
