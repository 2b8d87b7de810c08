/** Joins the site's base path and a site-relative path: href("/repo/", "/artikel/") is "/repo/artikel/". */
export function href(base: string, path: string): string {
  return base + path.replace(/^\//, '');
}

/** 1250 as "1,250" (sep ",") or "1.250" (sep "."), without loading Intl locale data. */
export function groupThousands(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
