import type { Article, Brand, BrandSummary, SiteConfig } from '../content/types.ts';
import type { ArticleSummary, ArticleView } from '../templates/index.ts';
import { formatDate } from './format-date.ts';
import { escapeText } from './html-policy.ts';

/** Returns what cards, badges and logos show of a brand. Pure. */
export function summarizeBrand(brand: Brand): BrandSummary {
  return { name: brand.name, slug: brand.slug, description: brand.description, rating: brand.rating, color: brand.color };
}

/** Returns an article card's data, with its brand and the short date ("15 Des 2024"). Pure. */
export function summarizeArticle(article: Article, brand: Brand, site: SiteConfig): ArticleSummary {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    brand: summarizeBrand(brand),
    author: article.author,
    date: formatDate(article.publishedAt, 'short'),
    readTime: readTime(article, site),
    ...(article.draft ? { isDraft: true } : {}),
  };
}

/** An article's read time as shown: "7 menit baca". Pure. */
export function readTime(article: Article, site: SiteConfig): string {
  return `${article.readMinutes} ${site.readTimeUnit}`;
}

/** Returns the fallback article (site.fallbackArticle) as an ArticleView, its text escaped into one paragraph. Pure. */
export function fallbackArticleView(site: SiteConfig): ArticleView {
  const fallback = site.fallbackArticle;
  return {
    title: fallback.title,
    brand: null,
    brandLabel: fallback.brand,
    author: fallback.author,
    date: fallback.publishedAt,
    readTime: fallback.readTime,
    html: `<p>${escapeText(fallback.bodyText)}</p>`,
  };
}

