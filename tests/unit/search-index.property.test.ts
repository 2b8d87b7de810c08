/**
 * The article search against the spec's rule: for random articles and random queries, what the
 * script's search (src/client/search.ts) finds in the index the generator writes
 * (src/generator/files/search-blocks.ts, blocks of search-index.ts) is exactly the articles
 * whose title, excerpt or brand contains the query, ignoring case, in list order. The words are
 * drawn from a small alphabet so that queries cut words, cross spaces, repeat and miss, and
 * some articles match by brand alone; the blocks are small, so that most lists have several.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearch } from '../../src/client/search.ts';
import {
  decodeDocs,
  decodeNumbers,
  shardOfGram as clientShard,
} from '../../src/client/search-format.ts';
import {
  encodeDocs,
  encodeNumbers,
  shardOfGram as generatorShard,
} from '../../src/generator/files/search-format.ts';
import { planSearchBlocks } from '../../src/generator/files/search-blocks.ts';
import type { SearchDoc } from '../../src/generator/files/search-index.ts';

/** The spec's rule, applied to every doc. */
const byRule = (docs: SearchDoc[], query: string) =>
  docs.flatMap((doc, number) =>
    [doc.title, doc.excerpt, doc.brand].some((field) => field.toLowerCase().includes(query))
      ? [number]
      : [],
  );

/** The index of `docs` in blocks of `blockDocs`, as the script sees it: files by URL, parsed on load. */
function searchOf(docs: SearchDoc[], blockDocs: number) {
  const { entry, files } = planSearchBlocks(docs, '/', blockDocs);
  const byUrl = new Map(files.map((file) => [`/${file.path}`, String(file.contents)]));
  const loaded: string[] = [];
  const { search } = createSearch(entry, docs.length, async (url) => {
    loaded.push(url);
    return JSON.parse(byUrl.get(url)!);
  });
  return { search, loaded, files };
}

const word = fc.stringMatching(/^[abAB4ñ]{0,4}$/);
const text = fc.array(word, { maxLength: 6 }).map((words) => words.join(' '));
const doc = fc.record({
  title: text,
  excerpt: text,
  brand: fc.constantFrom('Lux88Togel', 'Loyal4D', 'Perang88', 'Pegasus4D', 'Zeta Merek'),
});

describe('the article search index', () => {
  it('finds exactly what the spec rule finds, for any articles and query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { minLength: 1, maxLength: 40 }),
        fc.array(fc.oneof(text, fc.stringMatching(/^[ab4 g]{1,7}$/)), { maxLength: 12 }),
        fc.integer({ min: 1, max: 45 }),
        async (docs, rawQueries, blockDocs) => {
          const { search } = searchOf(docs, blockDocs);
          // Queries as the script gives them: lower-cased, trimmed, not blank; plus slices of the
          // articles' own text, so most of them match something.
          const slices = docs.map((d, i) => {
            const all = `${d.title} ${d.excerpt}`;
            return all.slice(i % 3, (i % 3) + 2 + (i % 7));
          });
          const queries = [...rawQueries, ...slices, 'zeta m', 'merek', 'loyal4d']
            .map((query) => query.trim().toLowerCase())
            .filter(Boolean);
          for (const query of queries)
            expect(await search(query), JSON.stringify(query)).toEqual(byRule(docs, query));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('loads one gram file a block for a query of three letters or fewer', async () => {
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      title: `Artikel ${i}: anggaran batas waktu permainan ${i % 7 ? 'hiburan' : 'sesi'}`,
      excerpt: `Pemain dewasa menjaga anggaran ${i}.`,
      brand: ['Lux88Togel', 'Loyal4D'][i % 2],
    }));
    const { search, loaded, files } = searchOf(docs, 1000);
    expect(
      files.filter((file) => file.path.startsWith('assets/search/0/grams-')).length,
    ).toBeGreaterThan(1);
    expect(await search('ses')).toEqual(byRule(docs, 'ses'));
    expect(loaded.map((url) => url.split('/')[3])).toEqual(['0', '1', '2']);
    expect(await search('anggaran batas')).toEqual(byRule(docs, 'anggaran batas'));
    expect(loaded.some((url) => url.includes('/vocab.'))).toBe(true);
  });

  it('plans again only the block whose docs changed', () => {
    const docs = Array.from({ length: 25 }, (_, i) => ({
      title: `Artikel ${i}`,
      excerpt: `Ringkasan ${i % 4}`,
      brand: 'Loyal4D',
    }));
    const first = planSearchBlocks(docs, '/', 10);
    const edited = docs.map((each, i) => (i === 14 ? { ...each, title: 'Artikel baru' } : each));
    const second = planSearchBlocks(edited, '/', 10);
    const ofBlock = (files: typeof first.files, block: string) =>
      files.filter((file) => file.path.startsWith(`assets/search/${block}/`));
    // Blocks 0 and 2 are the very files of the last call, not made again; block 1 is made again.
    for (const block of ['0', '2']) {
      const kept = ofBlock(second.files, block);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((file, i) => file === ofBlock(first.files, block)[i])).toBe(true);
    }
    const [old, now] = [first, second].map(({ files }) => ofBlock(files, '1'));
    expect(now.some((file) => old.includes(file))).toBe(false);
    expect(now.map((file) => file.path)).not.toEqual(old.map((file) => file.path));
    expect(second.entry.blocks.map((block) => block.start)).toEqual([0, 10, 20]);
  });

  it('reads what the generator writes: numbers, doc sets and gram shards', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5000 })), (numbers) => {
        expect([...decodeNumbers(encodeNumbers(numbers))]).toEqual(numbers);
        const docs = [...new Set(numbers)].sort((a, b) => a - b);
        expect(decodeDocs(encodeDocs(docs, 5001))).toEqual(docs);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 3, unit: 'grapheme' }),
        fc.integer({ min: 1, max: 999 }),
        (gram, shards) => {
          expect(clientShard(gram, shards)).toBe(generatorShard(gram, shards));
        },
      ),
    );
  });
});
