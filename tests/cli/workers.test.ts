/**
 * Worker threads (--jobs): a project big enough to use them (bench/generate.mjs, more articles
 * than MIN_PARALLEL_WORK) builds to the same bytes with 1, 2 and 4 workers, and what goes wrong
 * inside a worker is reported exactly as on the main thread: route, template and source line
 * for a throwing template, the time limit for a looping one, file and line for a bad article.
 * Threads exist only in the bundled CLI: a build with workers is a process (runCli, startCli);
 * one on the main thread (--jobs 1) and the refusal of a bad --jobs run in this process.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PARALLEL_WORK } from '../../src/generator/workers/worker-pool.ts';
import { eventually, makeTempDir, runCli, startCli } from '../helpers/cli.ts';
import { generatedProject } from '../helpers/fixtures.ts';
import { REPO } from '../helpers/paths.ts';
import { hashTree } from '../helpers/tree.ts';
import { replaceInFile } from '../helpers/edit.ts';
import { sitegen } from '../helpers/sitegen.ts';

const ARTICLES = MIN_PARALLEL_WORK + 50;
// Its pages: every article, the ten fixed ones (/artikel/ among them), the list's further pages
// (12 cards a page) and the pages of each of the four brands' lists (a quarter of the articles).
const PAGES = ARTICLES + 10 + Math.ceil(ARTICLES / 12) - 1 + 4 * Math.ceil(ARTICLES / 4 / 12);

/**
 * social-cards.ts's MIN_CARDS_ON_WORKERS (not exported): fewer missing cards than this are drawn
 * on the main thread whatever --jobs says. Read from the source, so the card project below always
 * has enough cards for the workers to draw them.
 */
function minCardsOnWorkers(): number {
  const source = readFileSync(path.join(REPO, 'src/generator/assets/social-cards.ts'), 'utf8');
  const match = /^const MIN_CARDS_ON_WORKERS = (\d+);$/m.exec(source);
  if (!match) throw new Error('test setup: MIN_CARDS_ON_WORKERS is not in social-cards.ts');
  return Number(match[1]);
}

/**
 * A second, small project for the cards: its articles and five fixed pages each get a card, as
 * many as the workers need to draw them and no more (drawing is the slow part).
 */
const CARD_ARTICLES = minCardsOnWorkers();

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
let cardProject: string;

/**
 * Builds the project into `out` with `jobs` workers, without cards (they are not the point): a
 * process, except on the main thread alone (--jobs 1), which runs in this process.
 */
function build(out: string, jobs: number, env: NodeJS.ProcessEnv = {}) {
  const args = ['build', '--root', project, '--out', out, '--jobs', String(jobs), '--no-cards'];
  return jobs === 1 ? sitegen(args, { env }) : runCli(args, { env, timeoutMs: 60_000 });
}

/** Replaces `search` in a project file (it must be there). */
function edit(file: string, search: string, replacement: string) {
  replaceInFile(path.join(project, file), search, replacement);
}

/** Puts the shipped ArticlePage.tsx back over an edited one. */
function restoreArticlePage() {
  const file = 'src/templates/ArticlePage.tsx';
  writeFileSync(path.join(project, file), readFileSync(path.join(REPO, file)));
}

beforeAll(async () => {
  temp = await makeTempDir('sitegen-workers-');
  project = path.join(temp.dir, 'site');
  generatedProject(project, ARTICLES);
  cardProject = path.join(temp.dir, 'cards-site');
  generatedProject(cardProject, CARD_ARTICLES);
}, 60_000);
afterAll(() => temp.remove());

