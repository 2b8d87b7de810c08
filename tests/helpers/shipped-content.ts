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
