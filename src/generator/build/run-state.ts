import type { Article } from '../../content/types.ts';
import type { CardMemo } from '../assets/social-cards.ts';
import type { ArticleMemo } from '../content/article-memo.ts';
import type { FileResult } from '../content/read-articles.ts';
import type { OutputListing } from '../output/atomic-writer.ts';
import type { Writer } from '../output/writer.ts';
import type { Bundles } from '../site/bundle-site.ts';
import type { WorkerPool } from '../workers/worker-pool.ts';
import type { Project } from './builder.ts';
import type { DependencyMap } from './dependency-map.ts';
import type { LinkMemo } from './link-bodies.ts';
import type { KeptReport } from './build-result.ts';
import type { PendingCards } from './pending-cards.ts';
import type { LoadedSite } from './site-run.ts';

/** What an incremental builder (watch) keeps between runs, as caches: a save redoes less. */
export interface Memos {
  /** Linked body by raw body: unchanged bodies skip cheerio. */
  linkMemo: LinkMemo;
  /** Parsed articles by file, with their texts: unchanged files are not read or parsed again. */
  articleMemo: Map<string, { text: string; result: FileResult }>;
  /** Laid-out social cards, valid for one version of the site's code. */
  cardMemoFor(bundles: Bundles): CardMemo;
}

/** A fresh set of memos. */
export function createMemos(): Memos {
  let cards: { bundles: Bundles; memo: CardMemo } | undefined;
  return {
    linkMemo: new Map(),
    articleMemo: new Map(),
    cardMemoFor: (bundles: Bundles) => {
      if (cards?.bundles !== bundles) cards = { bundles, memo: new Map() };
      return cards.memo;
    },
  };
}

/**
 * What a run starts from: the parsed articles of the run before (watch's memo, or the build
 * manifest's), and that run's dependency map with, for a one-shot build, the listing of the
 * output it left. Absent: everything is parsed, or every page rendered.
 */
export interface PreviousRun {
  memo?: ArticleMemo;
  output?: { pages: DependencyMap; listing?: OutputListing };
}

/**
 * What a good run of watch's builder leaves for the next save: the loaded site (content,
 * bodies, the page list and its inputs), the dependency map, and what it reported. A body save
 * (body-run.ts) starts from it.
 */
export interface LastRun {
  site: LoadedSite;
  pages: DependencyMap;
  kept: KeptReport;
  /** The feed's entries, once a body save needed them. */
  feedEntries?: Article[];
}

/** What every run of one builder shares: the project, its settings and its caches. */
export interface BuilderState {
  project: Project;
  /** The project folder, absolute. */
  root: string;
  /** The vetted output folder. */
  outDir: string;
  /** watch (cardsLater): the social cards the runs left to draw. */
  pendingCards: PendingCards;
  limitMs: number;
  /** sitegen's cache folder; none with an in-memory writer (tests). */
  cacheDir?: string;
  /** watch: the memos live as long as the builder. */
  isIncremental: boolean;
  /** Empty for a one-shot build. */
  memos: Partial<Memos>;
  /** The writer every run uses (watch, tests); absent: each build writes a new folder. */
  keptWriter?: Writer;
  /** The site's bundles: made again unless `mayReuse` and there are last ones. */
  bundle(mayReuse: boolean): Promise<Bundles>;
  /** The social cards' cache key prefix (fonts, template, sitegen version), computed once. */
  cardFingerprint(): Promise<string>;
  /** The worker threads (`jobs` above 1), made on first call; undefined: all on this thread. */
  pool(): WorkerPool | undefined;
  /** What this run starts from (see PreviousRun); `fresh`: nothing the last build left. */
  previous(fresh?: boolean): PreviousRun;
  /**
   * After a commit through `writer`: keeps the run's dependency map for the next run (watch) or
   * writes the build manifest (build-manifest.ts).
   */
  remember(run: {
    pages: DependencyMap;
    writer: Writer;
    memo?: ArticleMemo;
    last: Omit<LastRun, 'pages'>;
  }): Promise<void>;
}
