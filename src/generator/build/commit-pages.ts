import { sitegenError } from '../errors/errors.ts';
import { DuplicateIds } from '../errors/errors-data.ts';
import type { CardReport } from '../assets/social-cards.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import type { OutputFile, Writer, WriteSummary } from '../output/writer.ts';
import type { Clock } from './clock.ts';
import type { Stages } from './load-site.ts';

/** What rendering needs: the site's code, the stage modules and the time limit. */
export interface RenderContext {
  site: SiteModule;
  stages: Stages;
  limitMs: number;
  /** Some body sets ids: each page is checked for one used twice. */
  mayRepeatIds: boolean;
  /** Called after each page is rendered (progress display). */
  onPage?: (done: number, total: number) => void;
}

/** One commit of a run: what it renders and what else it writes. */
export interface CommitJob {
  /** Files written before the pages (assets). */
  assets: OutputFile[];
  /** The pages to render now. */
  toRender: Route[];
  render: RenderContext;
  /** Files written after the pages (sitemap, feed, host rules). */
  hostFiles: () => OutputFile[];
  /** Draws or copies the social cards into the writer; absent: the run writes no cards. */
  cards?: (writer: Writer) => Promise<CardReport>;
}

/** The card report of a run that writes no cards. */
export const NO_CARDS: CardReport = { rendered: 0, cached: 0 };

/**
 * The one render → write → commit routine of every run: hands the assets, each rendered page,
 * the host files and the cards to the writer, then commits; on any failure the writer drops
 * everything and the error is thrown. Touches disk only through the writer.
 */
export async function commitPages(
  writer: Writer,
  job: CommitJob,
  clock: Clock,
): Promise<WriteSummary & { cardReport: CardReport }> {
  try {
    for (const asset of job.assets) await writer.add(asset);
    await renderPages(writer, job.toRender, job.render);
    for (const file of job.hostFiles()) await writer.add(file);
    clock.lap('render and write');
    const cardReport = job.cards ? await job.cards(writer) : NO_CARDS;
    if (job.cards) clock.lap('social cards');
    const summary = await writer.commit();
    clock.lap('commit');
    return { ...summary, cardReport };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Renders `toRender` in time-limited slices (render-pages.ts) and adds each page to the
 * writer, checking for repeated ids when a body sets some.
 */
async function renderPages(writer: Writer, toRender: Route[], context: RenderContext) {
  const { site, stages, limitMs, mayRepeatIds, onPage } = context;
  let done = 0;
  while (done < toRender.length) {
    for (const contents of stages.renderSlice(toRender, done, site, limitMs)) {
      if (mayRepeatIds) checkUniqueIds(toRender[done], contents, stages.duplicateIds);
      await writer.add({ path: toRender[done].outputPath, contents });
      done++;
      onPage?.(done, toRender.length);
    }
    // A turn for signals (Ctrl-C), timers and the dev server's requests between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Whether body HTML sets an id. A page must not repeat one (id="main" is the skip link's
 * target), so only pages that can hold such an id are parsed again. Pure.
 */
export function hasIds(html: string): boolean {
  return /\sid\s*=/i.test(html);
}

function checkUniqueIds(route: Route, html: string, duplicateIds: (html: string) => string[]) {
  const repeated = duplicateIds(html);
  if (repeated.length > 0) {
    throw sitegenError(
      DuplicateIds,
      { source: route.source, url: route.url, ids: repeated },
      { file: route.source },
    );
  }
}
