import type { Layout } from './types.ts';
import { href } from './paths.ts';

/** Footer with the responsible-play notice (18+) and the nav links again. */
export function SiteFooter({ layout }: { layout: Layout }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <p className="responsible-play" role="note">
          <strong className="age-badge">18+</strong> {layout.responsiblePlay}
        </p>
        <nav aria-label="Navigasi footer">
          <ul className="footer-links">
            {layout.nav.map((link) => (
              <li key={link.path}>
                <a href={href(layout.base, link.path)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-note">
          © 2024 {layout.siteName}. Situs informasi; kami tidak menerima taruhan atau transaksi apa
          pun.
        </p>
      </div>
    </footer>
  );
}
