import type { SiteConfig } from './types.ts';

/**
 * Site-wide constants. Numbers and fixed strings come from the specification; contact
 * details are obvious placeholders for whoever publishes the site to replace.
 */
export const site: SiteConfig = {
  url: 'https://slot-review.example/',
  name: 'InfoSlot Indonesia',
  tagline: 'Panduan, tips, dan review platform slot online',
  description:
    'Panduan, tips, strategi, dan review empat platform slot online: Lux88Togel, Loyal4D, Perang88, dan Pegasus4D. Untuk pembaca dewasa, dengan fokus pada bermain secara bertanggung jawab.',
  homeStats: [
    { value: '100+', label: 'Artikel Berkualitas' },
    { value: '50K+', label: 'Pembaca Aktif' },
    { value: '4.9', label: 'Rating Kepuasan' },
    { value: '4', label: 'Platform Terpercaya' },
  ],
  ratingCount: 1250,
  securityGrade: 'A+',
  awards: '15+ Awards',
  contact: {
    email: 'redaksi@contoh.example',
    whatsapp: '+62 800-0000-0000',
    address: 'Jakarta, Indonesia (Tim virtual - melayani seluruh Indonesia)',
    hours: [
      { days: 'Senin - Jumat', time: '09:00 - 18:00 WIB' },
      { days: 'Sabtu', time: '09:00 - 15:00 WIB' },
      { days: 'Minggu', time: 'Tutup' },
    ],
  },
  faq: [
    {
      question: 'Berapa lama email saya akan dibalas?',
      answer: 'Kami membalas setiap email dalam 24 jam kerja.',
    },
    {
      question: 'Apakah konsultasi dengan tim kami berbayar?',
      answer: 'Tidak. Konsultasi dengan tim kami gratis.',
    },
    {
      question: 'Bolehkah saya mengusulkan topik artikel?',
      answer:
        'Tentu. Kami menerima permintaan topik artikel; kirimkan usulan Anda lewat formulir di halaman ini.',
    },
  ],
  relatedTeasers: [
    {
      title: 'Tips Memilih Slot dengan RTP Tinggi',
      text: 'RTP adalah rata-rata statistik jangka panjang, bukan jaminan hasil. Pelajari cara membacanya dengan benar.',
    },
    {
      title: 'Strategi Bankroll Management yang Efektif',
      text: 'Tetapkan anggaran hiburan, bagi per sesi, dan berhenti saat batas tercapai.',
    },
  ],
  fallbackArticle: {
    title: 'Artikel Tidak Ditemukan',
    brand: 'unknown',
    author: 'Admin',
    publishedAt: '1 Jan 2024',
    readTime: '1 menit baca',
    bodyText:
      'Artikel yang Anda cari tidak dapat ditemukan. Silakan kembali ke halaman artikel untuk melihat artikel lainnya.',
  },
  responsiblePlay:
    'Khusus pembaca berusia 18 tahun ke atas. Perjudian dapat menyebabkan kecanduan; bermainlah secara bertanggung jawab dan patuhi hukum yang berlaku di tempat Anda tinggal.',
  readTimeUnit: 'menit baca',
  articleSchemaDate: '2024-12-15',
};
