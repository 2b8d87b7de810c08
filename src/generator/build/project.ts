import type { Writer } from '../output/writer.ts';

/** What a builder builds, and where to. */
export interface Project {
  /** Project folder holding src/content, src/templates and src/client. */
  root: string;
  /** Output folder; a build replaces it whole (incremental: updates it). */
  outDir: string;
  /** Overrides the site URL from src/content/site.ts. */
  siteUrl?: string;
  /** Where `siteUrl` came from, for error messages; default "--site-url". */
  siteUrlOrigin?: string;
  /** Called after each page is rendered (progress display). */
  onPage?: (done: number, total: number) => void;
  /** Called once when the output folder is locked by another build and this one waits for it. */
  onWait?: (message: string) => void;
  /**
   * How long one page may render before the build fails; default $SITEGEN_RENDER_TIMEOUT_MS, else
   * 10 s.
   */
  renderTimeLimitMs?: number;
  /**
   * Where files go instead of `outDir` (tests: a MemoryWriter); the builder then never touches the
   * disk.
   */
  writer?: Writer;
  /** Build the articles marked `draft: true` too (watch, `build --drafts`); default false. */
  drafts?: boolean;
  /** Draw social cards (og:image); default true. `--no-cards` turns them off. */
  cards?: boolean;
  /**
   * Incremental builders (watch): a run does not wait for the social cards the cache lacks;
   * the pages go out at once and `lateCards` draws and adds the cards afterwards. Default false.
   */
  cardsLater?: boolean;
  /**
   * sitegen's cache folder: drawn social cards in `cards/`, encoded article images in
   * `images/`. Default <root>/node_modules/.cache/sitegen ($SITEGEN_CACHE_DIR in the CLI);
   * none with `writer` (everything is drawn and encoded again, nothing touches the disk).
   */
  cacheDir?: string;
  /**
   * How many worker threads parse, link, render and draw when a site is big enough to gain from
   * them (workers/worker-pool.ts); default 1: everything on this thread. The CLI's `--jobs`
   * defaults to the number of cores.
   */
  jobs?: number;
  /**
   * Ignore what the previous build left (the build manifest in the cache folder): parse every
   * article and render every page. `--fresh`; default false.
   */
  fresh?: boolean;
}
