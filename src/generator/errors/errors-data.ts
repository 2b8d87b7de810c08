/**
 * Every error sitegen shows a user, in one place (as Astro's core/errors/errors-data.ts).
 * Each has a fixed name (tests and scripts may match it), a message that says what happened,
 * where, and what to do, in full sentences and without an "Error:" prefix, and sometimes a
 * hint. Code throws them with `sitegenError(Kind, details)`; cli.ts is the one place that
 * prints them and sets the exit code. Operating-system errors (ENOSPC, EACCES, ...) are
 * explained by explainSystemError in errors.ts.
 */

/**
 * One kind of user-facing error: its name, its message built from the details, an optional hint.
 */
export interface ErrorKind<Details> {
  name: string;
  message: (details: Details) => string;
  hint?: string;
}

const kind = <Details = void>(
  name: string,
  message: (details: Details) => string,
  hint?: string,
): ErrorKind<Details> => ({
  name,
  message,
  hint,
});

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

// The output folder (output-dir.ts)
export const OutputPathEmpty = kind(
  'OutputPathEmpty',
  () =>
    'The output folder is an empty string (--out ""); name a folder such as dist, or omit --out to build into <root>/dist.',
);
export const OutputFolderRefused = kind<{ folder: string; why: string; what: string }>(
  'OutputFolderRefused',
  ({ folder, why, what }) => `Refusing to write the output into ${folder}: ${why}. ${what}`,
);
export const OutputFolderInUse = kind<{ folder: string; holder: string }>(
  'OutputFolderInUse',
  ({ folder, holder }) =>
    `The output folder ${folder} is in use by ${holder}. Stop it first, or build into another folder with --out.`,
);
export const OutputLockTimeout = kind<{
  folder: string;
  holder: string;
  seconds: number;
  lockFile: string;
}>(
  'OutputLockTimeout',
  ({ folder, holder, seconds, lockFile }) =>
    `The output folder ${folder} has been in use by ${holder} for over ${seconds} s. Wait for it or stop it; if no sitegen is running, delete ${lockFile}.`,
);

// Flags and settings
export const SiteUrlNotAbsolute = kind<{ origin: string; value: string }>(
  'SiteUrlNotAbsolute',
  ({ origin, value }) =>
    `${origin}: "${value}" is not an absolute URL; expected something like https://www.example.id/.`,
);
export const SiteUrlNotHttp = kind<{ origin: string; value: string }>(
  'SiteUrlNotHttp',
  ({ origin, value }) => `${origin}: "${value}" must use http or https.`,
);
export const RenderTimeoutSetting = kind<{ name: string; value: string }>(
  'RenderTimeoutSetting',
  ({ name, value }) =>
    `${name} is "${value}"; expected a whole number of milliseconds greater than 0, such as 10000.`,
);
export const CacheFolderRefused = kind<{ cache: string; why: string }>(
  'CacheFolderRefused',
  ({ cache, why }) =>
    `Refusing the cache folder: ${cache}, ${why}. The cache is never published (its build manifests hold absolute paths and the titles of drafts), nor is an output kept in it. Set SITEGEN_CACHE_DIR to a folder outside the project's src/, public/ and output folder, with no output folder inside it, or unset it for node_modules/.cache/sitegen.`,
);

