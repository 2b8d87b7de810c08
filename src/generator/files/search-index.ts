import { fingerprint } from '../assets/assets.ts';
import type { OutputFile } from '../output/writer.ts';
import { encodeDocs, encodeNumbers, gramsOf, shardOfGram } from './search-format.ts';

/**
 * The article list's search index: static, fingerprinted files under assets/search/ that the
 * script loads on the first keystroke, a few at a time, so that one search at 10,000 articles
 * transfers a small part of the collection and still finds every article the spec's rule
 * finds: a case-insensitive substring of the title, the excerpt or the brand.
 *
 * Each field is lower-cased and split at spaces into words. A query is split the same way:
 * - one word of 1 to 3 characters: the gram files give the articles with a word containing it
 *   (every 1-, 2- and 3-character string of every word, sharded by a hash of the string);
 * - one longer word: the vocabulary gives the words containing it, their posting files the
 *   articles;
 * - several words: each occurrence in the posting files carries its neighbours, so a phrase is
 *   matched exactly (first word: a word ending with it; middle words: equal; last word: a word
 *   starting with it) from the postings of its middle words or of its rarer end.
 * src/client/search.ts reads these files; files/search-format.ts is their format.
 */

/** What is searched in one article: the spec's three fields. */
export interface SearchDoc {
  title: string;
  excerpt: string;
  brand: string;
}

/** Where the script finds the index: the list file's `search` entry. */
export interface SearchEntry {
  /** The vocabulary: every word, in code-unit order, and how often it occurs. */
  vocab: string;
  /** Gram files, by shard number (search-format.ts shardOfGram). */
  grams: string[];
  /** Posting files, each holding the words from `starts[i]` (a word id) on. */
  words: string[];
  starts: number[];
}

/**
 * About this many characters per file before gzip. A gram file serves a one- to three-letter
 * query, so it is small (a doc set is a bitset of at most docs / 6 characters); a posting file
 * holds whole words, so a common word can make one larger.
 */
const GRAM_FILE_CHARS = 8_000;
const POSTING_FILE_CHARS = 24_000;

/**
 * Returns the index of `docs` (in list order: a doc's number is its place in the list) and its
 * files, their URLs under `base` ("/" or "/repo/"). Pure and deterministic.
 */
export function planSearchIndex(
  docs: SearchDoc[],
  base: string,
): { entry: SearchEntry; files: OutputFile[] } {
  const fields = docs.map((doc) => [doc.title, doc.excerpt, doc.brand].map(splitField));
  const vocab = vocabularyOf(fields);
  const files: OutputFile[] = [];
  const add = (stem: string, value: unknown) => {
    const file = fingerprint(`assets/search/${stem}`, '.json', JSON.stringify(value));
    files.push(file);
    return base + file.path;
  };
  const vocabUrl = add('vocab', { words: vocab.words, counts: vocab.counts });
  const grams = gramShards(fields, vocab, docs.length).map((shard, i) => add(`grams-${i}`, shard));
  const postings = postingShards(fields, vocab);
  const words = postings.map((shard, i) => add(`words-${i}`, shard.words));
  return {
    entry: { vocab: vocabUrl, grams, words, starts: postings.map((shard) => shard.start) },
    files,
  };
}

/** A field's words: lower-cased, split at every space (so two spaces give an empty word). */
function splitField(text: string): string[] {
  return text.toLowerCase().split(' ');
}

interface Vocabulary {
  words: string[];
  counts: number[];
  ids: Map<string, number>;
}

/** Every word of every field, in code-unit order, with its number of occurrences. */
function vocabularyOf(fields: string[][][]): Vocabulary {
  const tally = new Map<string, number>();
  for (const doc of fields)
    for (const field of doc) for (const word of field) tally.set(word, (tally.get(word) ?? 0) + 1);
  const words = [...tally.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    words,
    counts: words.map((word) => tally.get(word)!),
    ids: new Map(words.map((word, id) => [word, id])),
  };
}

/**
 * The gram files: for every 1-, 2- and 3-character string of a word, the docs that have a word
 * containing it (encodeDocs), grouped by shardOfGram into files of about GRAM_FILE_CHARS.
 */
function gramShards(fields: string[][][], vocab: Vocabulary, docCount: number) {
  // The grams of each word, computed once per word: ids into `grams`.
  const gramIds = new Map<string, number>();
  const wordGrams = vocab.words.map((word) =>
    gramsOf(word).map((gram) => {
      if (!gramIds.has(gram)) gramIds.set(gram, gramIds.size);
      return gramIds.get(gram)!;
    }),
  );
  const docs: number[][] = Array.from({ length: gramIds.size }, () => []);
  fields.forEach((doc, number) => {
    for (const field of doc)
      for (const word of field)
        for (const id of wordGrams[vocab.ids.get(word)!]) {
          const list = docs[id];
          if (list[list.length - 1] !== number) list.push(number);
        }
  });
  const encoded = [...gramIds.keys()].map((gram, id) => [gram, encodeDocs(docs[id], docCount)]);
  const total = encoded.reduce((sum, [gram, value]) => sum + gram.length + value.length + 6, 0);
  const shardCount = Math.max(1, Math.ceil(total / GRAM_FILE_CHARS));
  const shards: Record<string, string>[] = Array.from({ length: shardCount }, () => ({}));
  // Grams in code-unit order inside each file, so the files do not depend on the docs' order.
  for (const [gram, value] of encoded.sort(([a], [b]) => (a < b ? -1 : 1)))
    shards[shardOfGram(gram, shardCount)][gram] = value;
  return shards;
}

/**
 * The posting files: for each word, every occurrence as four numbers (doc gap, position × 3 +
 * field, previous word id + 1, next word id + 1; 0: none), in doc order; words in id order, cut
 * into files of about POSTING_FILE_CHARS.
 */
function postingShards(fields: string[][][], vocab: Vocabulary) {
  const occurrences: number[][] = vocab.words.map(() => []);
  const lastDoc = vocab.words.map(() => 0);
  fields.forEach((doc, number) => {
    doc.forEach((field, fieldNumber) => {
      const ids = field.map((word) => vocab.ids.get(word)!);
      ids.forEach((id, position) => {
        const list = occurrences[id];
        list.push(
          number - lastDoc[id],
          position * 3 + fieldNumber,
          position > 0 ? ids[position - 1] + 1 : 0,
          position < ids.length - 1 ? ids[position + 1] + 1 : 0,
        );
        lastDoc[id] = number;
      });
    });
  });
  const shards: { start: number; words: Record<number, string> }[] = [];
  let size = Infinity;
  occurrences.forEach((numbers, id) => {
    if (size >= POSTING_FILE_CHARS) {
      shards.push({ start: id, words: {} });
      size = 0;
    }
    const value = encodeNumbers(numbers);
    shards[shards.length - 1].words[id] = value;
    size += value.length + 8;
  });
  return shards;
}
