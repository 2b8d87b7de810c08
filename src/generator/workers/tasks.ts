import type { CardNode } from '../assets/draw-card.ts';
import type { FileResult } from '../content/file-result.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import type { PageContext } from './page-facts.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';
import type { Route } from '../pages/plan-routes.ts';
import type { RenderOptions } from './render-page.ts';
import type { SharedSite } from './shared-site.ts';

/** Article files for a worker to parse (worker.ts parse). */
export interface ParseTask {
  files: { file: string; text: string }[];
  /** The brands' outbound links; absent when the configuration is not sound yet. */
  targets?: LinkTarget[];
  /** The site's responsible-copy list; absent when it is not sound yet. */
  phrases?: PhraseList;
}

/** One result per file, in order, and its linked body when the task had targets. */
export interface ParsedBatch {
  results: FileResult[];
  linked: (string | undefined)[];
}

/** Routes for a worker to render (worker.ts render). */
export interface RenderTask extends RenderOptions {
  routes: Route[];
  site: SharedSite;
  /** Where the worker writes each page itself (at its outputPath); absent: it hands them back. */
  folder?: string;
}

/** A render task's pages: their HTML, or, when the worker wrote them, their sizes in bytes. */
export type RenderedBatch = { pages: string[] } | { sizes: number[] };

/** Social cards for a worker to draw (worker.ts draw): their trees, in order. */
export interface DrawTask {
  trees: CardNode[];
}

/** Built pages for a worker to read for `sitegen check` (worker.ts facts): their bytes, in order. */
export interface FactsTask {
  pages: { file: string; bytes: Uint8Array }[];
  siteUrl?: PageContext['siteUrl'];
  phrases?: PageContext['phrases'];
}
