import type { Route } from '../pages/plan-routes.ts';
import { isKeepingWriter, type Writer } from '../output/writer.ts';

/** The pages of one run to render, and what to remember of them once it is committed. */
export interface PageSelection {
  /** The routes whose page must be rendered now, in route order. */
  toRender: Route[];
  /** Every route of the run. */
  routes: Route[];
  /** The bundles this run renders with (the templates' code). */
  bundles: unknown;
}

/**
 * What the last committed build rendered (watch): each page's template and props, and the
 * bundles its templates came from. Templates are pure (props in, markup out), so a page whose
 * props and bundles are both unchanged renders to the same HTML: the writer keeps the file
 * it has and the page is not rendered again. A body save renders the pages that show that
 * body, not all of them.
 */
export class RenderedPages {
  private previous = new Map<string, Route>();
  private bundles: unknown;

  /**
   * Chooses the routes to render: all of them when the bundles changed, else those whose
   * template or props changed or whose file the writer cannot keep (KeepingWriter.keep; a
   * writer that starts from nothing keeps none).
   */
  select(routes: Route[], bundles: unknown, writer: Writer): PageSelection {
    const isSameCode = bundles === this.bundles;
    const keeping = isKeepingWriter(writer) ? writer : undefined;
    const isUnchanged = (route: Route) => {
      const last = this.previous.get(route.outputPath);
      return (
        last !== undefined &&
        last.template === route.template &&
        isSameData(last.props, route.props)
      );
    };
    const toRender = routes.filter(
      (route) => !(isSameCode && isUnchanged(route) && keeping?.keep(route.outputPath)),
    );
    return { toRender, routes, bundles };
  }

  /** After a commit: the pages on disk are now those of `selection`. */
  remember(selection: PageSelection): void {
    this.previous = new Map(selection.routes.map((route) => [route.outputPath, route]));
    this.bundles = selection.bundles;
  }

  /** After a commit that rendered only `routes` (a body save) and kept every other page. */
  replace(routes: Route[]): void {
    for (const route of routes) this.previous.set(route.outputPath, route);
  }

  /** After a failure: nothing is known to be on disk; the next run renders every page. */
  forget(): void {
    this.previous = new Map();
    this.bundles = undefined;
  }
}

/**
 * Deep equality of plain data (props: strings, numbers, booleans, arrays, plain objects). An
 * unchanged article's body is the very string the memos kept, so most comparisons end at
 * `===` on one pointer. A key that is present but undefined differs from a missing one. Pure.
 */
export function isSameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!isSameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // for...in without Object.keys: no array per object, on the ~100,000 objects of a large site.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    if (!Object.hasOwn(right, key) || !isSameData(left[key], right[key])) return false;
    count++;
  }
  for (const key in right) if (Object.hasOwn(right, key)) count--;
  return count === 0;
}
