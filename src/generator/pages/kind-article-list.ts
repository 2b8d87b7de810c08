import type { Article, Content } from '../../content/types.ts';
import type { ArticleListPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { collectionPageSchema, websiteSchema } from './schema-org.ts';

/** How many cards the list shows at first and adds per 'Muat Lebih Banyak Artikel' click. */
const LIST_PAGE_SIZE = 12;

/** The article list (/artikel/): every listed article; dated by the newest indexable one. */
export const articleListKind: PageKind<'ArticleListPage'> = {
  template: 'ArticleListPage',
  pages(_content, { newest }) {
    return [
      {
        url: '/artikel/',
        outputPath: 'artikel/index.html',
        template: 'ArticleListPage',
        isIndexable: true,
        lastModified: newest,
        source: 'src/content/articles/',
      },
    ];
  },
  props: (_page, context) => articleListProps(context),
  shows: (_page, content) => listedArticles(content).map((article) => article.slug),
};

/** Returns the props of /artikel/: every listed article, paged by LIST_PAGE_SIZE. Pure. */
function articleListProps(context: PageContext): ArticleListPageProps {
  const { site, content, siteUrl } = context;
  const listed = listedArticles(content);
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

/** The listed articles, in content order. Pure. */
function listedArticles({ articles }: Content): Article[] {
  return articles.filter((article) => article.listed);
}
