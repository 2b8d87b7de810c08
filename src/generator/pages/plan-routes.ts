import { kindOf } from './kinds.ts';
import { createPageContext, type PageContext, type PlanInput } from './page-context.ts';
import { trackArticle } from './reads.ts';
import { listPages, type Page, type TemplateName, type TemplateProps } from './routes.ts';

export type { PlanInput } from './page-context.ts';
export type { TemplateName, TemplateProps } from './routes.ts';

/** One page of the site: where it lives, what renders it, and with which props. */
export type Route = {
  [T in TemplateName]: {
    /** Site-relative URL with a trailing slash ("/artikel/"), or the file name for 404 pages. */
    url: string;
    /** Path under the output folder ("artikel/index.html"). */
    outputPath: string;
    template: T;
    props: TemplateProps[T];
    /** Listed in sitemap.xml: false for 404 pages and fallback articles. */
    isIndexable: boolean;
    /** Its sitemap.xml `<lastmod>` (YYYY-MM-DD), as routes.ts dates it. */
    lastModified?: string;
    /** What the page comes from, for error messages. */
    source: string;
  };
}[TemplateName];

/**
 * Returns every page (routes.ts lists them) with its template's props (from its kind in
 * kinds.ts); with `pages`, the routes of just those (a body save plans its own article page
 * again). Pure; throws a SitegenError when two pages share an output path.
 */
export function planRoutes(input: PlanInput, pages?: Page[]): Route[] {
  const plan = createPlanner(input);
  return (pages ?? listPages(input.content, (slug) => input.bodies.has(slug))).map(plan);
}

/**
 * Returns a function that plans one page of `input` with its props: what planRoutes does for a
 * list, for callers that plan pages one at a time (build/site-run.ts notes each page's cards).
 * Pure.
 */
export function createPlanner(input: PlanInput): (page: Page) => Route {
  const context = createPageContext(input);
  return (page) => withProps(page, context);
}

function withProps(page: Page, context: PageContext): Route {
  const { url, outputPath, isIndexable, lastModified, source, template } = page;
  // The article a page carries is read like any other: each read noted (reads.ts).
  const read = 'article' in page ? { ...page, article: trackArticle(page.article) } : page;
  const props = kindOf(page).props(read, context);
  // kindOf(page) renders with page.template, so props are TemplateProps[template].
  return { url, outputPath, isIndexable, lastModified, source, template, props } as Route;
}
