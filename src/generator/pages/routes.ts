import type { Article, Brand, Content } from '../../content/types.ts';
import type { NotFoundView, TemplateName, TemplateProps } from '../../templates/index.ts';
import { sitegenError } from '../errors/errors.ts';
import { DuplicateOutputPath } from '../errors/errors-data.ts';

export type { TemplateName, TemplateProps };

/** Where a page lives and what renders it; no props. */
interface PageAddress<T extends TemplateName> {
  /** Site-relative URL with a trailing slash ("/artikel/"), or the file name for 404 pages. */
  url: string;
  /** Path under the output folder ("artikel/index.html"). */
  outputPath: string;
  template: T;
  /** Listed in sitemap.xml: false for 404 pages and fallback articles. */
  isIndexable: boolean;
  /**
   * Its sitemap.xml `<lastmod>` (YYYY-MM-DD), from the dates of the articles it shows; only on
   * indexable pages, when known.
   */
  lastModified?: string;
  /** What the page comes from, for error messages. */
  source: string;
}

/** One page of the site, with the record it shows (an article, a brand, a 404 view). */
export type Page =
  | PageAddress<'HomePage'>
  | PageAddress<'ArticleListPage'>
  | (PageAddress<'ArticlePage'> & { article: Article })
  | (PageAddress<'BrandPage'> & { brand: Brand })
  | PageAddress<'ContactPage'>
  | (PageAddress<'NotFoundPage'> & { view: NotFoundView });

/**
 * Returns the one list of every page, in sitemap order: home, article list, every article
 * slug, every brand, contact and the three 404 pages. An article is indexable only when
 * `hasBody(slug)` and it is not a draft. Indexable pages carry `lastModified`: an article's
 * `updatedAt ?? publishedAt`; a brand's, its newest indexable article's (else the site's);
 * home, list and contact, the newest indexable article's. Pure; throws a SitegenError when
 * two pages share an output path.
 */
export function listPages(
  { brands, articles }: Content,
  hasBody: (slug: string) => boolean,
): Page[] {
  const isIndexable = (article: Article) => hasBody(article.slug) && !article.draft;
  const published = articles.filter(isIndexable);
  const newest = newestDate(published);
  const pages: Page[] = [
    {
      url: '/',
      outputPath: 'index.html',
      template: 'HomePage',
      isIndexable: true,
      lastModified: newest,
      source: 'src/content/site.ts',
    },
    {
      url: '/artikel/',
      outputPath: 'artikel/index.html',
      template: 'ArticleListPage',
      isIndexable: true,
      lastModified: newest,
      source: 'src/content/articles/',
    },
    ...articles.map(
      (article): Page => ({
        url: articleUrl(article.slug),
        outputPath: `artikel/${article.slug}/index.html`,
        template: 'ArticlePage',
        isIndexable: isIndexable(article),
        lastModified: isIndexable(article) ? lastUpdated(article) : undefined,
        source: article.source,
        article,
      }),
    ),
    ...brands.map(
      (brand): Page => ({
        url: `/brand/${brand.slug}/`,
        outputPath: `brand/${brand.slug}/index.html`,
        template: 'BrandPage',
        isIndexable: true,
        lastModified:
          newestDate(published.filter((article) => article.brand === brand.slug)) ?? newest,
        source: `src/content/brands.ts: brand "${brand.slug}"`,
        brand,
      }),
    ),
    {
      url: '/kontak/',
      outputPath: 'kontak/index.html',
      template: 'ContactPage',
      isIndexable: true,
      lastModified: newest,
      source: 'src/content/site.ts',
    },
    notFoundPage('404.html', 'generic'),
    notFoundPage('brand/404.html', 'brand'),
    notFoundPage('artikel/404.html', 'article'),
  ];
  assertUniqueOutputPaths(pages);
  return pages;
}

/** The feed's file name, in the output root: served at the site URL + "feed.xml". */
export const FEED_FILE = 'feed.xml';

/** Site-relative URL of an article's page ("/artikel/{slug}/"). Pure. */
export function articleUrl(slug: string): string {
  return `/artikel/${slug}/`;
}

/** The date an article last changed (YYYY-MM-DD): `updatedAt ?? publishedAt`. Pure. */
export function lastUpdated(article: Article): string {
  return article.updatedAt ?? article.publishedAt;
}

/**
 * The newest `lastUpdated` of `articles` (YYYY-MM-DD sorts as text), or undefined when there are
 * none.
 */
function newestDate(articles: Article[]): string | undefined {
  return articles.reduce<string | undefined>((newest, article) => {
    const date = lastUpdated(article);
    return newest === undefined || date > newest ? date : newest;
  }, undefined);
}

function notFoundPage(outputPath: string, view: NotFoundView): Page {
  return {
    url: `/${outputPath}`,
    outputPath,
    template: 'NotFoundPage',
    isIndexable: false,
    source: 'src/templates/NotFoundPage.tsx',
    view,
  };
}

function assertUniqueOutputPaths(pages: Page[]) {
  const seen = new Map<string, Page>();
  for (const page of pages) {
    const earlier = seen.get(page.outputPath);
    if (earlier) {
      throw sitegenError(DuplicateOutputPath, {
        outputPath: page.outputPath,
        first: earlier.source,
        second: page.source,
      });
    }
    seen.set(page.outputPath, page);
  }
}
