/**
 * What esbuild makes of a project's src/: the site module, the client script, the stylesheets.
 * Made by bundle-site.ts, kept by bundle-cache.ts.
 */
export interface Bundles {
  /** CommonJS module exporting `content` and `templates`; React stays external. */
  siteCode: string;
  /** Source map of siteCode, to point errors at the original file and line. */
  siteMap: string;
  clientJs: string;
  css: string;
  /**
   * The rules of article pictures (src/templates/images.css), added to `css` only when some article
   * has an image.
   */
  imageCss: string;
  /** The site icon, copied as it is. */
  favicon: string;
}
