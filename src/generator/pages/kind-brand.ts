import type { Article, Brand, Content } from '../../content/types.ts';
import type { BrandPageProps } from '../../templates/index.ts';
import { newestDate } from './addresses.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { defineQuery } from './reads.ts';
import { organizationSchema } from './schema-org.ts';
import { summarizeBrand } from './summaries.ts';

/** How many of its newest articles a brand page shows (the spec's six). */
export const BRAND_PAGE_ARTICLES = 6;

/**
 * A page per brand (/brand/{slug}/), in brand order: the brand and its six newest articles, with
 * a link to all of them (kind-brand-articles.ts) when it has more; dated by its newest indexable
 * article, else the site's.
 */
export const brandKind: PageKind<'BrandPage', { brand: Brand }> = {
  template: 'BrandPage',
  pages({ brands }, { published, newest }) {
    return brands.map((brand) => ({
      url: `/brand/${brand.slug}/`,
      outputPath: `brand/${brand.slug}/index.html`,
      template: 'BrandPage',
      isIndexable: true,
      lastModified:
        newestDate(published.filter((article) => article.brand === brand.slug)) ?? newest,
      source: `src/content/brands.ts: brand "${brand.slug}"`,
      brand,
    }));
  },
  props: (page, context) => brandProps(page.brand, context),
};

/**
 * Returns the props of /brand/{slug}/: the brand, the site's fixed stats, its six newest
 * articles and, when it has more, the URL of the list of all of them. Pure.
 */
function brandProps(brand: Brand, context: PageContext): BrandPageProps {
  const { site, content } = context;
  const url = `/brand/${brand.slug}/`;
  const copy = content.seo.brand(brand, site);
  const articles = brandArticles(brand, content);
  const meta = pageMeta(copy, site.name, {
    canonical: context.absolute(url),
    social: context.social(url, copy, { name: `brand-${brand.slug}`, title: copy.title, brand }),
    keywords: brand.keywords,
    jsonLd: [organizationSchema(brand, site)],
  });
  return {
    layout: context.layout(meta, url),
    brand: { ...summarizeBrand(brand), features: brand.features, established: brand.established },
    ratingCount: site.ratingCount,
    securityGrade: site.securityGrade,
    awards: site.awards,
    articles: articles.slice(0, BRAND_PAGE_ARTICLES).map(context.summarize),
    ...(articles.length > BRAND_PAGE_ARTICLES
      ? { allArticles: { url: brandListUrl(brand), count: articles.length } }
      : {}),
  };
}

/**
 * Every article of a brand in content order (`order`, then the newest date first), listed ones
 * first among those of one `order` and date, so the page's six are the newest. A query
 * (reads.ts), worked out once per content and brand, since each page of a brand's list asks.
 */
const articlesOfBrand = defineQuery('brand', ({ articles }, slug) => {
  const newer = (a: Article, b: Article) =>
    a.publishedAt === b.publishedAt ? 0 : a.publishedAt > b.publishedAt ? -1 : 1;
  return articles
    .filter((article) => article.brand === slug)
    .sort((a, b) => a.order - b.order || newer(a, b) || Number(b.listed) - Number(a.listed));
});

/** Every article of `brand` (articlesOfBrand). Pure. */
export function brandArticles(brand: Brand, content: Content): Article[] {
  return articlesOfBrand(content, brand.slug);
}

/** The URL of the list of all of `brand`'s articles: /brand/{slug}/artikel/. Pure. */
export function brandListUrl(brand: Brand): string {
  return `/brand/${brand.slug}/artikel/`;
}
