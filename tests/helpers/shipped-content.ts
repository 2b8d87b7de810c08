import { content as siteContent } from '../../src/content/index.ts';
import { loadContent, type LoadedContent } from '../../src/generator/load-content.ts';
import { REPO } from './paths.ts';

/**
 * The shipped content as a build sees it: src/content/index.ts joined with the articles read
 * from src/content/articles/*.md (drafts included), bodies rendered from Markdown, unlinked.
 */
export function shippedContent(): Promise<LoadedContent> {
  return loadContent(siteContent, REPO, { drafts: true });
}
