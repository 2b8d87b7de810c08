import type { Article, Content } from '../../content/types.ts';

/**
 * What a page's props read, recorded as they read it (as Hugo's identities, or a reactive
 * system's dependency tracking): each read is a key naming one input of the run, whose value
 * the builder can digest without planning the page again (build/decide.ts):
 *
 * - `article:{slug}`: the article's record (every field but `aliases`);
 * - `aliases:{slug}`: its `aliases`;
 * - `body:{slug}`: its body (whether it has one, and which), with the images it shows;
 * - `image:{slug}`: its front matter image as processed;
 * - `query:{name}` or `query:{name}:{arg}`: which articles a query (defineQuery) returns, in
 *   order; what a page reads of each is recorded by the article itself;
 * - `articles`: the whole article list, when a page reads `content.articles` itself.
 *
 * Everything else a page can read (the site's code and configuration, asset URLs, the site
 * URL, the run's switches) is in every page's digest. A page kind declares nothing: its props
 * read tracked content (trackContent), and the reads are recorded while it plans
 * (recordReads).
 */
export type ReadKey = string;

export const ALL_ARTICLES: ReadKey = 'articles';

export const readKey = {
  article: (slug: string): ReadKey => `article:${slug}`,
  aliases: (slug: string): ReadKey => `aliases:${slug}`,
  body: (slug: string): ReadKey => `body:${slug}`,
  image: (slug: string): ReadKey => `image:${slug}`,
  query: (name: string, arg?: string): ReadKey =>
    arg === undefined ? `query:${name}` : `query:${name}:${arg}`,
};

/** The reads of the page being planned; undefined when no page is. */
let recording: Set<ReadKey> | undefined;

/** Notes that the page being planned read `key`; nothing outside recordReads. */
export function noteRead(key: ReadKey): void {
  recording?.add(key);
}

/** Runs `plan` and returns what it returned with the keys it read, sorted. Synchronous. */
export function recordReads<T>(plan: () => T): { value: T; reads: ReadKey[] } {
  const outer = recording;
  const reads = new Set<ReadKey>();
  recording = reads;
  try {
    return { value: plan(), reads: [...reads].sort() };
  } finally {
    recording = outer;
  }
}

const trackedArticles = new WeakMap<Article, Article>();

/**
 * `article` as props read it: reading a field notes `article:{slug}` (`aliases:{slug}` for
 * `aliases`). One proxy per record. Pure but for the notes.
 */
export function trackArticle(article: Article): Article {
  let tracked = trackedArticles.get(article);
  if (!tracked) {
    const keys = { record: readKey.article(article.slug), aliases: readKey.aliases(article.slug) };
    tracked = new Proxy(article, {
      get(target, field, receiver) {
        noteRead(field === 'aliases' ? keys.aliases : keys.record);
        return Reflect.get(target, field, receiver);
      },
    });
    trackedArticles.set(article, tracked);
  }
  return tracked;
}

const rawOf = new WeakMap<Content, Content>();
const trackedContents = new WeakMap<Content, Content>();

/**
 * `content` as props read it: `articles` notes `articles` (every record) and hands out tracked
 * records; the configuration (site, brands, copy) is in every page's digest. Memoized. Pure.
 */
export function trackContent(content: Content): Content {
  const raw = rawOf.get(content) ?? content;
  let tracked = trackedContents.get(raw);
  if (!tracked) {
    let articles: Article[] | undefined;
    tracked = {
      ...raw,
      get articles() {
        noteRead(ALL_ARTICLES);
        articles ??= raw.articles.map(trackArticle);
        return articles;
      },
    };
    trackedContents.set(raw, tracked);
    rawOf.set(tracked, raw);
  }
  return tracked;
}

/** A query's articles from the untracked content, for one argument (a brand's slug) or none. */
type Compute = (content: Content, arg: string) => Article[];

const queries = new Map<string, Compute>();

/**
 * Defines the query `name`: which articles of the content `compute` picks, in order (the
 * listed ones, a brand's). Called with tracked content (props), it notes `query:{name}:{arg}`
 * and returns tracked records; the builder digests the query by the slugs it returns
 * (queryDigestInput). Memoized per content and argument. Pure.
 */
export function defineQuery(
  name: string,
  compute: Compute,
): (content: Content, arg?: string) => Article[] {
  const results = new WeakMap<Content, Map<string, { raw: Article[]; tracked?: Article[] }>>();
  const run = (content: Content, arg = '') => {
    let byArg = results.get(content);
    if (!byArg) {
      byArg = new Map();
      results.set(content, byArg);
    }
    let result = byArg.get(arg);
    if (!result) {
      result = { raw: compute(content, arg) };
      byArg.set(arg, result);
    }
    return result;
  };
  queries.set(name, (content, arg) => run(content, arg).raw);
  return (content, arg) => {
    const raw = rawOf.get(content);
    if (!raw) return run(content, arg).raw;
    noteRead(readKey.query(name, arg));
    const result = run(raw, arg);
    result.tracked ??= result.raw.map(trackArticle);
    return result.tracked;
  };
}

/**
 * The slugs the query of `key` ("query:listed", "query:brand:x") returns for `content`, in
 * order; undefined for a query no module defined. Pure.
 */
export function querySlugs(key: ReadKey, content: Content): string[] | undefined {
  const [, name, ...rest] = key.split(':');
  const compute = queries.get(name);
  return compute?.(content, rest.join(':')).map((article) => article.slug);
}

/** A by-slug lookup, as a Map has it (bodies, images). */
export interface SlugLookup<V> {
  get(slug: string): V | undefined;
  has(slug: string): boolean;
}

/** `lookup` as props read it: each look-up of a slug notes `key(slug)`. Pure but for the notes. */
export function trackLookup<V>(
  lookup: SlugLookup<V>,
  key: (slug: string) => ReadKey,
): SlugLookup<V> {
  return {
    get(slug) {
      noteRead(key(slug));
      return lookup.get(slug);
    },
    has(slug) {
      noteRead(key(slug));
      return lookup.has(slug);
    },
  };
}