describe('worker threads', () => {
  it('write the same bytes with 1, 2 and 4 workers', async () => {
    const trees = [];
    for (const jobs of [1, 2, 4]) {
      const result = await build(path.join(temp.dir, `out-${jobs}`), jobs);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`wrote ${PAGES} pages`);
      trees.push(hashTree(path.join(temp.dir, `out-${jobs}`)));
    }
    expect(Object.keys(trees[0]).length).toBeGreaterThan(ARTICLES);
    expect(trees[1]).toEqual(trees[0]);
    expect(trees[2]).toEqual(trees[0]);
  }, 120_000);

  it('draw the same social cards with 1 and 2 workers, from an empty card cache', async () => {
    const trees = [];
    for (const jobs of [1, 2]) {
      const out = path.join(temp.dir, `cards-${jobs}`);
      const args = ['build', '--root', cardProject, '--out', out, '--jobs', String(jobs), '--json'];
      // A cache of its own, empty: every card is drawn, on this thread or on the workers.
      const env = { SITEGEN_CACHE_DIR: path.join(temp.dir, `cache-${jobs}`) };
      const result = await (jobs === 1
        ? sitegen(args, { env })
        : runCli(args, { env, timeoutMs: 170_000 }));
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).cards).toEqual({ rendered: CARD_ARTICLES + 5, cached: 0 });
      trees.push(hashTree(path.join(out, 'og')));
    }
    expect(Object.keys(trees[0])).toHaveLength(CARD_ARTICLES + 5);
    expect(trees[1]).toEqual(trees[0]);
  }, 360_000);

  it('watch with workers: a body saved after the first build reaches its page', async () => {
    // The first build's bodies are parsed and linked by the workers; a body save must not
    // keep what they linked.
    // --no-cards: the test reads a page, and would otherwise draw 205 cards it never looks at.
    const watcher = startCli([
      'watch',
      '--root',
      project,
      '--port',
      '0',
      '--jobs',
      '2',
      '--no-cards',
    ]);
    try {
      await watcher.waitFor(/serving http/, 120_000);
      const slug = 'loyal4d-artikel-00102';
      const file = `src/content/articles/${slug}.md`;
      const marker = `Penanda${Date.now()}`;
      const text = readFileSync(path.join(project, file), 'utf8');
      writeFileSync(path.join(project, file), text.replace(/\n---\n\n/, `\n---\n\n${marker} `));
      const page = path.join(
        project,
        'node_modules/.cache/sitegen/dev/artikel',
        slug,
        'index.html',
      );
      await eventually(async () => readFileSync(page, 'utf8').includes(marker), 30_000);
      writeFileSync(path.join(project, file), text);
    } finally {
      await watcher.stop();
    }
  }, 180_000);

  it('refuses a --jobs that is not a whole number from 1 to 64', async () => {
    for (const jobs of ['0', '1.5', 'two', '65']) {
      const result = await sitegen(['build', '--root', project, '--jobs', jobs]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain("option '-j, --jobs <n>' argument");
      expect(result.stderr).toContain('expected a whole number from 1 to 64');
    }
  });

  it('report a template that throws in a worker with its route and source line', async () => {
    const slug = 'loyal4d-artikel-00102';
    edit(
      'src/templates/ArticlePage.tsx',
      'return (\n    <Document',
      `if (article.title.startsWith('Artikel 102:')) throw new Error('no related teasers');\n  return (\n    <Document`,
    );
    try {
      const result = await build(path.join(temp.dir, 'broken'), 2);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Rendering /artikel/${slug}/ with ArticlePage failed at src/templates/ArticlePage.tsx:13`,
      );
      expect(result.stderr).toContain('no related teasers');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    } finally {
      restoreArticlePage();
    }
  }, 60_000);

  it('stop a template that loops in a worker after the time limit, naming route and template', async () => {
    const slug = 'pegasus4d-artikel-00104';
    edit(
      'src/templates/ArticlePage.tsx',
      'return (\n    <Document',
      `if (article.title.startsWith('Artikel 104:')) for (;;) {}\n  return (\n    <Document`,
    );
    try {
      // No clock here: the build must end with this message; runCli's kill after 60 s and the
      // test's timeout only bound a hang.
      const result = await build(path.join(temp.dir, 'looping'), 2, {
        SITEGEN_RENDER_TIMEOUT_MS: '2000',
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        `Rendering /artikel/${slug}/ with ArticlePage ran longer than 2000 ms (maybe an infinite loop)`,
      );
    } finally {
      restoreArticlePage();
    }
  }, 60_000);

  /**
   * Builds into a folder of its own (a good build first), then with `line` put into
   * ArticlePage.tsx; returns the failed build's result once the output is known to be untouched.
   */
  async function failingBuild(name: string, line: string, env: NodeJS.ProcessEnv = {}) {
    const out = path.join(temp.dir, name);
    const good = await build(out, 2);
    expect(good.code, good.stderr).toBe(0);
    const before = hashTree(out);
    edit(
      'src/templates/ArticlePage.tsx',
      'return (\n    <Document',
      `${line}\n  return (\n    <Document`,
    );
    try {
      const result = await build(out, 2, env);
      expect(hashTree(out)).toEqual(before);
      expect(readdirSync(temp.dir).filter((entry) => entry.startsWith(`.${name}.`))).toEqual([]);
      expect(result.stderr).not.toMatch(/unexpected failure|please report|^\s+at /m);
      return result;
    } finally {
      restoreArticlePage();
    }
  }

  it('name the route, the template and the heap limit when a template runs a worker out of memory', async () => {
    const slug = 'perang88-artikel-00103';
    // A small heap (for the workers and this process alike): the template reaches it soon.
    const result = await failingBuild(
      'out-of-memory',
      "if (article.title.startsWith('Artikel 103:')) { const hoard: string[][] = []; for (;;) hoard.push(new Array(100_000).fill(article.title)); }",
      { NODE_OPTIONS: '--max-old-space-size=300' },
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^sitegen: Rendering /artikel/${slug}/ with ArticlePage ran out of memory in a worker thread \\(its heap limit is \\d+ MB\\)`,
        'm',
      ),
    );
  }, 120_000);

  it('name the route, the template and its line when a template calls process.exit in a worker', async () => {
    const slug = 'perang88-artikel-00103';
    const result = await failingBuild(
      'exit',
      "if (article.title.startsWith('Artikel 103:')) process.exit(3);",
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      `Rendering /artikel/${slug}/ with ArticlePage failed at src/templates/ArticlePage.tsx:13: the template called process.exit(3)`,
    );
  }, 120_000);

  it('report a bad article parsed in a worker with its file, line and field', async () => {
    const file = 'src/content/articles/lux88togel-artikel-00101.md';
    const original = readFileSync(path.join(project, file), 'utf8');
    edit(file, 'readTime: ', 'readTime: lima # ');
    try {
      const result = await build(path.join(temp.dir, 'bad-article'), 2);
      expect(result.code).toBe(1);
      const line = original.split('\n').findIndex((text) => text.startsWith('readTime: ')) + 1;
      expect(result.stderr).toMatch(new RegExp(`${file}:${line}:\\d+: "readTime" is "lima"`));
    } finally {
      writeFileSync(path.join(project, file), original);
    }
  }, 60_000);
});
