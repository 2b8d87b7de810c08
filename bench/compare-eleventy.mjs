// The Eleventy site of bench/compare.mjs: the site sitegen built, page for page, with
// Eleventy 3's own means:
//   - articles: src/artikel/<slug>.md with front matter and a permalink (the Markdown body
//     rendered by markdown-it, Eleventy's default Markdown library, with its default options,
//     not preprocessed by a template engine first: markdownTemplateEngine false, as Hugo runs no
//     templates over content either), Nunjucks layouts (article.njk inside base.njk), in
//     sitegen's list order (an `artikel` collection sorted by `order`);
//   - /artikel/ paged by Eleventy's pagination (sitegen's page size, pages at halaman/N/), each
//     brand's list paged over a collection of its pages (Eleventy paginates one level, so a
//     list of lists is the usual way), the brand pages paginated one per brand;
//   - home, the brand pages, contact and the 404 pages, their static parts cut from sitegen's
//     output (_data/shells.json), their cards rendered here;
//   - each list's list.json, its card files (one per list page: a template paginated over a
//     collection of them) and for /artikel/ the search index: { title, excerpt, brand } per
//     article in list order, in blocks of sitegen's block size;
//   - feed.xml (Atom, sitegen's number of entries with their content), sitemap.xml (every page
//     in collections.all, the 404 pages and data files kept out of it), and robots.txt,
//     _headers, .nojekyll, the stylesheet, script and icon copied (sitegen's bytes, not
//     fingerprinted: Eleventy has no fingerprinting of its own).
// Eleventy writes exactly sitegen's routes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  card,
  dateLabels,
  footerClose,
  footerOpen,
  headerClose,
  headerOpen,
  listPage,
  listSearchForm,
  loadMoreLink,
  loadMoreOff,
  logo,
  nextLink,
  pageNumber,
  pagerSpan,
  prevLink,
  related,
  site,
} from './compare-markup.mjs';
import { frontMatter, inListOrder, readTimeLabel, writeTree } from './compare-hugo.mjs';

/** The Eleventy site of `records` shaped as sitegen's `shape` (siteShape), in `dir`. */
export function writeEleventySite(dir, records, shape) {
  writeTree(dir, {
    'eleventy.config.mjs': eleventyConfig(shape),
    'src/_data/site.json': JSON.stringify({ ...site, brandOrder: Object.keys(site.brands) }),
    'src/_data/shells.json': JSON.stringify(shape.shells),
    ...eleventyLayouts(),
    ...eleventyPages(shape),
    ...eleventyData(shape),
    ...Object.fromEntries(
      Object.entries({ ...shape.assets, ...shape.hostFiles }).map(([file, bytes]) => [
        `src/static/${file}`,
        bytes,
      ]),
    ),
  });
  mkdirSync(path.join(dir, 'src/artikel'), { recursive: true });
  inListOrder(records, shape.order).forEach((record, i) => {
    const dates = dateLabels(record.date);
    const fields = {
      title: record.title,
      description: record.excerpt,
      brand: record.brand,
      author: record.author,
      date_iso: record.date, // Eleventy's own `date` key would turn it into a Date
      date_long: dates.long,
      date_short: dates.short,
      read_time: readTimeLabel(record.readTime),
      permalink: `/artikel/${record.slug}/index.html`,
      layout: 'article.njk',
      order: i + 1, // sitegen's list order
    };
    writeFileSync(
      path.join(dir, 'src/artikel', `${record.slug}.md`),
      frontMatter(fields) + record.body,
    );
  });
}

