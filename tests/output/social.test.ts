import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedContent } from '../helpers/shipped-content.ts';
import { distDir, page } from '../helpers/dist.ts';

const { content, bodies } = await shippedContent();
const { site, brands, articles } = content;
const SITE = site.url;
const written = articles.filter((a) => bodies.has(a.slug));

/** Every page a search engine may index, with the og:type and the card it should show. */
const indexable: { url: string; type: 'website' | 'article'; card: string }[] = [
  { url: '/', type: 'website', card: 'situs' },
  { url: '/artikel/', type: 'website', card: 'situs' },
  ...written.map((a) => ({
    url: `/artikel/${a.slug}/`,
    type: 'article' as const,
    card: `artikel-${a.slug}`,
  })),
  ...brands.map((b) => ({
    url: `/brand/${b.slug}/`,
    type: 'website' as const,
    card: `brand-${b.slug}`,
  })),
  { url: '/kontak/', type: 'website', card: 'situs' },
];

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1'), file).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('social sharing metadata', () => {
  it('covers the 21 indexable pages', () => expect(indexable).toHaveLength(2 + 12 + 4 + 1));

  it.each(indexable)(
    '$url has every Open Graph and Twitter tag, and its card is a 1200×630 PNG in dist/',
    ({ url, type, card }) => {
      const $ = page(url);
      const meta = (property: string) => $(`meta[property="${property}"]`).attr('content');
      expect(meta('og:type')).toBe(type);
      expect(meta('og:title')).toBeTruthy();
      expect(meta('og:description')).toBe($('meta[name=description]').attr('content'));
      expect(meta('og:url')).toBe($('link[rel=canonical]').attr('href'));
      expect(meta('og:url')).toBe(SITE + url.slice(1));
      expect(meta('og:site_name')).toBe(site.name);
      expect(meta('og:locale')).toBe('id_ID');
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')).toContain(site.name);
      expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
      expect($('meta[name="twitter:title"]').attr('content')).toBe(meta('og:title'));

      const image = meta('og:image')!;
      expect(image).toMatch(new RegExp(`^${SITE}og/${card}\\.[0-9a-f]{10}\\.png$`));
      expect(pngSize(path.join(distDir(), image.slice(SITE.length)))).toEqual({
        width: 1200,
        height: 630,
      });
    },
  );

  it.each(written)('/artikel/$slug/ names its own title, brand and dates', (article) => {
    const $ = page(`/artikel/${article.slug}/`);
    const brand = brands.find((b) => b.slug === article.brand)!;
    expect($('meta[property="og:title"]').attr('content')).toBe(article.title);
    expect($('meta[property="og:image:alt"]').attr('content')).toBe(
      `${article.title} (${brand.name}), ${site.name}`,
    );
    expect($('meta[property="article:published_time"]').attr('content')).toBe(article.publishedAt);
    expect($('meta[property="article:modified_time"]').attr('content')).toBe(
      article.updatedAt ?? article.publishedAt,
    );
    expect($('meta[property="article:section"]').attr('content')).toBe(brand.name);
  });

  it('draws one card per written article, one per brand, one for the site and one for the fallback article', () => {
    const images = new Set(
      indexable.map(({ url }) => page(url)('meta[property="og:image"]').attr('content')),
    );
    expect(images.size).toBe(written.length + brands.length + 1);
    const fallbacks = articles
      .filter((a) => !bodies.has(a.slug))
      .map((a) => page(`/artikel/${a.slug}/`)('meta[property="og:image"]').attr('content'));
    expect(new Set(fallbacks).size).toBe(1);
    expect(fallbacks[0]).toMatch(/\/og\/artikel-tidak-ditemukan\.[0-9a-f]{10}\.png$/);
    expect(readdirSync(path.join(distDir(), 'og'))).toHaveLength(images.size + 1);
  });

  // Same bytes on every machine: the digest of the site's card as drawn where it was recorded
  // (2026-11-27, linux-x64; @takumi-rs/core 2.16.3, fflate 0.8.3, on Node 20.20.2 and on
  // Node 24.21.0; @fontsource/inter 5.3.0; a 16-colour palette PNG by card-png.ts). A CI machine that draws
  // other bytes fails here. Changing SocialCard.tsx, the site's name, tagline or 18+ line,
  // draw-card.ts's or card-png.ts's options, or those versions, changes the card: record the
  // new digest then.
  it('draws the site card to the very bytes recorded on another machine', () => {
    const [card] = readdirSync(path.join(distDir(), 'og')).filter((name) =>
      name.startsWith('situs.'),
    );
    const digest = createHash('sha256')
      .update(readFileSync(path.join(distDir(), 'og', card)))
      .digest('hex');
    expect(digest).toBe('312d86d9f74da5a1f417b201c41b8f7c38915e61925629939fbdf66bc1218c83');
  });

  it('leaves the 404 pages without sharing tags (they have no address of their own)', () => {
    for (const file of ['404.html', 'brand/404.html', 'artikel/404.html']) {
      expect(page(file)('meta[property^="og:"]'), file).toHaveLength(0);
    }
  });
});
