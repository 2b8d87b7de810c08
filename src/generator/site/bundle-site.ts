import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import { SitegenError, sitegenError } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';
import { BundleFailed, FaviconUnreadable, SourcesDoNotCompile } from '../errors/errors-data.ts';
import { requireFromSitegen } from './node-require.ts';
import type { Bundles } from './bundles.ts';

import {
  readCachedBundles,
  recordBundle,
  storeBundles,
  type CachedBundles,
} from './bundle-cache.ts';

/** esbuild, loaded when something is bundled (a cached build never starts it). */
const loadEsbuild = () => requireFromSitegen('esbuild') as typeof Esbuild;

/** Bundles' home is bundles.ts; this re-export keeps build/'s imports working. */
export type { Bundles } from './bundles.ts';

export interface SiteBundler {
  /** Bundles the current sources. Never writes to disk. */
  bundle(): Promise<Bundles>;
  /** Frees esbuild's incremental state. */
  dispose(): Promise<void>;
}

const FAVICON = 'src/templates/favicon.svg';

/** The name of the site module's entry, which esbuild reads from stdin. */
const ENTRY_SOURCE = 'sitegen-entry.ts';

/** Virtual path of the site module, used in stack traces and source maps. */
export const SITE_BUNDLE_NAME = '.sitegen-site.cjs';

/**
 * A bundler for the project at `root`. With `incremental`, esbuild keeps its contexts
 * between calls so a rebuild re-reads only what changed (watch); without it, each call is
 * a one-shot build (build). Both produce identical output. A one-shot build with `cacheDir`
 * takes the bundles from the bundle cache when they are exact, and stores what it bundled;
 * `fresh` (`sitegen build --fresh`) never takes them, and still stores. Returns the bundler;
 * reads sources, never writes (but to the cache).
 */
export async function createSiteBundler(
  root: string,
  {
    incremental = false,
    cacheDir,
    fresh = false,
  }: { incremental?: boolean; cacheDir?: string; fresh?: boolean } = {},
): Promise<SiteBundler> {
  const options = buildOptions(root);
  // The entry is stdin: its text is in the options, which the cache key covers. esbuild names
  // it from the project's real folder: '../link/sitegen-entry.ts' when `root` is a link.
  const real = await realpath(root).catch(() => root);
  const entryInput = path.relative(real, path.join(root, ENTRY_SOURCE)).split(path.sep).join('/');
  const esbuild = incremental || !cacheDir ? loadEsbuild() : undefined;
  const contexts = incremental ? await Promise.all(options.map((o) => esbuild!.context(o))) : [];
  const run = (i: number, plugins: Esbuild.Plugin[]) =>
    incremental
      ? contexts[i].rebuild()
      : (esbuild ?? loadEsbuild()).build({ ...options[i], plugins });
  const bundleAll = async (
    plugins: Esbuild.Plugin[] = [],
  ): Promise<CachedBundles & { inputs: string[] }> => {
    const results = await Promise.all(options.map((_, i) => run(i, plugins)));
    const text = (result: Esbuild.BuildResult, ending: string) =>
      result.outputFiles!.find((file) => file.path.endsWith(ending))!.text;
    const inputs = new Set(results.flatMap((result) => Object.keys(result.metafile!.inputs)));
    return {
      siteCode: text(results[0], '.cjs'),
      siteMap: text(results[0], '.map'),
      clientJs: text(results[1], '.js'),
      css: text(results[2], '.css'),
      imageCss: text(results[3], '.css'),
      inputs: [...inputs].filter((file) => file !== entryInput).sort(),
    };
  };
  // One-shot builds with a cache folder reuse the last bundles when nothing they read changed.
  const cache = !incremental && cacheDir ? { dir: cacheDir, key: cacheKey(options) } : undefined;
  // A file saved during the bundle: this build shows what esbuild read, the next one the save.
  const bundleCached = async (): Promise<CachedBundles> => {
    const cached = cache && !fresh && (await readCachedBundles(root, cache.dir, cache.key));
    if (cached) return cached;
    const recording = cache && (await recordBundle(root));
    const { inputs, ...made } = await bundleAll(recording ? [recording.plugin] : []);
    if (cache && recording)
      await storeBundles(root, cache.dir, cache.key, { inputs, recording }, made);
    return made;
  };

  return {
    async bundle() {
      try {
        const [made, favicon] = await Promise.all([bundleCached(), readFavicon(root)]);
        return { ...made, favicon };
      } catch (error) {
        throw error instanceof SitegenError ? error : toSitegenError(error, root);
      }
    },
    async dispose() {
      await Promise.all(contexts.map((context) => context.dispose()));
    },
  };
}

