import type { ComponentType, createElement as CreateElement } from 'react';
import type { PictureProps } from '../../templates/index.ts';
import type { renderToStaticMarkup as RenderToStaticMarkup } from 'react-dom/server';
import type { SiteModule } from '../site/evaluate-site.ts';
import type { Route } from '../pages/plan-routes.ts';
import { sitegenError } from '../errors/errors.ts';
import {
  DuplicateIds,
  RenderFailed,
  RenderTimeout,
  TemplateMissing,
} from '../errors/errors-data.ts';
import { duplicateIds } from '../policy/page-policy.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import { runSlice, TimeLimitExceeded } from '../site/time-limit.ts';
import { mainThreadMs, PageRunsLong } from './heap-headroom.ts';

const { createElement } = requireFromSitegen('react') as { createElement: typeof CreateElement };
const { renderToStaticMarkup } = requireFromSitegen('react-dom/server') as {
  renderToStaticMarkup: typeof RenderToStaticMarkup;
};

/**
 * One pass over the markup: a void element's "/>", an empty boolean attribute, a camelCase name.
 */
const REACT_XHTML_ISMS =
  /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)(\s[^<>]*?)?\/>| (async|autofocus|checked|defer|disabled|hidden|multiple|novalidate|open|readonly|required|selected)=""| (charSet|autoComplete)=/g;

function fixAttribute(
  _match: string,
  _voidName: unknown,
  _voidAttributes: unknown,
  booleanName?: string,
  camelName?: string,
): string {
  return booleanName ? ` ${booleanName}` : ` ${camelName!.toLowerCase()}=`;
}

/**
 * Renders one route to a complete HTML document. Returns the markup; never writes.
 * React's markup is then written the way HTML validators expect: void elements without
 * "/>", boolean attributes without `=""`, and the two attribute names React leaves in
 * camelCase lowercased. React escapes "<" and ">" in attribute values, so these
 * patterns can only meet real tags.
 */
function renderPage(route: Route, site: SiteModule): string {
  const component = site.templates[route.template];
  if (!component) {
    throw sitegenError(TemplateMissing, { url: route.url, template: route.template });
  }
  const markup = renderTemplate(site, component, route.props, route);
  const html = markup.replace(
    REACT_XHTML_ISMS,
    (_, voidName, voidAttributes, booleanName, camelName) =>
      voidName
        ? `<${voidName}${(voidAttributes ?? '').replace(REACT_XHTML_ISMS, fixAttribute)}>`
        : fixAttribute(_, undefined, undefined, booleanName, camelName),
  );
  return `<!DOCTYPE html>${html}\n`;
}

/**
 * Renders a template that is not a page to markup, the way pages are rendered: the Picture an
 * image of a body becomes, placed into the body's HTML, whose page then goes through
 * renderPage's markup pass like every picture. `url` names the page for messages. Throws
 * TemplateMissing when src/templates/index.ts does not export Picture. Pure apart from the
 * site's code.
 */
export function renderPicture(site: SiteModule, props: PictureProps, url: string): string {
  const component = site.templates.Picture;
  if (!component) throw sitegenError(TemplateMissing, { url, template: 'Picture' });
  return renderTemplate(site, component, props, { url, template: 'Picture' });
}

/**
 * renderToStaticMarkup of one component; what it throws becomes RenderFailed. process.exit()
 * throws while it runs, so a template that calls it fails with its page and line instead of
 * ending the process (or a worker thread) without a word.
 */
function renderTemplate<P extends object>(
  site: SiteModule,
  component: ComponentType<P>,
  props: P,
  { url, template }: { url: string; template: string },
): string {
  const exit = process.exit;
  process.exit = refuseExit;
  try {
    return renderToStaticMarkup(createElement(component, props));
  } catch (error) {
    const where = site.locate(error);
    const at = where ? ` at ${where.file}:${where.line}` : '';
    throw sitegenError(
      RenderFailed,
      { url, template, where: at, reason: String((error as Error)?.message ?? error) },
      { cause: error, ...where },
    );
  } finally {
    process.exit = exit;
  }
}

/** process.exit while a template renders. */
function refuseExit(code?: number | string | null): never {
  throw new Error(
    `the template called process.exit(${code ?? ''}); a template only returns markup`,
  );
}

/**
 * Renders routes from `start` on for about 50 ms, in one time-limited slice (runSlice): a
 * page that runs longer than `limitMs` (a `while (true)` in a template) is stopped and
 * reported with its route and template. Callers loop until every route is done and give the
 * event loop a turn between slices, so signals, timers and the dev server keep working
 * during a long build. With `toWorkers` (the caller can render on worker threads), a page may
 * run only as long as the heap allows on this thread (workers/heap-headroom.ts): one that runs
 * longer is stopped and PageRunsLong thrown, and the caller renders the slice there.
 */
export function renderSlice(
  routes: Route[],
  start: number,
  site: SiteModule,
  limitMs: number,
  toWorkers = false,
): string[] {
  const sliceLimitMs = toWorkers ? mainThreadMs(limitMs) : limitMs;
  try {
    return runSlice(routes.length, start, (index) => renderPage(routes[index], site), sliceLimitMs);
  } catch (error) {
    if (!(error instanceof TimeLimitExceeded) || error.index === undefined) throw error;
    if (sliceLimitMs < limitMs) throw new PageRunsLong(routes[error.index].url);
    const route = routes[error.index];
    throw sitegenError(RenderTimeout, { url: route.url, template: route.template, limitMs });
  }
}

/** What rendering needs besides the routes and the site: the time limit, whether to check ids. */
export interface RenderOptions {
  limitMs: number;
  /** Some body sets ids: each page is checked for one used twice. */
  mayRepeatIds: boolean;
}

/**
 * Renders every route of `routes` (a worker's batch) in time-limited slices, checking each page
 * for a repeated id when `mayRepeatIds`. Returns the markup, in order; never writes.
 */
export function renderRoutes(routes: Route[], site: SiteModule, options: RenderOptions): string[] {
  const pages: string[] = [];
  while (pages.length < routes.length) {
    for (const html of renderSlice(routes, pages.length, site, options.limitMs)) {
      if (options.mayRepeatIds) checkUniqueIds(routes[pages.length], html);
      pages.push(html);
    }
  }
  return pages;
}

/**
 * Throws DuplicateIds when the page repeats an id. Only pages whose body sets ids need it: a page
 * must not repeat one (id="main" is the skip link's target).
 */
export function checkUniqueIds(route: Route, html: string) {
  const repeated = duplicateIds(html);
  if (repeated.length > 0) {
    throw sitegenError(
      DuplicateIds,
      { source: route.source, url: route.url, ids: repeated },
      { file: route.source },
    );
  }
}
