import type { ArticleSummary, Layout } from './types.ts';
import { Document } from './Document.tsx';
import { ArticleCard } from './ArticleCard.tsx';

export interface ArticleListPageProps {
  layout: Layout;
  articles: ArticleSummary[];
  /** Cards shown at first and added per 'Muat Lebih Banyak Artikel' click. */
  pageSize: number;
}

/**
 * The article list. Every card is in the HTML, so all are reachable without JavaScript;
 * the client script filters them live and pages them by `pageSize`.
 */
export function ArticleListPage({ layout, articles, pageSize }: ArticleListPageProps) {
  return (
    <Document layout={layout}>
      <section className="page-head">
        <div className="container">
          <h1>Semua Artikel</h1>
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
          <p className="result-count" role="status" aria-live="polite" data-result-count="">
            {articles.length} artikel
          </p>
          <div className="grid grid-3" data-article-grid="" data-page-size={pageSize}>
            {articles.map((article) => (
              <ArticleCard
                key={article.slug}
                article={article}
                base={layout.base}
                headingLevel={2}
              />
            ))}
          </div>
          <div className="empty-state" data-empty-state="" hidden>
            <p>
              Tidak ada artikel yang ditemukan untuk pencarian "<span data-empty-query=""></span>"
            </p>
            <button type="button" className="button button-secondary" data-reset-search="">
              Reset Pencarian
            </button>
          </div>
          <p className="load-more">
            <button
              type="button"
              className="button button-primary"
              data-load-more=""
              disabled={articles.length <= pageSize}
            >
              Muat Lebih Banyak Artikel
            </button>
          </p>
        </div>
      </section>
    </Document>
  );
}
