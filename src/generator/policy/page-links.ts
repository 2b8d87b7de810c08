import type { CheerioAPI } from 'cheerio/slim';
import { type Meta, type PageFinding, redirectOf } from './page-head.ts';
import { isOutboundLink, opensSafely, urlsOfList } from './urls.ts';

/**
 * What a page refers to, as `sitegen check` follows it on every built page (check-output.ts) and
 * the build on every public/ page (files/public-pages.ts): each link, asset, form action, list
 * data file, og:image and redirect target, with the kind a problem names it by; and the rule for
 * links to other sites. Where each reference leads is host/site-reference.ts's.
 */

/** One reference of a page: how a problem names it, the URL, where its element starts. */
export type PageReference = [kind: string, reference: string, at?: number];

/** How a list's data file (templates/PagedCards.tsx) is named among a page's references. */
export const LIST_KIND = 'list data (data-list)';

/** How a redirect page's target is named among a page's references. */
export const REFRESH_KIND = 'the redirect (<meta http-equiv="refresh">)';

/** Every link, asset and form action of a page, with the kind named in problems. */
export function referencesOf($: CheerioAPI, meta: Meta): PageReference[] {
  const references: PageReference[] = [];
  const at = (el: { startIndex: number | null }) => el.startIndex ?? undefined;
  $('a[href]').each((_, el) => void references.push(['link', $(el).attr('href')!, at(el)]));
  $('link[href]').each(
    (_, el) =>
      void references.push([`<link rel="${$(el).attr('rel')}">`, $(el).attr('href')!, at(el)]),
  );
  $('script[src], img[src], source[src]').each(
    (_, el) => void references.push([`<${el.tagName}>`, $(el).attr('src')!, at(el)]),
  );
  $('img[srcset], source[srcset]').each((_, el) => {
    for (const url of urlsOfList('srcset', $(el).attr('srcset')!))
      references.push([`<${el.tagName} srcset>`, url, at(el)]);
  });
  $('form[action], [data-list]').each((_, el) => {
    const { action, 'data-list': list } = el.attribs;
    if (action !== undefined) references.push(['form action', action, at(el)]);
    if (list !== undefined) references.push([LIST_KIND, list, at(el)]);
  });
  meta.ogImages.forEach(
    (image, i) => void references.push(['og:image', image, meta.ogImageStarts[i]]),
  );
  const target = redirectOf(meta);
  if (target !== undefined) references.push([REFRESH_KIND, target, meta.starts.get('refresh')]);
  return references;
}

/** Links to other sites must open in a new tab without handing it this page. */
export function outboundLinkProblems($: CheerioAPI, siteUrl: string | undefined): PageFinding[] {
  const problems: PageFinding[] = [];
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')!;
    if (!isOutboundLink(href, siteUrl)) return;
    const at = el.startIndex ?? undefined;
    const rel = $(el).attr('rel') ?? '';
    if ($(el).attr('target') !== '_blank')
      problems.push({ message: `external link "${href}" has no target="_blank"`, at });
    if (!opensSafely('_blank', rel))
      problems.push({
        message: `external link "${href}" needs rel with noopener and noreferrer (found "${rel.split(/\s+/).join(' ')}")`,
        at,
      });
  });
  return problems;
}
