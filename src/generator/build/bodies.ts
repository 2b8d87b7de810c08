import type { Document } from 'domhandler';
import type { Article } from '../../content/types.ts';
import type { LinkTarget } from '../content/link-brands.ts';
import type { BodyLookup } from '../pages/page-context.ts';
import type { LinkBody, LinkMemo, Prelinked } from './link-bodies.ts';

/** What LinkedBodies reads: the run's bodies, and how to link one and to read one again. */
export interface BodySources {
  /** Every article's body digest by slug (LoadedContent.bodyDigests): which articles have one. */
  digests: Map<string, string>;
  /** The bodies parsed in this run (before linking), by slug; taken out once linked. */
  parsed: Map<string, string>;
  /** Bodies the worker threads linked already, and to which targets. */
  prelinked?: Prelinked;
  targets: LinkTarget[];
  link: LinkBody;
  /** Linked bodies kept between the runs of one watch. */
  memo?: LinkMemo;
  /**
   * The body of `article` when this run did not parse it (its file is unchanged since the build
   * the manifest describes): read and parsed again, and checked against `digest`; with the HTML
   * policy's parse of it, which the linker reads.
   */
  reparse(article: Article, digest: string): { html: string; parsed?: Document };
}

/**
 * The linked bodies of one run, each made when a page or the feed first asks for it: a run that
 * renders three pages links three bodies, and a body that the build manifest vouched for is
 * read from its file only when something shows it. A BodyLookup, so plans and the feed read it
 * as they read a Map.
 */
export class LinkedBodies implements BodyLookup {
  private readonly linked = new Map<string, string>();
  private readonly targetsKey: string;
  /** The articles by slug, made when a body is first read again (the build manifest's). */
  private bySlug: Map<string, Article> | undefined;

  constructor(
    private readonly sources: BodySources,
    private readonly articles: Article[],
  ) {
    this.targetsKey = JSON.stringify(sources.targets);
    // A body gone leaves its entry, which no run uses (each is checked by digest and targets),
    // until the memo holds more entries than there are bodies.
    const memo = sources.memo;
    if (memo && memo.size > sources.digests.size)
      for (const slug of memo.keys()) if (!sources.digests.has(slug)) memo.delete(slug);
  }

  has(slug: string): boolean {
    return this.sources.digests.has(slug);
  }

  /** The digest of the body of `slug` before linking; undefined when it has none. */
  digest(slug: string): string | undefined {
    return this.sources.digests.get(slug);
  }

  get(slug: string): string | undefined {
    const done = this.linked.get(slug);
    if (done !== undefined) return done;
    const digest = this.sources.digests.get(slug);
    if (digest === undefined) return undefined;
    const result = this.make(slug, digest);
    this.linked.set(slug, result);
    return result;
  }

  /** Whether some body made so far sets an id (commit-pages.ts hasIds). */
  some(test: (html: string) => boolean): boolean {
    for (const html of this.linked.values()) if (test(html)) return true;
    return false;
  }

  /** The body of `slug`, read and parsed again (BodySources.reparse). */
  private reparse(slug: string, digest: string): { html: string; parsed?: Document } {
    this.bySlug ??= new Map(this.articles.map((article) => [article.slug, article]));
    return this.sources.reparse(this.bySlug.get(slug)!, digest);
  }

  private make(slug: string, digest: string): string {
    const { parsed, prelinked, targets, link, memo } = this.sources;
    const targetsKey = this.targetsKey;
    // A body linked before (watch), with the same digest and targets: nothing to read or link.
    const last = memo?.get(slug);
    if (last && last.digest === digest && last.targets === targetsKey) {
      parsed.delete(slug);
      return last.linked;
    }
    const kept = parsed.get(slug);
    const body = kept === undefined ? this.reparse(slug, digest) : { html: kept };
    // A one-shot build keeps each body once: linked, not also as parsed.
    parsed.delete(slug);
    const ahead = prelinked?.targetsKey === targetsKey ? prelinked.bodies.get(slug) : undefined;
    const linked = ahead ?? link(body.html, targets, body.parsed);
    memo?.set(slug, { targets: targetsKey, digest, linked });
    return linked;
  }
}
