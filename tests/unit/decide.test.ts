import { describe, expect, it } from 'vitest';
import type { Article, Content } from '../../src/content/types.ts';
import {
  decidePages,
  type DependencyMap,
  type PageSelection,
  pageDigest,
  type ReadMemo,
  readDigests,
  rememberReads,
} from '../../src/generator/build/decide.ts';
import { textDigest } from '../../src/generator/content/article-memo.ts';
import { createPlanner } from '../../src/generator/pages/plan-routes.ts';
import { recordReads } from '../../src/generator/pages/reads.ts';
import { listPages } from '../../src/generator/pages/routes.ts';
import { shippedForPlanning } from '../helpers/shipped-content.ts';

const shipped = await shippedForPlanning();
const SITE_URL = 'https://www.example.id/';

/** What one run of the decider reads: the content, the bodies and what every page reads. */
interface Sources {
  content: Content;
  bodies: Map<string, string>;
  site: string;
}

/** What one run leaves for the next: the dependency map and the fast path's memo. */
interface Left {
  deps: DependencyMap;
  memo: ReadMemo;
}

/**
 * The pages of `sources` and what their reads are worth, as loadPages has them. `pages`: the
 * page objects of another run instead (as a listPages that kept the objects of unchanged
 * addresses across contents would give them).
 */
function loaded(
  { content, bodies, site, touched }: Sources & { touched?: string[] },
  pages = listPages(content, (s) => bodies.has(s)),
) {
  const bySlug = new Map(content.articles.map((article) => [article.slug, article]));
  const digestOf = readDigests({
    content,
    bySlug,
    body: (slug) => {
      const html = bodies.get(slug);
      return html === undefined ? undefined : textDigest(html);
    },
    image: () => '',
  });
  return { pages, now: { site, digestOf, content, touched: touched && new Set(touched) } };
}

/**
 * One run as site-run.ts makes it: decided with the fast path (and, to compare, without it),
 * the pages to plan planned with their reads recorded, and what it leaves for the next run.
 */
function run(
  sources: Sources,
  last: Left | undefined,
  {
    keepAll = (_files: string[]): boolean => true,
    samePages = false,
    touched = undefined as string[] | undefined,
  } = {},
) {
  const pages = samePages ? last?.memo.pages.slice() : undefined;
  const { pages: listed, now } = loaded({ ...sources, touched }, pages);
  const fast = decidePages(listed, last?.deps, now, keepAll, last?.memo);
  const slow = decidePages(listed, last?.deps, now, keepAll);
  const plan = createPlanner({ ...shipped, ...sources, siteUrl: SITE_URL });
  const planned: DependencyMap = new Map();
  for (const page of fast.toPlan) {
    const { reads } = recordReads(() => plan(page));
    const digest = pageDigest(page, reads, now.site, now.digestOf) ?? '';
    planned.set(page.outputPath, { digest, files: [page.outputPath], reads });
  }
  const memo = rememberReads(listed, fast, planned, now, last?.memo);
  const left: Left = { deps: new Map([...fast.kept, ...planned]), memo };
  return { fast, slow, left };
}

/** What a selection decides, comparable: the pages planned, the entries kept. */
function decision(selection: PageSelection) {
  return {
    toPlan: selection.toPlan.map((page) => page.outputPath),
    kept: [...selection.kept],
  };
}

/** `content` with the article `slug` made by `change` (a new record, a new Content). */
function withArticle(content: Content, slug: string, change: (article: Article) => Article) {
  const articles = content.articles.map((article) =>
    article.slug === slug ? change(article) : article,
  );
  return { ...content, articles };
}

describe("the decider's fast path", () => {
  const start: Sources = { content: shipped.content, bodies: shipped.bodies, site: 'site 1' };
  const [first, second, third, fourth] = shipped.content.articles.map((article) => article.slug);

  it('decides the same pages as the slow path, edit after edit', () => {
    const edits: {
      name: string;
      sources: (last: Sources) => Sources;
      keeps?: string;
      samePages?: boolean;
      touched?: string[];
    }[] = [
      { name: 'nothing changed', sources: (last) => last },
      {
        name: 'a body saved',
        sources: (last) => ({ ...last, bodies: new Map(last.bodies).set(first, '<p>baru</p>') }),
      },
      {
        name: 'a body saved, the run knowing which article files were saved',
        sources: (last) => ({ ...last, bodies: new Map(last.bodies).set(first, '<p>isi</p>') }),
        touched: [first, fourth],
      },
      {
        name: 'a title saved',
        sources: (last) => ({
          ...last,
          content: withArticle(last.content, second, (a) => ({ ...a, title: 'Judul baru' })),
        }),
      },
      {
        name: 'a title saved, the page objects kept',
        sources: (last) => ({
          ...last,
          content: withArticle(last.content, first, (a) => ({ ...a, title: 'Judul lain' })),
        }),
        samePages: true,
      },
      {
        name: 'a body emptied',
        sources: (last) => {
          const bodies = new Map(last.bodies);
          bodies.delete(third);
          return { ...last, bodies };
        },
      },
      {
        name: 'an article unlisted',
        sources: (last) => ({
          ...last,
          content: withArticle(last.content, fourth, (a) => ({ ...a, listed: false })),
        }),
      },
      {
        name: 'an article deleted',
        sources: (last) => ({
          ...last,
          content: {
            ...last.content,
            articles: last.content.articles.filter((article) => article.slug !== second),
          },
        }),
      },
      {
        name: 'a page whose files are gone',
        sources: (last) => last,
        keeps: `artikel/${fourth}/index.html`,
      },
      { name: 'what every page reads changed', sources: (last) => ({ ...last, site: 'site 2' }) },
      {
        name: 'a body saved back',
        sources: (last) => ({ ...last, bodies: new Map(last.bodies).set(first, 'isi') }),
      },
    ];
    let sources = start;
    let { left } = run(sources, undefined);
    for (const { name, sources: next, keeps, samePages, touched } of edits) {
      sources = next(sources);
      const keepAll = (files: string[]) => files[0] !== keeps;
      const made = run(sources, left, { keepAll, samePages, touched });
      expect(decision(made.fast), name).toEqual(decision(made.slow));
      left = made.left;
    }
  });

  it('gets from listPages, after a title save, the last page objects for every page but its own', () => {
    const hasBody = (slug: string) => start.bodies.has(slug);
    // A copy: listPages gives the same array again for the same Content object.
    const before = listPages({ ...start.content }, hasBody);
    const saved = withArticle(start.content, first, (a) => ({ ...a, title: 'Judul baru' }));
    const after = listPages(saved, hasBody);
    const renewed = after.filter((page, index) => page !== before[index]);
    expect(after).toHaveLength(before.length);
    expect(renewed.map((page) => page.outputPath)).toEqual([`artikel/${first}/index.html`]);
  });

  it('takes the fast path for the pages of the last run, and plans only what a body save reaches', () => {
    const { left } = run(start, undefined);
    const saved = { ...start, bodies: new Map(start.bodies).set(first, '<p>lain</p>') };
    const { fast } = run(saved, left);
    expect(fast.digests, 'the fast path ran').toBeDefined();
    expect(fast.toPlan.map((page) => page.outputPath)).toEqual([`artikel/${first}/index.html`]);
  });
});
