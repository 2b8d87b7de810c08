import type { ArticleSummary, BrandSummary, Layout, Stat } from './types.ts';
import { Document } from './Document.tsx';
import { BrandCard } from './BrandCard.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { href } from './paths.ts';

export interface HomePageProps {
  layout: Layout;
  stats: Stat[];
  brands: BrandSummary[];
  featured: ArticleSummary[];
}

/** Home: hero with two calls to action, statistics, the four brands, three featured articles. */
export function HomePage({ layout, stats, brands, featured }: HomePageProps) {
  const { base } = layout;
  return (
    <Document layout={layout}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">Panduan dan Review Platform Slot Online</h1>
          <p className="lead">
            Artikel, tips, dan strategi pengelolaan dana untuk pembaca dewasa, serta review jujur
            empat platform: Lux88Togel, Loyal4D, Perang88, dan Pegasus4D.
          </p>
          <p className="hero-actions">
            <a className="button button-primary" href={href(base, '/artikel/')}>
              Baca Artikel
            </a>
            <a className="button button-secondary" href={href(base, '/kontak/')}>
              Hubungi Kami
            </a>
          </p>
        </div>
      </section>

      <section className="stats" aria-label="Statistik situs">
        <dl className="container stats-grid">
          {stats.map((stat) => (
            <div className="stat" key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="section" aria-labelledby="brands-title">
        <div className="container">
          <h2 id="brands-title">Platform yang Kami Ulas</h2>
          <div className="grid grid-4">
            {brands.map((brand) => (
              <BrandCard key={brand.slug} brand={brand} base={base} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="featured-title">
        <div className="container">
          <h2 id="featured-title">Artikel Pilihan</h2>
          <div className="grid grid-3">
            {featured.map((article) => (
              <ArticleCard key={article.slug} article={article} base={base} />
            ))}
          </div>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title">Ingin Belajar Lebih Banyak?</h2>
          <p>
            Jelajahi semua artikel kami tentang pengelolaan dana, fitur permainan, dan keamanan
            akun.
          </p>
          <p>
            <a className="button button-primary" href={href(base, '/artikel/')}>
              Lihat Semua Artikel
            </a>
          </p>
        </div>
      </section>
    </Document>
  );
}
