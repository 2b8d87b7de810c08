import type { Article, Content } from '../../content/types.ts';
import type { CardMemo } from '../assets/social-cards.ts';
import type { ArticleMemo, Render } from '../content/read-articles.ts';
import type { KeepingWriter, Writer } from '../output/writer.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { Page } from '../pages/routes.ts';
import type { Bundles } from '../site/bundle-site.ts';
import type { SiteModule } from '../site/evaluate-site.ts';
import type { KeptReport } from './build-result.ts';
import type { Project } from './builder.ts';
import type { LinkMemo } from './link-bodies.ts';
import type { Stages } from './load-site.ts';
import { RenderedPages } from './rendered-pages.ts';
import type { WorkerPool } from '../workers/worker-pool.ts';

/** What an incremental builder (watch) keeps between runs, as caches: a save redoes less. */
export interface Memos {
  /** Linked body by raw body: unchanged bodies skip cheerio. */
  linkMemo: LinkMemo;
  /** Parsed articles by file: unchanged files skip YAML and Markdown. */
  articleMemo: ArticleMemo;
  /** Pages rendered by the last commit: unchanged ones are kept, not rendered. */
  rendered: RenderedPages;
  /** Laid-out social cards, valid for one version of the site's code. */
  cardMemoFor(bundles: Bundles): CardMemo;
}

/** A fresh set of memos. */
export function createMemos(): Memos {
  let cards: { bundles: Bundles; memo: CardMemo } | undefined;
  return {
    linkMemo: new Map(),
    articleMemo: new Map(),
    rendered: new RenderedPages(),
    cardMemoFor: (bundles: Bundles) => {
      if (cards?.bundles !== bundles) cards = { bundles, memo: new Map() };
      return cards.memo;
    },
  };
}

/** What every run of one builder shares: the project, its settings and its caches. */
export interface BuilderState {
  project: Project;
  /** The project folder, absolute. */
  root: string;
  /** The vetted output folder. */
  outDir: string;
  limitMs: number;
  /** sitegen's cache folder; none with an in-memory writer (tests). */
  cacheDir?: string;
  /** watch: keeps the unlinked bodies and what a body save starts from. */
  isIncremental: boolean;
  /** Empty for a one-shot build. */
  memos: Partial<Memos>;
  /** The writer every run uses (watch, tests); absent: each build writes a new folder. */
  keptWriter?: Writer;
  /** The same writer when it can keep the files of its last commit: what a body save needs. */
  keepingWriter?: KeepingWriter;
  /** The site's bundles: made again unless `mayReuse` and there are last ones. */
  bundle(mayReuse: boolean): Promise<Bundles>;
  /** The social cards' cache key prefix (fonts, template, sitegen version), computed once. */
  cardFingerprint(): Promise<string>;
  /** The worker threads (`jobs` above 1), made on first call; undefined: all on this thread. */
  pool(): WorkerPool | undefined;
}

/**
 * What a good run of an incremental builder leaves for the next save: where a body save starts
 * from.
 */
export interface LastRun {
  site: SiteModule;
  stages: Stages;
  render?: Render;
  content: Content;
  /** Body HTML before and after brand linking, by slug. */
  bodies: Map<string, string>;
  linked: Map<string, string>;
  /** The pages (routes.ts), and their routes. */
  pages: Page[];
  routes: Route[];
  /** Plans `pages` with these linked bodies, as that run planned every page. */
  plan(linked: Map<string, string>, pages: Page[]): Route[];
  /** The feed's entries, once a body save needed them. */
  feedEntries?: Article[];
  siteUrl: string;
  /** What a body save reports unchanged. */
  kept: KeptReport;
}
