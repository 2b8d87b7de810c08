import type { CardReport } from '../assets/social-cards.ts';
import type { WriteSummary } from '../output/writer.ts';
import type { ChangePlan } from './change-plan.ts';
import type { Clock } from './clock.ts';

/** What `sitegen build` reports of a run (cli-output.ts): a build's, or the up-to-date check's. */
export type BuildSummary = Pick<
  BuildResult,
  | 'pages'
  | 'rendered'
  | 'files'
  | 'bytes'
  | 'written'
  | 'writtenFiles'
  | 'durationMs'
  | 'warnings'
  | 'draftsLeftOut'
  | 'cards'
  | 'images'
  | 'timings'
>;

export interface BuildResult {
  pages: number;
  /**
   * Pages rendered by this run: all of them, except in watch, where a page whose props and
   * templates are unchanged is kept.
   */
  rendered: number;
  /**
   * The site URL this build was made for, normalized ("https://user.github.io/repo/"): its path is
   * the base path.
   */
  siteUrl: string;
  files: number;
  bytes: number;
  /** Files written (fewer than `files` when an incremental writer skipped unchanged ones). */
  written: number;
  /** Their paths under the output folder, sorted: what watch reloads and --verbose lists. */
  writtenFiles: string[];
  removed: string[];
  durationMs: number;
  warnings: string[];
  /** Drafts left out of this build (`draft: true` without `drafts`). */
  draftsLeftOut: string[];
  /**
   * Social cards drawn by this build and read from the cache, and (watch) how many are left to
   * draw in the background.
   */
  cards: { rendered: number; cached: number; pending?: number };
  /**
   * Article image files read, and how many of them this build encoded (the rest came from the
   * cache).
   */
  images: { sources: number; encoded: number };
  /** Milliseconds spent in each stage, in order. */
  timings: Record<string, number>;
  /** Resolves when the previous output folder has been deleted. */
  cleanup: Promise<void>;
  /** What changed, as the change plan classified it (watch picks its live update from it). */
  changes: ChangePlan;
}

/** What a run reports that a body save carries over unchanged from the run before it. */
export type KeptReport = Pick<BuildResult, 'warnings' | 'draftsLeftOut' | 'images'>;

/** What one run did, as the pieces its stages returned. */
export interface RunOutcome {
  /** Every page of the run (routes or pages: only their number is read). */
  routes: readonly unknown[];
  /** The pages rendered now. */
  toRender: readonly unknown[];
  siteUrl: string;
  summary: WriteSummary & { cardReport: CardReport };
  kept: KeptReport;
  changes: ChangePlan;
  clock: Clock;
  cleanup?: Promise<void>;
}

/** The one place a BuildResult is made, for every path of a run. Pure but for the clock. */
export function buildResult(outcome: RunOutcome): BuildResult {
  const { cardReport, ...summary } = outcome.summary;
  return {
    pages: outcome.routes.length,
    rendered: outcome.toRender.length,
    siteUrl: outcome.siteUrl,
    ...summary,
    durationMs: outcome.clock.total(),
    ...outcome.kept,
    cards: {
      rendered: cardReport.rendered,
      cached: cardReport.cached,
      ...(cardReport.pending?.length ? { pending: cardReport.pending.length } : {}),
    },
    timings: outcome.clock.timings,
    cleanup: outcome.cleanup ?? Promise.resolve(),
    changes: outcome.changes,
  };
}
