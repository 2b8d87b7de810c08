import { type Dirent, lstatSync, readdirSync } from 'node:fs';
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
 * Whether a root-relative "/" path is watched: a file or folder inside WATCHED_DIRS (not hidden,
 * not node_modules), or a folder on the way to one (the root, src). Pure.
 */
function isWatched(relative: string): boolean {
  if (relative === '' || relative === 'src') return true;
  if (IGNORED.test(relative)) return false;
  return WATCHED_DIRS.some((dir) => relative === dir || relative.startsWith(`${dir}/`));
}

/**
 * Starts chokidar on WATCHED_DIRS and resolves once it watches every file in them; `report` gets
 * root-relative "/" paths.
 *
 * chokidar 4.0.3 says 'ready' too early when a path it is given does not exist (a project
 * without public/): it counts that path as done at once, so 'ready' comes while nested folders
 * such as src/content/articles/ are still being read, and a save there in the next tens of
 * milliseconds is never reported (tests/unit/watch-sources.test.ts). So chokidar is given the
 * project folder, which exists, with everything but WATCHED_DIRS and the folders on the way to
 * them ignored: a missing public/ is then a folder that may appear in a watched one.
 */
export async function watchSources(
  root: string,
  report: (file: string) => void,
): Promise<FSWatcher> {
  const relativeOf = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const reportFile = (file: string) => {
    const relative = relativeOf(file);
    if (relative !== '' && relative !== 'src' && isWatched(relative)) report(relative);
  };
  const watcher = watchFiles(root, {
    ignoreInitial: true,
    ignored: (file) => !isWatched(relativeOf(file)),
    // chokidar's default holds an 'unlink' back 100 ms, in case an editor's atomic save adds the
    // file again. The raw event below has reported the path already, so the held one only
    // started a second rebuild 100 ms later, beside the next save (the flaky deletion test of
    // tests/cli/watch.test.ts). A path is rebuilt by what is on disk, whatever the event.
    atomic: false,
  });
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

/** Each watched file's root-relative "/" path with its size, times and inode. */
export type SourceStamps = Map<string, string>;

/**
 * The stamps of every file watchSources watches, read from disk (lstat, never through a link).
 * A folder that vanishes while it is read counts as empty. Synchronous: at 10,000 articles
 * 45-55 ms, where the same calls as promises took 120-170 ms of this thread before the first
 * build could start.
 */
export function stampSources(root: string): SourceStamps {
  const stamps: SourceStamps = new Map();
  const walk = (dir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (!isWatched(relative)) continue;
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const info = lstatSync(full, { throwIfNoEntry: false });
      // ctime moves with every write and cannot be set back, as mtime can (touch -d).
      if (info) stamps.set(relative, `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`);
    }
  };
  for (const dir of WATCHED_DIRS) walk(path.join(root, dir));
  return stamps;
}

/** The files added, removed or with another stamp in `after` than in `before`, sorted. Pure. */
export function movedSources(before: SourceStamps, after: SourceStamps): string[] {
  const moved = new Set<string>();
  for (const [file, stamp] of after) if (before.get(file) !== stamp) moved.add(file);
  for (const file of before.keys()) if (!after.has(file)) moved.add(file);
  return [...moved].sort();
}
