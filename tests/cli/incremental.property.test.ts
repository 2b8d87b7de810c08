import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder } from '../../src/generator/build/builder.ts';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { sharedCacheDir, sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

const ARTICLES = 'src/content/articles';
const BRANDS = ['lux88togel', 'loyal4d', 'perang88', 'pegasus4d'];

/** One edit a maintainer makes between two builds, on the shipped project. */
type Edit =
  | {
      kind: 'body' | 'title' | 'excerpt' | 'remove' | 'listed' | 'draft' | 'rename';
      pick: number;
      n: number;
    }
  | { kind: 'public'; n: number }
  | { kind: 'config'; n: number }
  | { kind: 'date'; pick: number; day: number }
  | { kind: 'brand'; pick: number; brand: number }
  | { kind: 'add'; pick: number; n: number }
  | { kind: 'template'; n: number }
  | { kind: 'style'; n: number };

const pick = fc.nat();
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('body' as const), pick, n: fc.nat(99) }),
  fc.record({ kind: fc.constant('title' as const), pick, n: fc.nat(99) }),
  fc.record({ kind: fc.constant('excerpt' as const), pick, n: fc.nat(99) }),
  fc.record({ kind: fc.constant('rename' as const), pick, n: fc.nat(999) }),
  fc.record({ kind: fc.constant('public' as const), n: fc.nat(9) }),
  fc.record({ kind: fc.constant('config' as const), n: fc.nat(99) }),
  fc.record({ kind: fc.constant('remove' as const), pick, n: fc.constant(0) }),
  fc.record({ kind: fc.constant('listed' as const), pick, n: fc.constant(0) }),
  fc.record({ kind: fc.constant('draft' as const), pick, n: fc.constant(0) }),
  fc.record({ kind: fc.constant('date' as const), pick, day: fc.nat(700) }),
  fc.record({ kind: fc.constant('brand' as const), pick, brand: fc.nat(3) }),
  fc.record({ kind: fc.constant('add' as const), pick, n: fc.nat(999) }),
  fc.record({ kind: fc.constant('template' as const), n: fc.nat(99) }),
  fc.record({ kind: fc.constant('style' as const), n: fc.nat(99) }),
);

/**
 * Applies `change` to the project at `root`; returns the root-relative files it changed (what
 * watch would hear about).
 */
function apply(root: string, change: Edit): string[] {
  const files = readdirSync(path.join(root, ARTICLES)).sort();
  const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  if (change.kind === 'template') {
    const file = 'src/templates/SiteFooter.tsx';
    write(file, read(file).replace(/Situs informasi[^;]*;/, `Situs informasi ${change.n};`));
    return [file];
  }
  if (change.kind === 'public') {
    // Three states of public/uji.txt: absent, or one of two texts.
    const file = 'public/uji.txt';
    if (change.n % 3 === 0) rmSync(path.join(root, file), { force: true });
    else {
      mkdirSync(path.join(root, 'public'), { recursive: true });
      write(file, `berkas uji ${change.n % 3}\n`);
    }
    return [file];
  }
  if (change.kind === 'config') {
    const file = 'src/content/site.ts';
    const tagline = /tagline: '[^']*'/;
    write(
      file,
      read(file).replace(
        tagline,
        `tagline: 'Panduan, tips, dan review platform nomor ${change.n}'`,
      ),
    );
    return [file];
  }
  if (change.kind === 'style') {
    const file = 'src/templates/styles.css';
    const colour = (change.n * 99991).toString(16).slice(0, 6).padEnd(6, '0');
    const before = read(file).replace(/\n\.uji-\d+\{[^}]*\}\n?$/, '');
    write(file, `${before}\n.uji-${change.n}{color:#${colour}}\n`);
    return [file];
  }
  const file = `${ARTICLES}/${files[change.pick % files.length]}`;
  const text = read(file);
  const setKey = (key: string, value: string | undefined) => {
    const line = new RegExp(`^${key}: .*\\n`, 'm');
    const without = text.replace(line, '');
    return value === undefined ? without : without.replace(/^---\n/, `---\n${key}: ${value}\n`);
  };
  switch (change.kind) {
    case 'body':
      write(file, `${text}\nParagraf tambahan nomor ${change.n} tentang batas waktu bermain.\n`);
      return [file];
    case 'title':
      write(file, setKey('title', `Judul Uji Nomor ${change.n}`));
      return [file];
    case 'excerpt':
      write(file, setKey('excerpt', `Ringkasan uji nomor ${change.n} tentang batas bermain.`));
      return [file];
    case 'rename': {
      // The article moves to a new slug and keeps its old address as an alias.
      const slug = path.basename(file, '.md');
      const renamed = `${ARTICLES}/${slug.replace(/-baru-\d+$/, '')}-baru-${change.n}.md`;
      const aliases = /^aliases: \[(.*)\]$/m.exec(text)?.[1];
      const newSlug = path.basename(renamed, '.md');
      if (existsSync(path.join(root, renamed)) || aliases?.split(', ').includes(newSlug)) return [];
      const list = aliases ? `${aliases}, ${slug}` : slug;
      write(renamed, setKey('aliases', `[${list}]`));
      rmSync(path.join(root, file));
      return [file, renamed];
    }
    case 'date': {
      const date = new Date(Date.UTC(2023, 0, 1) + change.day * 86_400_000);
      write(
        file,
        setKey('updated', undefined).replace(
          /^date: .*$/m,
          `date: ${date.toISOString().slice(0, 10)}`,
        ),
      );
      return [file];
    }
    case 'brand':
      write(file, setKey('brand', BRANDS[change.brand]));
      return [file];
    case 'listed':
      write(file, setKey('listed', /^listed: true$/m.test(text) ? 'false' : 'true'));
      return [file];
    case 'draft':
      write(file, setKey('draft', /^draft: true$/m.test(text) ? undefined : 'true'));
      return [file];
    case 'remove':
      if (files.length <= 12) return [];
      rmSync(path.join(root, file));
      return [file];
    case 'add': {
      const added = `${ARTICLES}/${path.basename(file, '.md')}-salinan-${change.n}.md`;
      if (existsSync(path.join(root, added))) return [];
      const copy = text.replace(/^aliases: .*\n/m, '');
      write(added, copy.replace(/^title: .*$/m, `title: Salinan Nomor ${change.n}`));
      return [added];
    }
  }
}

