import type { CardReport } from '../assets/social-cards.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import {
  isFolderWriter,
  type OutputFile,
  type Writer,
  type WriteSummary,
} from '../output/writer.ts';
import type { Clock } from './clock.ts';
import type { Stages } from './load-site.ts';
import type { SharedSite } from '../workers/shared-site.ts';
import { MIN_PARALLEL_WORK, type WorkerPool } from '../workers/worker-pool.ts';
import { PageRunsLong } from '../workers/heap-headroom.ts';

/** What rendering needs: the site's code, the stage modules and the time limit. */
export interface RenderContext {
  site: SiteModule;
  stages: Stages;
  limitMs: number;
  /** Some body sets ids: each page is checked for one used twice. */
  mayRepeatIds: boolean;
  /** Called after each page is rendered (progress display). */
  onPage?: (done: number, total: number) => void;
  /** Worker threads, which render when there are enough pages; with `share`, the site's code. */
  pool?: WorkerPool;
  share?: () => SharedSite;
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
 * Renders `toRender` in time-limited slices (workers/render-page.ts), on the worker threads when
 * there are enough pages, and adds each page to the writer in route order, checking for repeated
 * ids when a body sets some.
 */
async function renderPages(writer: Writer, toRender: Route[], context: RenderContext) {
  const { site, stages, limitMs, mayRepeatIds, onPage, pool, share } = context;
  if (pool && share && toRender.length >= MIN_PARALLEL_WORK) {
    await renderOnWorkers(writer, toRender, context, pool, share);
    return;
  }
  // A page that runs long here could fill this thread's heap, which V8 does not survive: it and
  // the pages after it render on worker threads, where a full heap ends a thread, not the build.
  const toWorkers = Boolean(pool?.canStart() && share);
  let done = 0;
  while (done < toRender.length) {
    let slice: string[];
    try {
      slice = stages.renderSlice(toRender, done, site, limitMs, toWorkers);
    } catch (error) {
      if (!(error instanceof PageRunsLong)) throw error;
      await renderOnWorkers(writer, toRender, context, pool!, share!, done);
      return;
    }
    for (const contents of slice) {
      if (mayRepeatIds) stages.checkUniqueIds(toRender[done], contents);
      await writer.add({ path: toRender[done].outputPath, contents });
      done++;
      onPage?.(done, toRender.length);
    }
    // A turn for signals (Ctrl-C), timers and the dev server's requests between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Renders `toRender` (from index `from` on) on the worker threads. Into a folder writer the
 * workers write the pages themselves and the writer counts them; any other writer gets each page
 * from here. Either way in route order.
 */
async function renderOnWorkers(
  writer: Writer,
  toRender: Route[],
  context: RenderContext,
  pool: WorkerPool,
  share: () => SharedSite,
  from = 0,
) {
  const { limitMs, mayRepeatIds, onPage } = context;
  const direct = isFolderWriter(writer) ? writer : undefined;
  const folder = await direct?.folder();
  const options = { limitMs, mayRepeatIds, site: share(), folder };
  let added = from;
  const rendered = pool.render(toRender.slice(from), options, async (batch, first) => {
    const count = 'pages' in batch ? batch.pages.length : batch.sizes.length;
    for (let i = 0; i < count; i++) {
      const route = toRender[from + first + i];
      if ('pages' in batch) await writer.add({ path: route.outputPath, contents: batch.pages[i] });
      else direct!.wrote(route.outputPath, batch.sizes[i]);
      onPage?.(++added, toRender.length);
    }
  });
  await rendered.catch((error: NodeJS.ErrnoException) => {
    throw direct && typeof error.code === 'string' ? direct.explain(error) : error;
  });
}

/**
 * Whether body HTML sets an id. A page must not repeat one (id="main" is the skip link's
 * target), so only pages that can hold such an id are parsed again. Pure.
 */
export function hasIds(html: string): boolean {
  return /\sid\s*=/i.test(html);
}
