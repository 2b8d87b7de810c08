import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree, linkTree } from '../helpers/tree.ts';

const BRANDS = 'src/content/brands.ts';
const SITE = 'src/content/site.ts';
/** What a refused character's message says is expected instead. */
const ALLOWED =
  'expected text without control characters (tab and line breaks aside) or bidi overrides';
const ARTICLE = 'src/content/articles/perang88-mengenal-fitur-slot-modern.md';

/** Replaces `from` (which must occur) with `to` in one file of the project. */
async function edit(project: string, file: string, from: string, to: string) {
  const full = path.join(project, file);
  const text = await readFile(full, 'utf8');
  if (!text.includes(from)) throw new Error(`test setup: "${from}" not found in ${file}`);
  await writeFile(full, text.replace(from, to));
}

// Where things are in the shipped article, so each expected message names the exact line.
const original = readFileSync(path.join(REPO, ARTICLE));
const lines = original.toString('utf8').split('\n');
const lineOf = (start: string) => lines.findIndex((line) => line.startsWith(start)) + 1;
const brandsLines = readFileSync(path.join(REPO, BRANDS), 'utf8').split('\n');
/** The features line of perang88, and the column just after "'Enkripsi " on it. */
const featuresLine = brandsLines.findIndex((line) => line.includes("'Enkripsi SSL'")) + 1;
const escapeColumn =
  brandsLines[featuresLine - 1].indexOf("'Enkripsi SSL'") + "'Enkripsi ".length + 1;
const siteLines = readFileSync(path.join(REPO, SITE), 'utf8').split('\n');
const taglineLine = siteLines.findIndex((line) => line.trim().startsWith('tagline:')) + 1;
const SEO = 'src/content/seo.ts';
const seoLines = readFileSync(path.join(REPO, SEO), 'utf8').split('\n');
/** The article list's title in seo.ts, and the column of the character after "Semua". */
const listTitleLine = seoLines.findIndex((line) => line.includes("'Semua Artikel'")) + 1;
const listTitleColumn =
  seoLines[listTitleLine - 1].indexOf("'Semua Artikel'") + "'Semua".length + 1;
/**
 * The first heading line ("## Simbol Wild"): bytes go at its end, a new block two lines below it.
 */
const headingLine = lineOf('## ');
const headingEnd = original.indexOf('\n', original.indexOf('\n## ') + 1);
const headingColumn = lines[headingLine - 1].length + 1;
/** A new block, inserted as its own paragraph after the first heading; its line in the file. */
const blockLine = headingLine + 2;

/** Inserts raw `bytes` at the end of the first heading's line. */
async function appendToHeading(project: string, bytes: Buffer) {
  const full = path.join(project, ARTICLE);
  const text = await readFile(full);
  await writeFile(
    full,
    Buffer.concat([text.subarray(0, headingEnd), bytes, text.subarray(headingEnd)]),
  );
}
/** Inserts `markdown` as a new block right after the first heading (at blockLine). */
const addBlock = (project: string, markdown: string) =>
  edit(project, ARTICLE, lines[headingLine - 1], `${lines[headingLine - 1]}\n\n${markdown}`);

/** The responsible-copy rule's message after the phrase (policy/responsible-copy.ts). */
const REFUSED_BY_LIST =
  'a phrase src/content/responsible.ts refuses (the site never promises winnings, claims results can be predicted or addresses minors); reword it, or add the passage to "allowed" there if it warns against the phrase';
const RESPONSIBLE = 'src/content/responsible.ts';
/** The line of perang88's description in brands.ts, and where its text starts. */
const descriptionLine =
  brandsLines.findIndex((line) => line.includes("'Platform dengan turnamen berkala")) + 1;
const descriptionColumn = brandsLines[descriptionLine - 1].indexOf("'Platform") + 2;

