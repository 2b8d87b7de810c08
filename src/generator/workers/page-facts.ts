import { gzipSync } from 'node:zlib';
import { load, type CheerioAPI } from 'cheerio/slim';
import { headProblems, isNoindex, readMeta, redirectOf } from '../policy/page-head.ts';
import { declaredOgImageSize, redirectPageProblems } from '../policy/page-head.ts';
import { outboundLinkProblems, referencesOf } from '../policy/page-links.ts';
import { checkPageDocument } from '../policy/page-parse.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';

/**
 * What `sitegen check` learns of one built page from its bytes alone (check/check-output.ts
 * follows it against the rest of the folder): the page rules' problems, its head and links, what
 * the whole-site checks need of it, its size. A pure function of the page's bytes, its file, the
 * site URL and the responsible-copy list, so the facts of an unchanged page are taken from the
 * cache (check/check-cache.ts), and those of the others worked out here, on a worker thread
 * (worker.ts) or on the main thread. Plain data: it crosses threads and is kept as JSON.
 */

/** One problem of a page, with its line and column when the rule knows them. */
export interface PageProblem {
  message: string;
  line?: number;
  column?: number;
}

/** A reference of the page: how a problem names it ("link", "og:image") and its URL. */
export type PageReference = [kind: string, reference: string];

export interface PageFacts {
  /** The HTML policy's problems, then the head's, in the order check reports them. */
  problems: PageProblem[];
  /** The markup nests deeper than the policy reads: nothing else was read, and it has no weight. */
  tooDeep: boolean;
  isNoindex: boolean;
  isRedirect: boolean;
  /** Every link, asset, form action, list data file, og:image and redirect target, in order. */
  references: PageReference[];
  /** The fragments among `references` ("#x") whose id no element of the page has ("x"). */
  missingIds: string[];
  /** The og:image size the page declares, when it declares one. */
  declared?: { width: number; height: number };
  /** The problems reported after its references': outbound links, redirect page, draft shown. */
  laterProblems: string[];
  /** The page's bytes and their gzip (level 9, as the first-load budget counts them). */
  size: { raw: number; gzip: number };
}

/** What a page's facts depend on besides its bytes. */
export interface PageContext {
  /** The page's file, relative to the checked folder. */
  file: string;
  /** The site URL, from the home page's canonical link, when it has one. */
  siteUrl?: string;
  /** The site's responsible-copy list; absent: not checked. */
  phrases?: PhraseList;
}

/** The DRAFT badge (src/templates/DraftMarker.tsx) that watch and build --drafts put on drafts. */
const DRAFT_MARKER = '.badge-draft';
const DRAFT_SHOWN =
  'shows a draft (marked DRAFT): this folder was written by sitegen watch or build --drafts. ' +
  'Deploy what sitegen build writes, which leaves drafts out';

/**
 * Every rule of one page that reads the page alone: the HTML policy (policy/page-parse.ts
 * `checkPageDocument`, on the tree cheerio then reads), the head and a redirect page's rules (policy/page-head.ts), its references and
 * which of its fragments name no element (policy/page-links.ts), its outbound links, the draft
 * badge; and its size. The policy runs first: it refuses markup too deep for the recursive parts
 * of cheerio. Pure.
 */
export function pageFacts(bytes: Uint8Array, context: PageContext): PageFacts {
  const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // One parse: the policy's tree is the one cheerio reads (policy/page-parse.ts).
  const { problems: policy, document } = checkPageDocument(html, { phrases: context.phrases });
  const problems: PageProblem[] = policy.map(({ message, line, column }) => ({
    message,
    line,
    column,
  }));
  const facts: PageFacts = {
    problems,
    tooDeep: policy.some((problem) => problem.isTooDeep),
    isNoindex: false,
    isRedirect: false,
    references: [],
    missingIds: [],
    laterProblems: [],
    size: { raw: bytes.byteLength, gzip: 0 },
  };
  if (facts.tooDeep) return facts;
  const $ = load(document ?? html);
  const meta = readMeta($);
  const redirect = redirectOf(meta);
  facts.isNoindex = isNoindex(meta);
  facts.isRedirect = redirect !== undefined;
  const page = { file: context.file, siteUrl: context.siteUrl, isRedirect: facts.isRedirect };
  for (const { message } of headProblems($, meta, page)) problems.push({ message });
  facts.references = referencesOf($, meta).map(([kind, reference]) => [kind, reference]);
  facts.missingIds = missingIds($, facts.references);
  facts.declared = declaredOgImageSize(meta);
  for (const { message } of outboundLinkProblems($, context.siteUrl))
    facts.laterProblems.push(message);
  if (redirect !== undefined)
    for (const { message } of redirectPageProblems($, meta, redirect, context.siteUrl))
      facts.laterProblems.push(message);
  if ($(DRAFT_MARKER).length > 0) facts.laterProblems.push(DRAFT_SHOWN);
  facts.size.gzip = gzipSync(bytes, { level: 9 }).length;
  return facts;
}

/**
 * The ids of the fragment references ("#x", host/site-reference.ts `followReference`) that no
 * element of the page has, each once.
 */
function missingIds($: CheerioAPI, references: PageReference[]): string[] {
  const missing = new Set<string>();
  for (const [, reference] of references) {
    if (!reference.startsWith('#')) continue;
    const id = reference.slice(1);
    if (id.length > 0 && $(`[id="${id}"]`).length === 0) missing.add(id);
  }
  return [...missing];
}
