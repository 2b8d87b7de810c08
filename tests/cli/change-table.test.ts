import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { cpSync, existsSync } from 'node:fs';

/**
 * ARCHITECTURE.md's table "What a change rebuilds", held to the real decider: each row's change
 * is made in a copy of the shipped project, and the pages a second `sitegen build` renders are
 * held to the row's "pages rendered", phrase by phrase (PHRASES defines each one).
 */

const ARTICLES = 'src/content/articles';

interface Row {
  change: string;
  rendered: string;
}

/** The rows of the table under "## What a change rebuilds". */
function tableRows(): Row[] {
  const text = readFileSync(path.join(REPO, 'ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('## What a change rebuilds'));
  const lines = section.split('\n').filter((line) => line.startsWith('| '));
  const header = lines[0].split('|').map((cell) => cell.trim());
  const column = header.indexOf('pages rendered');
  return lines.slice(1).map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    return { change: cells[1], rendered: cells[column] };
  });
}

/** What one build did and left: the pages it rendered, every page's HTML after it. */
interface Step {
  rendered: Set<string>;
  before: Map<string, string>;
  after: Map<string, string>;
  /** The article the change was made to, before and after (slug and brand). */
  article?: { slug: string; brands: string[] };
}

/** What a phrase of the table says of a step: throws (expect) when the step breaks it. */
const PHRASES: Record<string, (step: Step) => void> = {
  'its page': (step) => expect(sorted(step.rendered)).toEqual([pageOf(step)]),
  'its page and the pages that link to it': (step) => {
    const link = `href="/artikel/${step.article!.slug}/"`;
    const linking = [...step.before].filter(([, html]) => html.includes(link)).map(([p]) => p);
    expect(sorted(step.rendered)).toEqual(sorted(new Set([pageOf(step), ...linking])));
  },
  'its page, the pages whose bytes change, and the other pages of the lists it joins, leaves or moves in':
    (step) => {
      const changed = [...step.after.keys()].filter(
        (page) => step.before.get(page) !== step.after.get(page),
      );
      for (const page of changed) expect(step.rendered, `${page} changed`).toContain(page);
      const lists = new Set(
        [...step.before.keys(), ...step.after.keys()].filter((page) => isListOf(page, step)),
      );
      for (const page of step.rendered)
        expect(changed.includes(page) || lists.has(page) || page === pageOf(step), page).toBe(true);
    },
  'every page': (step) => expect(sorted(step.rendered)).toEqual(sorted(step.after.keys())),
  none: (step) => expect(sorted(step.rendered)).toEqual([]),
};

/** A page of a list the step's article is in, before or after: home, the list, its brands'. */
function isListOf(page: string, step: Step): boolean {
  if (page === 'index.html' || page === 'artikel/index.html') return true;
  if (page.startsWith('artikel/halaman/')) return true;
  return step.article!.brands.some((brand) => page.startsWith(`brand/${brand}/`));
}

const pageOf = (step: Step) => `artikel/${step.article!.slug}/index.html`;
const sorted = (items: Iterable<string>) => [...items].sort();

/** One change: the article it is made to (a file name), and the edit itself. */
type Edit = (root: string) => { slug?: string; brands?: string[] } | undefined;

/** The article files of the project that have a body, sorted. */
const articleFiles = (root: string) =>
  readdirSync(path.join(root, ARTICLES))
    .filter((name) => {
      const text = readFileSync(path.join(root, ARTICLES, name), 'utf8');
      return text.replace(/^---\n[\s\S]*?\n---\n/, '').trim() !== '';
    })
    .sort();

function editArticle(root: string, index: number, change: (text: string) => string) {
  const name = articleFiles(root)[index];
  const file = path.join(root, ARTICLES, name);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  writeFileSync(file, after);
  const brand = (text: string) => /^brand: (.*)$/m.exec(text)![1];
  return { slug: name.replace(/\.md$/, ''), brands: [brand(before), brand(after)] };
}

const setKey = (key: string, value: string | undefined) => (text: string) => {
  const without = text.replace(new RegExp(`^${key}: .*\\n`, 'm'), '');
  return value === undefined ? without : without.replace(/^---\n/, `---\n${key}: ${value}\n`);
};

