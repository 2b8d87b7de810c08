/** Formatting helpers shared by the SEO copy and the templates. Pure; no data. */

/**
 * Returns 1250 as "1,250" (separator ",") or "1.250" (separator "."), without Intl locale data.
 * Pure.
 */
export function groupThousands(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
