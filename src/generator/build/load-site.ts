import path from 'node:path';
import { readArticleFiles } from '../content/article-files.ts';
import type { ArticleMemo } from '../content/read-articles.ts';
import { readSourceFile, type SourceFile } from '../content/read-source-file.ts';
import type { Bundles } from '../site/bundle-site.ts';
import { evaluateSite } from '../site/evaluate-site.ts';
import type { Clock } from './clock.ts';

/**
 * Stage modules loaded while esbuild runs: content checks (yaml, valibot), the linker (cheerio),
 * React, the HTML policy.
 */
export type Stages = Awaited<ReturnType<typeof loadStages>>;

/** Imports the stage modules a run needs (once per process: the module cache keeps them). */
export function loadStages() {
  return Promise.all([
    import('../content/load-content.ts'),
    import('../content/read-articles.ts'),
    import('../content/link-brands.ts'),
    import('./render-pages.ts'),
    import('../policy/page-policy.ts'),
  ]).then(
    ([
      { loadContent },
      { rereadArticle },
      { linkFirstMentions },
      { renderSlice },
      { duplicateIds },
    ]) => ({ loadContent, rereadArticle, linkFirstMentions, renderSlice, duplicateIds }),
  );
}

/** How loadSite gets its bundles and reads the articles. */
export interface LoadOptions {
  /** The site's bundles: made again, or the last ones (the change plan decides). */
  bundle: () => Promise<Bundles>;
  /** Build the articles marked `draft: true` too. */
  drafts?: boolean;
  limitMs: number;
  articleMemo?: ArticleMemo;
  clock: Clock;
}

/**
 * Bundles the site (or reuses the last bundles), loads the stage modules and evaluates the site
 * module, then reads and checks the content. The articles are read first, so the parsers they
 * need load while esbuild runs; their texts are let go on return (250 MB at 50,000 articles).
 * Reads disk.
 */
export async function loadSite(root: string, options: LoadOptions) {
  const { drafts, limitMs, articleMemo, clock } = options;
  const articleFiles = readArticleFiles(root);
  const [bundles, stages, render] = await Promise.all([
    options.bundle(),
    loadStages(),
    articleFiles.hasBodies
      ? import('../content/markdown.ts').then((module) => module.renderMarkdown)
      : undefined,
  ]);
  clock.lap('read and bundle');
  const site = evaluateSite(bundles, root, limitMs);
  const loaded = stages.loadContent(site.content, articleFiles, {
    drafts,
    render,
    memo: articleMemo,
    readSource: (file) => textOf(readSourceFile(path.join(root, file))),
  });
  clock.lap('load and validate');
  return { bundles, stages, render, site, ...loaded };
}

/** A file read by readSourceFile as text, or undefined when it is missing or unusable. */
function textOf(file: SourceFile): string | undefined {
  return typeof file === 'string' ? file : undefined;
}
