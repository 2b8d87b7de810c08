import type { Problem } from '../errors/problem.ts';
import type { SearchBlock } from '../files/search-blocks.ts';
import { shardOfGram } from '../files/search-format.ts';
import {
  dataFile,
  isCount,
  isObject,
  isStringArray,
  readJson,
  reporter,
  shown,
  type DataProblem,
} from './check-json.ts';
import type { Site } from './check-site.ts';

/**
 * The search index a list.json names (files/search-blocks.ts: blocks of the list, each an index
 * of files/search-index.ts, its values written as files/search-format.ts says): the blocks start
 * at 0 and rise, each below the list's total; each block's entry names files of the output, its
 * vocabulary is a word list with a count each, every gram sits in the gram file its hash names,
 * and the posting and doc-set files hold exactly the words their `starts` say, each value in the
 * format the script decodes (src/client/search-format.ts).
 */

/** Numbers in base 36 joined by ".", as encodeNumbers writes them. */
const NUMBERS = /^(?:[0-9a-z]+(?:\.[0-9a-z]+)*)?$/;
/** A doc set, as encodeDocs writes it: numbers, or "~" and a base64 bitset. */
const DOCS = /^(?:~[A-Za-z0-9+/]*={0,2}|(?:[0-9a-z]+(?:\.[0-9a-z]+)*)?)$/;

/** `search` of a list.json of `total` docs: its blocks, then each block's files. */
export function checkSearchIndex(
  site: Site,
  entry: unknown,
  list: string,
  total: number,
  problems: Problem[],
) {
  const report = reporter(problems, list);
  const problem = blocksProblem(entry, total);
  if (problem) return report(`"search" ${problem}`);
  (entry as { blocks: unknown[] }).blocks.forEach((block, index) => {
    const field = `search.blocks[${index}]`;
    const blockProblem = entryProblem(block);
    if (blockProblem) report(`"${field}" ${blockProblem}`);
    else checkBlock(site, block as SearchBlock, { list, field }, problems);
  });
}

/** Why a list.json's `search` is not `{"blocks": [...]}`, starts rising; undefined when it is. */
function blocksProblem(entry: unknown, total: number): string | undefined {
  const blocks = isObject(entry) ? entry.blocks : undefined;
  if (!Array.isArray(blocks) || blocks.length === 0)
    return `is ${shown(entry)}; expected {"blocks": [{"start", "vocab", "grams", ...}, ...]}`;
  const starts = blocks.map((block) => (isObject(block) ? block.start : undefined));
  const isRising = starts.every(
    (start, i) => isCount(start) && (i === 0 ? start === 0 : start > (starts[i - 1] as number)),
  );
  if (!isRising || (starts.at(-1) as number) >= Math.max(total, 1))
    return `has blocks starting at ${shown(starts)}; expected doc numbers rising from 0, each below the list's ${total}`;
  return undefined;
}

/** One block's files, its fields named `field` ("search.blocks[2]") in messages. */
function checkBlock(
  site: Site,
  block: SearchBlock,
  where: { list: string; field: string },
  problems: Problem[],
) {
  const { list, field } = where;
  const report = reporter(problems, list);
  const { vocab, grams, words, starts, docs, docStarts } = block;
  const vocabFile = dataFile(site, vocab, `"${field}.vocab"`, report);
  const wordCount = vocabFile === undefined ? undefined : vocabSize(site, vocabFile, problems);
  grams.forEach((url, shard) => {
    const file = dataFile(site, url, `"${field}.grams"`, report);
    if (file) checkGrams(site, file, shard, grams.length, problems);
  });
  const ranges = { list, wordCount };
  checkShards(
    site,
    { ...ranges, urls: words, starts, field: `${field}.starts`, values: NUMBERS },
    problems,
  );
  checkShards(
    site,
    { ...ranges, urls: docs, starts: docStarts, field: `${field}.docStarts`, values: DOCS },
    problems,
  );
}

