import type { Brand, PageCopy, SiteConfig } from '../../content/types.ts';
import type { Layout, NavLink, PageMeta } from '../../templates/index.ts';
import { FEED_FILE } from './addresses.ts';
import { META_CONTENT_SECURITY_POLICY } from '../policy/security-headers.ts';

/** Site-relative asset paths ("/assets/client.1a2b3c4d.js"). */
export interface AssetPaths {
  css: string;
  js: string;
  icon: string;
}

/** Builds one page's Layout from its meta and the nav paths to mark (current page, section). */
export type LayoutFor = (meta: PageMeta, currentPath?: string, sectionPath?: string) => Layout;

/** Returns the nav shared by every page: Home, Artikel, one link per brand, Kontak. Pure. */
export function navLinks(brands: Brand[]): NavLink[] {
  return [
    { label: 'Home', path: '/' },
    { label: 'Artikel', path: '/artikel/' },
    ...brands.map((brand) => ({ label: brand.name, path: `/brand/${brand.slug}/` })),
    { label: 'Kontak', path: '/kontak/' },
  ];
}

/**
 * Returns a LayoutFor that gives every page the same base path, asset URLs, feed URL, nav,
 * footer text and CSP, with the page's own meta. Pure.
 */
export function createLayout(
  site: SiteConfig,
  brands: Brand[],
  siteUrl: string,
  assets: AssetPaths,
): LayoutFor {
  const base = new URL(siteUrl).pathname;
  const nav = navLinks(brands);
  const assetUrls = {
    css: base + assets.css.slice(1),
    js: base + assets.js.slice(1),
    icon: base + assets.icon.slice(1),
  };
  return (meta, currentPath, sectionPath) => ({
    base,
    siteName: site.name,
    assets: assetUrls,
    feed: `${base}${FEED_FILE}`,
    nav,
    currentPath,
    sectionPath,
    responsiblePlay: site.responsiblePlay,
    contentSecurityPolicy: META_CONTENT_SECURITY_POLICY,
    meta,
  });
}

/**
 * Returns the page's PageMeta: its copy's title (with the site name when it fits) and description,
 * plus `rest`. Pure.
 */
export function pageMeta(
  copy: PageCopy,
  siteName: string,
  rest: Omit<PageMeta, 'title' | 'description'>,
): PageMeta {
  return { title: pageTitle(copy.title, siteName), description: copy.description, ...rest };
}

/** The longest title worth giving a page: search results cut near 60 to 70 characters. */
export const MAX_TITLE_LENGTH = 70;

/** Returns "title | site name" when it fits MAX_TITLE_LENGTH, else the title alone. Pure. */
export function pageTitle(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return full.length <= MAX_TITLE_LENGTH ? full : title;
}
