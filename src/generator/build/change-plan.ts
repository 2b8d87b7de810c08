import { ARTICLE_DIR } from '../content/article-files.ts';
import { PUBLIC_DIR } from '../content/public-folder.ts';

/**
 * What a changed source file is; what it can change follows from its kind. A `public` file (in
 * public/, copied as it is) is never bundled and no page reads it: it is copied again, or
 * removed, and nothing else.
 */
export type SourceKind =
  | 'article'
  | 'image'
  | 'config'
  | 'style'
  | 'template'
  | 'client'
  | 'public'
  | 'other';

/**
 * An image under src/content/ (an article's `image`, or one a body shows): read by the image
 * stage on every run, never bundled. Anything in src/content/articles/images/ counts as one:
 * that folder holds no article.
 */
const IMAGE_SOURCE = /^src\/content\/.+\.(?:png|jpe?g|webp)$/i;

/** The stylesheet's sources: esbuild bundles them into assets/styles.<hash>.css. */
const STYLE_SOURCE = /^src\/templates\/[^/]+\.css$/;

/**
 * What one build or save changed, classified once; every decision downstream reads it: the
 * builder (bundle again, read which article files again), and watch (which live update the open pages get).
 */
export interface ChangePlan {
  /** No list of changes (the first build, or build()): every stage runs. */
  isFull: boolean;
  /** The changed files by kind (root-relative, "/"). */
  files: Record<SourceKind, string[]>;
  /**
   * The bundles are made again: anything but articles, images and public files changed. Those
   * are read by the build itself, not bundled, so after such a save the previous bundles are
   * still exact.
   */
  needsBundle: boolean;
  /**
   * What open pages do after a good rebuild: only styles changed, `css` (swap the stylesheet);
   * only content (articles and configuration), `pages` (the written pages reload); else `reload`
   * (a public file a page shows, such as an image, changed under the page's feet).
   */
  liveUpdate: 'css' | 'pages' | 'reload';
}

/** The kind of one root-relative source path. Pure. */
export function sourceKindOf(file: string): SourceKind {
  if (IMAGE_SOURCE.test(file) || file.startsWith(`${ARTICLE_DIR}/images/`)) return 'image';
  if (file.startsWith(`${ARTICLE_DIR}/`)) return 'article';
  if (file.startsWith('src/content/')) return 'config';
  if (STYLE_SOURCE.test(file)) return 'style';
  if (file.startsWith('src/templates/')) return 'template';
  if (file.startsWith('src/client/')) return 'client';
  if (file.startsWith(`${PUBLIC_DIR}/`)) return 'public';
  return 'other';
}

/** Classifies `changedFiles` (undefined or empty: a full build). Pure. */
export function planChanges(changedFiles?: string[]): ChangePlan {
  const files: Record<SourceKind, string[]> = {
    article: [],
    image: [],
    config: [],
    style: [],
    template: [],
    client: [],
    public: [],
    other: [],
  };
  const changed = new Set(changedFiles);
  for (const file of changed) files[sourceKindOf(file)].push(file);
  const count = changed.size;
  const isFull = count === 0;
  const isOnly = (...kinds: SourceKind[]) =>
    !isFull && kinds.reduce((sum, kind) => sum + files[kind].length, 0) === count;
  const needsBundle = !isOnly('article', 'image', 'public');
  let liveUpdate: ChangePlan['liveUpdate'] = 'reload';
  if (isOnly('style')) liveUpdate = 'css';
  else if (isOnly('article', 'image', 'config')) liveUpdate = 'pages';
  return { isFull, files, needsBundle, liveUpdate };
}
