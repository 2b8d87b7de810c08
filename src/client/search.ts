import { decodeDocs, decodeNumbers, shardOfGram } from './search-format.ts';

/**
 * Searches the article list's static index (src/generator/files/search-blocks.ts) with the
 * spec's rule: the articles whose title, excerpt or brand contains the query, ignoring case.
 * The index comes in blocks of the list, each an index of its own docs
 * (src/generator/files/search-index.ts): every block is searched alike and its results, moved
 * by the block's first doc, follow those of the blocks before it, so they are in list order.
 * Loads only the index files a query needs, each once.
 */

/** One block's index: where its files are, and the list place of its first doc. */
interface SearchBlock {
  start: number;
  vocab: string;
  grams: string[];
  words: string[];
  starts: number[];
  docs: string[];
  docStarts: number[];
}

/** The list file's `search` entry. */
export interface SearchEntry {
  blocks: SearchBlock[];
}

interface Vocabulary {
  words: string[];
  counts: number[];
}

type LoadFile = <T>(url: string) => Promise<T>;

/** One word's occurrences: doc, position × 3 + field, previous and next word id + 1 (0: none). */
type Occurrences = Int32Array;
const STRIDE = 4;
/** preloadAfter loads postings of at most this many occurrences, all blocks' (~100 KB gzip). */
const PRELOAD_OCCURRENCES = 20_000;

/**
 * Returns a search over `docCount` docs: `search(query)` (lower-cased, trimmed, not blank) → the
 * matching doc numbers, ascending; `preload()` starts loading the blocks' vocabularies,
 * `preloadAfter(word)` what a phrase after `word` reads. `load` fetches and parses one JSON file.
 */
export function createSearch(
  entry: SearchEntry,
  docCount: number,
  load: (url: string) => Promise<unknown>,
) {
  const files = new Map<string, Promise<unknown>>();
  const file: LoadFile = <T>(url: string) => {
    if (!files.has(url)) files.set(url, load(url));
    return files.get(url) as Promise<T>;
  };
  const { blocks } = entry;
  const searches = blocks.map((block, i) =>
    blockSearch(block, (blocks[i + 1]?.start ?? docCount) - block.start, file),
  );
  const search = async (query: string): Promise<number[]> => {
    const found = await Promise.all(searches.map((each) => each.search(query)));
    return found.flatMap((docs, i) => docs.map((doc) => doc + blocks[i].start));
  };
  const preload = () => {
    for (const each of searches) each.preload();
  };
  /**
   * Starts loading what a phrase after `word` most likely reads (the query ends in a space):
   * the postings of the words ending with it in every block, unless they are too many.
   */
  const preloadAfter = async (word: string) => {
    const wanted = await Promise.all(searches.map((each) => each.endingWith(word)));
    if (wanted.reduce((sum, { count }) => sum + count, 0) > PRELOAD_OCCURRENCES) return;
    await Promise.all(wanted.map(({ load }) => load()));
  };
  return { search, preload, preloadAfter };
}

/** The search of one block of `docCount` docs: its docs numbered from 0. */
function blockSearch(entry: SearchBlock, docCount: number, file: LoadFile) {
  const decoded = new Map<number, Occurrences>();

  const gramDocs = async (gram: string) => {
    const shard = await file<Record<string, string>>(
      entry.grams[shardOfGram(gram, entry.grams.length)],
    );
    return Object.hasOwn(shard, gram) ? decodeDocs(shard[gram]) : [];
  };

  const occurrencesOf = async (ids: number[]) => {
    const shards = ids.map((id) => shardOfWord(entry.starts, id));
    await Promise.all([...new Set(shards)].map((shard) => file(entry.words[shard])));
    return Promise.all(
      ids.map(async (id, i) => {
        let found = decoded.get(id);
        if (!found) {
          const shard = await file<Record<string, string>>(entry.words[shards[i]]);
          found = decodeOccurrences(shard[id]);
          decoded.set(id, found);
        }
        return found;
      }),
    );
  };

  /** The docs each word of `ids` occurs in, from the doc-set files. */
  const docSetsOf = async (ids: number[]) => {
    const shards = ids.map((id) => shardOfWord(entry.docStarts, id));
    const loaded = await Promise.all(
      [...new Set(shards)].map(async (shard) => [
        shard,
        await file<Record<string, string>>(entry.docs[shard]),
      ]),
    );
    const byShard = new Map(loaded as [number, Record<string, string>][]);
    return ids.map((id, i) => decodeDocs(byShard.get(shards[i])![id]));
  };

  /** Starts loading the vocabulary, which every query of four letters or more reads. */
  const preload = () => {
    void file(entry.vocab);
  };

  /** How many occurrences the words ending with `word` have, and a loader of their postings. */
  const endingWith = async (word: string) => {
    const vocab = await file<Vocabulary>(entry.vocab);
    const ids = idsWhere(vocab, (each) => each.endsWith(word));
    return { count: countOf(vocab, ids), load: () => occurrencesOf(ids) };
  };

  const search = async (query: string): Promise<number[]> => {
    const tokens = query.split(' ');
    if (tokens.length === 1 && query.length <= 3) return gramDocs(query);
    const vocab = await file<Vocabulary>(entry.vocab);
    const found = new Uint8Array(docCount);
    if (tokens.length === 1) {
      const ids = idsWhere(vocab, (word) => word.includes(query));
      for (const docs of await docSetsOf(ids)) for (const doc of docs) found[doc] = 1;
    } else {
      await matchPhrase(tokens, vocab, occurrencesOf, found);
    }
    const docs: number[] = [];
    found.forEach((isFound, doc) => {
      if (isFound) docs.push(doc);
    });
    return docs;
  };
  return { search, preload, endingWith };
}

