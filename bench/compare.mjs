#!/usr/bin/env node
// Compares sitegen's cold build with Hugo and Eleventy on the same synthetic content.
//
//   node bench/compare.mjs                  # N = 1,000 and 10,000 articles
//   node bench/compare.mjs --articles 1000  # one size only
//   node bench/compare.mjs --rounds 1       # fewer rounds (default 5 below 10,000, 3 from 10,000)
//
// The core is importable, so `npm run bench` (bench/run.mjs) runs the same comparison and
// puts its figures in its summary table:
//
//   import { compareTools, printComparison } from './compare.mjs';
//   const result = compareTools({ sizes: [1000, 10000], rounds: 3, work: '/tmp' });
//   // result.sizes[i] = { count, rounds, tools: { sitegen, hugo, eleventy } }, each tool
//   // { name, version, pages, walls: [ms per round], peaks: [MB per round], articleBytes,
// listBytes }
//   printComparison(result);
//
// For each N it
//   1. generates a sitegen project with bench/generate.mjs into a temp folder;
//   2. reads the generated articles back (src/content/articles/<slug>.md: YAML front matter
//      and a Markdown body) and writes an equivalent Hugo site and Eleventy site from them:
//      one Markdown content file per article with the SAME front matter values and Markdown
//      body, rendered to artikel/<slug>/index.html by each tool's own Markdown renderer
//      (sitegen and Eleventy: markdown-it; Hugo: Goldmark), a layout that mirrors sitegen's
//      article page (head with title, description, canonical, Open Graph and JSON-LD; header
//      with the same 7 nav links and search form; footer), and one list page at
//      artikel/index.html with every article as a card (title, excerpt, meta);
//   3. installs the tools when missing: Hugo with `apt-get install -y hugo` (Debian bookworm
//      ships 0.111), Eleventy 3 with npm into /tmp/sitegen-eleventy (outside the repo);
//   4. builds each tool once and checks the output (N article pages, one article contains
//      its rendered body: its last paragraph and its list items as HTML, no Markdown heading
//      left as text; the list page has N cards), failing loudly otherwise;
//   5. times cold builds as child processes under `/usr/bin/time -f "%e %M"` (wall seconds,
//      peak RSS), a fresh output folder per run, tools interleaved per round
//      (round 1: sitegen, hugo, eleventy; round 2: ...), and prints a markdown table with
//      each median next to the min–max of the rounds.
//
// Peak RSS is GNU time's %M: the ru_maxrss that wait4() reports for the timed command, i.e.
// the largest resident set of that process and of the descendants it had reaped before it
// exited; the largest one, never the sum of the process tree. For sitegen that is its Node
// process (worker threads, if any, count within it; esbuild's service child is far smaller
// and counts only if reaped before exit); Hugo and Eleventy run as one process each.
//
// All three read the same N Markdown files and parse front matter and Markdown, so the core
// of the work is alike. The comparison is still not of equal work: sitegen also builds home,
// contact, 4 brand pages and 404 pages, validates the front matter, links the first brand
// mention in every body (cheerio), and bundles its templates, CSS and client script with
// esbuild. Hugo and Eleventy build articles and the list page only, render the bodies with
// their default Markdown settings (Goldmark also gives each heading an id attribute), do no
// brand-link post-processing and copy a stylesheet and icon. Neither draws images, so
// sitegen runs with --no-cards (no social cards, no og:image) and writes no feed either way
// of cards; it still writes feed.xml and the sitemap, which Hugo also writes by default. "ms per
// page" divides by the HTML files each tool wrote. A size's projects and outputs are deleted after
// its last timed round (never between timed runs), so at most one size is on disk: 50,000 articles
// write several GB of output over the rounds.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { parse } from 'yaml';
import { formatRatio, pairedRatio, spread } from './stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sitegenCli = path.join(repo, 'bin/sitegen');
const eleventyPrefix = '/tmp/sitegen-eleventy';
const env = { ...process.env, CI: '1' };
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const log = (line) => process.stderr.write(`compare: ${line}\n`);
const fail = (message) => {
  throw new Error(`compare: ${message}`);
};

