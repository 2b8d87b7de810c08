import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Content } from '../content/types.ts';
import { SitegenError } from './errors.ts';
import { ARTICLE_BODY_DIR, validateContent } from './validate-content.ts';

export interface LoadedContent {
  content: Content;
  /** Raw body HTML by article slug, for articles that name a body file. */
  bodies: Map<string, string>;
}

/**
 * Reads every article body named in the content and validates everything at once.
 * Reads disk, writes nothing; throws one SitegenError listing every problem found.
 */
export async function loadContent(content: Content, root: string): Promise<LoadedContent> {
  const articles = Array.isArray(content.articles) ? content.articles : [];
  const files = [...new Set(articles.map((a) => a?.body).filter((b): b is string => typeof b === 'string' && isPlainFileName(b)))];
  const texts = new Map<string, string | null>();
  await Promise.all(
    files.map(async (file) => {
      texts.set(file, await readFile(path.join(root, ARTICLE_BODY_DIR, file), 'utf8').catch(() => null));
    }),
  );
  const problems = validateContent(content, texts);
  if (problems.length > 0) {
    throw new SitegenError(
      `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written. Fix ${problems.length === 1 ? 'it' : 'them'} and build again:`,
      { problems, file: problems[0].split(':')[0] },
    );
  }
  const bodies = new Map<string, string>();
  for (const article of articles) {
    if (article.body) bodies.set(article.slug, texts.get(article.body)!);
  }
  return { content, bodies };
}

function isPlainFileName(name: string): boolean {
  return name !== '' && !name.includes('/') && !name.includes('\\') && !name.startsWith('.');
}