const cases: {
  name: string;
  breakIt: (project: string) => Promise<void>;
  message: string | RegExp;
}[] = [
  {
    name: 'an unknown key, with the key it was meant to be',
    breakIt: (p) => edit(p, ARTICLE, 'author: Budi Santoso', 'autor: Budi Santoso'),
    message: `${ARTICLE}:${lineOf('author:')}:1: unknown key "autor"; did you mean "author"?`,
  },
  {
    name: 'a YAML syntax error, at its line (a title with ": " left unquoted)',
    breakIt: (p) =>
      edit(
        p,
        ARTICLE,
        'title: "Mengenal Fitur Slot Modern di Perang88: Scatter, Wild, dan Free Spin"',
        'title: Mengenal Fitur Slot Modern di Perang88: Scatter, Wild, dan Free Spin',
      ),
    message: `${ARTICLE}:${lineOf('title:')}:8: front matter is not valid YAML: Nested mappings are not allowed in compact mappings (a value that contains ": " must be in double quotes)`,
  },
  {
    name: 'a value of the wrong type, at its key',
    breakIt: (p) => edit(p, ARTICLE, 'listed: true', 'listed: ya'),
    message: `${ARTICLE}:${lineOf('listed:')}:1: "listed" is "ya"; expected true or false`,
  },
  {
    name: 'a read time that is not a whole number of minutes',
    breakIt: (p) => edit(p, ARTICLE, 'readTime: 6', 'readTime: 6 menit baca'),
    message: `${ARTICLE}:${lineOf('readTime:')}:1: "readTime" is "6 menit baca"; expected a whole number of minutes, such as 7`,
  },
  {
    name: 'a date that does not exist',
    breakIt: (p) => edit(p, ARTICLE, 'date: 2024-12-15', 'date: 2024-02-30'),
    message: `${ARTICLE}:${lineOf('date:')}:1: "date" is "2024-02-30"; expected a date as YYYY-MM-DD, such as 2024-12-15`,
  },
  {
    name: 'an update dated before the article',
    breakIt: (p) => edit(p, ARTICLE, 'date: 2024-12-15', 'date: 2024-12-15\nupdated: 2024-12-01'),
    message: `${ARTICLE}:${lineOf('date:') + 1}:1: "updated" is 2024-12-01, before "date" 2024-12-15; expected the same day or later`,
  },
  {
    name: 'an unknown brand',
    breakIt: (p) => edit(p, ARTICLE, 'brand: perang88', 'brand: perang99'),
    message: `${ARTICLE}:${lineOf('brand:')}:1: brand "perang99" is not one of lux88togel, loyal4d, perang88, pegasus4d`,
  },
  {
    name: 'an empty required field',
    breakIt: (p) => edit(p, ARTICLE, 'author: Budi Santoso', 'author: ""'),
    message: `${ARTICLE}:${lineOf('author:')}:1: "author" is empty; expected non-empty text`,
  },
  {
    name: 'a missing required field',
    breakIt: (p) => edit(p, ARTICLE, 'author: Budi Santoso\n', ''),
    message: `${ARTICLE}:1:1: "author" is missing; expected non-empty text`,
  },
  {
    name: 'a file without front matter',
    breakIt: (p) => writeFile(path.join(p, ARTICLE), 'Hanya teks, tanpa front matter.\n'),
    message: `${ARTICLE}:1:1: expected front matter: a first line "---", then the fields (title, excerpt, brand, ...), then a line "---"`,
  },
  {
    name: 'a file name that is not a slug',
    breakIt: (p) =>
      rename(path.join(p, ARTICLE), path.join(p, 'src/content/articles/Perang88 Review.md')),
    message: `src/content/articles/Perang88 Review.md: the file name is not a slug; name it with a-z, 0-9 and '-' only`,
  },
  {
    name: 'a body left over in the old HTML format',
    breakIt: (p) =>
      writeFile(path.join(p, 'src/content/articles/perang88-lama.html'), '<p>lama</p>\n'),
    message:
      'src/content/articles/perang88-lama.html: article bodies are Markdown files now; move its front matter and body into src/content/articles/perang88-lama.md',
  },
  {
    name: 'a rating outside 0 to 5',
    breakIt: (p) => edit(p, BRANDS, 'rating: 4.6,', 'rating: 5.6,'),
    message:
      'src/content/brands.ts: brand "perang88": "rating" is 5.6; expected a number from 0 to 5',
  },
  {
    name: 'a year that is not four digits',
    breakIt: (p) => edit(p, BRANDS, "established: '2021',", "established: '21',"),
    message:
      'src/content/brands.ts: brand "perang88": "established" is "21"; expected a four-digit year such as "2020"',
  },
  {
    name: 'raw HTML with an unclosed tag, at its Markdown line',
    breakIt: (p) => addBlock(p, '<div>\nteks'),
    message: new RegExp(`${ARTICLE}:${blockLine}: <div> is never closed`),
  },
  {
    name: 'raw HTML with <script>, at its Markdown line',
    breakIt: (p) => addBlock(p, '<script>alert(1)</script>'),
    message: `${ARTICLE}:${blockLine}: <script> is not allowed in article bodies`,
  },
  {
    name: 'an inline event handler',
    breakIt: (p) => addBlock(p, 'Teks <span onmouseover="steal()">ini</span>.'),
    message: `${ARTICLE}:${blockLine}: inline event handler onmouseover="…" on <span> is not allowed`,
  },
  {
    name: 'a Markdown link to a javascript: URL (an error, never silently dropped)',
    breakIt: (p) => addBlock(p, '[klik](JavaScript:alert(1))'),
    message: `${ARTICLE}:${blockLine}: a javascript: URL in href="…" on <a> is not allowed`,
  },
  {
    name: 'an entity-encoded javascript: URL in raw HTML',
    breakIt: (p) => addBlock(p, '<p><a href="java&#115;cript:alert(1)">klik</a></p>'),
    message: `${ARTICLE}:${blockLine}: a javascript: URL in href="…" on <a> is not allowed (decoded: "javascript:alert(1)"`,
  },
  {
    name: "a Markdown heading of level 1 (the title is the page's only <h1>)",
    breakIt: (p) => addBlock(p, '# Judul kedua'),
    message: `${ARTICLE}:${blockLine}: `,
  },
  {
    name: 'raw HTML nested 5,000 <div> deep (once crashed the linker)',
    breakIt: (p) => addBlock(p, `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`),
    message: `${ARTICLE}:${blockLine}: <div> is nested 101 elements deep; a body may nest at most 100 (close or flatten the markup)`,
  },
  {
    name: 'an HTML link to another site without target and rel (check would refuse the built page)',
    breakIt: (p) => addBlock(p, '<p><a href="https://bantuan.example/">bantuan</a></p>'),
    message: `${ARTICLE}:${blockLine}: a link to another site ("https://bantuan.example/") needs target="_blank" rel="noopener noreferrer"`,
  },
  {
    name: 'an article file that is a symbolic link (once published the build environment)',
    breakIt: async (p) => {
      await rm(path.join(p, ARTICLE));
      await symlink('/proc/self/environ', path.join(p, ARTICLE));
    },
    message: `${ARTICLE}: is a symbolic link; an article must be a regular file (a link could publish any file the build can read)`,
  },
  {
    name: 'an article "file" that is a folder',
    breakIt: async (p) => {
      await rm(path.join(p, ARTICLE));
      await mkdir(path.join(p, ARTICLE));
    },
    message: `${ARTICLE}: is not a regular file (a directory, pipe, socket or device); an article must be a regular file`,
  },
  {
    name: 'content without its page titles and descriptions (seo)',
    breakIt: (p) =>
      edit(
        p,
        'src/content/index.ts',
        '{ site, brands, seo, responsible }',
        '{ site, brands, responsible }',
      ),
    message:
      'src/content/index.ts: content "seo" is missing; expected the page titles and descriptions of src/content/seo.ts, one function per page kind',
  },
  {
    name: 'a NUL byte',
    breakIt: (p) => appendToHeading(p, Buffer.from([0])),
    message: `${ARTICLE}:${headingLine}:${headingColumn}: a NUL byte (byte offset ${headingEnd}); an article is text and never contains NUL`,
  },
  {
    name: 'bytes that are not valid UTF-8',
    breakIt: (p) => appendToHeading(p, Buffer.from([0x41, 0xc3, 0x28])),
    message: `${ARTICLE}: is not valid UTF-8: the byte at offset ${headingEnd + 1} (line ${headingLine}, 0xc3) starts no valid character; save the file as UTF-8`,
  },
  {
    name: 'terminal control characters',
    breakIt: (p) => appendToHeading(p, Buffer.from('\x1b[2J\x1b]0;pwned\x07')),
    message: `${ARTICLE}:${headingLine}:${headingColumn}: control character U+001B (escape); ${ALLOWED}`,
  },
  {
    // The raw file is clean; YAML's escape makes the character, which XML 1.0 forbids.
    name: 'a vertical tab written as a YAML escape in the excerpt',
    breakIt: (p) => edit(p, ARTICLE, lines[lineOf('excerpt:') - 1], 'excerpt: "Penjelasan\\vwild"'),
    message: `${ARTICLE}:${lineOf('excerpt:')}:1: "excerpt" has control character U+000B (vertical tab) at character 11; ${ALLOWED}`,
  },
  {
    name: 'a right-to-left override written as a YAML escape in the title',
    breakIt: (p) => edit(p, ARTICLE, 'title: "Mengenal', 'title: "\\u202EMengenal'),
    message: `${ARTICLE}:${lineOf('title:')}:1: "title" has bidi control character U+202E (right-to-left override) at character 1; ${ALLOWED}`,
  },
  {
    name: 'a right-to-left override written as itself in the title',
    breakIt: (p) => edit(p, ARTICLE, 'title: "Mengenal', 'title: "\u202EMengenal'),
    message: `${ARTICLE}:${lineOf('title:')}:9: bidi control character U+202E (right-to-left override); ${ALLOWED}`,
  },
  {
    // A Markdown image is published once its file is read: a missing one is an error at the `![`.
    name: 'an image in the article text whose file is missing',
    breakIt: (p) => addBlock(p, 'Lihat ![Grafik](images/grafik.png)'),
    message: `${ARTICLE}:${blockLine}:7: the image "images/grafik.png": no such file; expected a PNG, JPEG or WebP file`,
  },
  {
    name: 'an image in the article text on another site',
    breakIt: (p) => addBlock(p, '![Grafik](https://cdn.example/grafik.png)'),
    message: `${ARTICLE}:${blockLine}:1: the image "https://cdn.example/grafik.png" is a remote address; expected a path to a PNG, JPEG or WebP file relative to the article, inside src/content/`,
  },
  {
    // No file an HTML image names is copied: it would be published dead.
    name: 'an image in raw HTML of the article text',
    breakIt: (p) => addBlock(p, '<p><img src="/assets/logo.png" alt="Logo"></p>'),
    message: `${ARTICLE}:${blockLine}: an image written as HTML in the article text is not published: the build copies only the images a body writes in Markdown. Write it as ![alt text](./images/file.png), the file in src/content/articles/images/ (docs/content.md, Images in the text), or remove it`,
  },
  {
    // Markdown decodes the reference: the page would hold the character itself.
    name: 'a bidi override brought into Markdown text by a character reference',
    breakIt: (p) => addBlock(p, 'Teks &#x202e;terbalik'),
    message: `${ARTICLE}:${blockLine}: bidi control character U+202E (right-to-left override); ${ALLOWED}`,
  },
  {
    name: 'a bidi override brought into raw HTML by a character reference',
    breakIt: (p) => addBlock(p, '<p>Teks &#8238;terbalik</p>'),
    message: `${ARTICLE}:${blockLine}: a character reference to bidi control character U+202E (right-to-left override); ${ALLOWED}`,
  },
  {
    name: 'a bidi isolate in a brand feature of brands.ts, written as an escape',
    breakIt: (p) => edit(p, BRANDS, "'Enkripsi SSL'", "'Enkripsi \\u2067SSL'"),
    message: `${BRANDS}:${featuresLine}:${escapeColumn}: brand "perang88": "features[2]" has bidi control character U+2067 (right-to-left isolate) at character 10; ${ALLOWED}`,
  },
  {
    name: 'a right-to-left override in site.ts, written as itself',
    breakIt: (p) => edit(p, SITE, "tagline: 'Panduan", "tagline: 'Pan\u202Eduan"),
    message: `${SITE}:${taglineLine}:16: site: "tagline" has bidi control character U+202E (right-to-left override) at character 4; ${ALLOWED}`,
  },
  {
    name: 'seo.ts: a vertical tab as an escape in a page title',
    breakIt: (p) => edit(p, SEO, "'Semua Artikel'", "'Semua\\v Artikel'"),
    message: `${SEO}:${listTitleLine}:${listTitleColumn}: seo.articleList(): "title" has control character U+000B (vertical tab) at character 6; ${ALLOWED}`,
  },
  {
    name: 'seo.ts: a right-to-left override written as itself',
    breakIt: (p) => edit(p, SEO, "'Semua Artikel'", "'Semua\u202E Artikel'"),
    message: `${SEO}:${listTitleLine}:${listTitleColumn}: seo.articleList(): "title" has bidi control character U+202E (right-to-left override) at character 6; ${ALLOWED}`,
  },
  {
    name: 'the responsible-copy rule: a refused phrase in the title, at its line and column',
    breakIt: (p) => edit(p, ARTICLE, 'title: "Mengenal', 'title: "Pola Gacor, Mengenal'),
    message: `${ARTICLE}:${lineOf('title:')}:9: "title" has "pola gacor" (written "Pola Gacor"), ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy rule: a phrase split by Markdown emphasis in the body',
    breakIt: (p) => addBlock(p, 'Dijamin **pasti**   menang.'),
    message: `${ARTICLE}:${blockLine}:11: the text has "pasti menang", ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy rule: a brand description in brands.ts',
    breakIt: (p) =>
      edit(p, BRANDS, "'Platform dengan turnamen", "'Pasti menang: platform dengan turnamen"),
    message: `${BRANDS}:${descriptionLine}:${descriptionColumn}: brand "perang88": "description" has "pasti menang" (written "Pasti menang"), ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy rule: the site copy in site.ts',
    breakIt: (p) => edit(p, SITE, "tagline: 'Panduan", "tagline: 'Jam gacor dan panduan"),
    message: `${SITE}:${taglineLine}:13: site: "tagline" has "jam gacor" (written "Jam gacor"), ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy rule: a page title seo.ts writes',
    breakIt: (p) => edit(p, SEO, "'Semua Artikel'", "'Semua Artikel Slot Gacor'"),
    message: `${SEO}:${listTitleLine}:${listTitleColumn + ' Artikel '.length}: seo.articleList(): "title" has "slot gacor" (written "Slot Gacor"), ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy rule: a phrase the site adds to its list',
    breakIt: (p) => edit(p, RESPONSIBLE, "'pelajar',", "'pelajar',\n    'mekanisme slot',"),
    message: `${ARTICLE}:${lineOf('excerpt:')}:51: "excerpt" has "mekanisme slot", ${REFUSED_BY_LIST}`,
  },
  {
    name: 'the responsible-copy list: an allowed passage that names no refused phrase',
    breakIt: (p) => edit(p, RESPONSIBLE, 'allowed: [', "allowed: [\n    'tanpa frasa apa pun',"),
    message: `${RESPONSIBLE}: responsible: "allowed[0]" holds none of the refused phrases, so it allows nothing; expected a passage that names one, as a reader sees it`,
  },
  {
    name: 'content without its responsible-copy list',
    breakIt: (p) =>
      edit(
        p,
        'src/content/index.ts',
        '{ site, brands, seo, responsible }',
        '{ site, brands, seo }',
      ),
    message:
      'src/content/index.ts: content "responsible" is missing; expected the responsible-copy list of src/content/responsible.ts (docs/content.md, The responsible-copy rule)',
  },
  {
    name: 'a noncharacter written as a YAML escape in the title',
    breakIt: (p) => edit(p, ARTICLE, 'title: "Mengenal', 'title: "\\uFDD0Mengenal'),
    message: `${ARTICLE}:${lineOf('title:')}:1: "title" has noncharacter U+FDD0 at character 1; ${ALLOWED}`,
  },
];

/**
 * A fresh copy of the golden project for one case, at `to`: src/content/, the only part a case
 * changes, copied; every other file (the rest of src/ and the previous output in dist/)
 * hard-linked, which writes none of its bytes (a copy of each file was most of a case's time).
 * A build that wrote an output file in place would still change the case's hashTree of dist/;
 * afterAll checks that no case changed the golden project through a link.
 */
function copyCase(golden: string, to: string): string {
  linkTree(golden, to, [path.join(golden, 'src/content')]);
  return to;
}

// Every build runs in-process (tests/helpers/sitegen.ts): the CLI's own argv parsing, builder and
// printed text, so each case asserts on the exit code, the full message on stderr, an empty stdout
// and the output folder. The golden project's build draws its cards from the run's shared cache.
describe('invalid content fails the build, says where and why, and keeps the previous output', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let golden: string;
  let goldenTree: Record<string, string>;
  beforeAll(async () => {
    temp = await makeTempDir();
    golden = await copyProject(path.join(temp.dir, 'golden'));
    const result = await sitegen(['build', '--root', golden]);
    expect(result.code, result.stderr).toBe(0);
    goldenTree = hashTree(golden);
  });
  afterAll(async () => {
    try {
      expect(hashTree(golden), 'a case changed a file it shares with the golden project').toEqual(
        goldenTree,
      );
    } finally {
      await temp.remove();
    }
  });

  it.each(cases)('$name', async ({ breakIt, message }) => {
    const project = copyCase(
      golden,
      path.join(temp.dir, `case-${Math.random().toString(36).slice(2)}`),
    );
    const before = hashTree(path.join(project, 'dist'));
    await breakIt(project);
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The content has \d+ problems?; nothing was written/);
    if (typeof message === 'string') expect(result.stderr).toContain(message);
    else expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    // Content is quoted only through printable(): no raw control character reaches the terminal.
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(hashTree(path.join(project, 'dist'))).toEqual(before);
  });

  it('refuses a body id that the page already uses, naming the article and the id', async () => {
    const project = copyCase(golden, path.join(temp.dir, 'duplicate-id'));
    const before = hashTree(path.join(project, 'dist'));
    await addBlock(project, '<p id="main">x</p>');
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${ARTICLE}: the page /artikel/perang88-mengenal-fitur-slot-modern/ uses the id "main" more than once`,
    );
    expect(hashTree(path.join(project, 'dist'))).toEqual(before);
  });

  it('reports every problem of every file in one run, files by name, each file in line order', async () => {
    const project = copyCase(golden, path.join(temp.dir, 'several'));
    const other = 'src/content/articles/loyal4d-review-tampilan-situs.md';
    await edit(project, other, 'listed: false', 'listed: no');
    await addBlock(project, '<script>alert(1)</script>');
    await edit(project, ARTICLE, 'author: Budi Santoso', 'autor: Budi Santoso');
    await edit(project, ARTICLE, 'brand: perang88', 'brand: perang99');
    await edit(project, BRANDS, 'rating: 4.6,', 'rating: 5.6,');
    // Broken YAML does not hide the body's problem below it.
    const third = 'src/content/articles/perang88-bermain-secara-bertanggung-jawab.md';
    await edit(project, third, 'readTime: ', 'readTime: [');
    await edit(project, third, '\n---\n\n', '\n---\n\n<script>x()</script>\n\n');
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The content has 8 problems/);
    const reported = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(4).split(': ')[0]);
    expect(reported).toEqual([
      'src/content/brands.ts',
      `${other}:${lineOf('listed:')}:1`,
      `${third}:${lineOf('listed:')}:1`,
      `${third}:${lineOf('order:') + 3}`,
      `${ARTICLE}:1:1`,
      `${ARTICLE}:${lineOf('brand:')}:1`,
      `${ARTICLE}:${lineOf('author:')}:1`,
      `${ARTICLE}:${blockLine}`,
    ]);
  });
});

