import type { BrandSummary } from './types.ts';

/**
 * The brand's wordmark: its name in white on a rounded badge of the brand colour.
 * Inline SVG with a fixed size, so it costs no request and causes no layout shift.
 */
export function BrandLogo({
  brand,
  size = 'small',
}: {
  brand: BrandSummary;
  size?: 'small' | 'large';
}) {
  const width = size === 'large' ? 200 : 120;
  const height = size === 'large' ? 50 : 30;
  return (
    <svg
      className="brand-logo"
      width={width}
      height={height}
      viewBox="0 0 160 40"
      role="img"
      aria-label={`Logo ${brand.name}`}
    >
      <rect width="160" height="40" rx="10" fill={brand.color} />
      <circle cx="20" cy="20" r="9" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M16 20h8M20 16v8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <text
        x="36"
        y="26"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
        fontSize="17"
        fontWeight="700"
        textLength="114"
        lengthAdjust="spacingAndGlyphs"
      >
        {brand.name}
      </text>
    </svg>
  );
}