// ---------------------------------------------------------------------------------------
// Site constants shared by the Hugo and Eleventy layouts (values as in src/content).
const site = {
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
const dateLabels = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { long: `${d} ${months[m - 1]} ${y}`, short: `${d} ${months[m - 1].slice(0, 3)} ${y}` };
};

// Static markup copied from sitegen's rendered pages, shared by both tools' layouts.
const headerOpen =
  '<a class="skip-link" href="#main">Langsung ke konten</a><header class="site-header"><div class="container header-inner">' +
  '<a class="site-name" href="/">InfoSlot Indonesia</a><button type="button" class="menu-toggle" aria-expanded="false" ' +
  'aria-controls="site-menu" data-menu-toggle=""><span class="menu-icon" aria-hidden="true"></span><span class="menu-label">Menu</span>' +
  '</button><div class="site-menu" id="site-menu" data-menu=""><nav aria-label="Navigasi utama"><ul class="nav-links">';
const headerClose =
  '</ul></nav><form class="nav-search" role="search" aria-label="Cari artikel di situs" data-nav-search="" action="/artikel/">' +
  '<label class="visually-hidden" for="nav-search-input">Cari artikel</label><input id="nav-search-input" type="search" ' +
  'placeholder="Cari artikel..." autocomplete="off" name="q"><button type="submit" class="nav-search-button">Cari</button></form>' +
  '</div></div></header>';
const footerOpen =
  '<footer class="site-footer"><div class="container"><p class="responsible-play" role="note"><strong class="age-badge">18+</strong> ' +
  'Khusus pembaca berusia 18 tahun ke atas. Perjudian dapat menyebabkan kecanduan; bermainlah secara bertanggung jawab dan patuhi ' +
  'hukum yang berlaku di tempat Anda tinggal.</p><nav aria-label="Navigasi footer"><ul class="footer-links">';
const footerClose =
  '</ul></nav><p class="footer-note">© 2024 InfoSlot Indonesia. Situs informasi; kami tidak menerima taruhan atau transaksi apa pun.</p></div></footer>';
const related =
  '<aside class="related container-narrow" aria-label="Artikel Terkait"><h2>Artikel Terkait</h2><div class="grid grid-2">' +
  '<div class="card teaser"><h3 class="card-title">Tips Memilih Slot dengan RTP Tinggi</h3><p class="card-excerpt">RTP adalah ' +
  'rata-rata statistik jangka panjang, bukan jaminan hasil. Pelajari cara membacanya dengan benar.</p></div><div class="card teaser">' +
  '<h3 class="card-title">Strategi Bankroll Management yang Efektif</h3><p class="card-excerpt">Tetapkan anggaran hiburan, bagi per ' +
  'sesi, dan berhenti saat batas tercapai.</p></div></div><p><a href="/artikel/">← Kembali ke semua artikel</a></p></aside>';
const listHead =
  '<section class="page-head"><div class="container"><h1>Semua Artikel</h1><p class="lead">' +
  site.listDescription +
  '</p>' +
  '<form class="list-search" role="search" aria-label="Saring daftar artikel" data-article-filter=""><label for="article-search">' +
  'Cari artikel</label><input id="article-search" type="search" placeholder="Cari artikel berdasarkan judul, konten, atau brand..." ' +
  'autocomplete="off" name="q"><button type="submit" class="button button-primary">Cari</button></form></div></section>' +
  '<section class="section" aria-label="Daftar artikel"><div class="container">';
const listTail =
  '<p class="load-more"><button type="button" class="button button-primary" data-load-more="">Muat Lebih Banyak Artikel</button></p>' +
  '</div></section>';
// The brand wordmark, with three holes: colour, name, name.
const logo = (color, name) =>
  `<svg class="brand-logo" width="120" height="30" viewBox="0 0 160 40" role="img" aria-label="Logo ${name}"><rect width="160" height="40" rx="10" fill="${color}"></rect>` +
  '<circle cx="20" cy="20" r="9" fill="none" stroke="#fff" stroke-width="3"></circle><path d="M16 20h8M20 16v8" stroke="#fff" stroke-width="3" stroke-linecap="round"></path>' +
  `<text x="36" y="26" fill="#fff" font-family="system-ui, sans-serif" font-size="17" font-weight="700" textLength="114" lengthAdjust="spacingAndGlyphs">${name}</text></svg>`;

