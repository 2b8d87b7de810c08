import type { ArticleSummary, BrandSummary, Layout } from './types.ts';
import { Document } from './Document.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { BrandBadge } from './BrandBadge.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { groupThousands } from '../content/format.ts';
import { href } from './paths.ts';

export interface BrandPageProps {
  layout: Layout;
  brand: BrandSummary & { features: string[]; established: string };
  ratingCount: number;
  securityGrade: string;
  awards: string;
  /** Its six newest articles. */
  articles: ArticleSummary[];
  /** The list of all its articles, when it has more than six. */
  allArticles?: { url: string; count: number };
}

/**
 * /brand/{slug}/: logo, badge, heading, four stat cards, features, six article cards and, when
 * the brand has more, a link to all of them.
 */
export function BrandPage({
  layout,
  brand,
  ratingCount,
  securityGrade,
  awards,
  articles,
  allArticles,
}: BrandPageProps) {
  return (
    <Document layout={layout}>
      <section className="brand-hero">
        <div className="container">
          <p className="brand-identity">
            <BrandLogo brand={brand} size="large" />
            <BrandBadge brand={brand} />
          </p>
          <h1>Platform Slot Online Terpercaya</h1>
          <p className="lead">{brand.description}</p>
        </div>
      </section>
      <section className="section" aria-labelledby="brand-stats-title">
        <div className="container">
          <h2 id="brand-stats-title" className="visually-hidden">
            Ringkasan {brand.name}
          </h2>
          <dl className="grid grid-4 stat-cards">
            {[
              {
                label: 'Rating',
                value: `${brand.rating}/5`,
                note: `from ${groupThousands(ratingCount, ',')}+ reviews`,
              },
              { label: 'Keamanan', value: securityGrade, note: 'Sertifikat Resmi' },
              { label: 'Didirikan', value: brand.established },
              { label: 'Penghargaan', value: awards },
            ].map((stat) => (
              <div className="card stat-card" key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>
                  <span className="stat-value">{stat.value}</span>
                  {stat.note && <span className="stat-note">{stat.note}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">Fitur Unggulan {brand.name}</h2>
          <ul className="grid grid-4 features">
            {brand.features.map((feature) => (
              <li className="card feature" key={feature}>
                {feature}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="brand-articles-title">
        <div className="container">
          <h2 id="brand-articles-title">Artikel tentang {brand.name}</h2>
          <div className="grid grid-3">
            {articles.map((article) => (
              <ArticleCard key={article.slug} article={article} base={layout.base} />
            ))}
          </div>
          {allArticles && (
            <p className="load-more">
              <a className="button button-secondary" href={href(layout.base, allArticles.url)}>
                Lihat semua {allArticles.count} artikel {brand.name}
              </a>
            </p>
          )}
        </div>
      </section>
    </Document>
  );
}
