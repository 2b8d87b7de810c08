import type { ArticleSummary, Paging } from './types.ts';
import { href } from './paths.ts';
import { ArticleCard } from './ArticleCard.tsx';

/**
 * The card a list's `<template>` holds: every part a card of this site can have (a picture when
 * some article has one, the DRAFT marker when drafts are shown), so the script fills a copy for
 * each card it adds and removes what an article lacks. Never shown; its picture is the site
 * icon, a real image, so that `sitegen check` finds every image a page names.
 */
function templateCard(icon: string, paging: Paging): ArticleSummary {
  return {
    slug: '',
    // Filled in by the script; text here only so the never-shown card is valid HTML.
    title: 'Artikel',
    excerpt: '',
    brand: { name: '', slug: '', description: '', rating: 0, color: '' },
    author: '',
    date: '',
    readTime: '',
    ...(paging.showsDrafts ? { isDraft: true } : {}),
    ...(paging.showsImages
      ? { image: { src: icon, srcset: `${icon} 1w`, sizes: '1px', width: 1, height: 1, alt: '' } }
      : {}),
  };
}

/**
 * One page of a paged list: the count, this page's cards, the card `<template>` the script
 * fills, 'Muat Lebih Banyak Artikel' (a link to the next page; a disabled button on the last)
 * and, when the list has more than one page, links to the previous and next page. With
 * `search`, the empty state of the article list's search.
 */
export function PagedCards({
  articles,
  total,
  paging,
  base,
  icon,
  headingLevel,
  label,
  search = false,
}: {
  articles: ArticleSummary[];
  total: number;
  paging: Paging;
  base: string;
  /** The site icon's URL: the template card's picture. */
  icon: string;
  headingLevel: 2 | 3;
  /** What the page navigation is called ("Halaman daftar artikel"). */
  label: string;
  search?: boolean;
}) {
  const card = (article: ArticleSummary) => (
    <ArticleCard key={article.slug} article={article} base={base} headingLevel={headingLevel} />
  );
  return (
    <>
      <p className="result-count" role="status" aria-live="polite" data-result-count="">
        {total} artikel
      </p>
      <div
        className="grid grid-3"
        data-article-grid=""
        data-list={href(base, paging.data)}
        data-page={paging.page}
      >
        {articles.map(card)}
      </div>
      <template data-card-template="">{card(templateCard(icon, paging))}</template>
      {search && (
        <div className="empty-state" data-empty-state="" hidden>
          <p>
            Tidak ada artikel yang ditemukan untuk pencarian "<span data-empty-query=""></span>"
          </p>
          <button type="button" className="button button-secondary" data-reset-search="">
            Reset Pencarian
          </button>
        </div>
      )}
      <p className="load-more">
        {paging.next ? (
          <a className="button button-primary" href={href(base, paging.next)} data-load-more="">
            Muat Lebih Banyak Artikel
          </a>
        ) : (
          <button type="button" className="button button-primary" data-load-more="" disabled>
            Muat Lebih Banyak Artikel
          </button>
        )}
      </p>
      {paging.pageCount > 1 && (
        <nav className="pager" aria-label={label}>
          {paging.previous && (
            <a href={href(base, paging.previous)} rel="prev">
              ← Halaman sebelumnya
            </a>
          )}
          <span aria-current="page">
            Halaman {paging.page} dari {paging.pageCount}
          </span>
          {paging.next && (
            <a href={href(base, paging.next)} rel="next">
              Halaman berikutnya →
            </a>
          )}
        </nav>
      )}
    </>
  );
}

/** "Halaman 2 dari 834" under a later page's heading; nothing on page 1. */
export function PageNumber({ paging }: { paging: Paging }) {
  if (paging.page === 1) return null;
  return (
    <p className="page-number">
      Halaman {paging.page} dari {paging.pageCount}
    </p>
  );
}
