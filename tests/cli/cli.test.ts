import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, makeTempDir, runCli } from '../helpers/cli.ts';
import { distDir } from '../helpers/dist.ts';
import { fixtureProject, layFixture } from '../helpers/fixtures.ts';
import { hashTree } from '../helpers/tree.ts';
import { REPO } from '../helpers/paths.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));

/**
 * The command line. What a command builds or refuses runs in this process (sitegen(): the CLI's
 * own argv parsing, builder and messages). The real CLI is started as a child process (runCli)
 * once per shape of what a terminal sees: --version (the version the bundle was built with), a
 * build's summary and warnings, a build's failure, and `npm run dev` serving until SIGTERM.
 */
describe('sitegen CLI', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.remove());

  it('prints its version, the newest in CHANGELOG.md, and help', async () => {
    // A process: the version is what bin/bundle-cli.mjs baked into the bundle.
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`${pkg.version}\n`);
    // Each round ends with a release: the newest version in CHANGELOG.md is package.json's.
    const changelog = readFileSync(path.join(REPO, 'CHANGELOG.md'), 'utf8');
    const versions = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)];
    expect(versions[0]?.[1]).toBe(pkg.version);
    expect(changelog).toContain(
      `[${pkg.version}]: ../../compare/v${versions[1]?.[1]}...v${pkg.version}`,
    );
    const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8'));
    expect([lock.version, lock.packages[''].version]).toEqual([pkg.version, pkg.version]);
    const help = await sitegen(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: sitegen/);
    expect(help.stdout).toMatch(/build/);
  });

  // In this process: commander's refusal reaches the exit code by the path --version takes in
  // the process above (a CommanderError's exit code), and its text is the same.
  it('rejects an unknown command with a pointer to --help', async () => {
    const result = await sitegen(['biuld']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unknown command 'biuld'/);
    expect(result.stderr).toMatch(/sitegen --help/);
  });

  it.each(['serve', 'server'])(
    'answers `sitegen %s` in one line with the commands that serve: dev and preview',
    async (name) => {
      const result = await sitegen([name, '--port', '3000']);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`There is no \`sitegen ${name}\` command.`);
      expect(result.stderr).toContain('`sitegen dev` (`npm run dev`)');
      expect(result.stderr).toContain('`sitegen build`, then `sitegen preview`');
    },
  );

  it('`npm run dev` is `sitegen dev`: it builds, serves the site and stops on SIGTERM', async () => {
    const project = await fixtureProject(path.join(temp.dir, 'dev'), 'two-brands');
    const args = ['run', '--silent', 'dev', '--', '--root', project, '--port', '0', '--no-open'];
    // npm starts a shell that starts node: the group is stopped together.
    const child = spawn('npm', args, {
      cwd: REPO,
      detached: true,
      env: { ...process.env, CI: '1' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const closed = new Promise((resolve) => child.on('close', resolve));
    try {
      const serving = await eventually(async () => /serving (http:\/\/\S+\/)/.exec(stdout));
      const base = serving![1];
      const home = await fetch(base);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html lang="id">');
      expect(stdout).toContain('initial build:');
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await closed;
    }
  });

  it('builds into --out with --site-url and prints a summary (stdout) and warnings (stderr)', async () => {
    const out = path.join(temp.dir, 'public');
    // A process: the summary and the warnings as a terminal gets them. The run's shared card
    // cache holds the shipped site's cards, so it draws none.
    const result = await runCli(['build', '--out', out, '--site-url', 'https://www.example.id'], {
      env: { SITEGEN_CACHE_DIR: sharedCacheDir() },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /wrote 34 pages \(\d+ files, [\d.]+ [kM]B\) to .*public\/ in \d+ ms/,
    );
    expect(result.stderr).toMatch(/^warning: 12 articles have no body yet/m);
    expect(result.stdout).not.toContain('warning');
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('<link rel="canonical" href="https://www.example.id/">');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://www.example.id/artikel/</loc>',
    );
  });

  it('takes the site URL from SITE_URL, including a sub-path for project pages', async () => {
    const out = path.join(temp.dir, 'env');
    const result = await sitegen(['build', '--out', out], {
      env: { SITE_URL: 'https://user.example.io/repo/' },
    });
    expect(result.code, result.stderr).toBe(0);
    const list = readFileSync(path.join(out, 'artikel/index.html'), 'utf8');
    expect(list).toContain('<link rel="canonical" href="https://user.example.io/repo/artikel/">');
    expect(list).toMatch(/href="\/repo\/assets\/styles\.[0-9a-f]+\.css"/);
    expect(list).toContain('href="/repo/kontak/"');
  });

  it('rejects a --site-url that is not absolute and writes nothing', async () => {
    const out = path.join(temp.dir, 'bad-url');
    const result = await sitegen(['build', '--out', out, '--site-url', 'www.example.id']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--site-url: "www.example.id" is not an absolute URL');
    expect(existsSync(out)).toBe(false);
  });

  it('builds byte-identical output twice', async () => {
    const a = path.join(temp.dir, 'a');
    const b = path.join(temp.dir, 'b');
    expect((await sitegen(['build', '--out', a])).code).toBe(0);
    expect((await sitegen(['build', '--out', b])).code).toBe(0);
    const first = hashTree(a);
    expect(Object.keys(first).length).toBeGreaterThan(40);
    expect(first['feed.xml']).toBeDefined();
    expect(hashTree(b)).toEqual(first);
    // Both builds ran in this process; the run's build of the shipped site (the same command)
    // ran in a process of its own: nothing in the output may depend on the process either.
    expect(hashTree(distDir())).toEqual(first);
  });

  /**
   * The two-brands fixture, built once in this process (its output hashed), then the `broken`
   * fixture (a BrandPage that throws or never returns for perang88 only) laid over it. Without
   * social cards: none of these tests looks at one, and the fixture's are in no cache.
   */
  async function builtProjectWithBrokenBrandPage(broken: 'broken-template' | 'looping-template') {
    const project = await fixtureProject(path.join(temp.dir, broken), 'two-brands');
    const out = path.join(project, 'dist');
    const first = await sitegen(['build', '--no-cards', '--root', project]);
    expect(first.code, first.stderr).toBe(0);
    const before = hashTree(out);
    await layFixture(project, broken);
    return { project, out, before };
  }

  it('fails on a template that throws, names the route and the source line, and keeps the previous output', async () => {
    const { project, out, before } = await builtProjectWithBrokenBrandPage('broken-template');
    // A process: a failed build's exit code and stderr (one message, no stack trace).
    const result = await runCli(['build', '--no-cards', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Rendering /brand/perang88/ with BrandPage failed at src/templates/BrandPage.tsx:',
    );
    expect(result.stderr).toContain('rating table is missing');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(hashTree(out)).toEqual(before);
  });

  // No clock here: each build must end with its message; the test's timeout only bounds a hang.
  it('stops a template that never returns after SITEGEN_RENDER_TIMEOUT_MS, names the route and template, and keeps the previous output', async () => {
    const { project, out, before } = await builtProjectWithBrokenBrandPage('looping-template');
    const env = { SITEGEN_RENDER_TIMEOUT_MS: '2000' };
    const result = await sitegen(['build', '--no-cards', '--root', project], { env });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'Rendering /brand/perang88/ with BrandPage ran longer than 2000 ms (maybe an infinite loop)',
    );
    expect(result.stderr).toContain('SITEGEN_RENDER_TIMEOUT_MS');
    expect(hashTree(out)).toEqual(before);

    // The same limit covers code that runs when the site module loads.
    const site = path.join(project, 'src/content/site.ts');
    writeFileSync(site, `${readFileSync(site, 'utf8')}\nfor (;;) {}\n`);
    const loading = await sitegen(['build', '--no-cards', '--root', project], { env });
    expect(loading.code, loading.stderr).toBe(1);
    expect(loading.stderr).toContain(
      "Loading the site's content and templates ran longer than 2000 ms",
    );
  });

  it('rejects a SITEGEN_RENDER_TIMEOUT_MS that is not a number of milliseconds', async () => {
    const result = await sitegen(['build', '--out', path.join(temp.dir, 'bad-limit')], {
      env: { SITEGEN_RENDER_TIMEOUT_MS: '10s' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'SITEGEN_RENDER_TIMEOUT_MS is "10s"; expected a whole number of milliseconds',
    );
  });
});
