import type { Content } from '../../content/types.ts';
import type { LinkTarget } from '../content/link-brands.ts';

/** The brand linker (content/link-brands.ts linkFirstMentions). */
export type LinkBody = (html: string, targets: LinkTarget[]) => string;

/**
 * The last linked body of each article (incremental): the body and targets it was linked from,
 * and the result.
 */
export type LinkMemo = Map<string, { targets: string; html: string; linked: string }>;

/** The outbound link of every brand, as the linker takes them. Pure. */
export function brandTargets(content: Content): LinkTarget[] {
  return content.brands.map((brand) => ({ name: brand.name, url: brand.url }));
}

/**
 * Links the first brand mentions of every body. With a memo (incremental), a body whose text
 * and targets are unchanged reuses the last result (an unchanged article's body is the very
 * string the article memo kept, so the comparison is one pointer), and articles that are
 * gone are dropped.
 */
export function linkBodies(
  bodies: Map<string, string>,
  targets: LinkTarget[],
  link: LinkBody,
  memo?: LinkMemo,
): Map<string, string> {
  const linked = new Map<string, string>();
  const targetsKey = JSON.stringify(targets);
  for (const [slug, html] of bodies) {
    linked.set(slug, linkBody(slug, html, { targets, targetsKey }, link, memo));
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
