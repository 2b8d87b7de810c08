/** Props shared by every page template. Templates receive data; they never fetch it. */
import type { BrandSummary } from '../content/types.ts';

/** Declared once, with the content they come from. */
export type { BrandSummary, Faq, Stat, Teaser } from '../content/types.ts';

export interface NavLink {
  label: string;
  /** Site-relative path with a trailing slash ("/brand/loyal4d/"). */
  path: string;
}

export interface PageMeta {
  /** Full document title, unique per page. */
  title: string;
  description: string;
  /** Absolute canonical URL; omitted on 404 pages, which have no address of their own. */
  canonical?: string;
  isNoindex?: boolean;
  keywords?: string;
  author?: string;
  /**
   * Open Graph and Twitter card data: on every page a search engine may index, and on fallback
   * articles.
   */
  social?: SocialMeta;
  jsonLd: object[];
}

/** What a link preview shows: og:* and twitter:* tags. */
export interface SocialMeta {
  type: 'article' | 'website';
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  siteName: string;
  /** The picture: the page's social card (or the article's own image); absent with `--no-cards`. */
  image?: { url: string; width: number; height: number; alt: string };
  /** article:* tags, on article pages. */
  article?: { publishedTime: string; modifiedTime: string; section: string };
}

export interface Layout {
  /** Path prefix of the site ("/" or "/repo/"), from the site URL. */
  base: string;
  siteName: string;
  assets: { css: string; js: string; icon: string };
  /** Path of the site's Atom feed ("/repo/feed.xml"), linked from every page's head. */
  feed: string;
  nav: NavLink[];
  /** Path of the nav link for this page (aria-current="page"). */
  currentPath?: string;
  /** Path of the nav section this page belongs to (article pages: "/artikel/"). */
  sectionPath?: string;
  responsiblePlay: string;
  /**
   * Content-Security-Policy for the page's <meta http-equiv> tag (the generator's policy
   * without frame-ancestors, which a meta tag cannot carry), so hosts that send no headers
   * still enforce it.
   */
  contentSecurityPolicy: string;
  meta: PageMeta;
}

/**
 * An article's picture as the generator made it: WebP renditions for the browsers that take
 * them (nearly all), one JPEG or PNG for the rest. URLs start with the site's base path.
 */
export interface ImageView {
  /** The fallback file (JPEG or PNG, the widest rendition): `<img src>`. */
  src: string;
  /** The WebP files with their widths ("/assets/images/x-480.1a2b3c4d5e.webp 480w, ..."). */
  srcset: string;
  /** How wide the picture is shown at each viewport width, so the browser picks from `srcset`. */
  sizes: string;
  /**
   * The fallback's size in pixels: `<img width height>`, which also reserves the picture's space.
   */
  width: number;
  height: number;
  alt: string;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  brand: BrandSummary;
  author: string;
  /** '15 Des 2024'. */
  date: string;
  readTime: string;
  /** A draft (only in watch and `build --drafts`): shown with a DRAFT marker. */
  isDraft?: boolean;
  /** The article's picture (front matter `image`), shown at the top of the card. */
  image?: ImageView;
}

/** Everything an article view shows; also used for the fallback article. */
export interface ArticleView {
  title: string;
  excerpt?: string;
  /** Null for the fallback article, whose brand is 'unknown'. */
  brand: BrandSummary | null;
  brandLabel: string;
  author: string;
  date: string;
  /** The long date of the article's last update, when its front matter has one. */
  updated?: string;
  readTime: string;
  /** A draft (only in watch and `build --drafts`): shown with a DRAFT marker. */
  isDraft?: boolean;
  /** The article's picture (front matter `image`), shown below the header. */
  image?: ImageView;
  /** Trusted HTML (validated and linked by the generator). */
  html: string;
}

/**
 * Where one page of a paged list stands: `page` (from 1) of `pageCount`, the site-relative URLs
 * of its neighbours, and its list's data file, from which the script adds the next page's cards
 * and searches the whole list.
 */
export interface Paging {
  page: number;
  pageCount: number;
  previous?: string;
  next?: string;
  data: string;
  /** The list may show drafts (watch, `build --drafts`). */
  showsDrafts?: boolean;
  /** Some article of the site has a picture (front matter `image`). */
  showsImages?: boolean;
}
