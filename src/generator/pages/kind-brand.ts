import type { Article, Brand, Content } from '../../content/types.ts';
import type { BrandPageProps } from '../../templates/index.ts';
import { newestDate } from './addresses.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { organizationSchema } from './schema-org.ts';
import { summarizeBrand } from './summaries.ts';

/**
 * A page per brand (/brand/{slug}/), in brand order: the brand and all its articles; dated by
 * its newest indexable article, else the site's.
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
  shows: (page, content) => brandArticles(page.brand, content).map((article) => article.slug),
};

/**
 * Returns the props of /brand/{slug}/: the brand, the site's fixed stats, and all its articles,
 * listed ones first. Pure.
 */
function brandProps(brand: Brand, context: PageContext): BrandPageProps {
  const { site, content } = context;
  const url = `/brand/${brand.slug}/`;
  const copy = content.seo.brand(brand, site);
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
    articles: brandArticles(brand, content).map(context.summarize),
  };
}

/** Every article of `brand`, listed ones first, else in content order. Pure. */
function brandArticles(brand: Brand, { articles }: Content): Article[] {
  return articles
    .filter((article) => article.brand === brand.slug)
    .sort((a, b) => Number(b.listed) - Number(a.listed));
}
