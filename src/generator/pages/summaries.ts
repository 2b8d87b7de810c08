import type { Article, Brand, BrandSummary, SiteConfig } from '../../content/types.ts';
import type { ArticleSummary, ArticleView, ImageView } from '../../templates/index.ts';
import type { ProcessedImage } from '../assets/article-images.ts';
import { formatDate } from './format-date.ts';
import { escapeText } from '../policy/escape.ts';

/** Returns what cards, badges and logos show of a brand. Pure. */
export function summarizeBrand(brand: Brand): BrandSummary {
  return {
    name: brand.name,
    slug: brand.slug,
    description: brand.description,
    rating: brand.rating,
    color: brand.color,
  };
}

/**
 * Returns an article card's data, with its brand, the short date ("15 Des 2024") and its picture
 * when it has one. Pure.
 */
export function summarizeArticle(
  article: Article,
  brand: Brand,
  site: SiteConfig,
  image?: ImageView,
): ArticleSummary {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    brand: summarizeBrand(brand),
    author: article.author,
    date: formatDate(article.publishedAt, 'short'),
    readTime: readTime(article, site),
    ...(article.draft ? { isDraft: true } : {}),
    ...(image ? { image } : {}),
  };
}

/**
 * How wide a picture is shown (styles.css and images.css): a card is one of three grid
 * columns in the 72rem container from 64rem, one of two from 40rem, the whole width below;
 * the picture at the top of an article fills the 46rem column less its padding.
 */
const IMAGE_SIZES = {
  card: '(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw',
  article: '(min-width: 46rem) 44rem, 100vw',
} as const;

/**
 * Returns the picture of an article as templates show it, its URLs under the base path `base` ("/"
 * or "/repo/"). Pure.
 */
export function imageView(
  image: ProcessedImage,
  base: string,
  place: keyof typeof IMAGE_SIZES,
): ImageView {
  const url = (path: string) => base + path.replace(/^\//, '');
  return {
    src: url(image.fallback.path),
    srcset: image.webp.map((rendition) => `${url(rendition.path)} ${rendition.width}w`).join(', '),
    sizes: IMAGE_SIZES[place],
    width: image.fallback.width,
    height: image.fallback.height,
    alt: image.alt,
  };
}

/** An article's read time as shown: "7 menit baca". Pure. */
export function readTime(article: Article, site: SiteConfig): string {
  return `${article.readMinutes} ${site.readTimeUnit}`;
}

/**
 * Returns the fallback article (site.fallbackArticle) as an ArticleView, its text escaped into one
 * paragraph. Pure.
 */
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
