import type { Article, ArticleAlias } from '../../content/types.ts';
import type { RedirectPageProps } from '../../templates/index.ts';
import { articleUrl } from './addresses.ts';
import { MAX_TITLE_LENGTH, pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';

/**
 * A redirect page at each old address of an article (front matter `aliases`), in content order:
 * never indexed, in no list, sitemap or feed; it shows the article's title and leads to its page.
 * Last in the registry, so that an alias at the address of another page is the second of the
 * two (routes.ts names both).
 */
export const redirectKind: PageKind<'RedirectPage', { article: Article; alias: ArticleAlias }> = {
  template: 'RedirectPage',
  pages({ articles }) {
    return articles.flatMap((article) =>
      (article.aliases ?? []).map((alias) => ({
        url: alias.address,
        outputPath: aliasOutputPath(alias.address),
        template: 'RedirectPage' as const,
        isIndexable: false,
        source: article.source,
        article,
        alias,
      })),
    );
  },
  props: (page, context) => redirectProps(page.article, context),
};

/**
 * The file a redirect page for `address` is written to: "artikel/x/index.html" for
 * "/artikel/x/", "lama.html" for "/lama.html". Pure.
 */
export function aliasOutputPath(address: string): string {
  return address.endsWith('/') ? `${address.slice(1)}index.html` : address.slice(1);
}

/** Returns the props of a redirect page to `article`'s page: noindex, canonical there. Pure. */
function redirectProps(article: Article, context: PageContext): RedirectPageProps {
  const path = articleUrl(article.slug);
  const moved = `Dipindahkan: ${article.title}`;
  const copy = {
    // A title past 70 characters is cut in results and tabs (and html-validate refuses it).
    title: moved.length <= MAX_TITLE_LENGTH ? moved : 'Halaman dipindahkan',
    description: `Halaman ini telah dipindahkan ke ${context.absolute(path)}`,
  };
  const meta = pageMeta(copy, context.site.name, {
    canonical: context.absolute(path),
    isNoindex: true,
    jsonLd: [],
  });
  const layout = context.layout(meta);
  return { layout, target: `${layout.base}${path.slice(1)}`, targetTitle: article.title };
}
