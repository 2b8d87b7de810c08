import type { Article } from '../../content/types.ts';
import type { ArticlePageProps } from '../../templates/index.ts';
import { articleUrl, lastUpdated } from './addresses.ts';
import { formatDate } from './format-date.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';
import { articleSchema, fallbackArticleSchema } from './schema-org.ts';
import type { SocialImage } from '../assets/social-cards.ts';
import { readTime, summarizeBrand } from './summaries.ts';
import { placePictures } from './body-pictures.ts';

/**
 * A page per article (/artikel/{slug}/), drafts and articles without a body included, in content
 * order: the article itself (or the fallback article when it has no body). Indexable, and dated
 * by its `lastUpdated`, only when it has a body and is not a draft.
 */
export const articleKind: PageKind<'ArticlePage', { article: Article }> = {
  template: 'ArticlePage',
  pages({ articles }, { isIndexable }) {
    return articles.map((article) => ({
      url: articleUrl(article.slug),
      outputPath: `artikel/${article.slug}/index.html`,
      template: 'ArticlePage',
      isIndexable: isIndexable(article),
      lastModified: isIndexable(article) ? lastUpdated(article) : undefined,
      source: article.source,
      article,
    }));
  },
  props: (page, context) => articleProps(page.article, context),
};

/**
 * Returns the props of /artikel/{slug}/: the article with its linked body (its images as the
 * template's pictures), or, when it has no body yet, the fallback article with noindex. Pure.
 */
function articleProps(article: Article, context: PageContext): ArticlePageProps {
  const body = context.bodies.get(article.slug);
  return body === undefined
    ? missingArticleProps(article, context)
    : writtenArticleProps(article, body, context);
}

function writtenArticleProps(
  article: Article,
  body: string,
  context: PageContext,
): ArticlePageProps {
  const { site, siteUrl } = context;
  const brand = context.brandOf(article);
  const path = articleUrl(article.slug);
  const canonical = context.absolute(path);
  const copy = context.content.seo.article(article);
  const dates = {
    publishedTime: article.publishedAt,
    modifiedTime: lastUpdated(article),
    section: brand.name,
  };
  const meta = pageMeta(copy, site.name, {
    canonical,
    isNoindex: article.draft,
    author: article.author,
    social: context.social(
      path,
      { title: article.title, description: article.excerpt },
      {
        name: `artikel-${article.slug}`,
        title: article.title,
        brand,
        image: ownImage(article, context),
      },
      dates,
    ),
    jsonLd: [articleSchema(article, brand, canonical, site, siteUrl, imageUrl(article, context))],
  });
  const image = context.imageView(article, 'article');
  const where = { base: new URL(siteUrl).pathname, url: path, hasTopImage: image !== undefined };
  const html = context.bodyPictures ? placePictures(body, context.bodyPictures, where) : body;
  return {
    layout: context.layout(meta, undefined, '/artikel/'),
    article: {
      title: article.title,
      excerpt: article.excerpt,
      brand: summarizeBrand(brand),
      brandLabel: brand.name,
      author: article.author,
      date: formatDate(article.publishedAt, 'long'),
      ...(article.updatedAt ? { updated: formatDate(article.updatedAt, 'long') } : {}),
      readTime: readTime(article, site),
      ...(article.draft ? { isDraft: true } : {}),
      ...(image ? { image } : {}),
      html,
    },
    related: site.relatedTeasers,
  };
}

/**
 * The absolute URL of the article's fallback image (JPEG or PNG, the widest), for JSON-LD;
 * undefined without an image. Pure.
 */
function imageUrl(article: Article, context: PageContext): string | undefined {
  const image = context.images?.get(article.slug);
  return image && context.absolute(image.fallback.path);
}

/**
 * The article's own image as its og:image (the fallback rendition: JPEG or PNG, the widest),
 * instead of a drawn card. Pure.
 */
function ownImage(article: Article, context: PageContext): SocialImage | undefined {
  const image = context.images?.get(article.slug);
  return (
    image && {
      url: image.fallback.path,
      width: image.fallback.width,
      height: image.fallback.height,
      alt: image.alt,
    }
  );
}

/**
 * The fallback article's own metadata (its title, author and Article JSON-LD dated
 * site.articleSchemaDate), at the missing article's address, with noindex.
 */
function missingArticleProps(article: Article, context: PageContext): ArticlePageProps {
  const { site, siteUrl } = context;
  const fallback = site.fallbackArticle;
  const path = articleUrl(article.slug);
  const canonical = context.absolute(path);
  const copy = context.content.seo.missingArticle(article, site);
  const date = site.articleSchemaDate;
  const meta = pageMeta(copy, site.name, {
    canonical,
    isNoindex: true,
    author: fallback.author,
    social: context.social(
      path,
      copy,
      { name: 'artikel-tidak-ditemukan', title: fallback.title },
      { publishedTime: date, modifiedTime: date, section: site.name },
    ),
    jsonLd: [fallbackArticleSchema(fallback, canonical, date, site, siteUrl)],
  });
  return {
    layout: context.layout(meta, undefined, '/artikel/'),
    article: context.fallbackView,
    related: site.relatedTeasers,
  };
}
