/**
 * Transitional: src/generator/build/load-site.ts still loads duplicateIds from here. The HTML
 * policy lives in body-policy.ts, page-policy.ts, urls.ts, walk.ts, problems.ts, escape.ts and
 * security-headers.ts; delete this file once load-site.ts imports page-policy.ts.
 */
export { duplicateIds } from './page-policy.ts';
