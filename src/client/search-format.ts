/**
 * The search index's format as the script reads it: the decoders of what
 * src/generator/files/search-format.ts encodes, and the same shardOfGram (the script imports
 * nothing from the generator; tests/unit/search-index.test.ts holds the two copies to the same
 * answers).
 */

/** "0.a.1z" → [0, 10, 71]. */
export function decodeNumbers(text: string): number[] {
  return text === '' ? [] : text.split('.').map((part) => parseInt(part, 36));
}

/** A doc set as encodeDocs wrote it (gaps, or "~" and a base64 bitset) → ascending numbers. */
export function decodeDocs(text: string): number[] {
  if (!text.startsWith('~')) {
    let doc = 0;
    return decodeNumbers(text).map((gap) => (doc += gap));
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
