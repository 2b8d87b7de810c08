import { createHash } from 'node:crypto';
import type { Route } from './plan-routes.ts';
import type { Writer } from './write-output.ts';

/** The pages of one run to render, and what to remember of them once it is committed. */
export interface PageSelection {
  /** The routes whose page must be rendered now, in route order. */
  toRender: Route[];
  /** Props digest by output path, for every route. */
  digests: Map<string, string>;
  /** The bundles this run renders with (the templates' code). */
  bundles: unknown;
}

/**
 * What the last committed build rendered (watch): each page's props digest and the bundles
 * its templates came from. Templates are pure (props in, markup out), so a page whose props
 * and bundles are both unchanged renders to the same HTML: the writer keeps the file it has
 * and the page is not rendered again. A body save renders the pages that show that body,
 * not all of them.
 */
export class RenderedPages {
  private digests = new Map<string, string>();
  private bundles: unknown;

  /**
   * Chooses the routes to render: all of them when the bundles changed, else those whose
   * props changed or whose file the writer cannot keep (Writer.keep: absent on a writer
   * that starts from nothing).
   */
  select(routes: Route[], bundles: unknown, writer: Pick<Writer, 'keep'>): PageSelection {
    const digests = new Map(routes.map((route) => [route.outputPath, propsDigest(route)]));
    const isSameCode = bundles === this.bundles;
    const toRender = routes.filter(
      (route) => !(isSameCode && this.digests.get(route.outputPath) === digests.get(route.outputPath) && writer.keep?.(route.outputPath)),
    );
    return { toRender, digests, bundles };
  }

  /** After a commit: the pages on disk are now those of `selection`. */
  remember(selection: PageSelection): void {
    this.digests = selection.digests;
    this.bundles = selection.bundles;
  }

  /** After a failure: nothing is known to be on disk; the next run renders every page. */
  forget(): void {
    this.digests = new Map();
    this.bundles = undefined;
  }
}

/** A digest of what decides a page's HTML besides the templates: its template name and props. Pure. */
function propsDigest(route: Route): string {
  return createHash('sha1').update(route.template).update('\0').update(JSON.stringify(route.props)).digest('base64');
}