/** Why a block of a list.json's `search` is not a SearchBlock; undefined when it is. */
function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return `is ${shown(entry)}; expected {"vocab", "grams", "words", ...}`;
  if (typeof entry.vocab !== 'string') return `"vocab" is ${shown(entry.vocab)}; expected a URL`;
  for (const key of ['grams', 'words', 'docs'])
    if (!isStringArray(entry[key]) || (entry[key] as string[]).length === 0)
      return `"${key}" is ${shown(entry[key])}; expected a list of URLs`;
  for (const [key, of] of [
    ['starts', 'words'],
    ['docStarts', 'docs'],
  ]) {
    const values = entry[key];
    const files = (entry[of] as string[]).length;
    if (!Array.isArray(values) || values.length !== files || !values.every(isCount))
      return `"${key}" is ${shown(values)}; expected ${files} word ${files === 1 ? 'number' : 'numbers'}, one per file of "${of}"`;
    if (values[0] !== 0 || values.some((start, i) => i > 0 && start <= values[i - 1]))
      return `"${key}" is ${shown(values)}; expected word numbers rising from 0`;
  }
  return undefined;
}

/** The vocabulary's word count; undefined (and a problem) when it is not a vocabulary. */
function vocabSize(site: Site, file: string, problems: Problem[]): number | undefined {
  const report = reporter(problems, file);
  const vocab = readJson(site, file, report);
  if (vocab === undefined) return undefined;
  if (!isObject(vocab) || !isStringArray(vocab.words) || !Array.isArray(vocab.counts)) {
    report('is not {"words": [...], "counts": [...]}; expected the search vocabulary');
    return undefined;
  }
  if (vocab.counts.length !== vocab.words.length || !vocab.counts.every(isCount)) {
    report(
      `has ${vocab.words.length} words and ${vocab.counts.length} counts; expected a whole number for each word`,
    );
    return undefined;
  }
  return vocab.words.length;
}

/** One gram file: 1- to 3-character grams, each in this file by its hash, each a doc set. */
function checkGrams(site: Site, file: string, shard: number, shards: number, problems: Problem[]) {
  const report = reporter(problems, file);
  const grams = readJson(site, file, report);
  if (grams === undefined) return;
  if (!isObject(grams)) return report('is not a JSON object; expected grams and their doc sets');
  for (const [gram, value] of Object.entries(grams)) {
    const home = shardOfGram(gram, shards);
    if (gram.length === 0 || gram.length > 3 || home !== shard)
      return report(
        `holds the gram ${JSON.stringify(gram)}; expected grams of 1 to 3 characters, each in the gram file its hash names (here file ${home})`,
      );
    if (typeof value !== 'string' || !DOCS.test(value))
      return report(`gram ${JSON.stringify(gram)}: ${shown(value)} is not a doc set`);
  }
}

/** The posting files (`words`) or the doc-set files (`docs`) of an index, with their starts. */
interface Shards {
  list: string;
  urls: string[];
  starts: number[];
  /** The field of list.json that holds `starts`, for messages. */
  field: string;
  wordCount: number | undefined;
  values: RegExp;
}

/**
 * Each file of `shards`: an object holding exactly the words from its start to the next file's
 * (the last: to the vocabulary's end), each value in the format `values`.
 */
function checkShards(site: Site, shards: Shards, problems: Problem[]) {
  const listReport = reporter(problems, shards.list);
  for (const [index, url] of shards.urls.entries()) {
    const file = dataFile(site, url, '"search"', listReport);
    if (!file) continue;
    const report = reporter(problems, file);
    const data = readJson(site, file, report);
    if (data === undefined) continue;
    if (!isObject(data)) report('is not a JSON object; expected words by number');
    else {
      const end = shards.starts[index + 1] ?? shards.wordCount;
      shardProblem(data, shards.starts[index], end, shards, report);
    }
  }
}

function shardProblem(
  data: Record<string, unknown>,
  first: number,
  end: number | undefined,
  shards: Shards,
  report: DataProblem,
) {
  const last = end === undefined ? undefined : end - 1;
  const expected = `expected words ${first} to ${last ?? 'the last'}, as "${shards.field}" in ${shards.list} says`;
  for (const [key, value] of Object.entries(data)) {
    const word = Number(key);
    if (
      !isCount(word) ||
      String(word) !== key ||
      word < first ||
      (last !== undefined && word > last)
    )
      return report(`holds word ${JSON.stringify(key)}; ${expected}`);
    if (typeof value !== 'string' || !shards.values.test(value))
      return report(`word ${key}: ${shown(value)} is not in the index's number format`);
  }
  if (last === undefined) return;
  for (let word = first; word <= last; word++)
    if (!Object.hasOwn(data, String(word)))
      return report(`holds no entry for word ${word}; ${expected}`);
}
