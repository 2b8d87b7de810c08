import path from 'node:path';
import { watch as watchFiles, type FSWatcher } from 'chokidar';

/**
 * Folders whose changes trigger a rebuild. Styles live in src/templates; public/ holds the static
 * files copied to the output (it may not exist yet: chokidar sees it when it is made).
 */
const WATCHED_DIRS = ['src/content', 'src/templates', 'src/client', 'public'];

/** Hidden names and node_modules, anywhere but public/.well-known/ (which is copied). */
const IGNORED = /(^|[/\\])(\.(?!well-known([/\\]|$))|node_modules)/;

/**
 * Starts chokidar on WATCHED_DIRS and resolves once it is ready; `report` gets root-relative "/"
 * paths.
 */
export async function watchSources(
  root: string,
  report: (file: string) => void,
): Promise<FSWatcher> {
  const isIgnored = (file: string) => IGNORED.test(path.relative(root, file));
  const reportFile = (file: string) => {
    if (!isIgnored(file)) report(path.relative(root, file).split(path.sep).join('/'));
  };
  const watcher = watchFiles(
    WATCHED_DIRS.map((dir) => path.join(root, dir)),
    { ignoreInitial: true, ignored: isIgnored },
  );
  watcher.on('all', (_event, file) => reportFile(file));
  // chokidar drops a second 'change' of a file within 50 ms of the first (a quick fix
  // after a save is lost); its raw fs.watch events are not throttled, so they count too.
  watcher.on('raw', (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched || typeof name !== 'string') return;
    reportFile(watched.endsWith(`${path.sep}${name}`) ? watched : path.join(watched, name));
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}