/** The edits of each row, by the row's "a change of". */
const CHANGES: Record<string, Edit[]> = {
  "an article's body": [
    (root) => editArticle(root, 3, (text) => `${text}\nParagraf baru tentang batas waktu.\n`),
  ],
  "an article's title or excerpt": [
    (root) => editArticle(root, 5, setKey('title', 'Judul Baru tentang Batas Bermain')),
    (root) => editArticle(root, 6, setKey('excerpt', 'Ringkasan baru tentang batas bermain.')),
  ],
  "an article's date, brand, `listed` or `draft`; a new or deleted article": [
    (root) => editArticle(root, 7, (text) => text.replace(/^date: .*$/m, 'date: 2023-01-02')),
    (root) => editArticle(root, 8, setKey('brand', 'perang88')),
    (root) => editArticle(root, 9, setKey('listed', 'false')),
    (root) => editArticle(root, 10, setKey('draft', 'true')),
    (root) => {
      const name = articleFiles(root)[11];
      const copy = path.join(root, ARTICLES, name.replace(/\.md$/, '-salinan.md'));
      const text = readFileSync(path.join(root, ARTICLES, name), 'utf8');
      writeFileSync(copy, text.replace(/^title: .*$/m, 'title: Salinan tentang Batas Bermain'));
      const brand = /^brand: (.*)$/m.exec(text)![1];
      return { slug: path.basename(copy, '.md'), brands: [brand] };
    },
    (root) => {
      const name = articleFiles(root)[12];
      const text = readFileSync(path.join(root, ARTICLES, name), 'utf8');
      rmSync(path.join(root, ARTICLES, name));
      return { slug: name.replace(/\.md$/, ''), brands: [/^brand: (.*)$/m.exec(text)![1]] };
    },
  ],
  'configuration (`src/content/` outside `articles/`)': [
    (root) => {
      const file = path.join(root, 'src/content/site.ts');
      const text = readFileSync(file, 'utf8');
      writeFileSync(
        file,
        text.replace(/tagline: '[^']*'/, "tagline: 'Panduan dan review platform'"),
      );
      return undefined;
    },
  ],
  'a stylesheet': [
    (root) => {
      const file = path.join(root, 'src/templates/styles.css');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n.uji{color:#123456}\n`);
      return undefined;
    },
  ],
  'a template or the client script': [
    (root) => {
      const file = path.join(root, 'src/templates/SiteFooter.tsx');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(/Situs informasi/, 'Situs informasi baru'));
      return undefined;
    },
    (root) => {
      const file = path.join(root, 'src/client/main.ts');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, `${text}\ndocument.documentElement.dataset.uji = '1';\n`);
      return undefined;
    },
  ],
  'a file in `public/`': [
    (root) => {
      mkdirSync(path.join(root, 'public'), { recursive: true });
      writeFileSync(path.join(root, 'public/uji.txt'), 'berkas uji\n');
      return undefined;
    },
  ],
  '`sitegen build` after none of these': [() => undefined],
};

/**
 * Rows no test here makes: the shipped project has no article image, and
 * tests/cli/article-images.test.ts holds what a change of one renders.
 */
const NOT_MADE_HERE = new Set([
  'an image under `src/content/` (front matter `image` or in a body)',
]);

/** Every page of the output folder (HTML files), by path, with its text. */
function pagesOf(out: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const name of readdirSync(out, { recursive: true, encoding: 'utf8' }).sort())
    if (name.endsWith('.html')) pages.set(name, readFileSync(path.join(out, name), 'utf8'));
  return pages;
}

describe('ARCHITECTURE.md "What a change rebuilds" holds for a second sitegen build', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  const out = () => path.join(temp.dir, 'dist');
  const build = async () => {
    const cache = path.join(temp.dir, 'cache');
    const result = await sitegen(['build', '--root', root, '--out', out(), '--json'], {
      env: { SITEGEN_CACHE_DIR: cache },
    });
    expect(result.code, result.stderr).toBe(0);
    const written: string[] = JSON.parse(result.stdout).writtenFiles;
    return new Set(written.filter((file) => file.endsWith('.html')));
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'project'));
    // The shipped site's cards from the run's shared cache: only the cards of edited pages draw.
    const cards = path.join(sharedCacheDir(), 'cards');
    if (existsSync(cards))
      cpSync(cards, path.join(temp.dir, 'cache', 'cards'), { recursive: true });
    await build();
  }, 120_000);
  afterAll(async () => {
    await temp?.remove();
  });

  const rows = tableRows();

  it('has a row for every change it makes, each saying what it renders in a phrase defined here', () => {
    expect(rows.map((row) => row.change).sort()).toEqual(
      [...Object.keys(CHANGES), ...NOT_MADE_HERE].sort(),
    );
    for (const row of rows.filter(({ change }) => !NOT_MADE_HERE.has(change)))
      expect(Object.keys(PHRASES), row.change).toContain(row.rendered);
  });

  for (const row of rows.filter(({ change }) => !NOT_MADE_HERE.has(change))) {
    it(`${row.change}: ${row.rendered}`, async () => {
      for (const [index, edit] of (CHANGES[row.change] ?? []).entries()) {
        const before = pagesOf(out());
        const changed = edit(root);
        const rendered = await build();
        const article = changed?.slug
          ? { slug: changed.slug, brands: changed.brands ?? [] }
          : undefined;
        const step = { rendered, before, after: pagesOf(out()), article };
        try {
          PHRASES[row.rendered](step);
        } catch (error) {
          throw new Error(`edit ${index + 1} of ${row.change} (${changed?.slug}): ${error}`);
        }
      }
    }, 60_000);
  }
});