/**
 * The incremental paths against a clean build, file for file: after every edit of a random
 * sequence, an incremental `sitegen build` (starting from the manifest of the one before) and
 * watch's update() must write exactly what `sitegen build --fresh` writes from the same sources.
 * The builds run in this process through the CLI's own runCommand (helpers/sitegen.ts).
 */
describe('incremental builds equal clean builds', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let builder: Builder;
  const cache = () => path.join(temp.dir, 'cache');
  const build = async (out: string, ...flags: string[]) => {
    const result = await sitegen(['build', '--root', root, '--out', out, '--quiet', ...flags], {
      env: { SITEGEN_CACHE_DIR: cache() },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return hashTree(out);
  };

  beforeAll(async () => {
    temp = await makeTempDir();
    root = await copyProject(path.join(temp.dir, 'project'));
    // The manifests are what this file looks at: a cache of its own, with the shipped site's
    // cards and images from the run's shared cache, so only the cards of edited articles are drawn.
    for (const folder of ['cards', 'images'].filter((name) =>
      existsSync(path.join(sharedCacheDir(), name)),
    ))
      cpSync(path.join(sharedCacheDir(), folder), path.join(cache(), folder), { recursive: true });
    builder = await createBuilder(
      { root, outDir: path.join(temp.dir, 'watch'), cacheDir: cache() },
      { incremental: true },
    );
    await builder.build();
    await build(path.join(temp.dir, 'dist'));
  }, 120_000);
  afterAll(async () => {
    await builder?.dispose();
    await temp?.remove();
  });

  it('after every edit of random sequences (bodies, titles, excerpts, dates, brands, drafts, lists, new, deleted and renamed articles, public files, the configuration, a template, the stylesheet)', async () => {
    let step = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 3, maxLength: 4 }), async (edits) => {
        for (const change of edits) {
          const changed = apply(root, change);
          if (changed.length === 0) continue;
          const clean = await build(path.join(temp.dir, `clean-${step++}`), '--fresh');
          const what = `after ${JSON.stringify(change)}`;
          expect(await build(path.join(temp.dir, 'dist')), `sitegen build ${what}`).toEqual(clean);
          await builder.update(changed);
          const watched = hashTree(builder.outDir);
          expect(watched, `update() ${what}`).toEqual(clean);
        }
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 300_000);
});
