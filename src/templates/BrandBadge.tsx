import type { BrandSummary } from './types.ts';

/** The brand's name on its colour. */
export function BrandBadge({ brand }: { brand: BrandSummary }) {
  return <span className={`badge badge-${brand.slug}`}>{brand.name}</span>;
}
