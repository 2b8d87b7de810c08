import type { ArticleSummary, BrandSummary, Layout, Paging } from './types.ts';
import { Document } from './Document.tsx';
import { BrandBadge } from './BrandBadge.tsx';
import { PageNumber, PagedCards } from './PagedCards.tsx';
import { href } from './paths.ts';

export interface BrandArticlesPageProps {
  layout: Layout;
  brand: BrandSummary;
  /** This page's cards (12 at most), newest first. */
  articles: ArticleSummary[];
  /** How many articles the brand has. */
  total: number;
  paging: Paging;
}

/** One page of all of a brand's articles (/brand/{slug}/artikel/, …/halaman/{n}/). */
export function BrandArticlesPage({
  layout,
  brand,
  articles,
  total,
  paging,
}: BrandArticlesPageProps) {
  return (
    <Document layout={layout}>
      <section className="page-head">
        <div className="container">
          <p>
            <BrandBadge brand={brand} />
          </p>
          <h1>Semua Artikel {brand.name}</h1>
          <PageNumber paging={paging} />
          <p className="lead">
            <a href={href(layout.base, `/brand/${brand.slug}/`)}>Kembali ke review {brand.name}</a>
          </p>
        </div>
      </section>
      <section className="section" aria-label={`Artikel tentang ${brand.name}`}>
        <div className="container">
          <PagedCards
            articles={articles}
            total={total}
            paging={paging}
            base={layout.base}
            icon={layout.assets.icon}
            headingLevel={2}
            label={`Halaman artikel ${brand.name}`}
          />
        </div>
      </section>
    </Document>
  );
}
