/**
 * The recipes of docs/hosting.md no real host can be reached for here (GitHub Pages,
 * Netlify, Cloudflare Pages), tested as far as honesty allows: the workflow and
 * netlify.toml parse, the copies on the page are the shipped files, the workflow's steps
 * come in the order that works (the cache after `npm ci`), and every command of the three
 * is run as written in a copy of the project, then the folder it publishes is read back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { cacheDirOf } from '../../src/generator/output/cache-file.ts';
import { copyProject, makeTempDir, runCli } from '../helpers/cli.ts';
import { builtFiles } from '../helpers/host-routes.ts';
import { docBlock, docSection, settingsTable } from '../helpers/hosting-doc.ts';
import { REPO } from '../helpers/paths.ts';

const WORKFLOW = path.join(REPO, 'docs/examples/github-pages.yml');
const NETLIFY = path.join(REPO, 'docs/examples/netlify.toml');
const PACKAGE = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));

/** A workflow step as GitHub Actions reads it. */
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

/** The index of the first step `uses`-ing `action` or running `command` (-1: none). */
function stepIndex(steps: Step[], match: { uses?: string; run?: string }): number {
  return steps.findIndex((step) =>
    match.uses ? step.uses?.startsWith(`${match.uses}@`) : step.run?.startsWith(match.run!),
  );
}

