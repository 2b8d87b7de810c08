import { describe, expect, it } from 'vitest';
import { shippedForPlanning } from '../helpers/shipped-content.ts';
import { pageTitle } from '../../src/generator/pages/layout.ts';
import { planRoutes } from '../../src/generator/pages/plan-routes.ts';
import { SitegenError } from '../../src/generator/errors/errors.ts';

const { content, bodies, assets } = await shippedForPlanning();

describe('planRoutes', () => {
  const routes = planRoutes({ content, bodies, siteUrl: 'https://www.example.id/', assets });

  it('lists every page of the spec once, each as route/index.html', () => {
    expect(routes.map((r) => r.url)).toEqual([
      '/',
      '/artikel/',
      ...content.articles.map((a) => `/artikel/${a.slug}/`),
      ...content.brands.map((b) => `/brand/${b.slug}/`),
      '/kontak/',
      '/404.html',
      '/brand/404.html',
      '/artikel/404.html',
    ]);
    for (const route of routes.filter((r) => r.url.endsWith('/'))) {
      expect(route.outputPath).toBe(`${route.url.slice(1)}index.html`);
    }
  });

  it('keeps 404 pages and articles without a body out of the sitemap', () => {
    const notIndexed = routes.filter((r) => !r.isIndexable).map((r) => r.url);
    const withoutBody = content.articles
      .filter((a) => !bodies.has(a.slug))
      .map((a) => `/artikel/${a.slug}/`);
    expect(notIndexed).toEqual([
      ...withoutBody,
      '/404.html',
      '/brand/404.html',
      '/artikel/404.html',
    ]);
  });

  it("gives every indexable page a unique title and description; fallback articles share the fallback article's", () => {
    const indexable = routes.filter((r) => r.isIndexable);
    expect(new Set(indexable.map((r) => r.props.layout.meta.title)).size).toBe(indexable.length);
    expect(new Set(indexable.map((r) => r.props.layout.meta.description)).size).toBe(
      indexable.length,
    );
    const fallbacks = routes.filter((r) => r.template === 'ArticlePage' && !r.isIndexable);
    expect(fallbacks.length).toBeGreaterThan(0);
    for (const route of fallbacks)
      expect(route.props.layout.meta.title).toBe(`Artikel Tidak Ditemukan | ${content.site.name}`);
  });

  it('prefixes links and assets with the base path of a site in a subfolder', () => {
    const nested = planRoutes({
      content,
      bodies,
      siteUrl: 'https://user.example.io/repo/',
      assets,
    });
    const layout = nested[0].props.layout;
    expect(layout.base).toBe('/repo/');
    expect(layout.assets.css).toBe('/repo/assets/styles.x.css');
    expect(layout.meta.canonical).toBe('https://user.example.io/repo/');
  });

  it('refuses two pages with one output path and names both sources', () => {
    const duplicated = { ...content, articles: [...content.articles, { ...content.articles[0] }] };
    expect(() =>
      planRoutes({ content: duplicated, bodies, siteUrl: 'https://x.example/', assets }),
    ).toThrow(SitegenError);
    expect(() =>
      planRoutes({ content: duplicated, bodies, siteUrl: 'https://x.example/', assets }),
    ).toThrow(
      /artikel\/lux88togel-panduan-pemula-lengkap\/index.html: src\/content\/articles\/lux88togel-panduan-pemula-lengkap.md and src\/content\/articles\/lux88togel-panduan-pemula-lengkap.md/,
    );
  });

  it('adds the site name to titles only when the result fits 70 characters', () => {
    expect(pageTitle('Kontak', 'Situs')).toBe('Kontak | Situs');
    expect(pageTitle('x'.repeat(65), 'Situs')).toBe('x'.repeat(65));
  });
});
