import type { CheerioAPI } from 'cheerio/slim';
import { headProblems, type Meta } from '../policy/page-head.ts';
import type { Site } from './check-site.ts';

export { declaredOgImageSize, isNoindex, type Meta, readMeta } from '../policy/page-head.ts';

/**
 * The head of one built page, by the rules of policy/page-head.ts (the build holds public/ pages
 * to the same ones): lang="id", a title, a description, its own canonical URL and og:url on the
 * site URL (none for a 404 page; a redirect page's is its target, check-output.ts's), an
 * og:image with its size declared, JSON-LD whose every `@type` names a type.
 */
export function checkHead(
  $: CheerioAPI,
  meta: Meta,
  site: Site,
  file: string,
  isRedirect: boolean,
  report: (message: string) => void,
) {
  for (const { message } of headProblems($, meta, { file, siteUrl: site.siteUrl, isRedirect }))
    report(message);
}
