/** Sizes and lists as messages print them. Pure, no dependencies. */

/** Bytes as "12.3 KB", for check's report. Pure. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Returns a size as "512 B", "3.4 kB" or "1.25 MB", for build's summary. Pure. */
export function formatBytes(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** "a, b, c" or, past `max` items, "a, b, c, d and 8 more", for one-line messages. Pure. */
export function summarizeList(items: string[], max = 4): string {
  return items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
