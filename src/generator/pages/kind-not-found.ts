import type { NotFoundPageProps, NotFoundView } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';

/** The 404 pages by output path and the view each shows, in sitemap order. */
const NOT_FOUND_PAGES: [outputPath: string, view: NotFoundView][] = [
  ['404.html', 'generic'],
  ['brand/404.html', 'brand'],
  ['artikel/404.html', 'article'],
];

/**
 * The three 404 pages, never indexed: the fallback article and the site's related teasers, no
 * articles.
 */
export const notFoundKind: PageKind<'NotFoundPage', { view: NotFoundView }> = {
  template: 'NotFoundPage',
  pages() {
    return NOT_FOUND_PAGES.map(([outputPath, view]) => ({
      url: `/${outputPath}`,
      outputPath,
      template: 'NotFoundPage',
      isIndexable: false,
      source: 'src/templates/NotFoundPage.tsx',
      view,
    }));
  },
  props: (page, context) => notFoundProps(page.view, context),
};

/**
 * Returns the props of a 404 page showing `view`, noindex and without a canonical URL.
 * The root 404.html ('generic') carries every view, for hosts that only know that one. Pure.
 */
function notFoundProps(view: NotFoundView, context: PageContext): NotFoundPageProps {
  const { site } = context;
  const meta = pageMeta(context.content.seo.notFound[view](site), site.name, {
    isNoindex: true,
    jsonLd: [],
  });
  return {
    layout: context.layout(meta),
    view,
    hasAllViews: view === 'generic',
    fallbackArticle: context.fallbackView,
    related: site.relatedTeasers,
  };
}