// ---------------------------------------------------------------------------------------
// Reads the generated articles back: one record per src/content/articles/<slug>.md, in slug
// order, with the front matter's fields, the slug and the Markdown body (everything after
// the closing `---` line). The types are checked, so a change in generate.mjs fails here.
export function readRecords(root) {
  const dir = path.join(root, 'src/content/articles');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
      if (!match) fail(`${dir}/${name} does not start with a --- front matter block`);
      const fields = parse(match[1]);
      const typesOk =
        ['title', 'excerpt', 'brand', 'author'].every((key) => typeof fields?.[key] === 'string') &&
        /^\d{4}-\d{2}-\d{2}$/.test(fields.date) &&
        Number.isInteger(fields.readTime) &&
        typeof fields.listed === 'boolean';
      if (!typesOk) fail(`unexpected front matter in ${dir}/${name}: ${JSON.stringify(fields)}`);
      return { ...fields, slug: name.slice(0, -'.md'.length), body: match[2] };
    });
}
// readTime is whole minutes; pages show it as the shipped records wrote it ('5 menit baca').
const readTimeLabel = (minutes) => `${minutes} menit baca`;
// JSON strings are valid YAML scalars, so front matter values are written with JSON.stringify.
const frontMatter = (fields) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n---\n`;
const assets = (root) => ({
  css: readFileSync(path.join(root, 'src/templates/styles.css')),
  icon: readFileSync(path.join(root, 'src/templates/favicon.svg')),
});

// Hugo: content/artikel/<slug>.md (YAML front matter; the Markdown body is rendered by
// Goldmark, Hugo's default renderer, with its default settings), a baseof layout with blocks,
// a single-page and a list (section) layout. "home" joins the disabled kinds, so Hugo writes
// only the articles and the section list, like Eleventy here.
export function writeHugoSite(dir, root, records) {
  const navItems =
    '{{ range site.Params.nav }}<li><a href="{{ .url }}"{{ if eq .url "/artikel/" }} class="is-active" aria-current="true"{{ end }}>{{ .name }}</a></li>{{ end }}';
  const footerItems =
    '{{ range site.Params.nav }}<li><a href="{{ .url }}">{{ .name }}</a></li>{{ end }}';
  const files = {
    'hugo.json': JSON.stringify(
      {
        baseURL: `${site.url}/`,
        languageCode: 'id-ID',
        title: site.name,
        disableKinds: ['taxonomy', 'term', 'RSS', 'sitemap', 'home'],
        params: { nav: site.nav, brands: site.brands, listDescription: site.listDescription },
      },
      null,
      1,
    ),
    'layouts/_default/baseof.html':
      '<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '{{ $title := cond .IsPage .Title "Semua Artikel" }}{{ $description := cond .IsPage .Description site.Params.listDescription }}' +
      '<title>{{ $title }} | {{ site.Title }}</title><meta name="description" content="{{ $description }}">' +
      '{{ with .Params.author }}<meta name="author" content="{{ . }}">{{ end }}<link rel="canonical" href="{{ .Permalink }}">' +
      '<meta property="og:type" content="{{ cond .IsPage "article" "website" }}"><meta property="og:title" content="{{ $title }}">' +
      '<meta property="og:description" content="{{ $description }}"><meta property="og:url" content="{{ .Permalink }}">' +
      '<meta property="og:site_name" content="{{ site.Title }}"><meta property="og:locale" content="id_ID"><meta name="twitter:card" content="summary">' +
      '<meta name="twitter:title" content="{{ $title }}"><meta name="twitter:description" content="{{ $description }}">' +
      '<meta name="theme-color" content="#111827"><link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">' +
      '<link rel="stylesheet" href="/assets/styles.css">{{ block "jsonld" . }}{{ end }}</head><body>' +
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
    'layouts/_default/list.html':
      '{{ define "main" }}' +
      listHead +
      '<p class="result-count" role="status" aria-live="polite" data-result-count="">{{ len .Pages }} artikel</p>' +
      '<div class="grid grid-3" data-article-grid="" data-page-size="12">{{ range .Pages }}{{ $b := index site.Params.brands .Params.brand }}' +
      '<article class="card article-card" data-card="" data-brand="{{ $b.name }}"><span class="badge badge-{{ .Params.brand }}">{{ $b.name }}</span>' +
      '<h2 class="card-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><p class="card-excerpt">{{ .Description }}</p>' +
      '<p class="card-meta">{{ .Params.author }} · {{ .Params.date_short }} · {{ .Params.read_time }}</p></article>{{ end }}</div>' +
      listTail +
      '{{ end }}\n',
  };
  const { css, icon } = assets(root);
  writeTree(dir, { ...files, 'static/assets/styles.css': css, 'static/assets/favicon.svg': icon });
  mkdirSync(path.join(dir, 'content/artikel'), { recursive: true });
  records.forEach((record, i) => {
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
      weight: i + 1, // keeps the list in record order
    };
    writeFileSync(
      path.join(dir, 'content/artikel', `${record.slug}.md`),
      frontMatter(fields) + record.body,
    );
  });
}

// Eleventy: src/artikel/<slug>.md with front matter and permalink, Nunjucks layouts
// (article.njk inside base.njk), a Nunjucks list page over an "artikel" collection.
// The Markdown bodies are rendered by markdown-it, Eleventy's default Markdown library, with
// its default options; they are not preprocessed by a template engine first
// (markdownTemplateEngine: false), as Hugo does not run templates over content either.
function writeEleventySite(dir, root, records) {
  const navItems =
    '{% for link in site.nav %}<li><a href="{{ link.url }}"{% if link.url == "/artikel/" %} class="is-active" aria-current="true"{% endif %}>{{ link.name }}</a></li>{% endfor %}';
  const footerItems =
    '{% for link in site.nav %}<li><a href="{{ link.url }}">{{ link.name }}</a></li>{% endfor %}';
  const files = {
    'eleventy.config.mjs':
      'export default function (config) {\n' +
      '  config.addPassthroughCopy({ "src/assets": "assets" });\n' +
      '  // The articles in record order (Eleventy would sort tagged pages by date, then path).\n' +
      '  config.addCollection("artikel", (api) => api.getFilteredByGlob("src/artikel/*.md").sort((a, b) => a.data.order - b.data.order));\n' +
      '  return { templateFormats: ["md", "njk"], markdownTemplateEngine: false, dir: { includes: "_includes", data: "_data" } };\n' +
      '}\n',
    'src/_data/site.json': JSON.stringify(site, null, 1),
    'src/_includes/base.njk':
      '<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '{% set canonical = site.url + page.url %}' +
      '<title>{{ title }} | {{ site.name }}</title><meta name="description" content="{{ description }}">' +
      '{% if author %}<meta name="author" content="{{ author }}">{% endif %}<link rel="canonical" href="{{ canonical }}">' +
      '<meta property="og:type" content="{{ "article" if brand else "website" }}"><meta property="og:title" content="{{ title }}">' +
      '<meta property="og:description" content="{{ description }}"><meta property="og:url" content="{{ canonical }}">' +
      '<meta property="og:site_name" content="{{ site.name }}"><meta property="og:locale" content="id_ID"><meta name="twitter:card" content="summary">' +
      '<meta name="twitter:title" content="{{ title }}"><meta name="twitter:description" content="{{ description }}">' +
      '<meta name="theme-color" content="#111827"><link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">' +
      '<link rel="stylesheet" href="/assets/styles.css">{% if brand %}<script type="application/ld+json">' +
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
    'src/artikel/index.njk':
      '---\nlayout: base.njk\npermalink: /artikel/index.html\ntitle: Semua Artikel\n' +
      `description: ${JSON.stringify(site.listDescription)}\n---\n` +
      listHead +
      '<p class="result-count" role="status" aria-live="polite" data-result-count="">{{ collections.artikel.length }} artikel</p>' +
      '<div class="grid grid-3" data-article-grid="" data-page-size="12">{% for post in collections.artikel %}{% set b = site.brands[post.data.brand] %}' +
      '<article class="card article-card" data-card="" data-brand="{{ b.name }}"><span class="badge badge-{{ post.data.brand }}">{{ b.name }}</span>' +
      '<h2 class="card-title"><a href="{{ post.url }}">{{ post.data.title }}</a></h2><p class="card-excerpt">{{ post.data.description }}</p>' +
      '<p class="card-meta">{{ post.data.author }} · {{ post.data.date_short }} · {{ post.data.read_time }}</p></article>{% endfor %}</div>' +
      listTail,
  };
  const { css, icon } = assets(root);
  writeTree(dir, { ...files, 'src/assets/styles.css': css, 'src/assets/favicon.svg': icon });
  mkdirSync(path.join(dir, 'src/artikel'), { recursive: true });
  records.forEach((record, i) => {
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
      order: i + 1,
    };
    writeFileSync(
      path.join(dir, 'src/artikel', `${record.slug}.md`),
      frontMatter(fields) + record.body,
    );
  });
}

// ---------------------------------------------------------------------------------------
// Tool installation and versions.
function ensureHugo() {
  if (!has('hugo')) {
    log('hugo not on PATH: apt-get install -y hugo');
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return execFileSync('hugo', ['version'], { encoding: 'utf8' }).match(/v(\d+\.\d+\.\d+\S*)/)[1];
}
function ensureEleventy() {
  const pkgFile = path.join(eleventyPrefix, 'node_modules/@11ty/eleventy/package.json');
  if (!existsSync(pkgFile)) {
    const install = (spec) =>
      spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', eleventyPrefix, spec], {
        stdio: ['ignore', 'ignore', 'inherit'],
      }).status === 0;
    log(`installing @11ty/eleventy@3 into ${eleventyPrefix}`);
    // The registry mirror here lacks a dependency of 3.1.8 (@11ty/recursive-copy@^4.0.6); 3.1.7
    // resolves.
    if (!install('@11ty/eleventy@3')) {
      log('npm install of @11ty/eleventy@3 failed; trying @11ty/eleventy@3.1.7');
      if (!install('@11ty/eleventy@3.1.7')) fail('npm install of @11ty/eleventy@3 failed');
    }
  }
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const needs = Number(pkg.engines?.node?.match(/>=\s*(\d+)/)?.[1] ?? 0);
  if (Number(process.versions.node.split('.')[0]) < needs)
    fail(`Eleventy ${pkg.version} needs Node ${pkg.engines.node}`);
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.eleventy;
  return { version: pkg.version, cli: path.join(path.dirname(pkgFile), bin) };
}

// ---------------------------------------------------------------------------------------
// Builds, output checks, timing.
const htmlFiles = (dir) =>
  readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.html'));

/** Runs one build under /usr/bin/time; returns wall ms and peak RSS MB. */
function timedBuild(tool, out) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...tool.command(out)], {
    cwd: tool.cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    fail(`${tool.name} build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  const [wall, peakKb] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  if (!Number.isFinite(wall) || !Number.isFinite(peakKb))
    fail(`cannot read /usr/bin/time output of ${tool.name}:\n${result.stderr}`);
  return { wall: wall * 1000, peak: peakKb / 1024 };
}

