import path from 'node:path';
import type { Article } from '../../content/types.ts';
import type { ArticleMemo, Render } from '../content/read-articles.ts';
import { readSourceFile } from '../content/read-source-file.ts';
import { isSameData } from './rendered-pages.ts';

/**
 * An article whose body, and nothing else, changed: its slug and its new body HTML (before brand
 * linking).
 */
export interface BodyChange {
  slug: string;
  html: string;
}

/**
 * What the last good run read: its articles (drafts included where it built them) and their bodies
 * by slug.
 */
export interface ReadBefore {
  articles: Article[];
  bodies: Map<string, string>;
}

/** read-articles.ts's rereadArticle. */
type Reread = (
  file: string,
  text: string,
  render: Render,
  memo?: ArticleMemo,
) => { article: Article; html?: string } | undefined;

/**
 * A save's changes when they are body changes only: every changed file is an article the
 * last run built with a body, and it still reads without problems into an equal record
 * (title, excerpt, dates, read time, brand, image: all that lists, cards, the sitemap and
 * other pages show) and a body. Then only each article's own page and the feed depend on
 * the change. Undefined for anything else (a new, deleted, broken, retitled or emptied
 * article), and the caller runs every stage. Reads the changed files only.
 */
export function bodyOnlyChanges(
  root: string,
  changedFiles: string[],
  before: ReadBefore,
  read: { reread: Reread; render?: Render; memo?: ArticleMemo },
): BodyChange[] | undefined {
  if (!read.render) return undefined;
  const bySource = new Map(before.articles.map((article) => [article.source, article]));
  const changes: BodyChange[] = [];
  for (const file of new Set(changedFiles)) {
    const last = bySource.get(file);
    if (!last || !before.bodies.has(last.slug)) return undefined;
    const text = readSourceFile(path.join(root, file));
    if (typeof text !== 'string') return undefined;
    const now = read.reread(file, text, read.render, read.memo);
    if (!now || now.html === undefined || !isSameData(now.article, last)) return undefined;
    changes.push({ slug: last.slug, html: now.html });
  }
  return changes;
}
