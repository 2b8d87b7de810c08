import type { Document } from 'domhandler';
import type { Content } from '../../content/types.ts';
import type { LinkTarget } from '../content/link-brands.ts';

/**
 * The brand linker (content/link-brands.ts linkFirstMentions); `parsed` is the body's parse by
 * the HTML policy, when the run has it, read instead of parsing the body again.
 */
export type LinkBody = (html: string, targets: LinkTarget[], parsed?: Document) => string;

/**
 * The last linked body of each article (watch), by slug: the digest of the body and the
 * targets it was linked from, and the result; a body with the same digest and targets is
 * neither read again nor linked.
 */
export type LinkMemo = Map<string, { targets: string; digest: string; linked: string }>;

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
