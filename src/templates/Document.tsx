import type { ReactNode } from 'react';
import type { Layout } from './types.ts';
import { JsonLd } from './JsonLd.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { SiteFooter } from './SiteFooter.tsx';

/** The whole HTML document around a page's main content. */
export function Document({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { meta } = layout;
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        {/* Before anything it governs: a CSP meta tag applies only to what follows it. */}
        <meta httpEquiv="Content-Security-Policy" content={layout.contentSecurityPolicy} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.keywords && <meta name="keywords" content={meta.keywords} />}
        {meta.author && <meta name="author" content={meta.author} />}
        {meta.isNoindex && <meta name="robots" content="noindex" />}
        {meta.canonical && <link rel="canonical" href={meta.canonical} />}
        <link rel="alternate" type="application/atom+xml" title={layout.siteName} href={layout.feed} />
        {meta.social && (
          <>
            <meta property="og:type" content={meta.social.type} />
            <meta property="og:title" content={meta.social.title} />
            <meta property="og:description" content={meta.social.description} />
            <meta property="og:url" content={meta.social.url} />
            <meta property="og:site_name" content={meta.social.siteName} />
            <meta property="og:locale" content="id_ID" />
            <meta name="twitter:card" content="summary" />
            <meta name="twitter:title" content={meta.social.title} />
            <meta name="twitter:description" content={meta.social.description} />
          </>
        )}
        <meta name="theme-color" content="#111827" />
        <link rel="icon" href={layout.assets.icon} type="image/svg+xml" />
        <link rel="stylesheet" href={layout.assets.css} />
        <script src={layout.assets.js} defer></script>
        {meta.jsonLd.map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Langsung ke konten
        </a>
        <SiteHeader layout={layout} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter layout={layout} />
      </body>
    </html>
  );
}
