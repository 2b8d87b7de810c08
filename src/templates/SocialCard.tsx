/**
 * The social card: the 1200×630 picture a link preview shows (og:image). Not HTML: the
 * generator lays this tree out and draws it with Takumi, so it uses inline styles only (flexbox,
 * the Inter font shipped through npm), no classes, and an image only as a data: URL.
 */
export interface SocialCardProps {
  /** The big line: an article's title, a brand page's title, the site's tagline. */
  title: string;
  /** The badge above the title, in the brand's colour; absent on the site's own card. */
  brand?: { name: string; color: string };
  siteName: string;
  /** The small print at the bottom (the site's 18+ line). */
  notice: string;
}

const INK = '#111827';
const ACCENT = '#f59e0b';

export function SocialCard({ title, brand, siteName, notice }: SocialCardProps) {
  // The outer box is the canvas (the generator's CARD_SIZE): a renderer may add padding to
  // a size rather than fit it inside, so the spacing is the inner box's margin.
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: INK,
        color: '#ffffff',
        fontFamily: 'Inter',
      }}
    >
      <div style={{ height: 12, backgroundColor: brand?.color ?? ACCENT }} />
      <div
        style={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          margin: '52px 72px 56px',
        }}
      >
        <div style={{ display: 'flex', height: 60 }}>
          {brand && (
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                backgroundColor: brand.color,
                borderRadius: 999,
                padding: '0 28px',
                fontSize: 30,
                fontWeight: 700,
              }}
            >
              {brand.name}
            </div>
          )}
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: title.length > 60 ? 56 : 66,
            fontWeight: 700,
            lineHeight: 1.15,
            letterSpacing: -1,
          }}
        >
          {title}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 700 }}>
            <div
              style={{
                width: 20,
                height: 20,
                borderRadius: 10,
                backgroundColor: ACCENT,
                marginRight: 16,
              }}
            />
            {siteName}
          </div>
          <div
            style={{
              display: 'flex',
              marginTop: 12,
              fontSize: 22,
              fontWeight: 400,
              lineHeight: 1.4,
              color: '#d1d5db',
            }}
          >
            {notice}
          </div>
        </div>
      </div>
    </div>
  );
}
