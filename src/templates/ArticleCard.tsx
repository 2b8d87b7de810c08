import type { ArticleSummary } from './types.ts';
import { href } from './paths.ts';
import { BrandBadge } from './BrandBadge.tsx';
import { DraftMarker } from './DraftMarker.tsx';
import { Picture } from './Picture.tsx';

/**
 * One article teaser: its picture when it has one, a single link (the title), the excerpt,
 * brand and meta line.
 * `data-card` and `data-brand` are what the list filter reads.
 */
export function ArticleCard({
  article,
  base,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  base: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card article-card" data-card="" data-brand={article.brand.name}>
      {article.image && <Picture image={article.image} className="card-image" />}
      <BrandBadge brand={article.brand} />
      {article.isDraft && <DraftMarker />}
      <Heading className="card-title">
        <a href={href(base, `/artikel/${article.slug}/`)}>{article.title}</a>
      </Heading>
      <p className="card-excerpt">{article.excerpt}</p>
      <p className="card-meta">
        {article.author} · {article.date} · {article.readTime}
      </p>
    </article>
  );
}
