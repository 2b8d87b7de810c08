import type { BrandSummary } from './types.ts';
import { href } from './paths.ts';
import { BrandLogo } from './BrandLogo.tsx';

/** A brand teaser on the home page: logo, name (the one link), description and rating. */
export function BrandCard({ brand, base }: { brand: BrandSummary; base: string }) {
  return (
    <article className="card brand-card">
      <BrandLogo brand={brand} />
      <h3 className="card-title">
        <a href={href(base, `/brand/${brand.slug}/`)}>{brand.name}</a>
      </h3>
      <p className="card-excerpt">{brand.description}</p>
      <p className="rating">Rating {brand.rating}/5</p>
    </article>
  );
}
