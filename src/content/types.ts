/** Shapes of the site's content. Plain data: no React, no I/O. */

export type BrandSlug = 'lux88togel' | 'loyal4d' | 'perang88' | 'pegasus4d';

export interface Brand {
  /** Display name, as written in the nav and on badges ("Lux88Togel"). */
  name: string;
  /** URL segment: /brand/{slug}/. Also the word the linker looks for in article bodies. */
  slug: string;
  description: string;
  /** Out of 5. */
  rating: number;
  /** Badge colour as a CSS hex value; white text must read on it (4.5:1). */
  color: string;
  /** Human name of the colour, from the spec table (purple, blue, ...). */
  colorName: string;
  /** Exactly four short labels. */
  features: string[];
  /** Four-digit year, as text. */
  established: string;
  /** The brand's external site. Configuration: shipped defaults are reserved example hosts. */
  url: string;
  /** Comma-separated keywords for the brand page's meta keywords. */
  keywords: string;
}

export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  /** Slug of the brand the article is about. */
  brand: string;
  author: string;
  /** ISO date (YYYY-MM-DD); templates format it as '15 Des 2024' or '15 Desember 2024'. */
  publishedAt: string;
  /** Text such as '8 menit baca'. */
  readTime: string;
  /**
   * File name of the HTML body under src/content/articles/. An article without a body is
   * still listed on its brand page and renders the fallback article with noindex.
   */
  body?: string;
  /** Shown in the 12-article list at /artikel/ (three per brand). */
  listed: boolean;
}

export interface Stat {
  value: string;
  label: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Teaser {
  title: string;
  text: string;
}

/** What cards, badges and logos show of a brand. */
export type BrandSummary = Pick<Brand, 'name' | 'slug' | 'description' | 'rating' | 'color'>;

export interface SiteConfig {
  /** Absolute base URL with a trailing slash; `--site-url` or SITE_URL override it. */
  url: string;
  name: string;
  tagline: string;
  description: string;
  homeStats: Stat[];
  ratingCount: number;
  securityGrade: string;
  awards: string;
  contact: {
    email: string;
    whatsapp: string;
    address: string;
    hours: { days: string; time: string }[];
  };
  faq: Faq[];
  relatedTeasers: Teaser[];
  fallbackArticle: {
    title: string;
    brand: string;
    author: string;
    publishedAt: string;
    readTime: string;
    bodyText: string;
  };
  responsiblePlay: string;
  /** Fixed date for Article structured data (datePublished and dateModified). */
  articleSchemaDate: string;
}

/** A page's title (before " | site name" is added when it fits) and meta description. */
export interface PageCopy {
  title: string;
  description: string;
}

/**
 * Titles and meta descriptions of every kind of page: the copy search results show.
 * Each entry is a pure function of the content it describes.
 */
export interface SeoCopy {
  home(site: SiteConfig): PageCopy;
  articleList(site: SiteConfig, listed: Article[], brands: Brand[]): PageCopy;
  article(article: Article): PageCopy;
  /** An article whose body is not written yet (rendered as the fallback article, noindex). */
  missingArticle(article: Article, site: SiteConfig): PageCopy;
  brand(brand: Brand, site: SiteConfig): PageCopy;
  contact(site: SiteConfig): PageCopy;
  /** The three 404 pages: the root one, /brand/404.html and /artikel/404.html. */
  notFound: Record<'generic' | 'brand' | 'article', (site: SiteConfig) => PageCopy>;
}

export interface Content {
  site: SiteConfig;
  brands: Brand[];
  articles: Article[];
  seo: SeoCopy;
}
