import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SocialCard } from '../../src/templates/SocialCard.tsx';
import {
  CARD_SIZE,
  loadCardRenderer,
  rendererVersions,
} from '../../src/generator/assets/draw-card.ts';
import { pngProblem } from '../../src/generator/assets/image-check.ts';
import { cardFingerprint, cardTree } from '../../src/generator/assets/social-cards.ts';

/** The budget for one card (25 KB); resvg's own RGBA PNGs were 46-61 KB. */
const CARD_BUDGET = 25_600;

const NOTICE =
  'Khusus pembaca berusia 18 tahun ke atas. Perjudian dapat menyebabkan kecanduan; bermainlah secara bertanggung jawab dan patuhi hukum yang berlaku di tempat Anda tinggal.';

/** A title of four lines at the card's smaller size: longer than any shipped one (68 characters). */
const LONG_TITLE =
  'Panduan Lengkap Mengenal Fitur Slot Modern di Perang88: Scatter, Wild, Free Spin dan Bonus Buy';

describe('drawing a social card', () => {
  it('draws a long title as a whole palette PNG of 1200x630 within 25 KB, the same bytes every time', async () => {
    const draw = await loadCardRenderer();
    const tree = cardTree(SocialCard, {
      title: LONG_TITLE,
      brand: { name: 'Perang88', color: '#b91c1c' },
      siteName: 'InfoSlot Indonesia',
      notice: NOTICE,
    });
    const png = await draw(tree);
    expect(png.byteLength).toBeLessThanOrEqual(CARD_BUDGET);
    expect(pngProblem(png, CARD_SIZE)).toBeUndefined();
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
      isPalette: true,
      hasAlpha: false,
    });
    const { info } = await sharp(png, { failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    expect(Buffer.from(await draw(tree)).equals(Buffer.from(png))).toBe(true);
  });

  it('a tree is plain data: it survives a copy to another thread unchanged', () => {
    const tree = cardTree(SocialCard, { title: 'Judul', siteName: 'Situs', notice: NOTICE });
    expect(structuredClone(tree)).toEqual(tree);
  });

  it("the cache key covers every renderer's version, sharp's included", async () => {
    const versions = rendererVersions();
    expect(versions.map((entry) => entry.replace(/@[^@]+$/, ''))).toEqual([
      'satori',
      '@resvg/resvg-js',
      'sharp',
    ]);
    expect(versions).toContain(`sharp@${sharp.versions.sharp}`);
    expect(await cardFingerprint()).toMatch(/^[0-9a-f]{64}$/);
  });
});
