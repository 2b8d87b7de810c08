import type { ReactNode } from 'react';
import type { Layout, SocialMeta } from './types.ts';
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
        <link
          rel="alternate"
          type="application/atom+xml"
          title={layout.siteName}
          href={layout.feed}
        />
        {meta.social && <SocialTags social={meta.social} />}
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

/** Open Graph and Twitter tags: what a link preview shows of the page. */
function SocialTags({ social }: { social: SocialMeta }) {
  const { image, article } = social;
  return (
    <>
      <meta property="og:type" content={social.type} />
      <meta property="og:title" content={social.title} />
      <meta property="og:description" content={social.description} />
      <meta property="og:url" content={social.url} />
      <meta property="og:site_name" content={social.siteName} />
      <meta property="og:locale" content="id_ID" />
      {image && (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      )}
      {article && (
        <>
          <meta property="article:published_time" content={article.publishedTime} />
          <meta property="article:modified_time" content={article.modifiedTime} />
          <meta property="article:section" content={article.section} />
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={social.title} />
      <meta name="twitter:description" content={social.description} />
    </>
  );
}
