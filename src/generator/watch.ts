import path from 'node:path';
import { watch as watchFiles } from 'chokidar';
import { build, type BuildResult } from './build.ts';
import { createSiteBundler, type Bundles, type SiteBundler } from './bundle-site.ts';
import { describeError, SitegenError } from './errors.ts';
import { startServer, type ErrorScreen, type SiteServer } from './serve.ts';
import { lockOutputDir, resolveOutputDir } from './output-dir.ts';
import { cleanUpOnSignal, IncrementalDirWriter } from './write-output.ts';

export interface WatchOptions {
  root: string;
  outDir: string;
  host: string;
  port: number;
  /** Host-header names the dev server answers besides loopback and `host` (--allowed-host). */
  allowedHosts?: string[];
  siteUrl?: string;
  /** Where `siteUrl` came from, for error messages. */
  siteUrlOrigin?: string;
  /** Called with each line the watcher reports (the CLI prints them). */
  log: (line: string) => void;
  /** Quiet period after the last change before rebuilding; a burst of saves becomes one rebuild. */
  debounceMs?: number;
}

export interface Watcher {
  url: string;
  close(): Promise<void>;
}

/** Folders whose changes trigger a rebuild. Styles live in src/templates. */
export const WATCHED_DIRS = ['src/content', 'src/templates', 'src/client'];

/**
 * Builds, serves the output with live reload, and rebuilds on every change through the
 * same build() as `sitegen build` (with an incremental bundler and writer). A failed
 * rebuild is reported in the terminal and on every page, and never stops the loop.
 */
export async function watch(options: WatchOptions): Promise<Watcher> {
  const root = path.resolve(options.root);
  const outDir = await resolveOutputDir(options.outDir, root);
  const lock = await lockOutputDir(outDir, 'watch');
  const forgetLock = cleanUpOnSignal(lock.releaseSync);
  const writer = new IncrementalDirWriter(outDir);
  const realBundler = await createSiteBundler(root, { incremental: true });
  const linkCache = new Map<string, string>();
  let lastBundles: Bundles | undefined;
  let areOnlyBodiesChanged = false;
  // Article bodies are read by the build itself, not bundled: when only they changed,
  // the previous bundles are still exact and esbuild can be skipped.
  const bundler: SiteBundler = {
    async bundle() {
      if (!(areOnlyBodiesChanged && lastBundles)) lastBundles = await realBundler.bundle();
      return lastBundles;
    },
    dispose: () => realBundler.dispose(),
  };
  let error: ErrorScreen | undefined;
  let server: SiteServer | undefined;

  const runBuild = async (changed: string[]): Promise<BuildResult | undefined> => {
    areOnlyBodiesChanged = changed.length > 0 && changed.every((file) => /^src\/content\/articles\/[^/]+\.html$/.test(file));
    try {
      const result = await build({ root, outDir, siteUrl: options.siteUrl, siteUrlOrigin: options.siteUrlOrigin, writer, bundler, linkCache });
      error = undefined;
      const what = changed.length === 0 ? 'initial build' : `${summarize(changed)} changed`;
      const removed = result.removed.length > 0 ? `, ${result.removed.length} removed` : '';
      options.log(`${what}: ${result.written} file${result.written === 1 ? '' : 's'} written${removed}, ${Math.round(result.durationMs)} ms`);
      return result;
    } catch (caught) {
      lastBundles = undefined;
      const sitegenError = caught instanceof SitegenError ? caught : undefined;
      error = {
        message: describeError(caught) + (sitegenError ? '' : `\n${(caught as Error)?.stack ?? ''}`),
        file: sitegenError?.file,
        line: sitegenError?.line,
      };
      const where = error.file ? ` (${error.file}${error.line ? `:${error.line}` : ''})` : '';
      options.log(`Unexpected Application Error!${where}\n${error.message}\nWaiting for the next save...`);
      return undefined;
    } finally {
      server?.reload();
    }
  };

  // Listen first: a port in use fails at once, before any build work.
  try {
    server = await startServer({ dir: outDir, host: options.host, port: options.port, allowedHosts: options.allowedHosts, isLiveReload: true, currentError: () => error });
  } catch (caught) {
    await bundler.dispose();
    await lock.release();
    forgetLock();
    throw caught;
  }
  await runBuild([]);

  const queue = createQueue(options.debounceMs ?? 20, async (changed) => {
    await runBuild(changed);
  });
  const isIgnored = (file: string) => /(^|[/\\])(\.|node_modules)/.test(path.relative(root, file));
  const report = (file: string) => {
    if (!isIgnored(file)) queue.add(path.relative(root, file).split(path.sep).join('/'));
  };
  const watcher = watchFiles(
    WATCHED_DIRS.map((dir) => path.join(root, dir)),
    { ignoreInitial: true, ignored: isIgnored },
  );
  watcher.on('all', (_event, file) => report(file));
  // chokidar drops a second 'change' of a file within 50 ms of the first (a quick fix
  // after a save is lost); its raw fs.watch events are not throttled, so they count too.
  watcher.on('raw', (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched || typeof name !== 'string') return;
    report(watched.endsWith(`${path.sep}${name}`) ? watched : path.join(watched, name));
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    url: server.url,
    async close() {
      await watcher.close();
      await queue.idle();
      await server?.close();
      await bundler.dispose();
      await lock.release();
      forgetLock();
    },
  };
}

/**
 * Collects changed paths and runs one rebuild after a quiet period; never two at once;
 * changes that arrive mid-build trigger one more rebuild afterwards.
 */
function createQueue(debounceMs: number, run: (changed: string[]) => Promise<void>) {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = async () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const changed = [...pending].sort();
    pending.clear();
    running = run(changed).finally(() => {
      running = undefined;
      if (pending.size > 0) timer = setTimeout(flush, debounceMs);
    });
  };
  return {
    add(file: string) {
      pending.add(file);
      clearTimeout(timer);
      if (!running) timer = setTimeout(flush, debounceMs);
    },
    async idle() {
      clearTimeout(timer);
      pending.clear();
      await running;
    },
  };
}

function summarize(files: string[]): string {
  return files.length <= 2 ? files.join(', ') : `${files[0]} and ${files.length - 1} more files`;
}
