import type { Article, Brand, Content, SiteConfig } from '../content/types.ts';
import type { ArticleSummary, ArticleView } from '../templates/index.ts';
import { createLayout, type AssetPaths, type LayoutFor } from './layout.ts';
import { fallbackArticleView, summarizeArticle } from './summaries.ts';

export interface PlanInput {
  content: Content;
  /** Linked body HTML by article slug; articles without an entry render the fallback. */
  bodies: Map<string, string>;
  /** Absolute site URL with a trailing slash. */
  siteUrl: string;
  /** Site-relative asset paths ("/assets/client.1a2b3c4d.js"). */
  assets: AssetPaths;
}

/** What every props builder reads: the input plus what is derived once for all pages. */
export interface PageContext extends PlanInput {
  site: SiteConfig;
  layout: LayoutFor;
  /** Absolute URL of a site-relative path. */
  absolute(path: string): string;
  brandOf(article: Article): Brand;
  summarize(article: Article): ArticleSummary;
  fallbackView: ArticleView;
}

/** Returns the PageContext for one plan: layout, URL and brand look-ups, the fallback article. Pure. */
export function createPageContext(input: PlanInput): PageContext {
  const { content, siteUrl, assets } = input;
  const brandBySlug = new Map(content.brands.map((brand) => [brand.slug, brand]));
  // validate-content.ts guarantees every article names a known brand.
  const brandOf = (article: Article) => brandBySlug.get(article.brand)!;
  return {
    ...input,
    site: content.site,
    layout: createLayout(content.site, content.brands, siteUrl, assets),
    absolute: (path) => siteUrl + path.replace(/^\//, ''),
    brandOf,
    summarize: (article) => summarizeArticle(article, brandOf(article), content.site),
    fallbackView: fallbackArticleView(content.site),
  };
}
