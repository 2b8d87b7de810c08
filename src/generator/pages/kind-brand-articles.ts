import type { Brand } from '../../content/types.ts';
import type { BrandArticlesPageProps } from '../../templates/index.ts';
import { newestDate } from './addresses.ts';
import { BRAND_PAGE_ARTICLES, brandArticles, brandListUrl } from './kind-brand.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { indexPath, type ListPage, pagesOfList, pageSlice, pagingOf } from './paging.ts';
import { summarizeBrand } from './summaries.ts';

/**
 * All of a brand's articles, newest first, 12 a page: /brand/{slug}/artikel/ and
 * /brand/{slug}/artikel/halaman/{n}/. Only for a brand with more articles than its brand page
 * shows (six); dated like the brand page.
 */
export const brandArticlesKind: PageKind<'BrandArticlesPage', { brand: Brand; list: ListPage }> = {
  template: 'BrandArticlesPage',
  pages(content, { published, newest }) {
    return content.brands.flatMap((brand) => {
      const count = brandArticles(brand, content).length;
      if (count <= BRAND_PAGE_ARTICLES) return [];
      const lastModified =
        newestDate(published.filter((article) => article.brand === brand.slug)) ?? newest;
      return pagesOfList(brandListUrl(brand), count).map((list) => ({
        url: list.url,
        outputPath: indexPath(list.url),
        template: 'BrandArticlesPage' as const,
        isIndexable: true,
        lastModified,
        source: `src/content/brands.ts: brand "${brand.slug}"`,
        brand,
        list,
      }));
    });
  },
  props: (page, context) => brandArticlesProps(page.brand, page.list, context),
};

/** Returns the props of one page of a brand's article list. Pure. */
function brandArticlesProps(
  brand: Brand,
  list: ListPage,
  context: PageContext,
): BrandArticlesPageProps {
  const { site, content } = context;
  const articles = brandArticles(brand, content);
  const copy = content.seo.brandArticles(brand, articles.length, list);
  const meta = pageMeta(copy, site.name, {
    canonical: context.absolute(list.url),
    social: context.social(list.url, copy, {
      name: `brand-${brand.slug}`,
      title: content.seo.brand(brand, site).title,
      brand,
    }),
    jsonLd: [],
  });
  return {
    layout: context.layout(meta, undefined, `/brand/${brand.slug}/`),
    brand: summarizeBrand(brand),
    articles: pageSlice(articles, list.page).map(context.summarize),
    total: articles.length,
    paging: pagingOf(list, context.cardParts),
  };
}
