import { content as siteContent } from '../../src/content/index.ts';
import { readArticleFiles } from '../../src/generator/content/article-files.ts';
import { loadContent, type LoadedContent } from '../../src/generator/content/load-content.ts';
import { renderMarkdown } from '../../src/generator/content/markdown.ts';
import { REPO } from './paths.ts';

/**
 * The shipped content as a build sees it: src/content/index.ts joined with the articles read
 * from src/content/articles/*.md (drafts included), bodies rendered from Markdown, unlinked.
 */
export async function shippedContent(): Promise<LoadedContent> {
  return loadContent(siteContent, readArticleFiles(REPO), { drafts: true, render: renderMarkdown });
}

/** Asset paths for planning pages without bundling. */
export const PLAN_ASSETS = {
  css: '/assets/styles.x.css',
  js: '/assets/client.x.js',
  icon: '/assets/favicon.x.svg',
};

/**
 * The shipped content ready to plan pages from: every article that has a body gets the same
 * short one, so page props do not depend on the Markdown.
 */
export async function shippedForPlanning() {
  const shipped = await shippedContent();
  const bodies = new Map([...shipped.bodies.keys()].map((slug) => [slug, '<p>isi</p>']));
  return { content: shipped.content, bodies, assets: PLAN_ASSETS };
}
