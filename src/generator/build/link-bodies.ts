import type { Content } from '../../content/types.ts';
import type { LinkTarget } from '../content/link-brands.ts';

/** The brand linker (content/link-brands.ts linkFirstMentions). */
export type LinkBody = (html: string, targets: LinkTarget[]) => string;

/**
 * The last linked body of each article (incremental): the body and targets it was linked from,
 * and the result.
 */
export type LinkMemo = Map<string, { targets: string; html: string; linked: string }>;

/** Bodies linked ahead by worker threads (workers/worker-pool.ts), by slug, and the targets. */
export interface Prelinked {
  /** The targets they were linked to, as JSON (see linkBodies). */
  targetsKey: string;
  bodies: Map<string, string>;
}

/** The outbound link of every brand, as the linker takes them. Pure. */
export function brandTargets(content: Pick<Content, 'brands'>): LinkTarget[] {
  return content.brands.map((brand) => ({ name: brand.name, url: brand.url }));
}

/**
 * Links the first brand mentions of every body. A body the workers linked to the same targets
 * (`prelinked`) is taken as it is. With a memo (incremental), a body whose text and targets are
 * unchanged reuses the last result (an unchanged article's body is the very string the article
 * memo kept, so the comparison is one pointer), and articles that are gone are dropped.
 */
export function linkBodies(
  bodies: Map<string, string>,
  targets: LinkTarget[],
  link: LinkBody,
  { memo, prelinked }: { memo?: LinkMemo; prelinked?: Prelinked } = {},
): Map<string, string> {
  const linked = new Map<string, string>();
  const targetsKey = JSON.stringify(targets);
  const ahead = prelinked?.targetsKey === targetsKey ? prelinked.bodies : undefined;
  for (const [slug, html] of bodies) {
    const done = ahead?.get(slug);
    if (done !== undefined) memo?.set(slug, { targets: targetsKey, html, linked: done });
    linked.set(slug, done ?? linkBody(slug, html, { targets, targetsKey }, link, memo));
  }
  if (memo) {
    for (const slug of memo.keys()) if (!bodies.has(slug)) memo.delete(slug);
  }
  return linked;
}

/** One body linked, through the memo (see linkBodies); `targetsKey` is the targets as JSON. */
export function linkBody(
  slug: string,
  html: string,
  { targets, targetsKey }: { targets: LinkTarget[]; targetsKey: string },
  link: LinkBody,
  memo?: LinkMemo,
): string {
  const last = memo?.get(slug);
  const isSame = last && last.html === html && last.targets === targetsKey;
  const result = isSame ? last.linked : link(html, targets);
  memo?.set(slug, { targets: targetsKey, html, linked: result });
  return result;
}
