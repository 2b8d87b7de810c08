import type { ResponsibleCopy } from './types.ts';

/**
 * The responsible-copy rule (docs/content.md, "The responsible-copy rule"): phrases no title,
 * excerpt, body, brand or site copy, or page title and description may hold. A phrase matches
 * whole words, in any case and spacing ("Pola   GACOR"), never inside another word ("pelajar"
 * is refused, "pelajari" is not). Add a phrase here and the next build checks every text
 * against it.
 */
export const responsible: ResponsibleCopy = {
  refused: [
    // Promises of winnings.
    'pasti menang',
    'dijamin menang',
    'jaminan menang',
    'garansi menang',
    'menang terus',
    'selalu menang',
    'pasti jackpot',
    'jackpot dijamin',
    'pasti maxwin',
    'dijamin maxwin',
    'pasti untung',
    'dijamin untung',
    'anti kalah',
    'anti rungkad',
    'guaranteed win',
    'guaranteed wins',
    'guaranteed winnings',
    'guaranteed jackpot',
    'sure win',
    "can't lose",
    'cannot lose',
    'never lose',
    'always win',
    // Claims that results can be predicted.
    'pola gacor',
    'slot gacor',
    'jam gacor',
    'bocoran slot',
    'bocoran pola',
    'bocoran jam',
    'bocoran rtp',
    'rtp live akurat',
    'prediksi jitu',
    'prediksi akurat',
    'prediksi slot',
    'rumus slot',
    'pola maxwin',
    'winning pattern',
    'predict the outcome',
    'predict the result',
    'predict the results',
    'predict the next spin',
    // Addressing minors.
    'anak sekolah',
    'usia sekolah',
    'pelajar',
    'siswa',
    'di bawah umur',
    'belum cukup umur',
    'underage',
    'minors',
    'students',
    'schoolchildren',
  ],
  // The shipped articles' warnings, which name a phrase to warn readers against it.
  allowed: [
    'Percaya pada "jam gacor", pola putaran, atau bocoran dari grup media sosial',
    'Waspadai pula tawaran "akun pro", "bocoran pola", atau "jasa menang"',
    'anggota keluarga di bawah umur tidak bisa mengaksesnya',
    'klaim menyesatkan tentang slot yang "pasti menang"',
    'mengaku memakai "AI prediksi slot", "robot pola gacor", atau "analisis RTP live"',
  ],
};