// The collections (the lists, their pages and files) and the filters that make JSON.
function eleventyConfig(shape) {
  return `const brands = ${JSON.stringify(Object.keys(site.brands))};
const names = ${JSON.stringify(Object.fromEntries(Object.entries(site.brands).map(([slug, b]) => [slug, b.name])))};
const size = ${shape.pageSize};
const block = ${shape.searchBlockDocs};
const chunks = (items, n) =>
  Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, i * n + n));
const articles = (api) =>
  api.getFilteredByGlob("src/artikel/*.md").sort((a, b) => a.data.order - b.data.order);
// Each paged list: its URL, its card files' stem, its articles.
const lists = (api) => {
  const all = articles(api);
  return [
    { url: "/artikel/", stem: "artikel", posts: all, search: true },
    ...brands.map((brand) => ({
      url: \`/brand/\${brand}/artikel/\`,
      stem: \`brand-\${brand}-artikel\`,
      brand,
      posts: all.filter((post) => post.data.brand === brand),
    })),
  ];
};
const cardOf = (post) => ({
  href: post.url,
  title: post.data.title,
  excerpt: post.data.description,
  brand: post.data.brand,
  brandName: names[post.data.brand],
  author: post.data.author,
  date: post.data.date_short,
  readTime: post.data.read_time,
});
const cardFile = (list, i) => \`/assets/lists/\${list.stem}-\${i + 1}.json\`;
const searchFile = (i) => \`/assets/search/\${i}/index.json\`;

export default function (config) {
  config.addPassthroughCopy({ "src/static": "/" });
  config.addCollection("artikel", articles);
  config.addCollection("lists", lists);
  config.addCollection("brandListPages", (api) =>
    lists(api)
      .filter((list) => list.brand)
      .flatMap((list) =>
        chunks(list.posts, size).map((posts, i, all) => ({
          ...list, posts, number: i + 1, pages: all.length, total: list.posts.length,
        })),
      ),
  );
  config.addCollection("cardFiles", (api) =>
    lists(api).flatMap((list) =>
      chunks(list.posts, size).map((posts, i) => ({ url: cardFile(list, i), posts })),
    ),
  );
  config.addCollection("searchBlocks", (api) =>
    chunks(articles(api), block).map((posts, i) => ({ url: searchFile(i), posts })),
  );
  config.addFilter("head", (items, n) => items.slice(0, n));
  config.addFilter("ofBrand", (posts, brand, n) =>
    posts.filter((post) => post.data.brand === brand).slice(0, n),
  );
  config.addFilter("featured", (posts, n) =>
    brands
      .map((brand) => posts.find((post) => post.data.brand === brand))
      .filter(Boolean)
      .slice(0, n),
  );
  config.addFilter("cards", (posts) => JSON.stringify(posts.map(cardOf)));
  config.addFilter("docs", (posts) =>
    JSON.stringify(
      posts.map((post) => ({
        title: post.data.title,
        excerpt: post.data.description,
        brand: names[post.data.brand],
      })),
    ),
  );
  config.addFilter("listData", (list) => {
    const data = {
      total: list.posts.length,
      pageSize: size,
      pages: chunks(list.posts, size).map((_, i) => cardFile(list, i)),
    };
    if (list.search)
      data.search = {
        blocks: chunks(list.posts, block).map((_, i) => ({ start: i * block, index: searchFile(i) })),
      };
    return JSON.stringify(data);
  });
  return {
    templateFormats: ["md", "njk"],
    markdownTemplateEngine: false,
    dir: { includes: "_includes", data: "_data" },
  };
}
`;
}

// Template expressions of a card's fields, `post` being the article.
const njkCard = (h) =>
  '{% set b = site.brands[post.data.brand] %}' +
  card(h, {
    brand: '{{ post.data.brand }}',
    brandName: '{{ b.name }}',
    href: '{{ post.url }}',
    title: '{{ post.data.title }}',
    excerpt: '{{ post.data.description }}',
    author: '{{ post.data.author }}',
    date: '{{ post.data.date_short }}',
    readTime: '{{ post.data.read_time }}',
  });

function eleventyLayouts() {
  const navItems =
    '{% for link in site.nav %}<li><a href="{{ link.url }}"{% if link.url == "/artikel/" %} class="is-active" aria-current="true"{% endif %}>{{ link.name }}</a></li>{% endfor %}';
  const footerItems =
    '{% for link in site.nav %}<li><a href="{{ link.url }}">{{ link.name }}</a></li>{% endfor %}';
  return {
    'src/_includes/base.njk':
      '<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '{% set canonical = site.url + page.url %}{% set description = description or site.listDescription %}' +
      '<title>{{ title }} | {{ site.name }}</title><meta name="description" content="{{ description }}">' +
      '{% if author %}<meta name="author" content="{{ author }}">{% endif %}<link rel="canonical" href="{{ canonical }}">' +
      '<link rel="alternate" type="application/atom+xml" title="{{ site.name }}" href="/feed.xml">' +
      '<meta property="og:type" content="{{ "article" if brand else "website" }}"><meta property="og:title" content="{{ title }}">' +
      '<meta property="og:description" content="{{ description }}"><meta property="og:url" content="{{ canonical }}">' +
      '<meta property="og:site_name" content="{{ site.name }}"><meta property="og:locale" content="id_ID"><meta name="twitter:card" content="summary">' +
      '<meta name="twitter:title" content="{{ title }}"><meta name="twitter:description" content="{{ description }}">' +
      '<meta name="theme-color" content="#111827"><link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">' +
      '<link rel="stylesheet" href="/assets/styles.css"><script src="/assets/client.js" defer></script>{% if brand %}<script type="application/ld+json">' +
      '{{ {"@context": "https://schema.org", "@type": "Article", "headline": title, "description": description, ' +
      '"author": {"@type": "Person", "name": author}, "publisher": {"@type": "Organization", "name": site.name, "url": site.url + "/"}, ' +
      '"datePublished": date_iso, "dateModified": date_iso, "mainEntityOfPage": canonical, "inLanguage": "id-ID", "about": site.brands[brand].name} ' +
      '| dump | safe }}</script>{% endif %}</head><body>' +
      headerOpen +
      navItems +
      headerClose +
      '<main id="main" tabindex="-1">{{ content | safe }}</main>' +
      footerOpen +
      footerItems +
      footerClose +
      '</body></html>\n',
    // Eleventy layouts chain through front matter: article.njk is rendered inside base.njk.
    'src/_includes/article.njk':
      '---\nlayout: base.njk\n---\n{% set b = site.brands[brand] %}<article class="article" aria-labelledby="article-title">' +
      '<header class="article-head container-narrow"><p class="article-brand">' +
      logo('{{ b.color }}', '{{ b.name }}') +
      '<span class="badge badge-{{ brand }}">{{ b.name }}</span></p><h1 id="article-title">{{ title }}</h1>' +
      '<p class="lead">{{ description }}</p><p class="article-meta"><span>Oleh {{ author }}</span> · <span>{{ date_long }}</span> · ' +
      '<span>{{ read_time }}</span></p><p class="share"><button type="button" class="button button-secondary" data-share="">Bagikan</button> ' +
      '<span class="share-status" role="status" aria-live="polite" data-share-status=""></span></p></header>' +
      '<div class="prose container-narrow">{{ content | safe }}</div>' +
      related +
      '</article>',
  };
}

