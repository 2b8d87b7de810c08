import type { Layout } from './types.ts';
import { href } from './paths.ts';

/**
 * Sticky header: site name, the seven nav links, the nav search and the mobile menu
 * toggle. Without JavaScript the links are always shown; the client script collapses
 * them behind the toggle on narrow screens.
 */
export function SiteHeader({ layout }: { layout: Layout }) {
  const { base, nav, currentPath, sectionPath } = layout;
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="site-name" href={base}>
          {layout.siteName}
        </a>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded="false"
          aria-controls="site-menu"
          data-menu-toggle=""
        >
          <span className="menu-icon" aria-hidden="true"></span>
          <span className="menu-label">Menu</span>
        </button>
        <div className="site-menu" id="site-menu" data-menu="">
          <nav aria-label="Navigasi utama">
            <ul className="nav-links">
              {nav.map((link) => {
                const isCurrent = link.path === currentPath;
                const isSection = !isCurrent && link.path === sectionPath;
                return (
                  <li key={link.path}>
                    <a
                      href={href(base, link.path)}
                      className={isCurrent || isSection ? 'is-active' : undefined}
                      aria-current={isCurrent ? 'page' : isSection ? 'true' : undefined}
                    >
                      {link.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <form
            className="nav-search"
            role="search"
            aria-label="Cari artikel di situs"
            action={href(base, '/artikel/')}
            data-nav-search=""
          >
            <label className="visually-hidden" htmlFor="nav-search-input">
              Cari artikel
            </label>
            <input
              id="nav-search-input"
              type="search"
              name="q"
              placeholder="Cari artikel..."
              autoComplete="off"
            />
            <button type="submit" className="nav-search-button">
              Cari
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
