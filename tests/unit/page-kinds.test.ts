import { describe, expect, it } from 'vitest';
import { shippedForPlanning } from '../helpers/shipped-content.ts';
import { type Page, pageKinds } from '../../src/generator/pages/kinds.ts';
import { createPlanner } from '../../src/generator/pages/plan-routes.ts';
import { recordReads, trackContent } from '../../src/generator/pages/reads.ts';
import { listPages } from '../../src/generator/pages/routes.ts';

const { content, bodies, assets } = await shippedForPlanning();

describe('the page kinds', () => {
  it('are one kind per template, and listPages lists their pages kind by kind, in their order', () => {
    const templates = pageKinds().map((kind) => kind.template);
    expect(new Set(templates).size).toBe(templates.length);
    expect(templates.slice(0, 3)).toEqual(['HomePage', 'ArticleListPage', 'ArticlePage']);
    const listed = listPages(content, (slug) => bodies.has(slug)).map((page) => page.template);
    const runs = listed.filter((template, index) => template !== listed[index - 1]);
    // Kinds with no page in this content (a brand's full list needs more than six articles)
    // are left out of the runs, never out of order.
    expect(runs).toEqual(templates.filter((template) => listed.includes(template)));
  });
});

describe('what a page reads is recorded as its props read it', () => {
  const pages = listPages(content, (slug) => bodies.has(slug));
  const input = { content, bodies, siteUrl: 'https://www.example.id/', assets };
  const readsOf = (page: Page, from = input) => {
    const plan = createPlanner(from);
    return recordReads(() => plan(page));
  };
  const pageAt = (url: string, from = content) =>
    listPages(from, (slug) => bodies.has(slug)).find((page) => page.url === url)!;
  const articleKeys = (reads: string[]) => reads.filter((key) => key.startsWith('article:'));

  it("records exactly the article cards of each page's props; an article page, itself and its body", () => {
    for (const page of pages) {
      const { value: route, reads } = readsOf(page);
      const { props } = route;
      const cards =
        'featured' in props ? props.featured : 'articles' in props ? props.articles : [];
      const own = 'article' in page ? [page.article.slug] : [];
      const expected = [...own, ...cards.map((card) => card.slug)].map((slug) => `article:${slug}`);
      expect(articleKeys(reads), page.url).toEqual([...new Set(expected)].sort());
      if (page.template === 'ArticlePage')
        expect(reads, page.url).toContain(`body:${page.article.slug}`);
      else
        expect(
          reads.filter((key) => key.startsWith('body:')),
          page.url,
        ).toEqual([]);
    }
  });

  it('records the queries a page picks its articles with, never the whole list', () => {
    expect(readsOf(pageAt('/')).reads).toContain('query:featured');
    expect(readsOf(pageAt('/artikel/')).reads).toContain('query:listed');
    expect(readsOf(pageAt('/brand/pegasus4d/')).reads).toContain('query:brand:pegasus4d');
    for (const page of pages) expect(readsOf(page).reads, page.url).not.toContain('articles');
  });

  it('contact and the 404 pages read no article; a redirect page reads its article, not its aliases', () => {
    for (const url of ['/kontak/', '/404.html', '/brand/404.html', '/artikel/404.html'])
      expect(articleKeys(readsOf(pageAt(url)).reads), url).toEqual([]);
    const slug = content.articles[0].slug;
    const aliased = {
      ...content,
      articles: content.articles.map((article, index) =>
        index === 0
          ? { ...article, aliases: [{ address: '/lama/', line: 1, column: 1 }] }
          : article,
      ),
    };
    const redirect = listPages(aliased, (s) => bodies.has(s)).find((p) => p.url === '/lama/')!;
    const { reads } = readsOf(redirect, { ...input, content: aliased });
    expect(reads).toEqual([`article:${slug}`]);
  });

  it('a page that reads content.articles itself records the whole list', () => {
    const { reads } = recordReads(() => trackContent(content).articles.length);
    expect(reads).toEqual(['articles']);
  });

  it('follows the content: an unlisted article leaves the reads of home and the list', () => {
    const featured = articleKeys(readsOf(pageAt('/')).reads)[0].slice('article:'.length);
    const changed = {
      ...content,
      articles: content.articles.map((article) =>
        article.slug === featured ? { ...article, listed: false } : article,
      ),
    };
    const from = { ...input, content: changed };
    expect(readsOf(pageAt('/', changed), from).reads).not.toContain(`article:${featured}`);
    expect(readsOf(pageAt('/artikel/', changed), from).reads).not.toContain(`article:${featured}`);
    const brand = content.articles.find((article) => article.slug === featured)!.brand;
    expect(readsOf(pageAt(`/brand/${brand}/`, changed), from).reads).toContain(
      `article:${featured}`,
    );
  });
});