// A template: front matter (JSON values are YAML) and a body.
const template = (fields, body) => frontMatter(fields) + body;
const page = { layout: 'base.njk' };
const hidden = { eleventyExcludeFromCollections: true };

// The HTML pages but the articles: the paged lists, home, brand pages, contact, 404s.
function eleventyPages(shape) {
  const n = '{{ pagination.pageNumber + 1 }}';
  const of = '{{ pagination.pages.length }}';
  const allPaged = { data: 'collections.artikel', size: shape.pageSize, alias: 'posts' };
  const notFound = (file) =>
    template(
      { ...page, ...hidden, title: 'Halaman Tidak Ditemukan', permalink: `/${file}` },
      `{{ shells.notFound["${file}"] | safe }}`,
    );
  return {
    'src/artikel/index.njk': template(
      {
        ...page,
        pagination: { ...allPaged, addAllPagesToCollections: true },
        permalink: `/artikel/{% if pagination.pageNumber > 0 %}halaman/${n}/{% endif %}index.html`,
        eleventyComputed: {
          title: `Semua Artikel{% if pagination.pageNumber > 0 %}, Halaman ${n}{% endif %}`,
        },
      },
      listPage({
        heading: `<h1>Semua Artikel</h1>{% if pagination.pageNumber > 0 %}${pageNumber(n, of)}{% endif %}<p class="lead">{{ site.listDescription }}</p>${listSearchForm}`,
        label: 'Daftar artikel',
        total: '{{ collections.artikel.length }}',
        listUrl: '/artikel/list.json',
        page: n,
        cards: `{% for post in posts %}${njkCard('h2')}{% endfor %}`,
        tail: '{{ shells.cardTemplate | safe }}{{ shells.emptyState | safe }}',
        loadMore: `{% if pagination.href.next %}${loadMoreLink('{{ pagination.href.next }}')}{% else %}${loadMoreOff}{% endif %}`,
        pagerLabel: 'Halaman daftar artikel',
        pager:
          `{% if pagination.href.previous %}${prevLink('{{ pagination.href.previous }}')}{% endif %}${pagerSpan(n, of)}` +
          `{% if pagination.href.next %}${nextLink('{{ pagination.href.next }}')}{% endif %}`,
      }),
    ),
    'src/brand-list.njk': brandListTemplate(),
    'src/brand.njk': template(
      {
        ...page,
        pagination: {
          data: 'site.brandOrder',
          size: 1,
          alias: 'slug',
          addAllPagesToCollections: true,
        },
        permalink: '/brand/{{ slug }}/index.html',
        eleventyComputed: { title: '{{ site.brands[slug].name }}' },
      },
      '{% set s = shells.brands[slug] %}{{ s.before | safe }}' +
        `{% for post in collections.artikel | ofBrand(slug, s.cards) %}${njkCard('h3')}{% endfor %}{{ s.after | safe }}`,
    ),
    'src/index.njk': template(
      { ...page, title: site.name, permalink: '/index.html' },
      '{{ shells.home.before | safe }}' +
        `{% for post in collections.artikel | featured(shells.home.cards) %}${njkCard('h3')}{% endfor %}{{ shells.home.after | safe }}`,
    ),
    'src/kontak.njk': template(
      { ...page, title: 'Hubungi Kami', permalink: '/kontak/index.html' },
      '{{ shells.contact | safe }}',
    ),
    'src/404.njk': notFound('404.html'),
    'src/artikel-404.njk': notFound('artikel/404.html'),
    'src/brand-404.njk': notFound('brand/404.html'),
  };
}