/** What the cached bundles depend on besides their inputs: esbuild's version and the options. */
function cacheKey(options: Esbuild.BuildOptions[]): string {
  const { version } = requireFromSitegen('esbuild/package.json') as { version: string };
  return createHash('sha256')
    .update(`esbuild ${version}\n${JSON.stringify(options)}`)
    .digest('hex');
}

/** The site icon's text; a SitegenError naming the file when it cannot be read. Reads disk. */
function readFavicon(root: string): Promise<string> {
  return readFile(path.join(root, FAVICON), 'utf8').catch((error) => {
    throw sitegenError(FaviconUnreadable, { file: FAVICON }, { cause: error, file: FAVICON });
  });
}

/**
 * esbuild's options for the four bundles, in the order bundle() reads them: the site module
 * (content and templates, CommonJS, React external), the client script (IIFE), the stylesheet
 * and the picture rules. Pure.
 */
function buildOptions(root: string): Esbuild.BuildOptions[] {
  const outdir = path.join(root, '.sitegen');
  const common = {
    absWorkingDir: root,
    bundle: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
    // Lists what each bundle read: the bundle cache checks those files.
    metafile: true,
  } as const;
  const site: Esbuild.BuildOptions = {
    ...common,
    stdin: {
      contents:
        "export { content } from './src/content/index.ts';\nexport * as templates from './src/templates/index.ts';\n",
      resolveDir: root,
      sourcefile: ENTRY_SOURCE,
      loader: 'ts',
    },
    outfile: path.join(outdir, SITE_BUNDLE_NAME),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    sourcemap: 'external',
    sourcesContent: false,
  };
  const client: Esbuild.BuildOptions = {
    ...common,
    entryPoints: [path.join(root, 'src/client/main.ts')],
    outfile: path.join(outdir, 'client.js'),
    platform: 'browser',
    format: 'iife',
    target: ['es2019'],
    minify: true,
  };
  const styles = ['styles.css', 'images.css'].map((name) => ({
    ...common,
    entryPoints: [path.join(root, 'src/templates', name)],
    outfile: path.join(outdir, name),
    minify: true,
    target: ['chrome90', 'safari14', 'firefox90'],
  }));
  return [site, client, ...styles];
}

/** Turns esbuild's failure into one Problem per error, each with file, line and column. */
export function toSitegenError(error: unknown, root: string): SitegenError {
  const failure = error as Partial<Esbuild.BuildFailure>;
  if (!Array.isArray(failure.errors) || failure.errors.length === 0) {
    return sitegenError(BundleFailed, undefined, { cause: error });
  }
  const problems = failure.errors.map(({ location, text }): Problem => {
    if (!location) return { message: `unknown location: ${text}` };
    const file = path.relative(root, path.resolve(root, location.file));
    return { file, line: location.line, column: characterColumn(location), message: text };
  });
  return sitegenError(
    SourcesDoNotCompile,
    { count: problems.length },
    {
      file: problems[0].file,
      line: problems[0].line,
      column: problems[0].column,
      problems,
      cause: error,
    },
  );
}

/**
 * esbuild's 0-based byte column as the 1-based character column editors and the code frame count.
 */
function characterColumn(location: Esbuild.Location): number {
  return Buffer.from(location.lineText).subarray(0, location.column).toString('utf8').length + 1;
}
