import type { Layout } from './types.ts';

export interface RedirectPageProps {
  /** The head: title, description, the canonical URL of the page it leads to, noindex, CSP. */
  layout: Layout;
  /** The page the old address now lives at, as a path from the host's root ("/artikel/x/"). */
  target: string;
  /** The title of that page: the link's text. */
  targetTitle: string;
}

/**
 * The page at an article's old address (front matter `aliases`): it sends the browser on at once
 * (meta refresh), tells search engines where the page lives now (canonical, noindex), and links
 * there for readers whose browser does not follow the refresh, over the responsible-play notice
 * every page carries. No script, no stylesheet.
 */
export function RedirectPage({ layout, target, targetTitle }: RedirectPageProps) {
  const { meta } = layout;
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={layout.contentSecurityPolicy} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={meta.canonical} />
        <meta httpEquiv="refresh" content={`0; url=${target}`} />
      </head>
      <body>
        <main>
          <h1>Halaman ini telah dipindahkan</h1>
          <p>
            Artikel ini sekarang ada di alamat baru: <a href={target}>{targetTitle}</a>.
          </p>
        </main>
        <footer>
          <p role="note">
            <strong>18+</strong> {layout.responsiblePlay}
          </p>
        </footer>
      </body>
    </html>
  );
}
