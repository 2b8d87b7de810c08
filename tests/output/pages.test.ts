import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedContent } from '../helpers/shipped-content.ts';
import { distDir, jsonLd, page, readDist } from '../helpers/dist.ts';

const { content, bodies } = await shippedContent();
const SITE = content.site.url;
const { brands, articles, site } = content;
const NAV = ['Home', 'Artikel', 'Lux88Togel', 'Loyal4D', 'Perang88', 'Pegasus4D', 'Kontak'];
const text = ($: ReturnType<typeof page>, selector = 'body') =>
  $(selector).text().replace(/\s+/g, ' ');

const indexableUrls = [
  '/',
  '/artikel/',
  ...articles.filter((a) => bodies.has(a.slug)).map((a) => `/artikel/${a.slug}/`),
  ...brands.map((b) => `/brand/${b.slug}/`),
  '/kontak/',
];
const allPages = [
  ...indexableUrls,
  ...articles.filter((a) => !bodies.has(a.slug)).map((a) => `/artikel/${a.slug}/`),
  '404.html',
  'brand/404.html',
  'artikel/404.html',
];

describe('every page', () => {
  it('exists for every route: /, /artikel/, 24 article slugs, 4 brands, /kontak/, three 404 pages', () => {
    expect(allPages).toHaveLength(1 + 1 + 24 + 4 + 1 + 3);
    for (const url of allPages) {
      const file = url.endsWith('.html') ? url : `${url.slice(1)}index.html`;
      expect(existsSync(path.join(distDir(), file)), file).toBe(true);
    }
    expect(
      readdirSync(path.join(distDir(), 'artikel')).filter(
        (n) => n !== 'index.html' && n !== '404.html' && n !== 'list.json',
      ),
    ).toHaveLength(24);
  });

  it.each(allPages)(
    '%s has lang="id", landmarks, the nav, the 18+ notice and no inline script',
    (url) => {
      const $ = page(url);
      expect($('html').attr('lang')).toBe('id');
      expect(
        $('header nav a')
          .toArray()
          .map((a) => $(a).text()),
      ).toEqual(NAV);
      expect($('main')).toHaveLength(1);
      expect($('footer').text()).toMatch(/18\+/);
      expect($('footer').text()).toMatch(/kecanduan/);
      expect($('footer').text()).toMatch(/hukum yang berlaku/);
      const toggle = $('button[data-menu-toggle]');
      expect(toggle.attr('aria-expanded')).toBe('false');
      expect(toggle.attr('aria-controls')).toBe('site-menu');
      expect($('#site-menu')).toHaveLength(1);
      expect($('input[placeholder="Cari artikel..."]').attr('id')).toBe('nav-search-input');
      expect($('label[for="nav-search-input"]')).toHaveLength(1);
      for (const script of $('script').toArray()) {
        const isData = $(script).attr('type') === 'application/ld+json';
        expect(isData || Boolean($(script).attr('src')), `inline script in ${url}`).toBe(true);
      }
      expect($('[style]')).toHaveLength(0);
      expect($.html()).not.toMatch(/\son[a-z]+=/i);
      expect($('script[src]').attr('src')).toMatch(/^\/assets\/client\.[0-9a-f]{10}\.js$/);
      expect($('link[rel=stylesheet]').attr('href')).toMatch(
        /^\/assets\/styles\.[0-9a-f]{10}\.css$/,
      );
    },
  );

  it('has a unique title and description on every page a search engine may index', () => {
    const titles = indexableUrls.map((url) => page(url)('title').text());
    const descriptions = indexableUrls.map((url) =>
      page(url)('meta[name=description]').attr('content'),
    );
    expect(new Set(titles).size).toBe(indexableUrls.length);
    expect(new Set(descriptions).size).toBe(indexableUrls.length);
    for (const url of allPages)
      expect(page(url)('title').text().length, url).toBeLessThanOrEqual(70);
  });

  it.each(indexableUrls)('%s has an absolute canonical URL with a trailing slash', (url) => {
    expect(page(url)('link[rel=canonical]').attr('href')).toBe(SITE + url.slice(1));
  });

  it('marks the active nav link with aria-current="page"', () => {
    const current = (url: string) => page(url)('header nav a[aria-current="page"]').text();
    expect(current('/')).toBe('Home');
    expect(current('/artikel/')).toBe('Artikel');
    expect(current('/brand/perang88/')).toBe('Perang88');
    expect(current('/kontak/')).toBe('Kontak');
    expect(page('/artikel/loyal4d-fast-withdrawal-system/')('header nav a.is-active').text()).toBe(
      'Artikel',
    );
    expect(page('404.html')('header nav a[aria-current]')).toHaveLength(0);
  });

  it('puts every internal link in trailing-slash form', () => {
    for (const url of allPages) {
      const $ = page(url);
      for (const a of $('a[href^="/"]').toArray())
        expect($(a).attr('href')).toMatch(/\/$|\.html$|#/);
    }
  });
});

describe('home', () => {
  const $ = page('/');
  it('has the hero calls to action, the statistics and the closing call to action', () => {
    expect(
      $('.hero a')
        .toArray()
        .map((a) => $(a).attr('href')),
    ).toEqual(['/artikel/', '/kontak/']);
    const stats = text($, '.stats');
    for (const s of [
      '100+',
      'Artikel Berkualitas',
      '50K+',
      'Pembaca Aktif',
      '4.9',
      'Rating Kepuasan',
      '4',
      'Platform Terpercaya',
    ]) {
      expect(stats).toContain(s);
    }
    expect($('.cta a').attr('href')).toBe('/artikel/');
  });

  it('has four brand cards with name, description and "Rating x/5", and three featured article cards', () => {
    const cards = $('.brand-card').toArray();
    expect(cards).toHaveLength(4);
    cards.forEach((card, i) => {
      expect($(card).is('article')).toBe(true);
      expect($(card).find('a').attr('href')).toBe(`/brand/${brands[i].slug}/`);
      expect($(card).find('a')).toHaveLength(1);
      expect($(card).text()).toContain(brands[i].description);
      expect($(card).text()).toContain(`Rating ${brands[i].rating}/5`);
      expect($(card).find('svg[role=img]').attr('width')).toBeTruthy();
    });
    expect($('.article-card')).toHaveLength(3);
  });

  it('carries WebSite structured data with a SearchAction on /artikel/?q=', () => {
    const [website] = jsonLd($);
    expect(website['@type']).toBe('WebSite');
    expect(website.potentialAction['@type']).toBe('SearchAction');
    expect(website.potentialAction.target.urlTemplate).toBe(
      `${SITE}artikel/?q={search_term_string}`,
    );
  });
});

describe('article list', () => {
  const $ = page('/artikel/');
  it('shows the search box, the 12 listed article cards and the list controls', () => {
    const input = $('input[placeholder="Cari artikel berdasarkan judul, konten, atau brand..."]');
    expect($(`label[for="${input.attr('id')}"]`)).toHaveLength(1);
    const cards = $('[data-article-grid] > article');
    expect(cards).toHaveLength(12);
    const listed = articles.filter((a) => a.listed);
    cards.toArray().forEach((card, i) => {
      expect($(card).find('a')).toHaveLength(1);
      expect($(card).find('a').attr('href')).toBe(`/artikel/${listed[i].slug}/`);
      expect($(card).find('h2').text()).toBe(listed[i].title);
      expect($(card).find('p.card-excerpt').text()).toBe(listed[i].excerpt);
    });
    expect(text($, '[data-empty-state]')).toContain(
      'Tidak ada artikel yang ditemukan untuk pencarian',
    );
    expect($('[data-empty-state]').attr('hidden')).toBeDefined();
    expect($('button[data-reset-search]').text()).toBe('Reset Pencarian');
    expect($('button[data-load-more]').text()).toBe('Muat Lebih Banyak Artikel');
  });

  it('carries WebSite search structured data', () => {
    expect(jsonLd($).map((d) => d['@type'])).toEqual(['WebSite', 'CollectionPage']);
  });
});

describe('brand pages', () => {
  it.each(brands)(
    '/brand/$slug/ shows logo, badge, heading, stats, features and six articles',
    (brand) => {
      const $ = page(`/brand/${brand.slug}/`);
      expect($('svg.brand-logo').attr('aria-label')).toBe(`Logo ${brand.name}`);
      expect($('.brand-hero .badge').text()).toBe(brand.name);
      expect($('h1').text()).toBe('Platform Slot Online Terpercaya');
      expect(text($, '.brand-hero')).toContain(brand.description);
      const stats = $('.stat-card')
        .toArray()
        .map((card) => $(card).text());
      expect(stats).toEqual([
        `Rating${brand.rating}/5from 1,250+ reviews`,
        'KeamananA+Sertifikat Resmi',
        `Didirikan${brand.established}`,
        'Penghargaan15+ Awards',
      ]);
      expect(
        $('.features li')
          .toArray()
          .map((li) => $(li).text()),
      ).toEqual(brand.features);
      expect($('#brand-articles-title').text()).toBe(`Artikel tentang ${brand.name}`);
      const cards = $('#brand-articles-title').parent().find('article');
      expect(cards.toArray().map((c) => $(c).find('a').attr('href'))).toEqual(
        articles.filter((a) => a.brand === brand.slug).map((a) => `/artikel/${a.slug}/`),
      );
      expect($('meta[name=keywords]').attr('content')).toContain(brand.slug);
      const [org] = jsonLd($);
      expect(org['@type']).toBe('Organization');
      expect(org.aggregateRating).toMatchObject({
        ratingValue: brand.rating,
        ratingCount: 1250,
        bestRating: 5,
      });
    },
  );
});

describe('article pages', () => {
  const withBody = articles.filter((a) => bodies.has(a.slug));
  it.each(withBody)(
    '/artikel/$slug/ shows the article with its metadata and the first brand mention linked',
    (article) => {
      const $ = page(`/artikel/${article.slug}/`);
      const brand = brands.find((b) => b.slug === article.brand)!;
      expect($('h1').text()).toBe(article.title);
      expect($('.article-head .lead').text()).toBe(article.excerpt);
      expect(text($, '.article-meta')).toBe(
        `Oleh ${article.author} · 15 Desember 2024 · ${article.readMinutes} menit baca`,
      );
      expect($('.article-head svg.brand-logo')).toHaveLength(1);
      expect($('.article-head .badge').text()).toBe(brand.name);
      expect($('button[data-share]').text()).toBe('Bagikan');
      const outbound = $('.prose a[target=_blank]');
      expect(outbound.length).toBeGreaterThanOrEqual(1);
      expect(outbound.first().attr('href')).toBe(brand.url);
      expect(outbound.first().attr('rel')).toBe('sponsored noopener noreferrer');
      expect($(`.prose a[href="${brand.url}"]`)).toHaveLength(1);
      expect($('.related h2').text()).toBe('Artikel Terkait');
      expect(
        $('.related h3')
          .toArray()
          .map((h) => $(h).text()),
      ).toEqual(site.relatedTeasers.map((t) => t.title));
      expect($('meta[name=author]').attr('content')).toBe(article.author);
      expect($('meta[property="og:url"]').attr('content')).toBe(`${SITE}artikel/${article.slug}/`);
      expect($('meta[property="og:title"]').attr('content')).toBe(article.title);
      expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
      expect($('meta[name=robots]')).toHaveLength(0);
      const [data] = jsonLd($);
      expect(data).toMatchObject({
        '@type': 'Article',
        headline: article.title,
        datePublished: '2024-12-15',
        dateModified: '2024-12-15',
      });
    },
  );

  const withoutBody = articles.filter((a) => !bodies.has(a.slug));
  it.each(withoutBody)(
    '/artikel/$slug/ (no body) renders the fallback article with noindex',
    (article) => {
      const $ = page(`/artikel/${article.slug}/`);
      expect($('meta[name=robots]').attr('content')).toBe('noindex');
      expect($('h1').text()).toBe('Artikel Tidak Ditemukan');
      expect(text($, '.article-head')).toContain('unknown');
      expect(text($, '.article-meta')).toBe('Oleh Admin · 1 Jan 2024 · 1 menit baca');
      expect($('.prose').text()).toBe(site.fallbackArticle.bodyText);
      // The fallback article's own metadata at the missing article's address (issue 12).
      expect($('title').text()).toBe(`Artikel Tidak Ditemukan | ${site.name}`);
      expect($('meta[name=description]').attr('content')).toBe(site.fallbackArticle.bodyText);
      expect($('meta[name=author]').attr('content')).toBe('Admin');
      expect($('link[rel=canonical]').attr('href')).toBe(`${SITE}artikel/${article.slug}/`);
      expect($('meta[property="og:title"]').attr('content')).toBe('Artikel Tidak Ditemukan');
      expect($('meta[property="og:url"]').attr('content')).toBe(`${SITE}artikel/${article.slug}/`);
      expect(jsonLd($)).toEqual([
        expect.objectContaining({
          '@type': 'Article',
          headline: 'Artikel Tidak Ditemukan',
          author: { '@type': 'Person', name: 'Admin' },
          datePublished: '2024-12-15',
          dateModified: '2024-12-15',
          mainEntityOfPage: `${SITE}artikel/${article.slug}/`,
        }),
      ]);
    },
  );
});

describe('contact', () => {
  const $ = page('/kontak/');
  it('has the four labelled required fields, a 6-row message and "Kirim Pesan"', () => {
    const field = (label: string) => $(`#${$(`label:contains("${label}")`).attr('for')}`);
    expect(field('Nama Lengkap').attr('type')).toBe('text');
    expect(field('Email').attr('type')).toBe('email');
    expect(field('Subjek').attr('type')).toBe('text');
    expect(field('Pesan').is('textarea')).toBe(true);
    expect(field('Pesan').attr('rows')).toBe('6');
    for (const label of ['Nama Lengkap', 'Email', 'Subjek', 'Pesan'])
      expect(field(label).attr('required')).toBeDefined();
    expect($('form[data-contact-form] button[type=submit]').text()).toBe('Kirim Pesan');
  });

  it('shows contact details, opening hours and three FAQ items', () => {
    const body = text($);
    expect(body).toContain(site.contact.email);
    expect(body).toContain(site.contact.whatsapp);
    expect(body).toContain('Jakarta, Indonesia (Tim virtual - melayani seluruh Indonesia)');
    for (const hours of [
      'Senin - Jumat',
      'Sabtu',
      '09:00 - 18:00 WIB',
      '09:00 - 15:00 WIB',
      'Minggu',
      'Tutup',
    ])
      expect(body).toContain(hours);
    expect($('.faq-item')).toHaveLength(3);
    expect(body).toContain('24 jam kerja');
    expect(body).toContain('gratis');
    expect(body).toMatch(/permintaan topik artikel/);
  });
});

describe('404 pages', () => {
  it('root 404.html shows the generic view without JavaScript and holds the other two, hidden', () => {
    const $ = page('404.html');
    expect($('meta[name=robots]').attr('content')).toBe('noindex');
    const generic = $('[data-view=generic]');
    expect(generic.attr('hidden')).toBeUndefined();
    expect(generic.text()).toContain('404');
    expect(generic.find('h1').text()).toBe('Oops! Page not found');
    expect(generic.find('a').attr('href')).toBe('/');
    expect($('[data-view=brand]').attr('hidden')).toBeDefined();
    expect($('[data-view=brand] h1').text()).toBe('Brand tidak ditemukan');
    expect($('[data-view=article]').attr('hidden')).toBeDefined();
    expect($('[data-view=article] h1').text()).toBe('Artikel Tidak Ditemukan');
  });

  it('brand/404.html and artikel/404.html show their own view without JavaScript', () => {
    const brand = page('brand/404.html');
    expect(brand('[data-view]:not([hidden]) h1').text()).toBe('Brand tidak ditemukan');
    expect(brand('meta[name=robots]').attr('content')).toBe('noindex');
    const article = page('artikel/404.html');
    expect(article('[data-view]:not([hidden]) h1').text()).toBe('Artikel Tidak Ditemukan');
    expect(article('.prose').text()).toBe(site.fallbackArticle.bodyText);
  });
});

describe('files for hosts', () => {
  it('lists exactly the indexable pages in sitemap.xml and points robots.txt at it', () => {
    const locs = [...readDist('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(indexableUrls.map((url) => SITE + url.slice(1)));
    expect(readDist('robots.txt')).toContain(`Sitemap: ${SITE}sitemap.xml`);
  });

  it('dates every sitemap.xml <url> with a <lastmod>: an article its front matter, a brand its newest article', () => {
    const entries = [...readDist('sitemap.xml').matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
    expect(entries).toHaveLength(indexableUrls.length);
    const lastmod = new Map(
      entries.map((entry) => {
        const [, loc, date] = entry.match(/^<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>$/) ?? [];
        expect(date, entry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        return [loc, date];
      }),
    );
    const published = articles.filter((a) => bodies.has(a.slug) && !a.draft);
    const newest = (list: typeof articles) =>
      list
        .map((a) => a.updatedAt ?? a.publishedAt)
        .sort()
        .at(-1);
    for (const article of published)
      expect(lastmod.get(`${SITE}artikel/${article.slug}/`)).toBe(
        article.updatedAt ?? article.publishedAt,
      );
    for (const brand of brands) {
      const own = published.filter((a) => a.brand === brand.slug);
      expect(lastmod.get(`${SITE}brand/${brand.slug}/`)).toBe(
        newest(own.length > 0 ? own : published),
      );
    }
    for (const url of ['', 'artikel/', 'kontak/'])
      expect(lastmod.get(SITE + url)).toBe(newest(published));
  });

  it.each(allPages)(
    '%s carries the CSP in a meta tag, minus frame-ancestors, before anything it governs',
    (url) => {
      const $ = page(url);
      const metas = $('meta[http-equiv="Content-Security-Policy"]');
      expect(metas).toHaveLength(1);
      expect(metas.attr('content')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'",
      );
      // Only charset and viewport (which React 19 puts first) may come before it.
      const before = metas
        .prevAll()
        .toArray()
        .map((el) => $.html(el));
      expect(
        before.every((tag) => /^<meta (charset|name="viewport")/.test(tag)),
        before.join(),
      ).toBe(true);
    },
  );

  it('writes _headers with the strict CSP and immutable asset caching, and .nojekyll; no _redirects', () => {
    const headers = readDist('_headers');
    expect(headers).toContain(
      "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(headers).toContain('X-Content-Type-Options: nosniff');
    expect(headers).toContain('Referrer-Policy:');
    expect(headers).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    // A 404 rule is Netlify's alone and Cloudflare Pages rejects it (docs/hosting.md): none is
    // written.
    expect(existsSync(path.join(distDir(), '_redirects'))).toBe(false);
    expect(existsSync(path.join(distDir(), '.nojekyll'))).toBe(true);
  });
});
