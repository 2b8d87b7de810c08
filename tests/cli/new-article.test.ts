import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/cli.ts';
import { fixtureProject } from '../helpers/fixtures.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

/** Today as the CLI computes it: the local calendar date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * `sitegen new article` and the drafts it writes, in this process (helpers/sitegen.ts), on the
 * two-brand fixture. Its builds pass --no-cards: this file looks at drafts, not at social
 * cards, and the fixture's cards are in no shared cache, so a build with cards would draw them.
 */
describe('sitegen new article', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  const articles = () => readdirSync(path.join(root, 'src/content/articles')).sort();

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await fixtureProject(path.join(temp.dir, 'project'), 'two-brands');
  });
  afterAll(() => temp?.remove());

  it('writes a draft from the template, dated today, that build leaves out and build --drafts includes', async () => {
    const created = await sitegen([
      'new',
      'article',
      'nusa77-tips-anggaran',
      '--brand',
      'nusa77',
      '--root',
      root,
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(
      'created src/content/articles/nusa77-tips-anggaran.md (draft: true)',
    );
    const text = readFileSync(
      path.join(root, 'src/content/articles/nusa77-tips-anggaran.md'),
      'utf8',
    );
    expect(text).toMatch(
      new RegExp(
        `^---\\ntitle: Nusa77 Tips Anggaran\\nexcerpt: .+\\nbrand: nusa77\\nauthor: .+\\ndate: ${today()}\\ndraft: true\\n---\\n\\n\\S`,
      ),
    );

    const built = await sitegen([
      'build',
      '--no-cards',
      '--root',
      root,
      '--out',
      path.join(temp.dir, 'published'),
    ]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain(
      '1 draft left out: nusa77-tips-anggaran (--drafts includes them)',
    );
    expect(existsSync(path.join(temp.dir, 'published/artikel/nusa77-tips-anggaran'))).toBe(false);

    const drafts = await sitegen([
      'build',
      '--no-cards',
      '--drafts',
      '--root',
      root,
      '--out',
      path.join(temp.dir, 'drafts'),
    ]);
    expect(drafts.code, drafts.stderr).toBe(0);
    expect(drafts.stdout).not.toContain('left out');
    const page = readFileSync(
      path.join(temp.dir, 'drafts/artikel/nusa77-tips-anggaran/index.html'),
      'utf8',
    );
    expect(page).toContain('<span class="badge badge-draft">DRAFT</span>');
    expect(page).toContain('<meta name="robots" content="noindex">');
  });

  it('publishes the draft everywhere once its draft line is deleted: one switch', async () => {
    const file = path.join(root, 'src/content/articles/nusa77-tips-anggaran.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('\ndraft: true\n', '\n'));
    const out = path.join(temp.dir, 'published-now');
    const built = await sitegen(['build', '--no-cards', '--root', root, '--out', out]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).not.toContain('left out');
    const url = '/artikel/nusa77-tips-anggaran/';
    const read = (name: string) => readFileSync(path.join(out, name), 'utf8');
    expect(read('artikel/nusa77-tips-anggaran/index.html')).not.toContain('noindex');
    expect(read('artikel/index.html')).toContain(`href="${url}"`);
    expect(read('brand/nusa77/index.html')).toContain(`href="${url}"`);
    expect(read('feed.xml')).toContain(url);
    expect(read('sitemap.xml')).toContain(url);
    writeFileSync(file, text);
  });

  it('refuses an existing slug and leaves the file as it was', async () => {
    const file = 'src/content/articles/perang88-panduan.md';
    const before = readFileSync(path.join(root, file), 'utf8');
    const result = await sitegen([
      'new',
      'article',
      'perang88-panduan',
      '--brand',
      'perang88',
      '--root',
      root,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `sitegen: ${file} already exists; nothing was written. Choose another slug, or edit that file.\n`,
    );
    expect(readFileSync(path.join(root, file), 'utf8')).toBe(before);
  });

  it('refuses an unknown brand and an invalid slug, and writes nothing', async () => {
    const before = hashTree(path.join(root, 'src'));
    const brand = await sitegen([
      'new',
      'article',
      'lux88togel-baru',
      '--brand',
      'lux88togel',
      '--root',
      root,
    ]);
    expect(brand.code).toBe(1);
    expect(brand.stderr).toContain(
      'Unknown brand "lux88togel"; nothing was written. Use one of: perang88, nusa77',
    );
    for (const slug of ['Judul Besar', '../luar', 'a--b', '']) {
      const result = await sitegen(['new', 'article', slug, '--brand', 'nusa77', '--root', root]);
      expect(result.code, slug).toBe(1);
      expect(result.stderr, slug).toContain(
        `Cannot create an article named ${JSON.stringify(slug)}: a slug uses a-z, 0-9 and '-' only`,
      );
    }
    const missing = await sitegen(['new', 'article', 'nusa77-x', '--root', root]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--brand <brand>' not specified");
    expect(hashTree(path.join(root, 'src'))).toEqual(before);
    expect(articles()).not.toContain('lux88togel-baru.md');
  });

  /** A slug of `length` characters, of words of a-z and 0-9 joined by hyphens. */
  const slugOf = (length: number) => `${'nusa77-panjang'.padEnd(length - 1, '-panjang')}x`;

  it('refuses a slug longer than its file names allow, and writes nothing', async () => {
    const before = hashTree(path.join(root, 'src'));
    for (const length of [201, 239]) {
      const slug = slugOf(length);
      const result = await sitegen(['new', 'article', slug, '--brand', 'nusa77', '--root', root]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        `Cannot create an article named "${slug}": it is ${length} characters long, and a slug has at most 200`,
      );
    }
    expect(hashTree(path.join(root, 'src'))).toEqual(before);
  });

  it('the longest slug it accepts builds with its social card; a longer file name is refused', async () => {
    const longest = slugOf(200);
    const created = await sitegen(['new', 'article', longest, '--brand', 'nusa77', '--root', root]);
    expect(created.code, created.stderr).toBe(0);
    const file = `src/content/articles/${longest}.md`;
    try {
      const out = path.join(temp.dir, 'longest');
      // Cards drawn into a cache of the test's own: the article's card is the longest file name.
      const env = { SITEGEN_CACHE_DIR: path.join(temp.dir, 'cards-cache') };
      const built = await sitegen(['build', '--drafts', '--root', root, '--out', out], { env });
      expect(built.code, built.stderr).toBe(0);
      expect(readdirSync(path.join(out, 'og'))).toContainEqual(
        expect.stringMatching(new RegExp(`^artikel-${longest}\\.[0-9a-f]{10}\\.png$`)),
      );

      const longer = `src/content/articles/${slugOf(201)}.md`;
      renameSync(path.join(root, file), path.join(root, longer));
      const refused = await sitegen(['build', '--drafts', '--root', root, '--out', out], { env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `${longer}: the file name is 201 characters long without ".md"; a slug has at most 200 (it names the folder /artikel/{slug}/ and the social card's file), so shorten it`,
      );
      rmSync(path.join(root, longer));

      // An alias makes a folder (or a file) of each of its segments: the same limit.
      const other = path.join(root, 'src/content/articles/perang88-panduan.md');
      const text = readFileSync(other, 'utf8');
      const alias = slugOf(201);
      writeFileSync(
        other,
        text.replace('order: 1\n', `order: 1\naliases: [${alias}, /lama/${alias}.html]\n`),
      );
      const aliased = await sitegen(['build', '--root', root, '--out', out], { env });
      writeFileSync(other, text);
      expect(aliased.code).toBe(1);
      const at = 'src/content/articles/perang88-panduan.md:10:';
      expect(aliased.stderr).toContain(
        `${at}11: "aliases[0]" is "${alias}", 201 characters long; a slug or a path segment has at most 200`,
      );
      expect(aliased.stderr).toContain(
        `"aliases[1]" is "/lama/${alias}.html", with a segment 206 characters long; a slug or a path segment has at most 200`,
      );
    } finally {
      rmSync(path.join(root, file), { force: true });
    }
  }, 60_000);
});
