import type { Article } from '../../content/types.ts';
import type { HomePageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import { websiteSchema } from './schema-org.ts';
import { summarizeBrand } from './summaries.ts';

/**
 * Returns the home page's props: stats, the four brands and up to three featured articles. Pure.
 */
export function homeProps(context: PageContext): HomePageProps {
  const { site, content, siteUrl } = context;
  const copy = content.seo.home(site);
  const meta = pageMeta(copy, site.name, {
    canonical: context.absolute('/'),
    social: context.social('/', copy, context.siteCard),
    jsonLd: [websiteSchema(site, siteUrl)],
  });
  return {
    layout: context.layout(meta, '/'),
    stats: site.homeStats,
    brands: content.brands.map(summarizeBrand),
    featured: featuredArticles(content.brands, content.articles).map(context.summarize),
  };
}

/** The first listed article of each brand, in brand order, at most three. */
function featuredArticles(brands: { slug: string }[], articles: Article[]): Article[] {
  const listed = articles.filter((article) => article.listed);
  return brands
    .map((brand) => listed.find((article) => article.brand === brand.slug))
    .filter((article): article is Article => article !== undefined)
    .slice(0, 3);
}
