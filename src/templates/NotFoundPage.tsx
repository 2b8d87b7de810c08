import type { ArticleView, Layout, Teaser } from './types.ts';
import { Document } from './Document.tsx';
import { ArticleBody } from './ArticleBody.tsx';
import { NotFoundMessage } from './NotFoundMessage.tsx';

export type NotFoundView = 'generic' | 'brand' | 'article';

export interface NotFoundPageProps {
  layout: Layout;
  /** The view shown without JavaScript. */
  view: NotFoundView;
  /**
   * Include the other views, hidden, so a host that only knows the root 404.html still
   * shows the right one: the client script picks it from location.pathname.
   */
  hasAllViews: boolean;
  fallbackArticle: ArticleView;
  related: Teaser[];
}

/** 404 pages: the generic not-found view, 'Brand tidak ditemukan', or the fallback article. */
export function NotFoundPage({
  layout,
  view,
  hasAllViews,
  fallbackArticle,
  related,
}: NotFoundPageProps) {
  const { base } = layout;
  const isShown = (v: NotFoundView) => v === view;
  const isIncluded = (v: NotFoundView) => hasAllViews || isShown(v);
  return (
    <Document layout={layout}>
      <div data-not-found="">
        {isIncluded('generic') && (
          <NotFoundMessage
            view="generic"
            isHidden={!isShown('generic')}
            heading="Oops! Page not found"
            text="Halaman yang Anda cari tidak ada atau sudah dipindahkan."
            homeHref={base}
          />
        )}
        {isIncluded('brand') && (
          <NotFoundMessage
            view="brand"
            isHidden={!isShown('brand')}
            heading="Brand tidak ditemukan"
            text="Brand yang Anda cari tidak ada dalam daftar kami."
            homeHref={base}
          />
        )}
        {isIncluded('article') && (
          <div data-view="article" hidden={!isShown('article')}>
            <ArticleBody
              article={fallbackArticle}
              related={related}
              base={base}
              headingId="fallback-title"
            />
          </div>
        )}
      </div>
    </Document>
  );
}
