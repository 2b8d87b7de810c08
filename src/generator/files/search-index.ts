import { fingerprint } from '../assets/assets.ts';
import type { OutputFile } from '../output/writer.ts';
import { encodeDocs, encodeNumbers, gramsOf, shardOfGram } from './search-format.ts';

/**
 * The search index of one block of the article list (search-blocks.ts cuts the list into
 * blocks): static, fingerprinted files under `assets/search/{block}/` that the script loads
 * on the first keystroke, a few at a time, so that one search at 10,000 articles transfers a
 * small part of the collection and still finds every article the spec's rule finds: a
 * case-insensitive substring of the title, the excerpt or the brand. Doc numbers here are
 * places in the block.
 *
 * Each field is lower-cased and split at spaces into words. A query is split the same way:
 * - one word of 1 to 3 characters: the gram files give the articles with a word containing it
 *   (every 1-, 2- and 3-character string of every word, sharded by a hash of the string);
 * - one longer word: the vocabulary gives the words containing it, their doc-set files the
 *   articles (each word's docs, a list or a bitset);
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

/** Where the script finds one block's index: an entry of the list file's `search.blocks`. */
export interface SearchIndex {
  /** The vocabulary: every word, most frequent first, and how often it occurs. */
  vocab: string;
  /** Gram files, by shard number (search-format.ts shardOfGram). */
  grams: string[];
  /** Posting files, each holding the words from `starts[i]` (a word id) on. */
  words: string[];
  starts: number[];
  /** Doc-set files (the docs each word occurs in), each from `docStarts[i]` on. */
  docs: string[];
  docStarts: number[];
}

/**
 * About this many characters per file before gzip, for an index of 10,000 docs (planSearchIndex's
 * `fileScale` scales them to a smaller one). A gram file serves a one- to three-letter query, so
 * it is small (a doc set is a bitset of at most docs / 6 characters); a posting file holds whole
 * words, so a common word can make one larger.
 */
const GRAM_FILE_CHARS = 8_000;
const POSTING_FILE_CHARS = 24_000;
const DOC_SET_FILE_CHARS = 8_000;

/**
 * Returns the index of `docs` (in list order: a doc's number is its place among them) and its
 * files, under `folder` ("assets/search/0/"), their URLs under `base` ("/" or "/repo/"), each
 * file about `fileScale` times the sizes above. Pure and deterministic.
 */
export function planSearchIndex(
  docs: SearchDoc[],
  base: string,
  folder: string,
  fileScale: number,
): { entry: SearchIndex; files: OutputFile[] } {
  const tokens = tokenize(docs);
  const files: OutputFile[] = [];
  const add = (stem: string, value: unknown) => {
    const file = fingerprint(folder + stem, '.json', JSON.stringify(value));
    files.push(file);
    return base + file.path;
  };
  const vocabUrl = add('vocab', { words: tokens.words, counts: [...tokens.counts] });
  const grams = gramShards(tokens, docs.length, fileScale).map((shard, i) =>
    add(`grams-${i}`, shard),
  );
  const { postings, docSets } = postingShards(tokens, docs.length, fileScale);
  const words = postings.map((shard, i) => add(`words-${i}`, shard.words));
  const wordDocs = docSets.map((shard, i) => add(`docs-${i}`, shard.words));
  return {
    entry: {
      vocab: vocabUrl,
      grams,
      words,
      starts: postings.map((shard) => shard.start),
      docs: wordDocs,
      docStarts: docSets.map((shard) => shard.start),
    },
    files,
  };
}

/** Every field of every doc as word ids, and the words. */
interface Tokens {
  /** Every word, most frequent first: a word's id is its place here. */
  words: string[];
  /** How often each word occurs. */
  counts: Int32Array;
  /** The word ids of field `f` of doc `d`: `fields[d * 3 + f]`. */
  fields: Int32Array[];
}

/**
 * Splits each field, lower-cased, at every space (two spaces give an empty word) into word ids:
 * the words numbered by how often they occur, most first, then in code-unit order, so the
 * files do not depend on the order the docs come in beyond their content.
 */
function tokenize(docs: SearchDoc[]): Tokens {
  const seen = new Map<string, number>();
  const fields: Int32Array[] = [];
  for (const doc of docs)
    for (const text of [doc.title, doc.excerpt, doc.brand]) {
      const split = text.toLowerCase().split(' ');
      const ids = new Int32Array(split.length);
      split.forEach((word, i) => {
        let id = seen.get(word);
        if (id === undefined) {
          id = seen.size;
          seen.set(word, id);
        }
        ids[i] = id;
      });
      fields.push(ids);
    }
  const tally = new Int32Array(seen.size);
  for (const field of fields) for (const id of field) tally[id]++;
  // The most frequent words first: a posting names each occurrence's neighbours by id, and
  // neighbours are mostly frequent words, so small ids keep the postings short.
  const words = [...seen.keys()].sort(
    (a, b) => tally[seen.get(b)!] - tally[seen.get(a)!] || (a < b ? -1 : a > b ? 1 : 0),
  );
  const idOf = new Int32Array(seen.size);
  words.forEach((word, id) => {
    idOf[seen.get(word)!] = id;
  });
  const counts = Int32Array.from(words, (word) => tally[seen.get(word)!]);
  for (const field of fields) for (let i = 0; i < field.length; i++) field[i] = idOf[field[i]];
  return { words, counts, fields };
}

/**
 * The gram files: for every 1-, 2- and 3-character string of a word, the docs that have a word
 * containing it (encodeDocs), grouped by shardOfGram into files of about GRAM_FILE_CHARS.
 */
