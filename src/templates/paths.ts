/**
 * Joins the site's base path and a site-relative path: href("/repo/", "/artikel/") is
 * "/repo/artikel/".
 */
export function href(base: string, path: string): string {
  return base + path.replace(/^\//, '');
}