// A page of a brand's list, `list` being one entry of collections.brandListPages.
function brandListTemplate() {
  const base = '/brand/{{ list.brand }}/artikel/';
  const at = (number) => `${base}{% if ${number} > 1 %}halaman/{{ ${number} }}/{% endif %}`;
  return template(
    {
      ...page,
      pagination: {
        data: 'collections.brandListPages',
        size: 1,
        alias: 'list',
        addAllPagesToCollections: true,
      },
      permalink: `${at('list.number')}index.html`,
      eleventyComputed: {
        title:
          'Semua Artikel {{ site.brands[list.brand].name }}{% if list.number > 1 %}, Halaman {{ list.number }}{% endif %}',
      },
    },
    '{% set name = site.brands[list.brand].name %}' +
      listPage({
        heading:
          '<p><span class="badge badge-{{ list.brand }}">{{ name }}</span></p><h1>Semua Artikel {{ name }}</h1>' +
          `{% if list.number > 1 %}${pageNumber('{{ list.number }}', '{{ list.pages }}')}{% endif %}` +
          '<p class="lead"><a href="/brand/{{ list.brand }}/">Kembali ke review {{ name }}</a></p>',
        label: 'Artikel tentang {{ name }}',
        total: '{{ list.total }}',
        listUrl: `${base}list.json`,
        page: '{{ list.number }}',
        cards: `{% for post in list.posts %}${njkCard('h2')}{% endfor %}`,
        tail: '{{ shells.cardTemplate | safe }}',
        loadMore: `{% if list.number < list.pages %}${loadMoreLink(at('list.number + 1'))}{% else %}${loadMoreOff}{% endif %}`,
        pagerLabel: 'Halaman artikel {{ name }}',
        pager:
          `{% if list.number > 1 %}${prevLink(at('list.number - 1'))}{% endif %}${pagerSpan('{{ list.number }}', '{{ list.pages }}')}` +
          `{% if list.number < list.pages %}${nextLink(at('list.number + 1'))}{% endif %}`,
      }),
  );
}

// list.json, the card files, the search index, the feed and the sitemap.
function eleventyData(shape) {
  const each = (data, alias) => ({ data, size: 1, alias });
  const date = (expression) => `{{ ${expression} }}T00:00:00Z`;
  return {
    'src/list-data.njk': template(
      {
        ...hidden,
        pagination: each('collections.lists', 'list'),
        permalink: '{{ list.url }}list.json',
      },
      '{{ list | listData | safe }}',
    ),
    'src/card-files.njk': template(
      { ...hidden, pagination: each('collections.cardFiles', 'file'), permalink: '{{ file.url }}' },
      '{{ file.posts | cards | safe }}',
    ),
    'src/search.njk': template(
      {
        ...hidden,
        pagination: each('collections.searchBlocks', 'block'),
        permalink: '{{ block.url }}',
      },
      '{{ block.posts | docs | safe }}',
    ),
    'src/feed.njk': template(
      { ...hidden, permalink: '/feed.xml' },
      '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="id">\n' +
        '  <title>{{ site.name }}</title>\n  <subtitle>{{ site.listDescription }}</subtitle>\n' +
        '  <link rel="self" type="application/atom+xml" href="{{ site.url }}/feed.xml"/>\n' +
        '  <link rel="alternate" type="text/html" href="{{ site.url }}/"/>\n  <id>{{ site.url }}/</id>\n' +
        `  <updated>${date('collections.artikel[0].data.date_iso')}</updated>\n` +
        `{% for post in collections.artikel | head(${shape.feedEntries}) %}  <entry>\n    <title>{{ post.data.title }}</title>\n` +
        '    <link rel="alternate" type="text/html" href="{{ site.url }}{{ post.url }}"/>\n    <id>{{ site.url }}{{ post.url }}</id>\n' +
        `    <published>${date('post.data.date_iso')}</published>\n    <updated>${date('post.data.date_iso')}</updated>\n` +
        '    <author><name>{{ post.data.author }}</name></author>\n    <summary>{{ post.data.description }}</summary>\n' +
        '    <content type="html">{{ post.templateContent | escape }}</content>\n  </entry>\n{% endfor %}</feed>\n',
    ),
    'src/sitemap.njk': template(
      { ...hidden, permalink: '/sitemap.xml' },
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '{% for entry in collections.all %}  <url><loc>{{ site.url }}{{ entry.url }}</loc>' +
        '<lastmod>{{ entry.data.date_iso or collections.artikel[0].data.date_iso }}</lastmod></url>\n{% endfor %}</urlset>\n',
    ),
  };
}