function gramShards({ words, fields }: Tokens, docCount: number, fileScale: number) {
  // The grams of each word, computed once per word: ids into `gramIds`.
  const gramIds = new Map<string, number>();
  const wordGrams = words.map((word) =>
    gramsOf(word).map((gram) => {
      if (!gramIds.has(gram)) gramIds.set(gram, gramIds.size);
      return gramIds.get(gram)!;
    }),
  );
  // Two passes over the docs: count each gram's docs, then place them in one array.
  const offsets = new Int32Array(gramIds.size + 1);
  forEachGramOfDoc(fields, wordGrams, words.length, gramIds.size, (gram) => {
    offsets[gram + 1]++;
  });
  for (let gram = 0; gram < gramIds.size; gram++) offsets[gram + 1] += offsets[gram];
  const all = new Int32Array(offsets[gramIds.size]);
  const next = offsets.slice(0, gramIds.size);
  forEachGramOfDoc(fields, wordGrams, words.length, gramIds.size, (gram, doc) => {
    all[next[gram]++] = doc;
  });
  const docs = (gram: number) => all.subarray(offsets[gram], offsets[gram + 1]);
  const encoded = [...gramIds.keys()].map((gram, id) => [gram, encodeDocs(docs(id), docCount)]);
  const total = encoded.reduce((sum, [gram, value]) => sum + gram.length + value.length + 6, 0);
  const shardCount = Math.max(1, Math.ceil(total / (GRAM_FILE_CHARS * fileScale)));
  const shards: Record<string, string>[] = Array.from({ length: shardCount }, () => ({}));
  // Grams in code-unit order inside each file.
  for (const [gram, value] of encoded.sort(([a], [b]) => (a < b ? -1 : 1)))
    shards[shardOfGram(gram, shardCount)][gram] = value;
  return shards;
}

/** Calls `visit(gram, doc)` once for each gram some word of `doc` has, docs in order. */
function forEachGramOfDoc(
  fields: Int32Array[],
  wordGrams: number[][],
  wordCount: number,
  gramCount: number,
  visit: (gram: number, doc: number) => void,
) {
  const lastDocOfWord = new Int32Array(wordCount).fill(-1);
  const lastDocOfGram = new Int32Array(gramCount).fill(-1);
  fields.forEach((ids, fieldIndex) => {
    const doc = Math.floor(fieldIndex / 3);
    for (const word of ids) {
      if (lastDocOfWord[word] === doc) continue;
      lastDocOfWord[word] = doc;
      for (const gram of wordGrams[word]) {
        if (lastDocOfGram[gram] === doc) continue;
        lastDocOfGram[gram] = doc;
        visit(gram, doc);
      }
    }
  });
}

/** Numbers per occurrence in a posting: doc gap, position × 3 + field, previous and next id + 1. */
const STRIDE = 4;

/**
 * The posting files: for each word, every occurrence as STRIDE numbers (doc gap, position × 3 +
 * field, previous word id + 1, next word id + 1; 0: none), in doc order; words in id order, cut
 * into files of about POSTING_FILE_CHARS. All occurrences sit in one array, each word's from
 * the sum of the counts before it. And the doc-set files: each word's docs (encodeDocs), in
 * files of about DOC_SET_FILE_CHARS.
 */
function postingShards({ words, counts, fields }: Tokens, docCount: number, fileScale: number) {
  const offsets = new Int32Array(words.length + 1);
  for (let id = 0; id < words.length; id++) offsets[id + 1] = offsets[id] + counts[id] * STRIDE;
  const all = new Int32Array(offsets[words.length]);
  const next = offsets.slice(0, words.length);
  const lastDoc = new Int32Array(words.length);
  fields.forEach((ids, fieldIndex) => {
    const doc = Math.floor(fieldIndex / 3);
    for (let position = 0; position < ids.length; position++) {
      const id = ids[position];
      const at = next[id];
      all[at] = doc - lastDoc[id];
      all[at + 1] = position * 3 + (fieldIndex % 3);
      all[at + 2] = position > 0 ? ids[position - 1] + 1 : 0;
      all[at + 3] = position < ids.length - 1 ? ids[position + 1] + 1 : 0;
      next[id] = at + STRIDE;
      lastDoc[id] = doc;
    }
  });
  return {
    postings: cutById(words.length, POSTING_FILE_CHARS * fileScale, (id) =>
      encodeNumbers(all, offsets[id], offsets[id + 1]),
    ),
    docSets: cutById(words.length, DOC_SET_FILE_CHARS * fileScale, (id) =>
      encodeDocs(docsOfPosting(all, offsets[id], offsets[id + 1]), docCount),
    ),
  };
}

/** The distinct docs of one word's occurrences (`all` from `start` to `end`), ascending. */
function docsOfPosting(all: Int32Array, start: number, end: number): number[] {
  const docs: number[] = [];
  let doc = 0;
  for (let at = start; at < end; at += STRIDE) {
    doc += all[at];
    if (docs[docs.length - 1] !== doc) docs.push(doc);
  }
  return docs;
}

/**
 * Each word's value (`encode(id)`), in id order, cut into files of about `fileChars`: a file is
 * `{ start, words }`, its first id and its values by id.
 */
function cutById(count: number, fileChars: number, encode: (id: number) => string) {
  const shards: { start: number; words: Record<number, string> }[] = [];
  let size = Infinity;
  for (let id = 0; id < count; id++) {
    if (size >= fileChars) {
      shards.push({ start: id, words: {} });
      size = 0;
    }
    const value = encode(id);
    shards[shards.length - 1].words[id] = value;
    size += value.length + 8;
  }
  return shards;
}
