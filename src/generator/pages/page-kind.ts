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
 * One kind of page (home, article, brand, …): its pages, their props and the articles each
 * shows. kinds.ts lists every kind; listPages and planRoutes go through that list, so adding a
 * kind is one kind-*.ts module, one template and one line there.
 */
export interface PageKind<T extends TemplateName = TemplateName, R extends object = object> {
  /** The template that renders its pages; one kind per template. */
  readonly template: T;
  /** Its pages, in sitemap order, each with the record it shows. Pure. */
  pages(content: Content, facts: PageFacts): PageOf<T, R>[];
  /** The props of its template for one of its pages. Pure. */
  props(page: PageOf<T, R>, context: PageContext): TemplateProps[T];
  /**
   * The slugs of the articles `page` shows (as cards or as itself), in the order it shows them:
   * what its props read of `content.articles`. Pure.
   */
  shows(page: PageOf<T, R>, content: Content): string[];
  /**
   * The slugs of the articles whose body `page` shows (its props read `context.bodies`); absent:
   * none. With `shows`, all a page reads of the articles (build/dependency-map.ts). Pure.
   */
  bodies?(page: PageOf<T, R>): string[];
  /**
   * What else its props read of the content (how many articles a list holds, its pages): any
   * JSON value, digested with the articles it shows; absent: nothing. Pure.
   */
  facts?(page: PageOf<T, R>, content: Content): unknown;
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