/**
 * One untimed build, then: N article pages, the sample article contains its rendered body, N list
 * cards.
 */
function checkOutput(tool, out, records) {
  timedBuild(tool, out);
  const articleDir = path.join(out, 'artikel');
  if (!existsSync(articleDir)) fail(`${tool.name} wrote no artikel/ folder in ${out}`);
  const articlePages = readdirSync(articleDir, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && existsSync(path.join(articleDir, entry.name, 'index.html')),
  ).length;
  if (articlePages !== records.length)
    fail(`${tool.name} wrote ${articlePages} article pages, expected ${records.length}`);
  // The sample's Markdown body as HTML (markdown-it, as a reference): the page must hold its
  // last paragraph and its list items as rendered elements, and no `## ` heading left as text,
  // so a tool that copied the Markdown through unrendered fails. The last paragraph and the
  // list items mention no brand, so sitegen's brand linking leaves them intact.
  const sample = records[Math.floor(records.length / 2)];
  const rendered = new MarkdownIt().render(sample.body);
  const expected = [
    rendered.match(/<p>[\s\S]*?<\/p>/g).at(-1),
    ...rendered.match(/<li>[\s\S]*?<\/li>/g),
  ];
  const page = readFileSync(path.join(articleDir, sample.slug, 'index.html'), 'utf8');
  const missing = expected.filter((fragment) => !page.includes(fragment));
  if (expected.length !== 5 || missing.length > 0 || /(^|>)\s*## /m.test(page)) {
    fail(
      `${tool.name}: artikel/${sample.slug}/index.html lacks its rendered body (missing: ${missing.join(' ') || 'none; raw ## heading left'})`,
    );
  }
  if (!page.includes(sample.title))
    fail(`${tool.name}: artikel/${sample.slug}/index.html lacks its title`);
  const list = readFileSync(path.join(articleDir, 'index.html'), 'utf8');
  const cards = list.split('class="card-title"').length - 1;
  if (cards !== records.length)
    fail(`${tool.name}: list page has ${cards} cards, expected ${records.length}`);
  return {
    pages: htmlFiles(out).length,
    articleBytes: Buffer.byteLength(page),
    listBytes: Buffer.byteLength(list),
  };
}