/**
 * Marks in `found` the docs where `tokens` (two or more) occur as consecutive words of one field:
 * the first ending a word, the middle ones whole words, the last starting a word.
 */
async function matchPhrase(
  tokens: string[],
  vocab: Vocabulary,
  occurrencesOf: (ids: number[]) => Promise<Occurrences[]>,
  found: Uint8Array,
) {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  const endsFirst = (id: number) => id > 0 && vocab.words[id - 1].endsWith(first);
  const startsLast = (id: number) => id > 0 && vocab.words[id - 1].startsWith(last);
  const middle = tokens.slice(1, -1).map((word) => vocab.words.indexOf(word));
  if (middle.includes(-1)) return;
  if (middle.length === 0) {
    // Two tokens: read the rarer side's postings and check its neighbour.
    const left = idsWhere(vocab, (word) => word.endsWith(first));
    const right = idsWhere(vocab, (word) => word.startsWith(last));
    const useLeft = countOf(vocab, left) <= countOf(vocab, right);
    for (const list of await occurrencesOf(useLeft ? left : right))
      for (let i = 0; i < list.length; i += STRIDE)
        if (useLeft ? startsLast(list[i + 3]) : endsFirst(list[i + 2])) found[list[i]] = 1;
    return;
  }
  const lists = await occurrencesOf(middle);
  // Where each middle word occurs (doc, position × 3 + field), with its next word.
  const at = lists.map((list) => {
    const next = new Map<number, number>();
    for (let i = 0; i < list.length; i += STRIDE) next.set(key(list[i], list[i + 1]), list[i + 3]);
    return next;
  });
  const [head] = lists;
  for (let i = 0; i < head.length; i += STRIDE) {
    const doc = head[i];
    if (found[doc] || !endsFirst(head[i + 2])) continue;
    let next = head[i + 3];
    let isMatch = true;
    for (let j = 1; j < middle.length && isMatch; j++) {
      const following = at[j].get(key(doc, head[i + 1] + j * 3));
      isMatch = following !== undefined;
      if (following !== undefined) next = following;
    }
    if (isMatch && startsLast(next)) found[doc] = 1;
  }
}

const key = (doc: number, place: number) => doc * 2 ** 21 + place;

function idsWhere(vocab: Vocabulary, test: (word: string) => boolean): number[] {
  const ids: number[] = [];
  vocab.words.forEach((word, id) => {
    if (test(word)) ids.push(id);
  });
  return ids;
}

function countOf(vocab: Vocabulary, ids: number[]): number {
  return ids.reduce((sum, id) => sum + vocab.counts[id], 0);
}

/** The file holding word `id`: the last whose first word (in `starts`) is at most `id`. */
function shardOfWord(starts: number[], id: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= id) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** A posting as the index writes it (doc gaps) → absolute docs, STRIDE numbers each. */
function decodeOccurrences(text: string): Occurrences {
  const numbers = decodeNumbers(text);
  let doc = 0;
  for (let i = 0; i < numbers.length; i += STRIDE) numbers[i] = doc += numbers[i];
  return numbers;
}
