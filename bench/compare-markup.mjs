// The markup the Hugo and Eleventy sites of bench/compare.mjs share: the site's constants (values
// as in src/content) and the static parts of sitegen's pages (header, footer, the article's
// related block, the list head), copied from sitegen's rendered pages. What differs per page
// and per brand (home, brand pages, contact, 404) is taken from sitegen's own output of the
// same run (compare-shape.mjs shells), so these stay the same bytes as sitegen's.
export const site = {
  name: 'InfoSlot Indonesia',
  url: 'https://slot-review.example',
  listDescription:
    'Panduan, tips, dan review seputar Lux88Togel, Loyal4D, Perang88, dan Pegasus4D.',
  nav: [
    { name: 'Home', url: '/' },
    { name: 'Artikel', url: '/artikel/' },
    { name: 'Lux88Togel', url: '/brand/lux88togel/' },
    { name: 'Loyal4D', url: '/brand/loyal4d/' },
    { name: 'Perang88', url: '/brand/perang88/' },
    { name: 'Pegasus4D', url: '/brand/pegasus4d/' },
    { name: 'Kontak', url: '/kontak/' },
  ],
  brands: {
    lux88togel: { name: 'Lux88Togel', color: '#6d28d9' },
    loyal4d: { name: 'Loyal4D', color: '#1d4ed8' },
    perang88: { name: 'Perang88', color: '#b91c1c' },
    pegasus4d: { name: 'Pegasus4D', color: '#15803d' },
  },
};
const months =
  'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(
    ' ',
  );
export const dateLabels = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { long: `${d} ${months[m - 1]} ${y}`, short: `${d} ${months[m - 1].slice(0, 3)} ${y}` };
};

// Static markup copied from sitegen's rendered pages, shared by both tools' layouts.
export const headerOpen =
  '<a class="skip-link" href="#main">Langsung ke konten</a><header class="site-header"><div class="container header-inner">' +
  '<a class="site-name" href="/">InfoSlot Indonesia</a><button type="button" class="menu-toggle" aria-expanded="false" ' +
  'aria-controls="site-menu" data-menu-toggle=""><span class="menu-icon" aria-hidden="true"></span><span class="menu-label">Menu</span>' +
  '</button><div class="site-menu" id="site-menu" data-menu=""><nav aria-label="Navigasi utama"><ul class="nav-links">';
export const headerClose =
  '</ul></nav><form class="nav-search" role="search" aria-label="Cari artikel di situs" data-nav-search="" action="/artikel/">' +
  '<label class="visually-hidden" for="nav-search-input">Cari artikel</label><input id="nav-search-input" type="search" ' +
  'placeholder="Cari artikel..." autocomplete="off" name="q"><button type="submit" class="nav-search-button">Cari</button></form>' +
  '</div></div></header>';
export const footerOpen =
  '<footer class="site-footer"><div class="container"><p class="responsible-play" role="note"><strong class="age-badge">18+</strong> ' +
  'Khusus pembaca berusia 18 tahun ke atas. Perjudian dapat menyebabkan kecanduan; bermainlah secara bertanggung jawab dan patuhi ' +
  'hukum yang berlaku di tempat Anda tinggal.</p><nav aria-label="Navigasi footer"><ul class="footer-links">';
export const footerClose =
  '</ul></nav><p class="footer-note">© 2024 InfoSlot Indonesia. Situs informasi; kami tidak menerima taruhan atau transaksi apa pun.</p></div></footer>';
export const related =
  '<aside class="related container-narrow" aria-label="Artikel Terkait"><h2>Artikel Terkait</h2><div class="grid grid-2">' +
  '<div class="card teaser"><h3 class="card-title">Tips Memilih Slot dengan RTP Tinggi</h3><p class="card-excerpt">RTP adalah ' +
  'rata-rata statistik jangka panjang, bukan jaminan hasil. Pelajari cara membacanya dengan benar.</p></div><div class="card teaser">' +
  '<h3 class="card-title">Strategi Bankroll Management yang Efektif</h3><p class="card-excerpt">Tetapkan anggaran hiburan, bagi per ' +
  'sesi, dan berhenti saat batas tercapai.</p></div></div><p><a href="/artikel/">← Kembali ke semua artikel</a></p></aside>';
export const listSearchForm =
  '<form class="list-search" role="search" aria-label="Saring daftar artikel" data-article-filter=""><label for="article-search">' +
  'Cari artikel</label><input id="article-search" type="search" placeholder="Cari artikel berdasarkan judul, konten, atau brand..." ' +
  'autocomplete="off" name="q"><button type="submit" class="button button-primary">Cari</button></form>';

// The parts of a paged list page (/artikel/ and its pages, a brand's list and its pages) as
// sitegen writes them. Each argument is text or a template expression of the tool.
export const pageNumber = (n, total) => `<p class="page-number">Halaman ${n} dari ${total}</p>`;
export const loadMoreLink = (href) =>
  `<a class="button button-primary" href="${href}" data-load-more="">Muat Lebih Banyak Artikel</a>`;
export const loadMoreOff =
  '<button type="button" class="button button-primary" data-load-more="" disabled>Muat Lebih Banyak Artikel</button>';
export const prevLink = (href) => `<a href="${href}" rel="prev">← Halaman sebelumnya</a>`;
export const nextLink = (href) => `<a href="${href}" rel="next">Halaman berikutnya →</a>`;
export const pagerSpan = (n, total) =>
  `<span aria-current="page">Halaman ${n} dari ${total}</span>`;

/**
 * One page of a paged list: `heading` (the page head's inside), `label` (the section's
 * aria-label), `total`, `listUrl` (its list.json), `page`, `cards`, `tail` (the card template,
 * and the empty state on /artikel/), `loadMore`, `pagerLabel`, `pager`.
 */
export const listPage = (t) =>
  `<section class="page-head"><div class="container">${t.heading}</div></section>` +
  `<section class="section" aria-label="${t.label}"><div class="container">` +
  `<p class="result-count" role="status" aria-live="polite" data-result-count="">${t.total} artikel</p>` +
  `<div class="grid grid-3" data-article-grid="" data-list="${t.listUrl}" data-page="${t.page}">${t.cards}</div>` +
  `${t.tail}<p class="load-more">${t.loadMore}</p><nav class="pager" aria-label="${t.pagerLabel}">${t.pager}</nav></div></section>`;

/** An article card with heading `h` (h2 on list pages, h3 on home and brand pages). */
export const card = (h, c) =>
  `<article class="card article-card" data-card="" data-brand="${c.brandName}"><span class="badge badge-${c.brand}">${c.brandName}</span>` +
  `<${h} class="card-title"><a href="${c.href}">${c.title}</a></${h}><p class="card-excerpt">${c.excerpt}</p>` +
  `<p class="card-meta">${c.author} · ${c.date} · ${c.readTime}</p></article>`;

// The brand wordmark, with three holes: colour, name, name.
export const logo = (color, name) =>
  `<svg class="brand-logo" width="120" height="30" viewBox="0 0 160 40" role="img" aria-label="Logo ${name}"><rect width="160" height="40" rx="10" fill="${color}"></rect>` +
  '<circle cx="20" cy="20" r="9" fill="none" stroke="#fff" stroke-width="3"></circle><path d="M16 20h8M20 16v8" stroke="#fff" stroke-width="3" stroke-linecap="round"></path>' +
  `<text x="36" y="26" fill="#fff" font-family="system-ui, sans-serif" font-size="17" font-weight="700" textLength="114" lengthAdjust="spacingAndGlyphs">${name}</text></svg>`;
