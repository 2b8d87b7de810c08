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

export interface Content {
  site: SiteConfig;
  brands: Brand[];
  articles: Article[];
}
