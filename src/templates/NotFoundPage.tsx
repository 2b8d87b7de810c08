import type { ArticleView, Layout, Teaser } from './types.ts';
import { Document } from './Document.tsx';
import { ArticleBody } from './ArticleBody.tsx';

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
export function NotFoundPage({ layout, view, hasAllViews, fallbackArticle, related }: NotFoundPageProps) {
  const { base } = layout;
  const isShown = (v: NotFoundView) => v === view;
  const isIncluded = (v: NotFoundView) => hasAllViews || isShown(v);
  return (
    <Document layout={layout}>
      <div data-not-found="">
        {isIncluded('generic') && (
          <section className="not-found" data-view="generic" hidden={!isShown('generic')}>
            <div className="container">
              <p className="not-found-code">404</p>
              <h1>Oops! Page not found</h1>
              <p>Halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
              <p>
                <a className="button button-primary" href={base}>
                  Kembali ke Beranda
                </a>
              </p>
            </div>
          </section>
        )}
        {isIncluded('brand') && (
          <section className="not-found" data-view="brand" hidden={!isShown('brand')}>
            <div className="container">
              <p className="not-found-code">404</p>
              <h1>Brand tidak ditemukan</h1>
              <p>Brand yang Anda cari tidak ada dalam daftar kami.</p>
              <p>
                <a className="button button-primary" href={base}>
                  Kembali ke Beranda
                </a>
              </p>
            </div>
          </section>
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