/** Writes each `files` entry (relative path -> text) under `dir`, creating folders. */
function writeTree(dir, files) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

// ---------------------------------------------------------------------------------------
// The comparison.

/** Rounds per size when none are given: 5 below 10,000 articles, 3 from 10,000. */
export const defaultRounds = (count) => (count >= 10000 ? 3 : 5);

/**
 * Times cold builds of sitegen (--no-cards), Hugo and Eleventy on the same N articles, for
 * each N in `sizes`, tools interleaved per round. `rounds` is a number or a function of N
 * (default: defaultRounds); `work` is where the temporary folder goes (deleted at the end,
 * also on failure). Installs Hugo and Eleventy when missing. Returns { versions: { sitegen,
 * hugo, eleventy }, sizes: [{ count, rounds, tools: { sitegen, hugo, eleventy } }] }, each
 * tool { name, version, pages (HTML files written), walls (ms, one per round, in round
 * order), peaks (MB, likewise), articleBytes, listBytes }, or with `error` set when its build
 * failed or its output was wrong (its figures are then not to be used). Throws when a size
 * cannot be set up at all (generate.mjs, a tool that will not install). Progress goes to
 * stderr.
 */
export function compareTools({ sizes, rounds = defaultRounds, work = os.tmpdir() }) {
  if (
    !Array.isArray(sizes) ||
    sizes.length === 0 ||
    !sizes.every((n) => Number.isInteger(n) && n > 0)
  ) {
    throw new TypeError(
      `compareTools: sizes must be positive integers, got ${JSON.stringify(sizes)}`,
    );
  }
  const roundsFor = typeof rounds === 'function' ? rounds : () => rounds;
  if (!sizes.every((n) => Number.isInteger(roundsFor(n)) && roundsFor(n) > 0))
    throw new TypeError('compareTools: rounds must be a positive integer');
  const started = performance.now();
  const versions = {
    sitegen: execFileSync(process.execPath, [sitegenCli, '--version'], {
      encoding: 'utf8',
      env,
    }).trim(),
    hugo: ensureHugo(),
  };
  const eleventy = ensureEleventy();
  versions.eleventy = eleventy.version;
  const dir = mkdtempSync(path.join(work, 'sitegen-compare-'));
  let finished = false;
  try {
    const results = sizes.map((count) =>
      compareSize(count, roundsFor(count), dir, versions, eleventy.cli),
    );
    finished = true;
    return { versions, sizes: results };
  } finally {
    log(`deleting ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    log(
      `${finished ? 'done' : 'FAILED'} after ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

/**
 * One size: generate, write the Hugo and Eleventy sites, check, time `rounds` rounds, delete its
 * trees.
 */
function compareSize(count, rounds, dir, versions, eleventyCli) {
  const root = path.join(dir, `gen-${count}`);
  log(`N=${count}: generating the sitegen project`);
  execFileSync(
    process.execPath,
    [path.join(repo, 'bench/generate.mjs'), '--articles', String(count), '--out', root],
    { stdio: 'ignore' },
  );
  const records = readRecords(root);
  if (records.length !== count)
    fail(`generate.mjs wrote ${records.length} records, expected ${count}`);
  const hugoDir = path.join(dir, `hugo-${count}`);
  const eleventyDir = path.join(dir, `eleventy-${count}`);
  log(`N=${count}: writing the Hugo and Eleventy sites`);
  writeHugoSite(hugoDir, root, records);
  writeEleventySite(eleventyDir, root, records);

  const tools = [
    {
      name: 'sitegen',
      cwd: root,
      command: (out) => [
        process.execPath,
        sitegenCli,
        'build',
        '--root',
        root,
        '--out',
        out,
        '--no-cards',
        // A cold build: not from the manifest a previous round left in the cache.
        '--fresh',
      ],
    },
    {
      name: 'hugo',
      cwd: hugoDir,
      command: (out) => ['hugo', '--quiet', '--source', hugoDir, '--destination', out],
    },
    {
      name: 'eleventy',
      cwd: eleventyDir,
      command: (out) => [
        process.execPath,
        eleventyCli,
        '--config',
        'eleventy.config.mjs',
        '--input',
        'src',
        '--output',
        out,
        '--quiet',
      ],
    },
  ];
  // A tool whose build fails or whose output is wrong is marked failed (`error`: the
  // message's first line and its last informative one, e.g. "JavaScript heap out of memory"
  // or "Command terminated by signal 9"; the whole message goes to stderr) and timed no more;
  // the others go on, so one tool running out of memory at 50,000 articles does not lose the
  // other figures.
  const data = {};
  const failed = (tool, error) => {
    log(`N=${count}: ${tool.name} FAILED: ${error.message}`);
    const [first, ...rest] = error.message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const last = rest.filter((line) => !/^[\d.]+ \d+$/.test(line)).at(-1); // not /usr/bin/time's "%e %M" line
    data[tool.name].error = (last ? `${first} … ${last}` : first)
      .replaceAll('|', '/')
      .slice(0, 300);
  };
  for (const tool of tools) {
    log(`N=${count}: checking ${tool.name} output`);
    data[tool.name] = {
      name: tool.name,
      version: versions[tool.name],
      pages: 0,
      walls: [],
      peaks: [],
    };
    try {
      Object.assign(
        data[tool.name],
        checkOutput(tool, path.join(dir, `out-${count}-${tool.name}-check`), records),
      );
    } catch (error) {
      failed(tool, error);
    }
  }
  for (let round = 1; round <= rounds; round++) {
    for (const tool of tools.filter(({ name }) => !data[name].error)) {
      try {
        const { wall, peak } = timedBuild(
          tool,
          path.join(dir, `out-${count}-${tool.name}-${round}`),
        );
        data[tool.name].walls.push(wall);
        data[tool.name].peaks.push(peak);
        log(
          `N=${count} round ${round}/${rounds}: ${tool.name} ${(wall / 1000).toFixed(2)} s, ${peak.toFixed(0)} MB`,
        );
      } catch (error) {
        failed(tool, error);
      }
    }
  }
  // After the last timed round of this size, before the next size is generated: the next
  // size's timed runs never share the disk with a deletion, and 50,000 articles' outputs
  // (several GB over the rounds) are not kept while the next size runs.
  log(`N=${count}: deleting its projects and outputs`);
  for (const name of readdirSync(dir))
    rmSync(path.join(dir, name), { recursive: true, force: true });
  return { count, rounds, tools: data };
}

/**
 * Prints compareTools' result: per size, a markdown table (median wall and peak memory with
 * the min–max of the rounds; vs Hugo: the ratio of the medians and the lowest and highest
 * per-round ratio, the tools being timed next to each other in every round), every run in
 * round order, the page sizes, and what differs in the work the tools do.
 */
export function printComparison(
  { sizes },
  { print = (line = '') => console.log(line), heading = '##' } = {},
) {
  for (const { count, rounds, tools } of sizes) {
    const hugo = tools.hugo;
    const ok = Object.values(tools).filter((tool) => !tool.error);
    print(
      `\n${heading} ${count.toLocaleString('en-US')} articles (${rounds} round${rounds === 1 ? '' : 's'}, median (min–max); fresh output folder per run)\n`,
    );
    print(
      '| tool | version | HTML pages | wall | ms per page | peak memory | vs Hugo (per round) |\n|---|---|---|---|---|---|---|',
    );
    for (const tool of Object.values(tools)) {
      if (tool.error) {
        print(`| ${tool.name} | ${tool.version} | — | FAILED: ${tool.error} | — | — | — |`);
        continue;
      }
      print(
        `| ${tool.name} | ${tool.version} | ${tool.pages} | ${spread(
          tool.walls.map((ms) => ms / 1000),
          2,
          ' s',
        )} | ` +
          `${spread(
            tool.walls.map((ms) => ms / tool.pages),
            3,
            ' ms',
          )} | ${spread(tool.peaks, 0, ' MB')} | ` +
          `${hugo.error ? '—' : formatRatio(pairedRatio(tool.walls, hugo.walls))} |`,
      );
    }
    print(
      '\nAll runs (s): ' +
        ok
          .map((tool) => `${tool.name} ${tool.walls.map((w) => (w / 1000).toFixed(2)).join(', ')}`)
          .join('; ') +
        '.',
    );
    print(
      'Page sizes: ' +
        ok
          .map(
            (tool) =>
              `${tool.name} article ${(tool.articleBytes / 1024).toFixed(1)} KB, list ${(tool.listBytes / 1024).toFixed(0)} KB`,
          )
          .join('; ') +
        '.',
    );
  }
  print(
    '\nAll three render the same Markdown articles (YAML front matter, Markdown bodies). sitegen also writes home, contact, ' +
      '4 brand and 3 404 pages, validates the front matter, links the first brand mention in each body, and bundles its ' +
      'templates, CSS and client script; Hugo and Eleventy build the articles and the list page only, with their default ' +
      'Markdown renderers (Goldmark, markdown-it) and no brand-link post-processing.',
  );
}

// ---------------------------------------------------------------------------------------
// Command line: only when run as `node bench/compare.mjs`, not when imported.
function main() {
  const { values } = parseArgs({
    options: { articles: { type: 'string' }, rounds: { type: 'string' } },
  });
  const sizes = values.articles ? [Number(values.articles)] : [1000, 10000];
  const rounds = values.rounds ? Number(values.rounds) : defaultRounds;
  if (
    !sizes.every((n) => Number.isInteger(n) && n > 0) ||
    (values.rounds && !(Number.isInteger(rounds) && rounds > 0))
  ) {
    console.error('usage: node bench/compare.mjs [--articles N] [--rounds R]');
    process.exit(2);
  }
  const result = compareTools({ sizes, rounds });
  const { sitegen, hugo, eleventy } = result.versions;
  console.log(`# sitegen vs Hugo vs Eleventy: cold builds`);
  console.log(
    `\n${os.cpus().length} cores (${os.cpus()[0].model}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  );
  console.log(`Versions: sitegen ${sitegen}, Hugo ${hugo}, Eleventy ${eleventy}.`);
  printComparison(result);
  if (result.sizes.some(({ tools }) => Object.values(tools).some((tool) => tool.error)))
    process.exitCode = 1;
}

const isMain = (() => {
  try {
    return (
      process.argv[1] !== undefined &&
      realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
})();
if (isMain) main();
