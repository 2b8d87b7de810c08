import type { Content } from '../../content/types.ts';
import type { TemplateName, TemplateProps } from '../../templates/index.ts';
import { sitegenError } from '../errors/errors.ts';
import { DuplicateOutputPath } from '../errors/errors-data.ts';
import { pageKinds, type Page } from './kinds.ts';
import { pageFacts } from './page-kind.ts';

export { articleUrl, FEED_FILE, lastUpdated } from './addresses.ts';
export type { Page } from './kinds.ts';
export type { TemplateName, TemplateProps };

/**
 * Returns the one list of every page, in sitemap order: each kind's pages in pageKinds() order
 * (home, article list, every article slug, every brand, contact and the three 404 pages). An
 * article is indexable only when `hasBody(slug)` and it is not a draft. Indexable pages carry
 * `lastModified`: an article's lastUpdated; a brand's, its newest indexable article's (else the
 * site's); home, list and contact, the newest indexable article's. Pure; throws a SitegenError
 * when two pages share an output path.
 */
export function listPages(content: Content, hasBody: (slug: string) => boolean): Page[] {
  const facts = pageFacts(content, hasBody);
  const pages: Page[] = pageKinds().flatMap<Page>((kind) => kind.pages(content, facts));
  assertUniqueOutputPaths(pages);
  return pages;
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
