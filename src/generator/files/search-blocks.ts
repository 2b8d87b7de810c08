import { createHash } from 'node:crypto';
import type { OutputFile } from '../output/writer.ts';
import { lastCallMemo } from './last-call-memo.ts';
import { planSearchIndex, type SearchDoc, type SearchIndex } from './search-index.ts';

/**
 * The article list's search index, cut into blocks of SEARCH_BLOCK_DOCS docs in list order,
 * each an index of its own (search-index.ts) under `assets/search/{block}/`: a title save that
 * keeps the article's place changes the files of the one block that holds it, and watch plans
 * only that block again (the others come from the last call, by a digest of what each is made
 * of). The script searches every block and puts their results together in list order
 * (src/client/search.ts).
 */

/**
 * Docs per block. At 10,000 generated articles, against one index over the whole list (2 busy
 * cores): a title save plans the index in ~60 ms (one block, and the digests of the other
 * three) instead of ~250 ms, and a first search (bench/search-bytes.mjs) transfers 1.1-1.3×
 * the gzip bytes in 1.9-2.9× the requests, since a query reads its file of every block.
 * Blocks of 1,000 planned in ~30 ms but cost a first search 1.4-1.7× the bytes in 3.5-5.5×
 * the requests, and the output 1,900 more files; a title save at 10,000 articles takes
 * ~300 ms either way. A list of up to 2,500 articles is one block, the files one index over
 * it always had.
 */
export const SEARCH_BLOCK_DOCS = 2_500;

/**
 * search-index.ts sizes its files for an index of this many docs: when there are several
 * blocks, a block's files are that size times its share of it, so that a query reads about as
 * much of each block's data as one index over 10,000 docs would read of its own (a block's gram
 * file at full size would hold ten times the grams a query needs, and every block's is read).
 */
const FILES_TUNED_FOR = 10_000;

/** The list file's `search` entry: each block's index and the list place of its first doc. */
export interface SearchEntry {
  blocks: SearchBlock[];
}

export type SearchBlock = SearchIndex & { start: number };

interface PlannedBlock {
  block: SearchBlock;
  files: OutputFile[];
}

const planned = lastCallMemo<PlannedBlock>();

/**
 * Returns the index of `docs` (in list order) as blocks of `blockDocs`, and their files, their
 * URLs under `base` ("/" or "/repo/"). Deterministic; pure apart from the memo of the last
 * call's blocks.
 */
export function planSearchBlocks(
  docs: SearchDoc[],
  base: string,
  blockDocs = SEARCH_BLOCK_DOCS,
): { entry: SearchEntry; files: OutputFile[] } {
  // One block has files of the sizes search-index.ts was tuned for, as one index had.
  const scale = docs.length > blockDocs ? blockDocs / FILES_TUNED_FOR : 1;
  return planned.run((get) => {
    const blocks: PlannedBlock[] = [];
    for (let start = 0; start < docs.length || start === 0; start += blockDocs) {
      const own = docs.slice(start, start + blockDocs);
      const where = { start, folder: `assets/search/${start / blockDocs}/`, scale, base };
      blocks.push(get(blockKey(own, where), () => planBlock(own, where)));
    }
    return {
      entry: { blocks: blocks.map(({ block }) => block) },
      files: blocks.flatMap(({ files }) => files),
    };
  });
}

/** Where a block is: its first doc's place, its folder, its files' scale, the base URL. */
interface BlockPlace {
  start: number;
  folder: string;
  scale: number;
  base: string;
}

function planBlock(docs: SearchDoc[], { start, folder, scale, base }: BlockPlace): PlannedBlock {
  const { entry, files } = planSearchIndex(docs, base, folder, scale);
  return { block: { start, ...entry }, files };
}

/**
 * What a block's files are made of: where it is and its docs' three fields, each doc as a JSON
 * array, so that no two different blocks have the same digest.
 */
function blockKey(docs: SearchDoc[], where: BlockPlace): string {
  const hash = createHash('sha1').update(JSON.stringify(where));
  for (const { title, excerpt, brand } of docs)
    hash.update(JSON.stringify([title, excerpt, brand]));
  return hash.digest('hex');
}
