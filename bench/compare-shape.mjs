// What bench/compare.mjs holds the three tools to: the site sitegen builds, read from its own
// output, so that Hugo and Eleventy are given the same site, page for page.
//
//   readRecords(root)   the generated articles (front matter and Markdown body)
//   siteShape(out)      what the other tools must reproduce: the list order, the page size,
//                       the feed's length, the search blocks, and the static parts of the pages
//                       that are not lists or articles (home, brand pages, contact, 404), cut
//                       from sitegen's output
//   listRoutes(out)     a built folder's routes: HTML pages per kind and the data files
//   checkSameSite(...)  fails loudly when a tool's routes differ from sitegen's by more than
//                       the differences it is allowed (each one justified where it is given)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const fail = (message) => {
  throw new Error(`compare: ${message}`);
};
const read = (out, file) => readFileSync(path.join(out, file), 'utf8');
const readJson = (out, url) => JSON.parse(read(out, url.replace(/^\//, '')));

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

/** The inside of a page's <main>. */
const mainOf = (out, file) => {
  const html = read(out, file);
  const start = html.indexOf('<main id="main" tabindex="-1">');
  const end = html.lastIndexOf('</main>');
  if (start < 0 || end < start) fail(`no <main> in sitegen's ${file}`);
  return html.slice(start + '<main id="main" tabindex="-1">'.length, end);
};

/** A page's <main> cut around its run of article cards: { before, after, cards (how many) }. */
const aroundCards = (out, file) => {
  const main = mainOf(out, file);
  const first = main.indexOf('<article class="card article-card"');
  const last = main.lastIndexOf('</article>');
  if (first < 0) fail(`no article cards in sitegen's ${file}`);
  const cards = main.split('<article class="card article-card"').length - 1;
  return { before: main.slice(0, first), after: main.slice(last + '</article>'.length), cards };
};

/** The cards of a paged list, in order, from its list.json and card files. */
const listCards = (out, listFile) =>
  readJson(out, listFile).pages.flatMap((url) => readJson(out, url));

/**
 * What sitegen built at `out` that the other tools must build too: { order (slugs in list
 * order), pageSize, feedEntries, searchBlockDocs, brandSlugs, shells: { home, brands: { slug:
 * { before, after, cards } }, contact, notFound: { file: main }, cardTemplate, emptyState },
 * assets: { 'assets/styles.css': bytes, ... }, hostFiles: { 'robots.txt': text, ... } }, the
 * assets without their fingerprints (the other tools link them by plain names).
 */
export function siteShape(out) {
  const list = readJson(out, 'artikel/list.json');
  const order = listCards(out, 'artikel/list.json').map((c) => c.href.split('/').at(-2));
  const brandSlugs = readdirSync(path.join(out, 'brand'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const blocks = list.search?.blocks ?? fail("sitegen's artikel/list.json has no search index");
  const firstList = mainOf(out, 'artikel/index.html');
  const asset = (pattern) =>
    readFileSync(
      path.join(
        out,
        'assets',
        readdirSync(path.join(out, 'assets')).find((name) => pattern.test(name)) ??
          fail(`no ${pattern} in sitegen's assets/`),
      ),
    );
  return {
    order,
    pageSize: list.pageSize,
    feedEntries: read(out, 'feed.xml').split('<entry>').length - 1,
    searchBlockDocs: blocks.length > 1 ? blocks[1].start : list.total,
    brandSlugs,
    shells: {
      home: aroundCards(out, 'index.html'),
      brands: Object.fromEntries(
        brandSlugs.map((slug) => [slug, aroundCards(out, `brand/${slug}/index.html`)]),
      ),
      contact: mainOf(out, 'kontak/index.html'),
      notFound: Object.fromEntries(
        ['404.html', 'artikel/404.html', 'brand/404.html'].map((file) => [file, mainOf(out, file)]),
      ),
      cardTemplate: firstList.match(/<template data-card-template="">[\s\S]*?<\/template>/)[0],
      emptyState: firstList.match(/<div class="empty-state"[\s\S]*?<\/div>/)[0],
    },
    assets: {
      'assets/styles.css': asset(/^styles\..*\.css$/),
      'assets/client.js': asset(/^client\..*\.js$/),
      'assets/favicon.svg': asset(/^favicon\..*\.svg$/),
    },
    hostFiles: Object.fromEntries(
      ['robots.txt', '_headers', '.nojekyll'].map((file) => [file, read(out, file)]),
    ),
  };
}

// The HTML pages by kind, by their path in the output folder (first match wins).
const pageKinds = [
  ['home', /^index\.html$/],
  ['contact', /^kontak\/index\.html$/],
  ['notFound', /(^|\/)404\.html$/],
  ['pagerAlias', /^(artikel|brand\/[^/]+\/artikel)\/halaman\/1\/index\.html$/],
  ['list', /^artikel\/(halaman\/\d+\/)?index\.html$/],
  ['article', /^artikel\/[^/]+\/index\.html$/],
  ['brand', /^brand\/[^/]+\/index\.html$/],
  ['brandList', /^brand\/[^/]+\/artikel\/(halaman\/\d+\/)?index\.html$/],
];
export const kindNames = {
  article: 'article pages',
  list: '/artikel/ and its pages',
  brand: 'brand pages',
  brandList: "brands' lists and their pages",
  home: 'home',
  contact: 'contact',
  notFound: '404 pages',
  pagerAlias: 'halaman/1/ redirects',
  other: 'other HTML',
};
// A list page's cards (not the empty card of its <template>).
const cardLink = /<h2 class="card-title"><a href="\/artikel\/[^"/]+\/">/g;

/**
 * The routes of the built folder `out`: { html (HTML files), kinds: { kind: count }, other:
 * [paths of HTML pages of no kind], firstListCards, listCards (on /artikel/'s pages),
 * brandListCards (on all brands' list pages), feedEntries, sitemapUrls, listFiles (list.json),
 * cardFiles (assets/lists/), searchDocs (in the index /artikel/list.json names) }.
 */
export function listRoutes(out) {
  const files = readdirSync(out, { recursive: true }).map((name) => name.split(path.sep).join('/'));
  const kinds = Object.fromEntries(Object.keys(kindNames).map((kind) => [kind, 0]));
  const other = [];
  let listCardCount = 0;
  let brandListCards = 0;
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    const kind = pageKinds.find(([, pattern]) => pattern.test(file))?.[0] ?? 'other';
    kinds[kind]++;
    if (kind === 'other') other.push(file);
    if (kind === 'list') listCardCount += read(out, file).match(cardLink)?.length ?? 0;
    if (kind === 'brandList') brandListCards += read(out, file).match(cardLink)?.length ?? 0;
  }
  const sitemaps = files.filter((name) => /^sitemap(-\d+)?\.xml$/.test(name));
  return {
    html: files.filter((name) => name.endsWith('.html')).length,
    kinds,
    other,
    firstListCards: read(out, 'artikel/index.html').match(cardLink)?.length ?? 0,
    listCards: listCardCount,
    brandListCards,
    feedEntries: existsSync(path.join(out, 'feed.xml'))
      ? read(out, 'feed.xml').split('<entry>').length - 1
      : 0,
    sitemapUrls: sitemaps.reduce((sum, file) => sum + read(out, file).split('<url>').length - 1, 0),
    listFiles: files.filter((name) => name.endsWith('/list.json')).length,
    cardFiles: files.filter((name) => /^assets\/lists\/[^/]+\.json$/.test(name)).length,
    searchDocs: searchDocs(out),
  };
}

/**
 * The docs of the search index /artikel/list.json names. sitegen's blocks are inverted
 * indexes over the list, in list order (its docs are the list's cards: the list's total);
 * the other tools' blocks name a JSON array of { title, excerpt, brand } each (`index`), whose
 * fields are checked here.
 */
function searchDocs(out) {
  if (!existsSync(path.join(out, 'artikel/list.json'))) return 0;
  const list = readJson(out, 'artikel/list.json');
  const blocks = list.search?.blocks ?? [];
  if (blocks.length > 0 && typeof blocks[0].index !== 'string') return list.total;
  let count = 0;
  for (const block of blocks) {
    const docs = readJson(out, block.index);
    const wrong = docs.find(
      (doc) => Object.keys(doc).sort().join() !== 'brand,excerpt,title' || !doc.title,
    );
    if (wrong) fail(`search index ${block.index} holds ${JSON.stringify(wrong)}`);
    count += docs.length;
  }
  return count;
}

// Pages whose <main> Hugo and Eleventy must write byte for byte as sitegen does (cards,
// pagers, the static parts); an article's differs by design (Goldmark's heading ids,
// sitegen's brand link), and its body is checked apart (compare.mjs).
const samePages = [
  'index.html',
  'kontak/index.html',
  '404.html',
  'artikel/index.html',
  'artikel/halaman/2/index.html',
  'brand/loyal4d/index.html',
  'brand/loyal4d/artikel/index.html',
  'brand/loyal4d/artikel/halaman/2/index.html',
];

/**
 * Throws when the routes of `tool`'s output ({ out, routes: listRoutes(out) }) differ from
 * sitegen's (`reference`, the same shape): every page kind's count, the feed's entries, the
 * sitemap's URLs, the list and card files, the search docs, the cards on the lists' pages,
 * and the <main> of the samePages (and of the last page of /artikel/). `allowed` gives a
 * kind's justified excess over sitegen's (exactly that many more).
 */
export function checkSameSite(tool, { out, routes }, reference, allowed = {}) {
  const problems = [];
  for (const kind of Object.keys(kindNames)) {
    const expected = reference.routes.kinds[kind] + (allowed[kind] ?? 0);
    if (routes.kinds[kind] !== expected)
      problems.push(`${kindNames[kind]}: ${routes.kinds[kind]}, expected ${expected}`);
  }
  if (routes.other.length > 0) problems.push(`pages of no kind: ${routes.other.slice(0, 5)}`);
  const same = [
    'firstListCards',
    'listCards',
    'brandListCards',
    'feedEntries',
    'sitemapUrls',
    'listFiles',
    'cardFiles',
    'searchDocs',
  ];
  for (const key of same)
    if (routes[key] !== reference.routes[key])
      problems.push(`${key}: ${routes[key]}, sitegen ${reference.routes[key]}`);
  const last = `artikel/halaman/${reference.routes.kinds.list}/index.html`;
  for (const file of [...samePages, last].filter((name) =>
    existsSync(path.join(reference.out, name)),
  ))
    if (!existsSync(path.join(out, file)) || mainOf(out, file) !== mainOf(reference.out, file))
      problems.push(`${file}: its <main> is not sitegen's`);
  if (problems.length > 0)
    fail(`${tool} did not build the site sitegen built:\n  ${problems.join('\n  ')}`);
}
