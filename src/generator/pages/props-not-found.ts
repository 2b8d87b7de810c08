import type { NotFoundPageProps, NotFoundView } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';

/**
 * Returns the props of a 404 page showing `view`, noindex and without a canonical URL.
 * The root 404.html ('generic') carries every view, for hosts that only know that one. Pure.
 */
export function notFoundProps(view: NotFoundView, context: PageContext): NotFoundPageProps {
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
