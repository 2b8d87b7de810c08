import type { Article, Content } from '../../content/types.ts';
import type { HomePageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { defineQuery } from './reads.ts';
import { websiteSchema } from './schema-org.ts';
import { summarizeBrand } from './summaries.ts';

/**
 * The home page ("/"): stats, the brands and up to three featured articles; dated by the newest
 * indexable article.
 */
export const homeKind: PageKind<'HomePage'> = {
  template: 'HomePage',
  pages(_content, { newest }) {
    return [
      {
        url: '/',
        outputPath: 'index.html',
        template: 'HomePage',
        isIndexable: true,
        lastModified: newest,
        source: 'src/content/site.ts',
      },
    ];
  },
  props: (_page, context) => homeProps(context),
};

/**
 * Returns the home page's props: stats, the four brands and up to three featured articles. Pure.
 */
function homeProps(context: PageContext): HomePageProps {
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
    featured: featuredArticles(content).map(context.summarize),
  };
}

/** The first listed article of each brand, in brand order, at most three. A query (reads.ts). */
const featuredArticles = defineQuery('featured', ({ brands, articles }: Content) => {
  const listed = articles.filter((article) => article.listed);
  return brands
    .map((brand) => listed.find((article) => article.brand === brand.slug))
    .filter((article): article is Article => article !== undefined)
    .slice(0, 3);
});
