import { articleListKind } from './kind-article-list.ts';
import { articleKind } from './kind-article.ts';
import { brandArticlesKind } from './kind-brand-articles.ts';
import { brandKind } from './kind-brand.ts';
import { contactKind } from './kind-contact.ts';
import { homeKind } from './kind-home.ts';
import { notFoundKind } from './kind-not-found.ts';
import { redirectKind } from './kind-redirect.ts';
import type { PageKind, PageOf } from './page-kind.ts';

/**
 * Every kind of page, in sitemap order: listPages lists each kind's pages in this order. A new
 * kind is one line here. A function, not a constant, so that a module a kind imports may import
 * routes.ts (which imports this one) without finding the list half-built. Pure.
 */
export function pageKinds() {
  return [
    homeKind,
    articleListKind,
    articleKind,
    brandKind,
    brandArticlesKind,
    contactKind,
    notFoundKind,
    redirectKind,
  ] as const;
}

/** The page type of one kind: its address and its record. */
type PageOfKind<K> = K extends PageKind<infer T, infer R> ? PageOf<T, R> : never;

/** One page of the site, with the record it shows (an article, a brand, a 404 view). */
export type Page = PageOfKind<ReturnType<typeof pageKinds>[number]>;

/** Returns the kind that lists `page` (the one of its template). Pure. */
export function kindOf(page: Page): PageKind {
  // Every Page comes from a kind in pageKinds(), one kind per template (page-kinds.test.ts).
  const kinds: readonly PageKind[] = pageKinds();
  return kinds.find((kind) => kind.template === page.template)!;
}
