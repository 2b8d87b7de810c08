import type { Article, Content } from '../../content/types.ts';
import type { ArticleListPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { indexPath, type ListPage, pagesOfList, pageSlice, pagingOf } from './paging.ts';
import { defineQuery } from './reads.ts';
import { collectionPageSchema, websiteSchema } from './schema-org.ts';

/** The article list's own URL: its first page. */
export const ARTICLE_LIST_URL = '/artikel/';

/**
 * The article list: /artikel/ and /artikel/halaman/{n}/, 12 listed articles a page, in content
 * order; each page dated by the newest indexable article.
 */
export const articleListKind: PageKind<'ArticleListPage', { list: ListPage }> = {
  template: 'ArticleListPage',
  pages(content, { newest }) {
    return pagesOfList(ARTICLE_LIST_URL, listedArticles(content).length).map((list) => ({
      url: list.url,
      outputPath: indexPath(list.url),
      template: 'ArticleListPage',
      isIndexable: true,
      lastModified: newest,
      source: 'src/content/articles/',
      list,
    }));
  },
  props: (page, context) => articleListProps(page.list, context),
};

/** Returns the props of one page of the article list. Pure. */
function articleListProps(list: ListPage, context: PageContext): ArticleListPageProps {
  const { site, content, siteUrl } = context;
  const listed = listedArticles(content);
  const copy = content.seo.articleList(site, listed, content.brands, list);
  const url = context.absolute(list.url);
  const jsonLd = [
    websiteSchema(site, siteUrl),
    collectionPageSchema(copy.title, url, site, siteUrl),
  ];
  const isFirst = list.page === 1;
  return {
    layout: context.layout(
      pageMeta(copy, site.name, {
        canonical: url,
        social: context.social(list.url, copy, context.siteCard),
        jsonLd,
      }),
      isFirst ? ARTICLE_LIST_URL : undefined,
      isFirst ? undefined : ARTICLE_LIST_URL,
    ),
    articles: pageSlice(listed, list.page).map(context.summarize),
    total: listed.length,
    paging: pagingOf(list, context.cardParts),
  };
}

/**
 * The listed articles, in content order: the article list's items. A query (reads.ts): worked
 * out once per content, since each of the list's pages asks (834 pages at 10,000 articles).
 */
export const listedArticles: (content: Content) => Article[] = defineQuery('listed', (content) =>
  content.articles.filter((article) => article.listed),
);
