import type { Problem } from '../errors/problem.ts';
import { locateReference, type SiteLookup } from '../host/site-reference.ts';
import type { OutputFile } from '../output/writer.ts';
import type { Page } from '../pages/routes.ts';
import { articleUrl, perPageList } from '../pages/routes.ts';

/**
 * `_redirects`, the redirect rules Netlify and Cloudflare Pages read from the output's root:
 * one `301` per article alias (front matter `aliases`), then the maintainer's own rules
 * (public/_redirects) as written. The aliases are static rules and come first: Cloudflare
 * Pages counts every rule from the first splat or placeholder on against its 100 dynamic
 * ones, and the first rule that matches wins on both hosts, so a splat of theirs never takes
 * an alias's address (a rule of theirs on the very address is an error: theirRuleClashes).
 * Written only when it has a rule. Every other host follows the redirect pages
 * (pages/kind-redirect.ts) instead.
 */

/** The maintainer's own rules, read by the build and merged here; never copied as they are. */
export const THEIR_REDIRECTS = 'public/_redirects';

/** One alias as a rule: its old address and the article page it leads to, site-relative. */
export interface AliasRule {
  from: string;
  to: string;
  /** The article file and where it names the alias, for messages. */
  file: string;
  line: number;
  column: number;
}

/**
 * Every alias of the site as a rule, sorted by its old address; made once per array of pages,
 * which the caller changes no more than the rules. Pure apart from that memo.
 */
export const aliasRules: (pages: readonly Page[]) => AliasRule[] = perPageList(aliasRulesOf);

function aliasRulesOf(pages: readonly Page[]): AliasRule[] {
  const rules: AliasRule[] = [];
  for (const page of pages) {
    if (page.template !== 'RedirectPage') continue;
    const { alias, article } = page;
    const { line, column } = alias;
    rules.push({
      from: page.url,
      to: articleUrl(article.slug),
      file: article.source,
      line,
      column,
    });
  }
  return rules.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * `_redirects` for the site at base path `base` ("/" or "/repo/"): the alias rules, then
 * `theirs` (the text of public/_redirects, line breaks made LF) when it holds a rule, each part
 * under a comment saying where it comes from. Undefined when neither has a rule. Pure.
 */
export function redirectsFile(
  rules: AliasRule[],
  base: string,
  theirs: string | undefined,
): OutputFile | undefined {
  const theirLines = theirRuleLines(theirs);
  const hasTheirs = theirLines.some((line) => ruleSource(line) !== undefined);
  if (!hasTheirs && rules.length === 0) return undefined;
  const lines: string[] = [];
  if (rules.length > 0) {
    lines.push(
      '# From sitegen: the old addresses of renamed articles (front matter "aliases"), first:',
      '# static rules before any splat or placeholder, and no splat takes their addresses.',
    );
    for (const rule of rules)
      lines.push(`${base}${rule.from.slice(1)} ${base}${rule.to.slice(1)} 301`);
  }
  if (hasTheirs && rules.length > 0) lines.push('');
  if (hasTheirs) lines.push(`# From ${THEIR_REDIRECTS}: the site's own rules, as written.`);
  if (hasTheirs) lines.push(...theirLines);
  return { path: '_redirects', contents: `${lines.join('\n')}\n` };
}

/** What Cloudflare Pages applies of `_redirects`: 2,000 static rules and 100 dynamic ones. */
export const CLOUDFLARE_REDIRECT_LIMITS = { static: 2000, dynamic: 100 } as const;

/**
 * A warning when the `_redirects` that redirectsFile writes for `rules` and `theirs` has more
 * rules than Cloudflare Pages applies: it counts every rule from the first one whose source has
 * a splat (`*`) or a placeholder (`:name`) on as dynamic. None when it fits. Pure.
 */
export function redirectLimitWarnings(rules: AliasRule[], theirs: string | undefined): string[] {
  const sources = theirRuleLines(theirs).flatMap((line) => ruleSource(line) ?? []);
  const firstDynamic = sources.findIndex((source) => /\*|(^|\/):[A-Za-z]/.test(source));
  const dynamic = firstDynamic < 0 ? 0 : sources.length - firstDynamic;
  const counts = { static: rules.length + sources.length - dynamic, dynamic };
  const limits = CLOUDFLARE_REDIRECT_LIMITS;
  if (counts.static <= limits.static && counts.dynamic <= limits.dynamic) return [];
  return [
    `_redirects has ${counts.static} static and ${counts.dynamic} dynamic rules (counted from the first splat or placeholder on); Cloudflare Pages applies at most ${limits.static} and ${limits.dynamic} and ignores the rest. The redirect pages still work there; see docs/hosting.md`,
  ];
}

/** The lines of public/_redirects, line breaks made LF, without the blank lines at its end. */
function theirRuleLines(theirs: string | undefined): string[] {
  return theirs === undefined ? [] : lf(theirs).replace(/\n+$/, '').split('\n');
}

/**
 * The rules of `theirs` (public/_redirects) whose source is also an alias's old address (with
 * or without its trailing slash: both hosts match either), each at its line, naming the article
 * file and line that lists the alias. Pure.
 */
export function theirRuleClashes(theirs: string, rules: AliasRule[], base: string): Problem[] {
  const byFrom = new Map(rules.map((rule) => [withoutSlash(`${base}${rule.from.slice(1)}`), rule]));
  const problems: Problem[] = [];
  lf(theirs)
    .split('\n')
    .forEach((line, index) => {
      const source = ruleSource(line);
      const rule = source === undefined ? undefined : byFrom.get(withoutSlash(source));
      if (!rule) return;
      problems.push({
        file: THEIR_REDIRECTS,
        line: index + 1,
        column: line.indexOf(source!) + 1,
        message: `the rule for ${JSON.stringify(source)} redirects an old address that ${rule.file}:${rule.line}:${rule.column} lists in "aliases"; expected one of the two: remove the rule, or the alias`,
      });
    });
  return problems;
}

/**
 * The rules of `theirs` (public/_redirects) whose target is a path of the site that leads to no
 * file of the output, each at its line and the target's column: what `sitegen check` refuses in
 * the output's `_redirects` (check-host-files.ts), by the same rule. A target on another host,
 * or with a `:placeholder` or `*` splat to fill in, is the host's to resolve, not checked.
 * `site.find` knows every file the build writes (host/site-reference.ts `listingFinder`). Pure.
 */
export function theirRuleTargets(theirs: string, site: SiteLookup): Problem[] {
  const problems: Problem[] = [];
  lf(theirs)
    .split('\n')
    .forEach((line, index) => {
      const [source, target] = line.trim().split(/\s+/);
      if (!ruleSource(line) || !target || /[*:]/.test(target.replace(/^https?:/, ''))) return;
      const { missing } = locateReference(target, site.base, site);
      if (!missing) return;
      problems.push({
        file: THEIR_REDIRECTS,
        line: index + 1,
        column: line.indexOf(target, line.indexOf(source) + source.length) + 1,
        message: `the rule for "${source}" leads to "${target}", which does not resolve: ${missing}; expected a page of the site or a file of public/ (or a URL on another host)`,
      });
    });
  return problems;
}

/** The source of a rule line (its first word); undefined for a blank line or a comment. Pure. */
function ruleSource(line: string): string | undefined {
  const first = line.trim().split(/\s+/)[0];
  return first === '' || first.startsWith('#') ? undefined : first;
}

function withoutSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function lf(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
