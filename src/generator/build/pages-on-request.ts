import type { Page } from '../pages/routes.ts';
import type { Route } from '../pages/plan-routes.ts';
import { startClock, type Clock } from './clock.ts';
import { hasIds } from './commit-pages.ts';
import type { DependencyMap } from './decide.ts';
import type { LoadedSite } from './load-pages.ts';
import type { FilesOnRequest } from './run-state.ts';

/** How a run plans pages (site-run.ts planPages), handed in so this module imports no run. */
type Plan = (
  site: LoadedSite,
  pages: Page[],
  clock: Clock,
) => { toRender: Route[]; planned: DependencyMap };

/**
 * The pages and assets of a loaded site, made when a request names them: what watch's dev
 * server answers while its first run is still rendering the rest (a site of 10,000 articles
 * serves its first page once it is loaded, not once every page is written). A page is planned
 * and rendered as the run does it (planPages, then renderToStaticMarkup under the time limit),
 * so its bytes are the ones the run writes. Pure but for the run's memos and card planner.
 */
export function filesOnRequest(site: LoadedSite, limitMs: number, plan: Plan): FilesOnRequest {
  // Looked up only when a request comes: a save of watch, which nobody asks a page during,
  // makes no map of 10,000 pages.
  let byPath: { pages: Map<string, Page>; assets: Map<string, string | Uint8Array> } | undefined;
  const lookup = () => {
    byPath ??= {
      pages: new Map(site.pages.map((page) => [page.outputPath, page])),
      assets: new Map(site.assets.map((asset) => [asset.path, asset.contents])),
    };
    return byPath;
  };
  return {
    has: (file) => lookup().pages.has(file) || lookup().assets.has(file),
    make: async (file) => {
      const { pages, assets } = lookup();
      const asset = assets.get(file);
      if (asset !== undefined) return asset;
      const page = pages.get(file);
      if (!page) return undefined;
      const { toRender } = plan(site, [page], startClock());
      const { site: module, stages } = site.loaded;
      const [html] = stages.renderSlice(toRender, 0, module, limitMs);
      if (hasIds(html)) stages.checkUniqueIds(toRender[0], html);
      return html;
    },
  };
}
