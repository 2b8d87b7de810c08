import type { Article, Content } from '../../content/types.ts';
import type { TemplateName, TemplateProps } from '../../templates/index.ts';
import { newestDate } from './addresses.ts';
import type { PageContext } from './page-context.ts';

/** Where a page lives and what renders it; no props. */
export interface PageAddress<T extends TemplateName> {
  /** Site-relative URL with a trailing slash ("/artikel/"), or the file name for 404 pages. */
  url: string;
  /** Path under the output folder ("artikel/index.html"). */
  outputPath: string;
  template: T;
  /** Listed in sitemap.xml: false for 404 pages and fallback articles. */
  isIndexable: boolean;
  /**
   * Its sitemap.xml `<lastmod>` (YYYY-MM-DD), from the dates of the articles it shows; only on
   * indexable pages, when known.
   */
  lastModified?: string;
  /** What the page comes from, for error messages. */
  source: string;
}

/** A page of template `T` with the record `R` it shows (`{ article }`, `{ brand }`, …). */
export type PageOf<T extends TemplateName, R extends object = object> = PageAddress<T> & R;

/** What every kind's `pages` reads besides the content, worked out once per list. */
export interface PageFacts {
  /** Whether an article's page is indexable: it has a body and is not a draft. */
  isIndexable(article: Article): boolean;
  /** The indexable articles, in content order. */
  published: Article[];
  /** The newest `lastUpdated` of `published`; undefined when there are none. */
  newest: string | undefined;
}

/**
 * One kind of page (home, article, brand, …): its pages and their props. kinds.ts lists every
 * kind; listPages and planRoutes go through that list, so adding a kind is one kind-*.ts module,
 * one template and one line there. What a page's props read is recorded as they read it
 * (reads.ts), never declared.
 */
export interface PageKind<T extends TemplateName = TemplateName, R extends object = object> {
  /** The template that renders its pages; one kind per template. */
  readonly template: T;
  /** Its pages, in sitemap order, each with the record it shows. Pure. */
  pages(content: Content, facts: PageFacts): PageOf<T, R>[];
  /**
   * The props of its template for one of its pages. Pure: reads only `page` and `context`
   * (whose content, bodies and images note each read, reads.ts).
   */
  props(page: PageOf<T, R>, context: PageContext): TemplateProps[T];
}

/**
 * Returns the facts every kind's `pages` reads: an article is indexable only when
 * `hasBody(slug)` and it is not a draft. Pure.
 */
export function pageFacts({ articles }: Content, hasBody: (slug: string) => boolean): PageFacts {
  const isIndexable = (article: Article) => hasBody(article.slug) && !article.draft;
  const published = articles.filter(isIndexable);
  return { isIndexable, published, newest: newestDate(published) };
}
