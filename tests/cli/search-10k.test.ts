/**
 * The article search at 10,000 articles, on what `sitegen build` writes: the script's search
 * (src/client/search.ts) reading the built index files finds, for 1,000 queries, exactly the
 * articles the spec's rule finds applied to every card of the list (case-insensitive substring
 * of title, excerpt or brand), in list order. The queries are slices of the articles' own text
 * (inside words, across spaces, whole phrases, in upper case), brand names, and strings that
 * match nothing. tests/unit/search-index.property.test.ts covers odd text (empty words, double
 * spaces) on small random lists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearch } from '../../src/client/search.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { generatedProject } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';

const ARTICLES = 10_000;
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dist: string;

beforeAll(async () => {
  temp = await makeTempDir('sitegen-search-');
  const project = path.join(temp.dir, 'site');
  generatedProject(project, ARTICLES);
  // In this process, where there are no worker threads (only the bundled CLI has them): --jobs 1
  // builds the same files on this thread, and the files are all this test reads.
  const result = await sitegen(['build', '--root', project, '--no-cards', '--jobs', '1']);
  expect(result.code, result.stderr).toBe(0);
  dist = path.join(project, 'dist');
}, 300_000);
afterAll(() => temp.remove());

interface Card {
  title: string;
  excerpt: string;
  brandName: string;
}

const read = (url: string) => JSON.parse(readFileSync(path.join(dist, url.slice(1)), 'utf8'));

describe('the article search at 10,000 articles', () => {
  it('finds for 1,000 queries exactly what the spec rule finds over every card', async () => {
    const list = read('/artikel/list.json');
    const cards: Card[] = list.pages.flatMap(read);
    expect(cards).toHaveLength(ARTICLES);
    const { search } = createSearch(list.search, list.total, async (url) => read(url));
    // The rule's fields in lower case, once: the same rule as lowering them for every query.
    const lowered = cards.map((card) =>
      [card.title, card.excerpt, card.brandName].map((field) => field.toLowerCase()),
    );
    const byRule = (query: string) =>
      lowered.flatMap((fields, doc) =>
        fields.some((field) => field.includes(query)) ? [doc] : [],
      );

    // Deterministic draws (xorshift), so a failure names a query that fails again.
    let seed = 22;
    const next = (below: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % below;
    };
    const queries = ['lux88togel', 'LOYAL4D', 'perang88 ', 'pegasus4d', 'zzz', 'q', '4d', '9999:'];
    while (queries.length < 1_000) {
      const card = cards[next(cards.length)];
      const text = [card.title, card.excerpt, card.brandName][next(3)];
      const start = next(text.length);
      const slice = text.slice(start, start + 1 + next(24));
      queries.push(next(4) === 0 ? slice.toUpperCase() : slice);
    }
    let phrases = 0;
    for (const typed of queries) {
      const query = typed.trim().toLowerCase();
      if (!query) continue;
      if (query.includes(' ')) phrases++;
      expect(await search(query), JSON.stringify(query)).toEqual(byRule(query));
    }
    // Enough of each kind of query: phrases read the postings, single words the doc sets.
    expect(phrases).toBeGreaterThan(200);
  }, 300_000);
});
