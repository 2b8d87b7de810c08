import type { ArticleSummary, BrandSummary, Layout } from './types.ts';
import { Document } from './Document.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { BrandBadge } from './BrandBadge.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { groupThousands } from './paths.ts';

export interface BrandPageProps {
  layout: Layout;
  brand: BrandSummary & { features: string[]; established: string };
  ratingCount: number;
  securityGrade: string;
  awards: string;
  articles: ArticleSummary[];
}

/** /brand/{slug}/: logo, badge, heading, four stat cards, features and six article cards. */
export function BrandPage({ layout, brand, ratingCount, securityGrade, awards, articles }: BrandPageProps) {
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
            <div className="card stat-card">
              <dt>Rating</dt>
              <dd>
                <span className="stat-value">{brand.rating}/5</span>
                <span className="stat-note">from {groupThousands(ratingCount, ',')}+ reviews</span>
              </dd>
            </div>
            <div className="card stat-card">
              <dt>Keamanan</dt>
              <dd>
                <span className="stat-value">{securityGrade}</span>
                <span className="stat-note">Sertifikat Resmi</span>
              </dd>
            </div>
            <div className="card stat-card">
              <dt>Didirikan</dt>
              <dd>
                <span className="stat-value">{brand.established}</span>
              </dd>
            </div>
            <div className="card stat-card">
              <dt>Penghargaan</dt>
              <dd>
                <span className="stat-value">{awards}</span>
              </dd>
            </div>
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
        </div>
      </section>
    </Document>
  );
}