// Issue 29, item 11: the tester's article and brand, refused whole, every phrase at its place; and
// a changed list holds the articles an earlier build kept to it (the build manifest).
describe('the responsible-copy rule refuses every phrase of the content at once', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  it("refuses the tester's article and brand in one run, each phrase at its file, line and column", async () => {
    const project = await copyProject(path.join(temp.dir, 'tester'));
    await edit(
      project,
      ARTICLE,
      lines[lineOf('title:') - 1],
      'title: "Pola Gacor … Pasti Menang, Jackpot Dijamin"',
    );
    await edit(
      project,
      ARTICLE,
      lines[lineOf('excerpt:') - 1],
      'excerpt: Info bocoran slot terbaru.',
    );
    await addBlock(project, 'Semua boleh main, anak sekolah juga bisa ikut.');
    await edit(
      project,
      BRANDS,
      "'Platform dengan turnamen",
      "'Pasti menang: platform dengan turnamen",
    );
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The content has 6 problems; nothing was written');
    const places = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(4).split(', a phrase')[0]);
    expect(places).toEqual([
      `${BRANDS}:${descriptionLine}:${descriptionColumn}: brand "perang88": "description" has "pasti menang" (written "Pasti menang")`,
      `${ARTICLE}:${lineOf('title:')}:9: "title" has "pola gacor" (written "Pola Gacor")`,
      `${ARTICLE}:${lineOf('title:')}:22: "title" has "pasti menang" (written "Pasti Menang")`,
      `${ARTICLE}:${lineOf('title:')}:36: "title" has "jackpot dijamin" (written "Jackpot Dijamin")`,
      `${ARTICLE}:${lineOf('excerpt:')}:15: "excerpt" has "bocoran slot"`,
      `${ARTICLE}:${blockLine}:19: the text has "anak sekolah"`,
    ]);
    expect(existsSync(path.join(project, 'dist'))).toBe(false);
  });

  it('holds every article to a changed list, also those the previous build kept', async () => {
    const project = await copyProject(path.join(temp.dir, 'changed-list'));
    const first = await sitegen(['build', '--root', project]);
    expect(first.code, first.stderr).toBe(0);
    await edit(project, RESPONSIBLE, "'pelajar',", "'pelajar',\n    'mekanisme slot',");
    const second = await sitegen(['build', '--root', project]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `${ARTICLE}:${lineOf('excerpt:')}:51: "excerpt" has "mekanisme slot", ${REFUSED_BY_LIST}`,
    );
    // Taken out again, the build passes: the articles are checked against the list as it is.
    await edit(project, RESPONSIBLE, "'pelajar',\n    'mekanisme slot',", "'pelajar',");
    expect((await sitegen(['build', '--root', project])).code).toBe(0);
  });
});
