import type { Article } from '../content/types.ts';
import type { ArticlePageProps } from '../templates/index.ts';
import { formatDate } from './format-date.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import { articleSchema } from './schema-org.ts';
import { readTime, summarizeBrand } from './summaries.ts';

/**
 * Returns the props of /artikel/{slug}/: the article with its linked body, or, when it has
 * no body yet, the fallback article with noindex. Pure.
 */
export function articleProps(article: Article, context: PageContext): ArticlePageProps {
  const body = context.bodies.get(article.slug);
  return body === undefined ? missingArticleProps(article, context) : writtenArticleProps(article, body, context);
}

function writtenArticleProps(article: Article, body: string, context: PageContext): ArticlePageProps {
  const { site, siteUrl } = context;
  const brand = context.brandOf(article);
  const canonical = context.absolute(`/artikel/${article.slug}/`);
  const meta = pageMeta(context.content.seo.article(article), site.name, {
    canonical,
    isNoindex: article.draft,
    author: article.author,
    social: { type: 'article', title: article.title, description: article.excerpt, url: canonical, siteName: site.name },
    jsonLd: [articleSchema(article, brand, canonical, site, siteUrl, imageUrl(article, context))],
  });
  const image = context.imageView(article, 'article');
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
      html: body,
    },
    related: site.relatedTeasers,
  };
}

/** The absolute URL of the article's fallback image (JPEG or PNG, the widest), for JSON-LD; undefined without an image. Pure. */
function imageUrl(article: Article, context: PageContext): string | undefined {
  const image = context.images?.get(article.slug);
  return image && context.absolute(image.fallback.path);
}

function missingArticleProps(article: Article, context: PageContext): ArticlePageProps {
  const { site } = context;
  const meta = pageMeta(context.content.seo.missingArticle(article, site), site.name, {
    canonical: context.absolute(`/artikel/${article.slug}/`),
    isNoindex: true,
    author: site.fallbackArticle.author,
    jsonLd: [],
  });
  return { layout: context.layout(meta, undefined, '/artikel/'), article: context.fallbackView, related: site.relatedTeasers };
}
