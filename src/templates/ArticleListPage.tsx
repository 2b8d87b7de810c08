import type { ArticleSummary, Layout, Paging } from './types.ts';
import { Document } from './Document.tsx';
import { PageNumber, PagedCards } from './PagedCards.tsx';

export interface ArticleListPageProps {
  layout: Layout;
  /** This page's cards (12 at most). */
  articles: ArticleSummary[];
  /** How many articles the whole list has. */
  total: number;
  paging: Paging;
}

/**
 * One page of the article list (/artikel/, /artikel/halaman/{n}/): the search box and this
 * page's cards, each page a real page without JavaScript. The script adds the next page's cards
 * in place and searches the whole list from its data file.
 */
export function ArticleListPage({ layout, articles, total, paging }: ArticleListPageProps) {
  return (
    <Document layout={layout}>
      <section className="page-head">
        <div className="container">
          <h1>Semua Artikel</h1>
          <PageNumber paging={paging} />
          <p className="lead">
            Panduan, tips, dan review seputar Lux88Togel, Loyal4D, Perang88, dan Pegasus4D.
          </p>
          <form
            className="list-search"
            role="search"
            aria-label="Saring daftar artikel"
            data-article-filter=""
          >
            <label htmlFor="article-search">Cari artikel</label>
            <input
              id="article-search"
              type="search"
              name="q"
              placeholder="Cari artikel berdasarkan judul, konten, atau brand..."
              autoComplete="off"
            />
            <button type="submit" className="button button-primary">
              Cari
            </button>
          </form>
        </div>
      </section>
      <section className="section" aria-label="Daftar artikel">
        <div className="container">
          <PagedCards
            articles={articles}
            total={total}
            paging={paging}
            base={layout.base}
            icon={layout.assets.icon}
            headingLevel={2}
            label="Halaman daftar artikel"
            search
          />
        </div>
      </section>
    </Document>
  );
}
