import type { ArticleView, Layout, Teaser } from './types.ts';
import { Document } from './Document.tsx';
import { ArticleBody } from './ArticleBody.tsx';

export interface ArticlePageProps {
  layout: Layout;
  article: ArticleView;
  related: Teaser[];
}

/** /artikel/{slug}/: a full article, or the fallback article for a listed slug without a body. */
export function ArticlePage({ layout, article, related }: ArticlePageProps) {
  return (
    <Document layout={layout}>
      <ArticleBody article={article} related={related} base={layout.base} />
    </Document>
  );
}
