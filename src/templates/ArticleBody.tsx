import type { ArticleView, Teaser } from './types.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { BrandBadge } from './BrandBadge.tsx';
import { DraftMarker } from './DraftMarker.tsx';
import { href } from './paths.ts';
import { Picture } from './Picture.tsx';

/**
 * An article as a reader sees it: brand, title, excerpt, byline, 'Bagikan', its picture
 * (when it has one), the body and the fixed 'Artikel Terkait' block. Shared by article
 * pages, the fallback article and the 404 page's article view. `headingId` keeps ids
 * unique when several views share a page.
 */
export function ArticleBody({
  article,
  related,
  base,
  headingId = 'article-title',
}: {
  article: ArticleView;
  related: Teaser[];
  base: string;
  headingId?: string;
}) {
  return (
    <article className="article" aria-labelledby={headingId}>
      <header className="article-head container-narrow">
        {article.brand ? (
          <p className="article-brand">
            <BrandLogo brand={article.brand} />
            <BrandBadge brand={article.brand} />
            {article.isDraft && (
              <>
                {' '}
                <DraftMarker />
              </>
            )}
          </p>
        ) : (
          <p className="article-brand">
            <span className="badge badge-unknown">{article.brandLabel}</span>
          </p>
        )}
        <h1 id={headingId}>{article.title}</h1>
        {article.excerpt && <p className="lead">{article.excerpt}</p>}
        <p className="article-meta">
          <span>Oleh {article.author}</span> · <span>{article.date}</span> ·{' '}
          {article.updated && (
            <>
              <span>Diperbarui {article.updated}</span> ·{' '}
            </>
          )}
          <span>{article.readTime}</span>
        </p>
        <p className="share">
          <button type="button" className="button button-secondary" data-share="">
            Bagikan
          </button>{' '}
          <span
            className="share-status"
            role="status"
            aria-live="polite"
            data-share-status=""
          ></span>
        </p>
      </header>
      {article.image && (
        <Picture image={article.image} className="article-image container-narrow" isEager />
      )}
      {/* `sitegen check` finds article bodies by the "prose" class (ARTICLE_BODY_CLASS in src/generator/policy/page-policy.ts). */}
      <div className="prose container-narrow" dangerouslySetInnerHTML={{ __html: article.html }} />
      <aside className="related container-narrow" aria-label="Artikel Terkait">
        <h2>Artikel Terkait</h2>
        <div className="grid grid-2">
          {related.map((teaser) => (
            <div className="card teaser" key={teaser.title}>
              <h3 className="card-title">{teaser.title}</h3>
              <p className="card-excerpt">{teaser.text}</p>
            </div>
          ))}
        </div>
        <p>
          <a href={href(base, '/artikel/')}>← Kembali ke semua artikel</a>
        </p>
      </aside>
    </article>
  );
}