/** The commands of one shell line (`a && b`), each as its words; quotes are not expected. */
function commandsOf(line: string): string[][] {
  expect(line, 'a recipe command is plain words').not.toMatch(/['"$`;|]/);
  return line.split('&&').map((command) => command.trim().split(/\s+/));
}

/**
 * Runs one command of a recipe in the project copy `cwd`: `npx sitegen ...` through the
 * real CLI (exit 0 expected); `npm ci` and `npm run X` are checked against package.json and
 * package-lock.json, never run (npm ci would empty this checkout's node_modules).
 */
async function runRecipeCommand(words: string[], cwd: string): Promise<void> {
  const [tool, ...args] = words;
  if (tool === 'npx' && args[0] === 'sitegen') {
    const result = await runCli(args.slice(1), { cwd, env: { SITEGEN_CACHE_DIR: undefined } });
    expect(result.code, `${words.join(' ')}\n${result.stderr}`).toBe(0);
  } else if (tool === 'npm' && args.join(' ') === 'ci') {
    expect(existsSync(path.join(REPO, 'package-lock.json')), 'npm ci needs the lockfile').toBe(
      true,
    );
  } else if (tool === 'npm' && args[0] === 'run') {
    expect(PACKAGE.scripts, words.join(' ')).toHaveProperty(args[1]);
  } else {
    throw new Error(`not a sitegen or npm command: ${words.join(' ')}`);
  }
}

/** Whether a Node version a host is told to install (`24`, `22.12.0`) satisfies engines. */
function satisfiesEngines(version: string): boolean {
  const minimum = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(PACKAGE.engines.node);
  if (!minimum) throw new Error(`engines.node is not ">=x.y.z": ${PACKAGE.engines.node}`);
  const wanted = version.split('.').map(Number);
  const least = minimum.slice(1).map(Number);
  // A bare major (`24`) installs that major's newest release.
  if (wanted.length === 1) return wanted[0] > least[0];
  for (let i = 0; i < 3; i++) if (wanted[i] !== least[i]) return wanted[i] > least[i];
  return true;
}

describe('the GitHub Pages workflow (docs/examples/github-pages.yml)', () => {
  const text = readFileSync(WORKFLOW, 'utf8');
  const workflow = parseYaml(text);
  const build: Step[] = workflow.jobs.build.steps;

  it('is the block docs/hosting.md shows', () => {
    expect(docBlock('yaml')).toBe(text);
  });

  it('checks out, sets up Node, installs, restores the cache, builds, checks, uploads', () => {
    const order = [
      stepIndex(build, { uses: 'actions/checkout' }),
      stepIndex(build, { uses: 'actions/setup-node' }),
      stepIndex(build, { run: 'npm ci' }),
      stepIndex(build, { uses: 'actions/cache' }),
      stepIndex(build, { run: 'npx sitegen build' }),
      stepIndex(build, { run: 'npx sitegen check' }),
      stepIndex(build, { uses: 'actions/upload-pages-artifact' }),
    ];
    expect(
      order.every((index) => index >= 0),
      JSON.stringify(order),
    ).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const deploy = workflow.jobs.deploy;
    expect(deploy.needs).toBe('build');
    expect(stepIndex(deploy.steps, { uses: 'actions/deploy-pages' })).toBe(0);
    // Every action at a major version tag, never a moving branch.
    for (const step of [...build, ...deploy.steps].filter((s: Step) => s.uses))
      expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });

  it('installs the engines Node version and caches the folder sitegen keeps its cache in', () => {
    const node = build[stepIndex(build, { uses: 'actions/setup-node' })].with!;
    expect(node['node-version-file']).toBe('package.json');
    expect(PACKAGE.engines.node).toMatch(/^>=/);
    const cache = build[stepIndex(build, { uses: 'actions/cache' })].with!;
    expect(cache.path).toBe(path.relative(REPO, cacheDirOf(REPO)));
    expect(cache.key).toContain("hashFiles('package-lock.json')");
    expect(cache.key.startsWith(cache['restore-keys'])).toBe(true);
    const upload = build[stepIndex(build, { uses: 'actions/upload-pages-artifact' })].with!;
    expect(upload.path).toBe('dist/');
  });

  it("has GitHub's Pages permissions and one deployment at a time", () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(workflow.jobs.deploy.environment.name).toBe('github-pages');
    expect(workflow.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
    expect(workflow.on.push.branches).toEqual(['main']);
  });
});

describe('the Netlify configuration (docs/examples/netlify.toml)', () => {
  const text = readFileSync(NETLIFY, 'utf8');
  const netlify = parseToml(text) as any;

  it('is the block docs/hosting.md shows', () => {
    expect(docBlock('toml')).toBe(text);
  });

  it('publishes dist/ with a Node version the engines accept', () => {
    expect(netlify.build.publish).toBe('dist');
    expect(netlify.build.command).toMatch(/^npx sitegen build && npx sitegen check$/);
    expect(satisfiesEngines(netlify.build.environment.NODE_VERSION)).toBe(true);
  });

  it('has a 404 rule for each folder of the build with a 404 page, and no other rule', () => {
    const pages = builtFiles(inject('distDir')).filter((file) => file.endsWith('/404.html'));
    expect(pages.length).toBeGreaterThan(0);
    const rules = pages.map((page) => ({
      from: `/${path.posix.dirname(page)}/*`,
      to: `/${page}`,
      status: 404,
    }));
    expect(netlify.redirects).toEqual(expect.arrayContaining(rules));
    expect(netlify.redirects).toHaveLength(rules.length);
  });
});

describe('the Cloudflare Pages settings (docs/hosting.md)', () => {
  const settings = settingsTable(docSection('Cloudflare Pages'));

  it('build with no framework preset into dist/, with a Node version the engines accept', () => {
    expect(settings.get('Framework preset')).toBe('None');
    expect(settings.get('Build output directory')).toBe('dist');
    expect(settings.get('Build command')).toBe('npx sitegen build && npx sitegen check');
    const variable = /^NODE_VERSION = (\S+)$/.exec(settings.get('Environment variable') ?? '');
    expect(variable, 'NODE_VERSION = <version>').not.toBeNull();
    expect(satisfiesEngines(variable![1])).toBe(true);
  });
});

describe("every recipe's commands, run as written in a copy of the project", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(temp.dir);
  });
  afterAll(async () => {
    await temp?.remove();
  });

  /**
   * Runs every command of `lines` in the project with its `publish` folder removed first;
   * returns that folder, which must then hold the site.
   */
  async function runRecipe(lines: string[], publish: string): Promise<string> {
    const dist = path.join(project, publish);
    await rm(dist, { recursive: true, force: true });
    for (const line of lines)
      for (const words of commandsOf(line)) await runRecipeCommand(words, project);
    expect(existsSync(path.join(dist, 'index.html')), `${publish} holds the site`).toBe(true);
    return dist;
  }

  it('GitHub Pages: builds under the site URL, checks, and fills the cache folder', async () => {
    const steps: Step[] = parseYaml(readFileSync(WORKFLOW, 'utf8')).jobs.build.steps;
    const upload = steps[stepIndex(steps, { uses: 'actions/upload-pages-artifact' })].with!;
    const runs = steps.flatMap((step) => (step.run ? [step.run] : []));
    const dist = await runRecipe(runs, upload.path);
    const home = readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(home).toContain('<link rel="canonical" href="https://user.github.io/REPO/">');
    expect(home).toContain('href="/REPO/assets/styles.');
    // The folder the cache step saves is where the build kept its cards and manifest.
    const cache = steps[stepIndex(steps, { uses: 'actions/cache' })].with!;
    for (const folder of ['cards', 'builds'])
      expect(existsSync(path.join(project, cache.path, folder)), folder).toBe(true);
  }, 240_000);

  it('Netlify: builds and checks dist/, whose 404 pages the rules name', async () => {
    const netlify = parseToml(readFileSync(NETLIFY, 'utf8')) as any;
    const dist = await runRecipe([netlify.build.command], netlify.build.publish);
    for (const rule of netlify.redirects) {
      expect(existsSync(path.join(dist, rule.to)), rule.to).toBe(true);
      const folder = rule.from.replace(/\*$/, '');
      expect(rule.to.startsWith(folder), `${rule.to} is the 404 page of ${folder}`).toBe(true);
    }
  }, 240_000);

  it('Cloudflare Pages: builds and checks the output directory', async () => {
    const settings = settingsTable(docSection('Cloudflare Pages'));
    const output = settings.get('Build output directory')!;
    const dist = await runRecipe([settings.get('Build command')!], output);
    for (const page of ['index.html', '404.html', 'brand/404.html', 'artikel/404.html'])
      expect(existsSync(path.join(dist, page)), page).toBe(true);
  }, 240_000);
});