// Sources and content
export const FaviconUnreadable = kind<{ file: string }>(
  'FaviconUnreadable',
  ({ file }) => `${file} cannot be read; every page links it as the site icon.`,
);
export const BundleFailed = kind('BundleFailed', () => 'Bundling the site sources failed.');
export const SourcesDoNotCompile = kind<{ count: number }>(
  'SourcesDoNotCompile',
  ({ count }) => `The site sources do not compile (${plural(count, 'error')}):`,
);
export const SiteModuleTimeout = kind<{ limitMs: number }>(
  'SiteModuleTimeout',
  ({ limitMs }) =>
    `Loading the site's content and templates ran longer than ${limitMs} ms (maybe an infinite loop at the top level of a module in src/content or src/templates) and was stopped. Set SITEGEN_RENDER_TIMEOUT_MS to allow more time.`,
);
export const SiteModuleFailed = kind<{ where: string; reason: string }>(
  'SiteModuleFailed',
  ({ where, reason }) => `Loading the site's content and templates failed${where}: ${reason}`,
);
export const SiteModuleExportsMissing = kind(
  'SiteModuleExportsMissing',
  () =>
    'src/content/index.ts must export `content`, and src/templates/index.ts the page templates; one of them exports nothing.',
);
export const ContentInvalid = kind<{ count: number }>(
  'ContentInvalid',
  ({ count }) =>
    `The content has ${plural(count, 'problem')}; nothing was written. Fix ${count === 1 ? 'it' : 'them'} and build again:`,
);
export const PublicFilesRefused = kind<{ count: number }>(
  'PublicFilesRefused',
  ({ count }) =>
    `The public folder has ${plural(count, 'problem')}; nothing was written. Fix ${count === 1 ? 'it' : 'them'} and build again:`,
);

// sitegen new article (new-article.ts)
export const NewArticleSlugInvalid = kind<{ slug: string }>(
  'NewArticleSlugInvalid',
  ({ slug }) =>
    `Cannot create an article named ${slug}: a slug uses a-z, 0-9 and '-' only, such as "loyal4d-strategi-bankroll" (it becomes the file name and the URL /artikel/{slug}/).`,
);
export const NewArticleSlugTooLong = kind<{ slug: string; length: number; max: number }>(
  'NewArticleSlugTooLong',
  ({ slug, length, max }) =>
    `Cannot create an article named "${slug}": it is ${length} characters long, and a slug has at most ${max} (it names the file, the folder /artikel/{slug}/ and the social card's file, and file systems take names of at most 255 bytes). Choose a shorter slug; nothing was written.`,
);
// Commands other generators have and sitegen names differently (cli.ts)
export const NoSuchCommand = kind<{ command: string }>(
  'NoSuchCommand',
  ({ command }) =>
    `There is no \`sitegen ${command}\` command. To see the site while you edit, run \`sitegen dev\` (\`npm run dev\`): it builds, serves with live reload and rebuilds on every save. To serve a built folder as a static host would, run \`sitegen build\`, then \`sitegen preview\`.`,
);
export const NewArticleExists = kind<{ file: string }>(
  'NewArticleExists',
  ({ file }) =>
    `${file} already exists; nothing was written. Choose another slug, or edit that file.`,
);
export const NewArticleUnknownBrand = kind<{ brand: string; brands: string[] }>(
  'NewArticleUnknownBrand',
  ({ brand, brands }) =>
    `Unknown brand ${JSON.stringify(brand)}; nothing was written. Use one of: ${brands.join(', ')} (the brands in src/content/brands.ts).`,
);

