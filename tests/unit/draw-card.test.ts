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

/** The budget for one card (25 KB); the exact picture, unquantised, takes 46-61 KB. */
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

  it("draws the template's flat colours exactly: the background, the brand's bar and badge, the text, the accent dot, the small print", async () => {
    const draw = await loadCardRenderer();
    const png = await draw(
      cardTree(SocialCard, {
        title: LONG_TITLE,
        brand: { name: 'Lux88Togel', color: '#6d28d9' },
        siteName: 'InfoSlot Indonesia',
        notice: NOTICE,
      }),
    );
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 3)
      colours.add(`#${data.subarray(i, i + 3).toString('hex')}`);
    // SocialCard.tsx's INK, the brand's colour, white, ACCENT and the 18+ line's grey.
    for (const colour of ['#111827', '#6d28d9', '#ffffff', '#f59e0b', '#d1d5db'])
      expect(colours, colour).toContain(colour);
  });

  it('refuses an image that is not a data: URL, naming it: a card reads no file and no network', async () => {
    const draw = await loadCardRenderer();
    const tree = cardTree(SocialCard, { title: 'Judul', siteName: 'Situs', notice: NOTICE });
    const withImage = {
      type: 'div',
      props: {
        style: { display: 'flex', width: '100%', height: '100%' },
        children: [{ type: 'img', props: { src: 'garis.png', width: 1200, height: 12 } }, tree],
      },
    };
    await expect(draw(withImage)).rejects.toThrow(/data: URL.*"garis\.png"/);
  });

  it("the cache key covers the renderer's version and the deflate's", async () => {
    const versions = rendererVersions();
    expect(versions).toEqual([
      expect.stringMatching(/^@takumi-rs\/core@\d+\.\d+\.\d+$/),
      expect.stringMatching(/^fflate@\d+\.\d+\.\d+$/),
    ]);
    expect(await cardFingerprint()).toMatch(/^[0-9a-f]{64}$/);
  });
});
