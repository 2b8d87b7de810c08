import type { ArticleListPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import { collectionPageSchema, websiteSchema } from './schema-org.ts';

/** How many cards the list shows at first and adds per 'Muat Lebih Banyak Artikel' click. */
const LIST_PAGE_SIZE = 12;

/** Returns the props of /artikel/: every listed article, paged by LIST_PAGE_SIZE. Pure. */
export function articleListProps(context: PageContext): ArticleListPageProps {
  const { site, content, siteUrl } = context;
  const listed = content.articles.filter((article) => article.listed);
  const copy = content.seo.articleList(site, listed, content.brands);
  const url = context.absolute('/artikel/');
  const jsonLd = [
    websiteSchema(site, siteUrl),
    collectionPageSchema(copy.title, url, site, siteUrl),
  ];
  return {
    layout: context.layout(
      pageMeta(copy, site.name, {
        canonical: url,
        social: context.social('/artikel/', copy, context.siteCard),
        jsonLd,
      }),
      '/artikel/',
    ),
    articles: listed.map(context.summarize),
    pageSize: LIST_PAGE_SIZE,
  };
}
