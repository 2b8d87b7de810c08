import type { Brand } from '../../content/types.ts';
import type { BrandPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import { organizationSchema } from './schema-org.ts';
import { summarizeBrand } from './summaries.ts';

/**
 * Returns the props of /brand/{slug}/: the brand, the site's fixed stats, and all its articles,
 * listed ones first. Pure.
 */
export function brandProps(brand: Brand, context: PageContext): BrandPageProps {
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
    articles: content.articles
      .filter((article) => article.brand === brand.slug)
      .sort((a, b) => Number(b.listed) - Number(a.listed))
      .map(context.summarize),
  };
}
