import type { Brand } from './types.ts';

/**
 * The four platforms. Ratings, years and badge colours come from the specification.
 * `url` is configuration: the shipped values are reserved example hosts (RFC 2606),
 * to be replaced by whoever publishes the site and answers for it.
 */
export const brands: Brand[] = [
  {
    name: 'Lux88Togel',
    slug: 'lux88togel',
    description:
      'Platform slot online dengan katalog permainan yang luas, tampilan ramah seluler, dan layanan pelanggan sepanjang hari.',
    rating: 4.8,
    color: '#6d28d9',
    colorName: 'purple',
    features: [
      'Ratusan Pilihan Slot',
      'Deposit via E-Wallet',
      'Layanan 24/7',
      'Antarmuka Ramah Seluler',
    ],
    established: '2020',
    url: 'https://lux88togel.example/',
    keywords: 'lux88togel, review lux88togel, slot online, platform slot, panduan lux88togel',
  },
  {
    name: 'Loyal4D',
    slug: 'loyal4d',
    description:
      'Platform yang dikenal dengan program loyalitasnya, proses penarikan yang cepat, dan fitur batas deposit mandiri.',
    rating: 4.7,
    color: '#1d4ed8',
    colorName: 'blue',
    features: [
      'Program Loyalitas',
      'Penarikan Cepat',
      'Batas Deposit Mandiri',
      'Dukungan Live Chat',
    ],
    established: '2019',
    url: 'https://loyal4d.example/',
    keywords: 'loyal4d, review loyal4d, slot online, bankroll management, penarikan cepat',
  },
  {
    name: 'Perang88',
    slug: 'perang88',
    description:
      'Platform dengan turnamen berkala, pengingat batas waktu bermain, dan panduan lengkap bagi pemain dewasa.',
    rating: 4.6,
    color: '#b91c1c',
    colorName: 'red',
    features: [
      'Turnamen Berkala',
      'Pengingat Batas Waktu',
      'Enkripsi SSL',
      'Panduan Pemain Lengkap',
    ],
    established: '2021',
    url: 'https://perang88.example/',
    keywords: 'perang88, review perang88, slot online, fitur slot, bermain bertanggung jawab',
  },
  {
    name: 'Pegasus4D',
    slug: 'pegasus4d',
    description:
      'Platform termuda di daftar ini yang bereksperimen dengan teknologi AI, pembayaran kripto, dan permainan virtual reality.',
    rating: 4.9,
    color: '#15803d',
    colorName: 'green',
    features: [
      'Deteksi Penipuan Berbasis AI',
      'Pembayaran Kripto',
      'Demo Permainan VR',
      'Verifikasi Dua Langkah',
    ],
    established: '2022',
    url: 'https://pegasus4d.example/',
    keywords:
      'pegasus4d, review pegasus4d, slot online, teknologi ai, crypto payment, virtual reality',
  },
];
