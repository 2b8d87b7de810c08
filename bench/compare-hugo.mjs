// The Hugo site of bench/compare.mjs: the site sitegen built, page for page, with Hugo's own
// means (Hugo 0.111, Debian's):
//   - articles: content/artikel/<slug>.md (YAML front matter; the Markdown body rendered by
//     Goldmark, Hugo's default renderer, with its default settings) at /artikel/<slug>/, in
//     sitegen's list order (front matter `weight`);
//   - /artikel/ paged by `.Paginator` (`paginate` = sitegen's page size, `paginatePath`
//     "halaman"), and each brand's list as a taxonomy term (`brand`) paged the same way, at
//     /brand/<slug>/artikel/ (`permalinks`); the taxonomy's own list (/brand/) is disabled, as
//     sitegen has none;
//   - home, the brand pages, contact and the 404 pages, their static parts cut from sitegen's
//     output (data/shells.json), their cards rendered here;
//   - each list's list.json (a JSON output format of the section and the terms) with its card
//     files (one per list page, fingerprinted resources), and for /artikel/ the search index:
//     { title, excerpt, brand } per article in list order, in blocks of sitegen's block size;
//   - feed.xml (an Atom output format of home, sitegen's number of entries with their
//     content), sitemap.xml (Hugo's sitemap with its own template, so that it lists the list
//     pages' pages as sitegen's does), robots.txt, _headers, .nojekyll and the stylesheet,
//     script and icon (static/: sitegen's bytes, not fingerprinted).
// What Hugo writes beyond sitegen's routes: {list}/halaman/1/, a redirect to {list}, for each
// paged list (Hugo 0.111 writes it for every paginated HTML list; `disableAliases` does not
// reach it).
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

/** Writes each `files` entry (relative path -> text or bytes) under `dir`, creating folders. */
export function writeTree(dir, files) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

