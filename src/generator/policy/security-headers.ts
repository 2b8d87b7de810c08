/**
 * The Content-Security-Policy and the other security headers every page is served with: the
 * `_headers` file, `sitegen preview` and `watch` send them; every page also carries the CSP
 * as a meta tag, and `sitegen check` holds each page to it (page-policy.ts).
 */

/** The policy every page is served with (the `_headers` file, `sitegen preview`, `watch`). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The same policy for a `<meta http-equiv="Content-Security-Policy">` tag, which every page
 * carries so hosts that cannot send headers (GitHub Pages) still enforce it. A meta tag
 * cannot carry frame-ancestors (browsers ignore it there and warn), so it is left out.
 */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};
