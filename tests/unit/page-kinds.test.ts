import { describe, expect, it } from 'vitest';
import { shippedForPlanning } from '../helpers/shipped-content.ts';
import { articlesShown, pageKinds } from '../../src/generator/pages/kinds.ts';
import { planRoutes } from '../../src/generator/pages/plan-routes.ts';
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

describe('articlesShown', () => {
  const pages = listPages(content, (slug) => bodies.has(slug));
  const routes = planRoutes({ content, bodies, siteUrl: 'https://www.example.id/', assets }, pages);
  const shown = (url: string, from = content) =>
    articlesShown(
      listPages(from, (slug) => bodies.has(slug)).find((page) => page.url === url)!,
      from,
    );

  it("names exactly the article cards of each page's props, in their order; an article page, itself", () => {
    for (const [index, page] of pages.entries()) {
      const props = routes[index].props;
      const cards =
        'featured' in props ? props.featured : 'articles' in props ? props.articles : [];
      const expected =
        page.template === 'ArticlePage' ? [page.article.slug] : cards.map((card) => card.slug);
      expect(articlesShown(page, content), page.url).toEqual(expected);
    }
  });

  it('home: the first listed article of the first three brands', () => {
    const firstListed = (brand: string) =>
      content.articles.find((article) => article.listed && article.brand === brand)!.slug;
    expect(shown('/')).toEqual(content.brands.slice(0, 3).map((brand) => firstListed(brand.slug)));
  });

  it('the article list: every listed article; a brand page: all its own, listed ones first', () => {
    expect(shown('/artikel/')).toEqual(
      content.articles.filter((article) => article.listed).map((article) => article.slug),
    );
    const own = content.articles.filter((article) => article.brand === 'pegasus4d');
    expect(shown('/brand/pegasus4d/')).toEqual(
      [...own.filter((a) => a.listed), ...own.filter((a) => !a.listed)].map((a) => a.slug),
    );
  });

  it('contact and the 404 pages show no article; an article without a body still shows itself', () => {
    for (const url of ['/kontak/', '/404.html', '/brand/404.html', '/artikel/404.html'])
      expect(shown(url), url).toEqual([]);
    const slug = content.articles[0].slug;
    const page = listPages(content, () => false).find((p) => p.url === `/artikel/${slug}/`)!;
    expect(articlesShown(page, content)).toEqual([slug]);
  });

  it('follows the content: an unlisted article leaves home and the list, and stays on its brand page', () => {
    const featured = shown('/')[0];
    const changed = {
      ...content,
      articles: content.articles.map((article) =>
        article.slug === featured ? { ...article, listed: false } : article,
      ),
    };
    expect(shown('/', changed)).not.toContain(featured);
    expect(shown('/artikel/', changed)).not.toContain(featured);
    const brand = content.articles.find((article) => article.slug === featured)!.brand;
    expect(shown(`/brand/${brand}/`, changed)).toContain(featured);
  });
});