// readTime is whole minutes; pages show it as the shipped records wrote it ('5 menit baca').
export const readTimeLabel = (minutes) => `${minutes} menit baca`;
// JSON strings are valid YAML scalars, so front matter values are written with JSON.stringify.
export const frontMatter = (fields) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n---\n`;

/** The records in sitegen's list order (shape.order: slugs). */
export function inListOrder(records, order) {
  const bySlug = new Map(records.map((record) => [record.slug, record]));
  if (order.length !== records.length || !order.every((slug) => bySlug.has(slug)))
    throw new Error("compare: sitegen's list does not hold every generated article once");
  return order.map((slug) => bySlug.get(slug));
}

/** The Hugo site of `records` (readRecords) shaped as sitegen's `shape` (siteShape), in `dir`. */
export function writeHugoSite(dir, records, shape) {
  writeTree(dir, {
    'hugo.json': JSON.stringify(hugoConfig(shape), null, 1),
    'data/shells.json': JSON.stringify(shape.shells),
    ...hugoLayouts(shape),
    'content/artikel/_index.md': frontMatter({ title: 'Semua Artikel' }),
    'content/kontak.md': frontMatter({ title: 'Hubungi Kami', layout: 'contact' }),
    ...Object.fromEntries(
      ['artikel', 'brand'].map((folder) => [
        `content/${folder}-404.md`,
        frontMatter({
          title: 'Halaman Tidak Ditemukan',
          url: `/${folder}/404.html`,
          layout: 'notfound',
          file: `${folder}/404.html`,
          noindex: true,
        }),
      ]),
    ),
    ...Object.fromEntries(
      shape.brandSlugs.map((slug) => [
        `content/brand-${slug}.md`,
        frontMatter({
          title: site.brands[slug].name,
          url: `/brand/${slug}/`,
          layout: 'brandpage',
          of: slug,
        }),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries({ ...shape.assets, ...shape.hostFiles }).map(([file, bytes]) => [
        `static/${file}`,
        bytes,
      ]),
    ),
  });
  mkdirSync(path.join(dir, 'content/artikel'), { recursive: true });
  inListOrder(records, shape.order).forEach((record, i) => {
    const dates = dateLabels(record.date);
    const fields = {
      title: record.title,
      description: record.excerpt,
      brand: record.brand,
      author: record.author,
      date: record.date,
      date_long: dates.long,
      date_short: dates.short,
      read_time: readTimeLabel(record.readTime),
      weight: i + 1, // sitegen's list order
    };
    writeFileSync(
      path.join(dir, 'content/artikel', `${record.slug}.md`),
      frontMatter(fields) + record.body,
    );
  });
}

function hugoConfig(shape) {
  return {
    baseURL: `${site.url}/`,
    languageCode: 'id-ID',
    title: site.name,
    paginate: shape.pageSize,
    paginatePath: 'halaman',
    taxonomies: { brand: 'brand' },
    permalinks: { brand: '/brand/:slug/artikel/' },
    // No /brand/ list (sitegen has none), and Atom instead of Hugo's RSS (sitegen writes Atom).
    disableKinds: ['taxonomy', 'RSS'],
    ignoreErrors: ['error-disable-taxonomy'],
    mediaTypes: { 'application/atom+xml': { suffixes: ['xml'] } },
    outputFormats: {
      atom: { mediaType: 'application/atom+xml', baseName: 'feed', isPlainText: true },
      list: { mediaType: 'application/json', baseName: 'list', isPlainText: true },
    },
    outputs: { home: ['HTML', 'atom'], section: ['HTML', 'list'], term: ['HTML', 'list'] },
    params: {
      nav: site.nav,
      brands: site.brands,
      brandOrder: Object.keys(site.brands),
      listDescription: site.listDescription,
      subtitle: site.listDescription,
    },
  };
}

// Template expressions of a card's fields, `.` being the article's page.
const hugoCard = (h) =>
  '{{ $b := index site.Params.brands .Params.brand }}' +
  card(h, {
    brand: '{{ .Params.brand }}',
    brandName: '{{ $b.name }}',
    href: '{{ .RelPermalink }}',
    title: '{{ .Title }}',
    excerpt: '{{ .Description }}',
    author: '{{ .Params.author }}',
    date: '{{ .Params.date_short }}',
    readTime: '{{ .Params.read_time }}',
  });

// A paged list's page, `$p` being its paginator.
const hugoListPage = (heading, label, pagerLabel, tail) =>
  '{{ define "main" }}{{ $p := .Paginator }}' +
  listPage({
    heading,
    label,
    total: '{{ len .Pages }}',
    listUrl: '{{ .RelPermalink }}list.json',
    page: '{{ $p.PageNumber }}',
    cards: '{{ range $p.Pages }}{{ partial "card-h2.html" . }}{{ end }}',
    tail,
    loadMore: `{{ with $p.Next }}${loadMoreLink('{{ .URL }}')}{{ else }}${loadMoreOff}{{ end }}`,
    pagerLabel,
    pager:
      `{{ with $p.Prev }}${prevLink('{{ .URL }}')}{{ end }}${pagerSpan('{{ $p.PageNumber }}', '{{ $p.TotalPages }}')}` +
      `{{ with $p.Next }}${nextLink('{{ .URL }}')}{{ end }}`,
  }) +
  '{{ end }}\n';
const hugoPageNumber = `{{ if gt $p.PageNumber 1 }}${pageNumber('{{ $p.PageNumber }}', '{{ $p.TotalPages }}')}{{ end }}`;

function hugoLayouts(shape) {
  const navItems =
    '{{ range site.Params.nav }}<li><a href="{{ .url }}"{{ if eq .url "/artikel/" }} class="is-active" aria-current="true"{{ end }}>{{ .name }}</a></li>{{ end }}';
  const footerItems =
    '{{ range site.Params.nav }}<li><a href="{{ .url }}">{{ .name }}</a></li>{{ end }}';
  const articles = '(site.GetPage "/artikel").Pages';
  return {
    'layouts/_default/baseof.html':
      '<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      // A list page's title and canonical URL are its pager's.
      '{{ $title := .Title }}{{ $url := .Permalink }}{{ if or (eq .Kind "section") (eq .Kind "term") }}{{ $p := .Paginator }}' +
      '{{ $url = absURL $p.URL }}{{ if eq .Kind "term" }}{{ $title = printf "Semua Artikel %s" (index site.Params.brands .Data.Term).name }}{{ end }}' +
      '{{ if gt $p.PageNumber 1 }}{{ $title = printf "%s, Halaman %d" $title $p.PageNumber }}{{ end }}{{ end }}' +
      '{{ $description := cond .IsPage .Description site.Params.listDescription }}' +
      '<title>{{ $title }} | {{ site.Title }}</title><meta name="description" content="{{ $description }}">' +
      '{{ with .Params.author }}<meta name="author" content="{{ . }}">{{ end }}<link rel="canonical" href="{{ $url }}">' +
      '<link rel="alternate" type="application/atom+xml" title="{{ site.Title }}" href="/feed.xml">' +
      '<meta property="og:type" content="{{ cond (isset .Params "brand") "article" "website" }}"><meta property="og:title" content="{{ $title }}">' +
      '<meta property="og:description" content="{{ $description }}"><meta property="og:url" content="{{ $url }}">' +
      '<meta property="og:site_name" content="{{ site.Title }}"><meta property="og:locale" content="id_ID"><meta name="twitter:card" content="summary">' +
      '<meta name="twitter:title" content="{{ $title }}"><meta name="twitter:description" content="{{ $description }}">' +
      '<meta name="theme-color" content="#111827"><link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">' +
      '<link rel="stylesheet" href="/assets/styles.css"><script src="/assets/client.js" defer></script>{{ block "jsonld" . }}{{ end }}</head><body>' +
      headerOpen +
      navItems +
      headerClose +
      '<main id="main" tabindex="-1">{{ block "main" . }}{{ end }}</main>' +
      footerOpen +
      footerItems +
      footerClose +
      '</body></html>\n',
    'layouts/_default/single.html':
      '{{ define "jsonld" }}<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":{{ .Title }},' +
      '"description":{{ .Description }},"author":{"@type":"Person","name":{{ .Params.author }}},"publisher":{"@type":"Organization",' +
      '"name":{{ site.Title }},"url":{{ site.BaseURL }}},"datePublished":{{ .Date.Format "2006-01-02" }},' +
      '"dateModified":{{ .Date.Format "2006-01-02" }},"mainEntityOfPage":{{ .Permalink }},' +
      '"inLanguage":"id-ID","about":{{ (index site.Params.brands .Params.brand).name }}}</script>{{ end }}' +
      '{{ define "main" }}{{ $b := index site.Params.brands .Params.brand }}<article class="article" aria-labelledby="article-title">' +
      '<header class="article-head container-narrow"><p class="article-brand">' +
      logo('{{ $b.color }}', '{{ $b.name }}') +
      '<span class="badge badge-{{ .Params.brand }}">{{ $b.name }}</span></p><h1 id="article-title">{{ .Title }}</h1>' +
      '<p class="lead">{{ .Description }}</p><p class="article-meta"><span>Oleh {{ .Params.author }}</span> · <span>{{ .Params.date_long }}</span> · ' +
      '<span>{{ .Params.read_time }}</span></p><p class="share"><button type="button" class="button button-secondary" data-share="">Bagikan</button> ' +
      '<span class="share-status" role="status" aria-live="polite" data-share-status=""></span></p></header>' +
      '<div class="prose container-narrow">{{ .Content }}</div>' +
      related +
      '</article>{{ end }}\n',
    'layouts/partials/card-h2.html': hugoCard('h2'),
    'layouts/partials/card-h3.html': hugoCard('h3'),
    'layouts/_default/section.html': hugoListPage(
      `<h1>Semua Artikel</h1>${hugoPageNumber}<p class="lead">{{ site.Params.listDescription }}</p>${listSearchForm}`,
      'Daftar artikel',
      'Halaman daftar artikel',
      '{{ site.Data.shells.cardTemplate | safeHTML }}{{ site.Data.shells.emptyState | safeHTML }}',
    ),
    'layouts/_default/term.html': hugoListPage(
      '{{ $b := index site.Params.brands .Data.Term }}<p><span class="badge badge-{{ .Data.Term }}">{{ $b.name }}</span></p>' +
        `<h1>Semua Artikel {{ $b.name }}</h1>${hugoPageNumber}<p class="lead"><a href="/brand/{{ .Data.Term }}/">Kembali ke review {{ $b.name }}</a></p>`,
      'Artikel tentang {{ (index site.Params.brands .Data.Term).name }}',
      'Halaman artikel {{ (index site.Params.brands .Data.Term).name }}',
      '{{ site.Data.shells.cardTemplate | safeHTML }}',
    ),
    // Home: the first article of each brand in list order, at most sitegen's number.
    'layouts/index.html':
      '{{ define "main" }}{{ $s := site.Data.shells.home }}{{ $s.before | safeHTML }}{{ $all := ' +
      articles +
      ' }}{{ $featured := slice }}{{ range site.Params.brandOrder }}{{ $featured = $featured | append (first 1 (where $all "Params.brand" .)) }}{{ end }}' +
      `{{ range first ${shape.shells.home.cards} $featured }}{{ partial "card-h3.html" . }}{{ end }}{{ $s.after | safeHTML }}{{ end }}\n`,
    'layouts/_default/brandpage.html':
      '{{ define "main" }}{{ $s := index site.Data.shells.brands .Params.of }}{{ $s.before | safeHTML }}' +
      `{{ range first $s.cards (where ${articles} "Params.brand" .Params.of) }}{{ partial "card-h3.html" . }}{{ end }}{{ $s.after | safeHTML }}{{ end }}\n`,
    'layouts/_default/contact.html':
      '{{ define "main" }}{{ site.Data.shells.contact | safeHTML }}{{ end }}\n',
    'layouts/_default/notfound.html':
      '{{ define "main" }}{{ index site.Data.shells.notFound .Params.file | safeHTML }}{{ end }}\n',
    'layouts/404.html':
      '{{ define "main" }}{{ index site.Data.shells.notFound "404.html" | safeHTML }}{{ end }}\n',
    ...hugoDataLayouts(shape),
  };
}

// list.json with its card files, the search index, the feed and the sitemap.
function hugoDataLayouts(shape) {
  const size = shape.pageSize;
  const block = shape.searchBlockDocs;
  // `chunks n` ranges over the numbers of the chunks of n of .Pages (0, 1, ...).
  const chunks = (n) =>
    `{{ range $i := seq 0 (sub (int (math.Ceil (div (float (len $pages)) ${n}))) 1) }}`;
  return {
    'layouts/_default/list.list.json':
      '{{- $pages := .Pages -}}{{- $name := "artikel" -}}{{- if eq .Kind "term" }}{{ $name = printf "brand-%s-artikel" .Data.Term }}{{ end -}}' +
      `{{- $urls := slice -}}${chunks(size)}{{- $cards := slice -}}{{- range first ${size} (after (mul $i ${size}) $pages) -}}` +
      '{{- $b := index site.Params.brands .Params.brand -}}{{- $cards = $cards | append (dict "href" .RelPermalink "title" .Title "excerpt" .Description ' +
      '"brand" .Params.brand "brandName" $b.name "author" .Params.author "date" .Params.date_short "readTime" .Params.read_time) -}}{{- end -}}' +
      '{{- $file := resources.FromString (printf "assets/lists/%s-%d.json" $name (add $i 1)) (jsonify $cards) | fingerprint -}}' +
      '{{- $urls = $urls | append $file.RelPermalink -}}{{- end -}}' +
      `{{- $data := dict "total" (len $pages) "pageSize" ${size} "pages" $urls -}}` +
      `{{- if eq .Kind "section" -}}{{- $blocks := slice -}}${chunks(block)}{{- $docs := slice -}}` +
      `{{- range first ${block} (after (mul $i ${block}) $pages) -}}{{- $docs = $docs | append (dict "title" .Title "excerpt" .Description "brand" (index site.Params.brands .Params.brand).name) -}}{{- end -}}` +
      '{{- $file := resources.FromString (printf "assets/search/%d/index.json" $i) (jsonify $docs) | fingerprint -}}' +
      `{{- $blocks = $blocks | append (dict "start" (mul $i ${block}) "index" $file.RelPermalink) -}}{{- end -}}` +
      '{{- $data = merge $data (dict "search" (dict "blocks" $blocks)) -}}{{- end -}}{{ jsonify $data }}\n',
    'layouts/index.atom.xml':
      '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="id">\n' +
      '  <title>{{ site.Title | htmlEscape }}</title>\n  <subtitle>{{ site.Params.subtitle | htmlEscape }}</subtitle>\n' +
      '  <link rel="self" type="application/atom+xml" href="{{ site.BaseURL }}feed.xml"/>\n' +
      '  <link rel="alternate" type="text/html" href="{{ site.BaseURL }}"/>\n  <id>{{ site.BaseURL }}</id>\n' +
      '  {{ $pages := (site.GetPage "/artikel").Pages }}<updated>{{ (index $pages 0).Date.UTC.Format "2006-01-02T15:04:05Z" }}</updated>\n' +
      `{{ range first ${shape.feedEntries} $pages }}  <entry>\n    <title>{{ .Title | htmlEscape }}</title>\n` +
      '    <link rel="alternate" type="text/html" href="{{ .Permalink }}"/>\n    <id>{{ .Permalink }}</id>\n' +
      '    <published>{{ .Date.UTC.Format "2006-01-02T15:04:05Z" }}</published>\n    <updated>{{ .Lastmod.UTC.Format "2006-01-02T15:04:05Z" }}</updated>\n' +
      '    <author><name>{{ .Params.author | htmlEscape }}</name></author>\n    <summary>{{ .Description | htmlEscape }}</summary>\n' +
      '    <content type="html">{{ .Content | htmlEscape }}</content>\n  </entry>\n{{ end }}</feed>\n',
    // Every indexable page, and each list's pages after its first (Hugo's own sitemap lists
    // each list once).
    'layouts/_default/sitemap.xml':
      '{{ printf "<?xml version=\\"1.0\\" encoding=\\"UTF-8\\"?>" | safeHTML }}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '{{ range .Data.Pages }}{{ if not .Params.noindex }}{{ $page := . }}{{ $lastmod := .Lastmod.Format "2006-01-02" }}' +
      '  <url><loc>{{ .Permalink }}</loc><lastmod>{{ $lastmod }}</lastmod></url>\n' +
      `{{ if or (eq .Kind "section") (eq .Kind "term") }}{{ $last := int (math.Ceil (div (float (len .Pages)) ${size})) }}` +
      '{{ if gt $last 1 }}{{ range seq 2 $last }}  <url><loc>{{ $page.Permalink }}halaman/{{ . }}/</loc><lastmod>{{ $lastmod }}</lastmod></url>\n' +
      '{{ end }}{{ end }}{{ end }}{{ end }}{{ end }}</urlset>\n',
  };
}
