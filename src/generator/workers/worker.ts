/**
 * The worker thread's entry (bundled as worker.mjs beside cli.mjs). Piscina calls its exports by
 * name with plain data; each returns a TaskResult, never throws, so a SitegenError reaches the
 * main thread whole. The site module is evaluated once per worker and code version.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Document } from 'domhandler';
import { loadCardRenderer } from '../assets/draw-card.ts';
import { linkFirstMentions } from '../content/link-brands.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { parseArticleFile } from '../content/read-articles.ts';
import { evaluateSite, type SiteModule } from '../site/evaluate-site.ts';
import { pageFacts, type PageFacts } from './page-facts.ts';
import { renderRoutes } from './render-page.ts';
import { readSharedSite, type SharedSite } from './shared-site.ts';
import { settle, type TaskResult } from './thrown.ts';
import type {
  DrawTask,
  FactsTask,
  ParsedBatch,
  ParseTask,
  RenderedBatch,
  RenderTask,
} from './tasks.ts';

let current: { key: string; site: SiteModule } | undefined;
let drawCard: ReturnType<typeof loadCardRenderer> | undefined;

/** The site module of `shared`, evaluated on first use. */
function siteOf(shared: SharedSite): SiteModule {
  if (current?.key !== shared.key) {
    const site = evaluateSite(readSharedSite(shared), shared.root, shared.limitMs);
    current = { key: shared.key, site };
  }
  return current.site;
}

/**
 * Parses article files (front matter, Markdown, the HTML policy) and, when `targets` are given,
 * links the first brand mentions of each sound body.
 */
export function parse(task: ParseTask): Promise<TaskResult<ParsedBatch>> {
  return settle(() => {
    const results: ParsedBatch['results'] = [];
    const linked: ParsedBatch['linked'] = [];
    for (const { file, text } of task.files) {
      // The HTML policy's parse of the body, read by the linker: one parse per body.
      let parsed: Document | undefined;
      const result = parseArticleFile(file, text, renderMarkdown, task.phrases, (document) => {
        parsed = document;
      });
      results.push(result);
      linked.push(
        task.targets && result.html !== undefined && result.problems.length === 0
          ? linkFirstMentions(result.html, task.targets, parsed)
          : undefined,
      );
    }
    return { results, linked };
  });
}

/**
 * Renders a batch of routes to HTML, in order, and writes each page into `task.folder` when it
 * names one (the pages then never cross back to the main thread).
 */
export function render(task: RenderTask): Promise<TaskResult<RenderedBatch>> {
  return settle(() => {
    const pages = renderRoutes(task.routes, siteOf(task.site), task);
    return task.folder === undefined
      ? { pages }
      : { sizes: writePages(task.folder, task.routes, pages) };
  });
}

/**
 * Writes each page at its route's outputPath under `folder` (a new output folder: a file that is
 * already there is an error, never overwritten). Returns the sizes in bytes.
 */
function writePages(folder: string, routes: RenderTask['routes'], pages: string[]): number[] {
  const made = new Set<string>([folder]);
  return pages.map((html, i) => {
    const target = path.join(folder, routes[i].outputPath);
    makeFoldersBelow(folder, path.dirname(target), made);
    const bytes = Buffer.from(html);
    writeFileSync(target, bytes, { flag: 'wx' });
    return bytes.byteLength;
  });
}

/**
 * Makes `dir` and the folders between it and `folder`, one level at a time, never `folder`
 * itself: once Ctrl-C's clean-up has removed the temporary output folder, a worker still
 * writing fails (ENOENT) instead of making it again, as a recursive mkdir did (a folder left
 * behind: tests/cli/atomic.test.ts). `made` remembers the folders made or found.
 */
function makeFoldersBelow(folder: string, dir: string, made: Set<string>): void {
  if (made.has(dir)) return;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`${dir} is not inside the output folder ${folder}`);
  makeFoldersBelow(folder, parent, made);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  made.add(dir);
}

/** Draws social cards (Takumi, loaded on the first card), in order. */
export function draw(task: DrawTask): Promise<TaskResult<Uint8Array[]>> {
  return settle(async () => {
    drawCard ??= loadCardRenderer();
    const drawOne = await drawCard;
    const pngs: Uint8Array[] = [];
    for (const tree of task.trees) pngs.push(await drawOne(tree));
    return pngs;
  });
}

/** `sitegen check`'s facts of built pages (page-facts.ts), in order. */
export function facts(task: FactsTask): Promise<TaskResult<PageFacts[]>> {
  return settle(() =>
    task.pages.map(({ file, bytes }) =>
      pageFacts(bytes, { file, siteUrl: task.siteUrl, phrases: task.phrases }),
    ),
  );
}
