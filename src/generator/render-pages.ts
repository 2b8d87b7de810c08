import type { createElement as CreateElement } from 'react';
import type { renderToStaticMarkup as RenderToStaticMarkup } from 'react-dom/server';
import type { LoadedSite } from './load-site.ts';
import type { Route } from './plan-routes.ts';
import { SitegenError } from './errors.ts';
import { requireFromSitegen } from './node-require.ts';

const { createElement } = requireFromSitegen('react') as { createElement: typeof CreateElement };
const { renderToStaticMarkup } = requireFromSitegen('react-dom/server') as { renderToStaticMarkup: typeof RenderToStaticMarkup };

/** One pass over the markup: a void element's "/>", an empty boolean attribute, a camelCase name. */
const REACT_XHTML_ISMS =
  /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)(\s[^<>]*?)?\/>| (async|autofocus|checked|defer|disabled|hidden|multiple|novalidate|open|readonly|required|selected)=""| (charSet|autoComplete)=/g;

function fixAttribute(_match: string, _voidName: unknown, _voidAttributes: unknown, booleanName?: string, camelName?: string): string {
  return booleanName ? ` ${booleanName}` : ` ${camelName!.toLowerCase()}=`;
}

/**
 * Renders one route to a complete HTML document. Returns the markup; never writes.
 * React's markup is then written the way HTML validators expect: void elements without
 * "/>", boolean attributes without `=""`, and the two attribute names React leaves in
 * camelCase lowercased. React escapes "<" and ">" in attribute values, so these
 * patterns can only meet real tags.
 */
export function renderPage(route: Route, site: LoadedSite): string {
  const component = site.templates[route.template];
  if (!component) {
    throw new SitegenError(`Route ${route.url} uses the template "${route.template}", which src/templates/index.ts does not export.`);
  }
  let markup: string;
  try {
    markup = renderToStaticMarkup(createElement(component, route.props));
  } catch (error) {
    const where = site.locate(error);
    throw new SitegenError(
      `Rendering ${route.url} with ${route.template} failed${where ? ` at ${where.file}:${where.line}` : ''}: ${(error as Error)?.message ?? error}`,
      { cause: error, ...where },
    );
  }
  const html = markup.replace(REACT_XHTML_ISMS, (_, voidName, voidAttributes, booleanName, camelName) =>
    voidName
      ? `<${voidName}${(voidAttributes ?? '').replace(REACT_XHTML_ISMS, fixAttribute)}>`
      : fixAttribute(_, undefined, undefined, booleanName, camelName),
  );
  return `<!DOCTYPE html>${html}\n`;
}
