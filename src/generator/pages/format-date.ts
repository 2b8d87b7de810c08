const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
];
const LONG_MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** '2024-12-15' as '15 Des 2024' (short) or '15 Desember 2024' (long). No clock, no locale data. */
export function formatDate(isoDate: string, style: 'short' | 'long'): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const months = style === 'short' ? SHORT_MONTHS : LONG_MONTHS;
  return `${day} ${months[month - 1]} ${year}`;
}