// Pages
export const DuplicateOutputPath = kind<{ outputPath: string; first: string; second: string }>(
  'DuplicateOutputPath',
  ({ outputPath, first, second }) =>
    `Two pages would be written to ${outputPath}: ${first} and ${second}. Give one of them another slug.`,
);
export const TemplateMissing = kind<{ url: string; template: string }>(
  'TemplateMissing',
  ({ url, template }) =>
    `Route ${url} uses the template "${template}", which src/templates/index.ts does not export.`,
);
export const RenderFailed = kind<{ url: string; template: string; where: string; reason: string }>(
  'RenderFailed',
  ({ url, template, where, reason }) =>
    `Rendering ${url} with ${template} failed${where}: ${reason}`,
);
export const RenderTimeout = kind<{ url: string; template: string; limitMs: number }>(
  'RenderTimeout',
  ({ url, template, limitMs }) =>
    `Rendering ${url} with ${template} ran longer than ${limitMs} ms (maybe an infinite loop) and was stopped. Set SITEGEN_RENDER_TIMEOUT_MS to allow more time.`,
);
export const WorkerOutOfMemory = kind<{ work: string; limitMb: number }>(
  'WorkerOutOfMemory',
  ({ work, limitMb }) =>
    `${work} ran out of memory in a worker thread (its heap limit is ${limitMb} MB) and was stopped: something keeps allocating, such as a loop in a template that never ends.`,
  'When a site really needs more memory, NODE_OPTIONS=--max-old-space-size=<MB> raises the limit.',
);
export const WorkerExited = kind<{ work: string; code: number }>(
  'WorkerExited',
  ({ work, code }) =>
    `${work} ended its worker thread (exit code ${code}): code it ran called process.exit() or process.abort(), and a template only returns markup.`,
);
export const PlanTimeout = kind<{ url: string; limitMs: number }>(
  'PlanTimeout',
  ({ url, limitMs }) =>
    `Planning the page ${url} (its props, outside any template) ran longer than ${limitMs} ms and was stopped; the machine may be overloaded. Set SITEGEN_RENDER_TIMEOUT_MS to allow more time.`,
);
export const ChangedDuringBuild = kind<{ file: string }>(
  'ChangedDuringBuild',
  ({ file }) =>
    `${file} changed while the build was reading it; run the build again once it is saved.`,
);
export const DuplicateIds = kind<{ source: string; url: string; ids: string[] }>(
  'DuplicateIds',
  ({ source, url, ids }) =>
    `${source}: the page ${url} uses the id ${ids.map((id) => `"${id}"`).join(', ')} more than once; an id in an article body must not repeat one of the page's own (such as "main") or another in the body. Rename it.`,
);

// sitegen check (check-output.ts)
export const NoPages = kind<{ folder: string }>(
  'NoPages',
  ({ folder }) => `${folder}: no HTML pages found; build the site first (sitegen build)`,
);
export const CheckFailed = kind<{ folder: string; count: number }>(
  'CheckFailed',
  ({ folder, count }) => `The built folder ${folder}/ has ${plural(count, 'problem')}:`,
);
// sitegen check's responsible-copy list (check/site-phrases.ts)
export const CheckNeedsProject = kind<{ root: string }>(
  'CheckNeedsProject',
  ({ root }) =>
    `${root} holds no src/content/index.ts: check holds every page to the site's responsible-copy list (src/content/responsible.ts) and reads it from the project. Run check in the project folder, or pass --root with it.`,
);
export const PhraseListInvalid = kind<{ count: number }>(
  'PhraseListInvalid',
  ({ count }) =>
    `The responsible-copy list has ${plural(count, 'problem')}; check holds every page to it. Fix ${count === 1 ? 'it' : 'them'} and run check again:`,
);

// The dev server
export const PortInUse = kind<{ host: string; port: number }>(
  'PortInUse',
  ({ host, port }) =>
    `Port ${port} on ${host} is already in use (--strict-port). Stop the other server, pass --port with a free port, or leave out --strict-port to take the next free one.`,
);
export const NoFreePort = kind<{ host: string; first: number; last: number }>(
  'NoFreePort',
  ({ host, first, last }) =>
    `Ports ${first} to ${last} on ${host} are all in use. Stop the other servers, or pass --port with a free port (--port 0 takes any free one).`,
);
export const HostNotFound = kind<{ host: string; reason: string }>(
  'HostNotFound',
  ({ host, reason }) =>
    `Could not listen on --host ${host}: it is not an address of this machine or a name it can resolve (${reason}). Use an address such as 127.0.0.1, or --host with no value for every interface; with no value, --host goes after the folder or before another option.`,
);
export const ListenFailed = kind<{ host: string; port: number; reason: string }>(
  'ListenFailed',
  ({ host, port, reason }) => `Could not listen on ${host}:${port}: ${reason}`,
);

// The machine (explainSystemError)
export const SystemFailure = kind<{
  what: string;
  action: string;
  path: string;
  consequence: string;
}>(
  'SystemFailure',
  ({ what, action, path, consequence }) =>
    `${what} while ${action}${path ? ` (${path})` : ''}${consequence ? `; ${consequence}` : ''}.`,
);
