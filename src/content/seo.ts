import type { SeoCopy } from './types.ts';
import { groupThousands } from './format.ts';

/**
 * Page titles and meta descriptions, in Indonesian. The generator adds " | {site name}"
 * to a title when the result fits 70 characters.
 */
export const seo: SeoCopy = {
  home: (site) => ({ title: site.tagline, description: site.description }),
  articleList: (_site, listed, brands, { page, pageCount }) => ({
    title: page === 1 ? 'Semua Artikel' : `Semua Artikel, Halaman ${page}`,
    description: `${listed.length} artikel tentang pengelolaan dana, fitur permainan, keamanan akun, dan review ${brands.map((b) => b.name).join(', ')}.${pageOf(page, pageCount)}`,
  }),
  article: (article) => ({ title: article.title, description: article.excerpt }),
  // The page shows the fallback article, so it carries the fallback article's own title and text.
  missingArticle: (_article, site) => ({
    title: site.fallbackArticle.title,
    description: site.fallbackArticle.bodyText,
  }),
  brand: (brand, site) => ({
    title: `Review ${brand.name}: Rating ${brand.rating}/5`,
    description: `Review ${brand.name}: rating ${brand.rating}/5 dari ${groupThousands(site.ratingCount, '.')} ulasan, berdiri sejak ${brand.established}. ${brand.description}`,
  }),
  brandArticles: (brand, count, { page, pageCount }) => ({
    title: `Semua Artikel ${brand.name}${page === 1 ? '' : `, Halaman ${page}`}`,
    description: `${count} artikel tentang ${brand.name}: panduan, fitur, keamanan akun, dan review.${pageOf(page, pageCount)}`,
  }),
  contact: (site) => ({
    title: 'Kontak Tim Redaksi',
    description: `Hubungi tim redaksi ${site.name} lewat email atau WhatsApp. Kami membalas dalam 24 jam kerja; konsultasi gratis.`,
  }),
  notFound: {
    generic: () => ({
      title: '404: Halaman Tidak Ditemukan',
      description:
        'Halaman yang Anda cari tidak ada. Kembali ke beranda untuk membaca artikel dan review kami.',
    }),
    brand: () => ({
      title: 'Brand Tidak Ditemukan',
      description: 'Brand yang Anda cari tidak ada dalam daftar kami.',
    }),
    article: (site) => ({
      title: site.fallbackArticle.title,
      description: site.fallbackArticle.bodyText,
    }),
  },
};

/** " Halaman 2 dari 9." after a later page's description; nothing on page 1. */
function pageOf(page: number, pageCount: number): string {
  return page === 1 ? '' : ` Halaman ${page} dari ${pageCount}.`;
}
