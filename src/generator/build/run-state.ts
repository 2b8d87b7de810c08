import type { WorkerPool } from '../workers/worker-pool.ts';
import type { Bundles } from '../site/bundle-site.ts';
import type { History } from './history.ts';
import type { PendingCards } from './pending-cards.ts';
import type { Project } from './project.ts';

/** Files of a run made when a request names them (paths under the output folder). */
export interface FilesOnRequest {
  has(file: string): boolean;
  /** Its bytes; undefined when it is no such file. */
  make(file: string): Promise<string | Uint8Array | undefined>;
}

/** What every run of one builder shares: the project, its settings, its history and caches. */
export interface BuilderState {
  project: Project;
  /** The project folder, absolute. */
  root: string;
  /** The vetted output folder. */
  outDir: string;
  /** What each run leaves for the next (history.ts): in memory, in the manifest, or nothing. */
  history: History;
  /** watch (cardsLater): the social cards the runs left to draw. */
  pendingCards: PendingCards;
  limitMs: number;
  /** sitegen's cache folder; none with an in-memory writer (tests). */
  cacheDir?: string;
  /** The site's bundles: made again unless `mayReuse` and there are last ones. */
  bundle(mayReuse: boolean): Promise<Bundles>;
  /** The social cards' cache key prefix (fonts, template, sitegen version), computed once. */
  cardFingerprint(): Promise<string>;
  /** The worker threads (`jobs` above 1), made on first call; undefined: all on this thread. */
  pool(): WorkerPool | undefined;
  /**
   * Watch: told, once a run has loaded the site, how to make its pages and assets on request
   * (pages-on-request.ts), and told `undefined` once the run is over. A promise returned is
   * awaited before the run goes on.
   */
  onLoaded?(files: FilesOnRequest | undefined): Promise<void> | undefined;
}
