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

/**
 * One article: a Markdown file src/content/articles/{slug}.md whose YAML front matter holds
 * these fields (docs/content.md). The generator reads, validates and orders them;
 * an article whose file has no body renders the fallback article with noindex.
 */
export interface Article {
  /** The file name without ".md"; also the URL segment /artikel/{slug}/. */
  slug: string;
  title: string;
  excerpt: string;
  /** Slug of the brand the article is about. */
  brand: string;
  author: string;
  /** Front matter `date` (YYYY-MM-DD): the visible date and JSON-LD datePublished. */
  publishedAt: string;
  /** Front matter `updated` (YYYY-MM-DD): JSON-LD dateModified; when absent, `publishedAt`. */
  updatedAt?: string;
  /** Front matter `readTime` in minutes, or the body's word count at 200 words a minute. */
  readMinutes: number;
  /**
   * Shown in the list at /artikel/ (the shipped site lists 12, three per brand); every article
   * is on its brand's list either way. Default true: removing `draft` publishes everywhere.
   */
  listed: boolean;
  /** Lists sort by `order` (ascending, default 0), then newest date, then title. */
  order: number;
  /** Left out of `sitegen build` unless --drafts; shown with a DRAFT marker. Default false. */
  draft: boolean;
  /**
   * Front matter `image` and `imageAlt`: the picture on the article's cards and at the top of
   * its page. `source` is the file relative to the project root ("src/content/images/x.jpg");
   * `line` and `column` say where the front matter names it, for messages.
   */
  image?: { source: string; alt: string; line: number; column: number };
  /**
   * Front matter `aliases`: the article's old addresses, each redirected to its page (a redirect
   * page and a `_redirects` rule). Absent: none.
   */
  aliases?: ArticleAlias[];
  /** Where the article comes from ("src/content/articles/x.md"), for messages. */
  source: string;
}

/** One old address of an article (front matter `aliases`) and where the front matter names it. */
export interface ArticleAlias {
  /** Site-relative, below the base path: "/artikel/loyal4d-lama/" or "/lama.html". */
  address: string;
  line: number;
  column: number;
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
  /** Follows an article's minutes in its read time ("7 menit baca"). */
  readTimeUnit: string;
  /** Date of the fallback article's structured data (datePublished and dateModified). */
  articleSchemaDate: string;
}

/** Which page of a paged list: `page` (from 1) of `pageCount`. */
export interface PageNumber {
  page: number;
  pageCount: number;
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
  /** One page of the article list: `page.page` of `page.pageCount` (page 1 is /artikel/). */
  articleList(site: SiteConfig, listed: Article[], brands: Brand[], page: PageNumber): PageCopy;
  article(article: Article): PageCopy;
  /** An article whose body is not written yet (rendered as the fallback article, noindex). */
  missingArticle(article: Article, site: SiteConfig): PageCopy;
  brand(brand: Brand, site: SiteConfig): PageCopy;
  /** One page of the list of all of a brand's articles (/brand/{slug}/artikel/). */
  brandArticles(brand: Brand, count: number, page: PageNumber): PageCopy;
  contact(site: SiteConfig): PageCopy;
  /** The three 404 pages: the root one, /brand/404.html and /artikel/404.html. */
  notFound: Record<'generic' | 'brand' | 'article', (site: SiteConfig) => PageCopy>;
}

/**
 * The responsible-copy rule (docs/content.md): the site never promises winnings, never claims
 * results can be predicted and never addresses minors, so no text that reaches a page (titles,
 * excerpts, bodies, brand and site copy, page titles and descriptions) may hold a refused
 * phrase. Matched word for word, ignoring case, Unicode compatibility forms and how the words
 * are spaced; in a body, on the text a reader sees (Markdown emphasis does not hide a phrase).
 */
export interface ResponsibleCopy {
  /** The refused phrases, each one or more words: "pasti menang", "slot gacor", "pelajar". */
  refused: string[];
  /**
   * Passages that name a refused phrase to warn against it, each written exactly as a reader
   * sees it (no Markdown): a refused phrase inside one of them is allowed there, nowhere else.
   */
  allowed: string[];
}

/** What src/content/index.ts exports: the configuration written in TypeScript. */
export interface SiteContent {
  site: SiteConfig;
  brands: Brand[];
  seo: SeoCopy;
  responsible: ResponsibleCopy;
}

/**
 * The whole content as the generator uses it: the configuration plus the articles read from
 * Markdown.
 */
export interface Content extends SiteContent {
  articles: Article[];
}
