import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  createOutput,
  createProgress,
  displayPath,
  reportBuild,
  reportCheck,
  type Output,
  type OutputFlags,
} from './cli-output.ts';
import { explainSystemError, sitegenError } from '../errors/errors.ts';
import { assertCacheDirAllowed, cacheDirOf, devOutDirOf } from '../output/cache-file.ts';
import { CheckFailed, NoPages, NoSuchCommand } from '../errors/errors-data.ts';
import { ignoreClosedPipe, painterFor, type Paint } from './terminal.ts';
import { normalizeBase } from '../host/static-host.ts';
import { renderTimeLimitMs } from '../site/time-limit.ts';

declare const SITEGEN_VERSION: string;

/** Where a command run reads and writes: the process's streams and environment, or a test's. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Parses argv, runs one command and sets the process's exit code: 0 ok, 1 failed. */
export async function main(argv: string[]): Promise<void> {
  // `sitegen check --sizes | head -1`: the reader leaving is not a failure (terminal.ts).
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
  process.exitCode = await runCommand(argv, process);
}

/**
 * Runs one command with `io` and returns its exit code: 0 ok, 1 failed (commander's own for
 * --help, --version and usage mistakes). No other logic lives here; each command loads only the
 * modules it needs. The tests' in-process harness calls it with streams of its own.
 */
export async function runCommand(argv: string[], io: CliIo): Promise<number> {
  // Set from the running command's --quiet/--verbose/--json before its action starts.
  let output = createOutput({}, io, io.env);
  const program = new Command('sitegen')
    .description('Builds the site in src/ into plain HTML.')
    .version(SITEGEN_VERSION, '-v, --version')
    .showHelpAfterError('(run sitegen --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .hook('preAction', (_program, command) => {
      output = createOutput(outputFlags(command.opts()), io, io.env);
    });

  declareBuild(program, () => output, io);

  addWatchCommand(program, io);

  program
    .command('new')
    .description('create content from a template')
    .command('article <slug>')
    .description('write src/content/articles/<slug>.md: a complete article marked draft: true')
    .requiredOption(
      '--brand <brand>',
      'slug of the brand the article is about (src/content/brands.ts)',
    )
    .option('--root <dir>', 'project folder holding src/', '.')
    .action((slug, options) => newArticleCommand(slug, options, io));

  addPreviewCommand(program, io);

  declareCheck(program, () => output, io);

  addSuggestions(program);

  try {
    await program.parseAsync(argv, { from: 'user' });
    output.succeed();
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    // The one place an error is printed: on stderr, and with --json also as JSON on stdout.
    output.fail(explainSystemError(error, 'running'));
    return 1;
  }
}

/** `sitegen build` and its flags; `output` is the run's Output, set once the flags are parsed. */
function declareBuild(program: Command, output: () => Output, io: CliIo) {
  const build = program
    .command('build')
    .description('render every route into the output folder')
    .option('-o, --out <dir>', 'output folder (default: <root>/dist)')
    .option(
      '--site-url <url>',
      'absolute base URL for canonical links (default: $SITE_URL or src/content/site.ts)',
    )
    .option('--root <dir>', 'project folder holding src/', '.')
    .option(
      '--drafts',
      'include the articles marked "draft: true" (with a DRAFT marker and noindex)',
    )
    .option('--no-cards', 'draw no social cards: pages get no og:image (for benchmarks)')
    .option(
      '--fresh',
      'ignore what the previous build left in the cache: parse every article, render every page',
    )
    .addOption(jobsOption());
  addOutputOptions(build, 'also print the time of each stage and every file written')
    .option('--timings', 'print the time of each stage (the first half of --verbose)')
    .action((options) => buildCommand(options, output(), io));
}

/** `sitegen check` and its flags. */
function declareCheck(program: Command, output: () => Output, io: CliIo) {
  const check = program
    .command('check [dir]')
    .description(
      'check a built folder: links, metadata, JSON-LD, outbound links, CSP safety, page weight',
    )
    .option(
      '--budget <kb>',
      'first-load budget per page, gzip KB of HTML + CSS + JS',
      parseKilobytes,
      30,
    )
    .option('--sizes', 'print the weight of every page')
    .option(
      '--root <dir>',
      'project folder holding src/content, whose responsible-copy list the pages are held to',
      '.',
    )
    .option('--fresh', 'ignore what the previous check left in the cache: parse every page')
    .addOption(jobsOption());
  addOutputOptions(check, 'also print the weight of every page (as --sizes)').action(
    (dir, options) => checkCommand(dir, options, output(), io.env),
  );
}

/** --quiet, --verbose and --json, as build and check take them. */
function addOutputOptions(command: Command, verboseMeaning: string): Command {
  return command
    .addOption(new Option('-q, --quiet', 'print errors only').conflicts('verbose'))
    .option('--verbose', verboseMeaning)
    .option(
      '--json',
      'print one JSON object on stdout and nothing else there (for CI); a failure prints {"ok": false, "error": ...} and exits 1',
    );
}

function outputFlags(options: Record<string, unknown>): OutputFlags {
  return {
    quiet: options.quiet === true,
    verbose: options.verbose === true,
    json: options.json === true,
  };
}

/** `sitegen watch` and its options. */
function addWatchCommand(program: Command, io: CliIo) {
  program
    .command('watch')
    .alias('dev')
    .description('build, serve with live reload, and rebuild on every save')
    .option(
      '-o, --out <dir>',
      'output folder (default: a dev folder in the cache, never dist/: it holds drafts)',
    )
    .option('--site-url <url>', 'absolute base URL (default: $SITE_URL or src/content/site.ts)')
    .option('--root <dir>', 'project folder holding src/', '.')
    .option('--no-cards', 'draw no social cards: pages get no og:image')
    .addOption(jobsOption())
    .addOption(hostOption())
    .addOption(portOption())
    .addOption(strictPortOption())
    .addOption(allowedHostOption())
    .addOption(openOption())
    .addOption(noOpenOption())
    .action((options) => watchCommand(options, io));
}

/**
 * Names other generators use for serving (`eleventy --serve`, `hugo server`): hidden commands
 * that say which sitegen command does what the user wants, and exit 1.
 */
function addSuggestions(program: Command) {
  for (const name of ['serve', 'server']) {
    program
      .command(name, { hidden: true })
      .argument('[args...]')
      .allowUnknownOption()
      .helpOption(false)
      .action(() => {
        throw sitegenError(NoSuchCommand, { command: name });
      });
  }
}

/** `sitegen preview` and its options. */
function addPreviewCommand(program: Command, io: CliIo) {
  program
    .command('preview [dir]')
    .description('serve a built folder the way a static host does')
    .addOption(hostOption())
    .addOption(portOption())
    .addOption(strictPortOption())
    .addOption(allowedHostOption())
    .option(
      '--base <path>',
      'serve the site under this path (default: the path of the site URL it was built for, read from <dir>/index.html)',
      parseBasePath,
    )
    .addOption(openOption())
    .addOption(noOpenOption())
    .action((dir, options) => previewCommand(dir, options, io));
}

/** watch's own options. */
type WatchCommandOptions = ServeOptions & {
  out?: string;
  siteUrl?: string;
  root: string;
  jobs: number;
  cards: boolean;
};

/** The options watch and preview share. */
interface ServeOptions {
  host: string;
  port: number;
  strictPort?: boolean;
  allowedHost: string[];
  open?: boolean;
}

/**
 * `sitegen watch`: build, serve with live reload and rebuild on every save until Ctrl-C or SIGTERM.
 * Writes the output folder.
 */
async function watchCommand(options: WatchCommandOptions, io: CliIo): Promise<void> {
  // Listen for Ctrl-C before anything starts: until a listener exists, SIGINT kills outright.
  const stop = listenForStop();
  try {
    await serveWatched(options, io, stop.requested);
  } finally {
    stop.release();
  }
}

/** watch's work between the stop listener's start and its release. */
async function serveWatched(
  options: WatchCommandOptions,
  io: CliIo,
  stopRequested: Promise<void>,
): Promise<void> {
  const { watch } = await import('../dev/watch.ts');
  await warnIfReachable(options.host, io);
  const project = resolveProject(options, io.env, 'watch');
  // The dev site holds drafts: unless --out says otherwise it never goes to dist/, which is
  // deployed.
  const outDir = options.out ?? devOutDirOf(project.root, project.cacheDir);
  const watcher = await watch({
    ...project,
    outDir,
    jobs: options.jobs,
    cards: options.cards,
    onWait: (line) => io.stderr.write(`[sitegen] ${line}\n`),
    host: options.host,
    port: options.port,
    isStrictPort: options.strictPort === true,
    allowedHosts: options.allowedHost,
    log: (line) => io.stdout.write(`[sitegen] ${line}\n`),
    // A failed rebuild is an error: on stderr, in colour on a terminal (NO_COLOR, FORCE_COLOR).
    logError: (text) => io.stderr.write(`[sitegen] ${text}\n`),
    errorStyle: errorStyleFor(painterFor(io.stderr, io.env)),
  });
  const deployed = displayPath(path.join(project.root, 'dist'));
  io.stdout.write(
    `[sitegen] dev output, drafts included: ${displayPath(outDir)}/ (\`sitegen build\` writes ${deployed}/ to deploy)\n`,
  );
  await printListening(
    { at: 'serving', everywhere: 'serving on every network interface' },
    options,
    watcher,
    io,
  );
  await stopRequested;
  await watcher.close();
  io.stdout.write('[sitegen] stopped\n');
}

/**
 * The error screen's terminal parts in colour: the title and caret red, the error line bold, the
 * rest dim.
 */
function errorStyleFor(paint: Paint) {
  return {
    title: (text: string) => paint(['red', 'bold'], text),
    location: (text: string) => paint('bold', text),
    errorLine: (text: string) => paint('bold', text),
    caret: (text: string) => paint('red', text),
    context: (text: string) => paint('dim', text),
  };
}

/**
 * `sitegen preview`: serve a built folder as a static host would until Ctrl-C or SIGTERM. Reads
 * disk only.
 */
async function previewCommand(
  dir: string | undefined,
  options: ServeOptions & { base?: string },
  io: CliIo,
): Promise<void> {
  const stop = listenForStop();
  try {
    await servePreview(dir, options, io, stop.requested);
  } finally {
    stop.release();
  }
}

/** preview's work between the stop listener's start and its release. */
async function servePreview(
  dir: string | undefined,
  options: ServeOptions & { base?: string },
  io: CliIo,
  stopRequested: Promise<void>,
): Promise<void> {
  const { startServer, describePortChoice } = await import('../dev/serve.ts');
  const { readBasePath } = await import('../output/output-base.ts');
  const folder = dir ?? 'dist';
  const { hasAnyPage } = await import('../host/static-host.ts');
  // A folder with no page would be a server that answers 404 to everything.
  if (!hasAnyPage(folder)) throw sitegenError(NoPages, { folder });
  const { base, source } =
    options.base === undefined ? readBasePath(folder) : { base: options.base, source: '--base' };
  await warnIfReachable(options.host, io);
  const server = await startServer({
    dir: folder,
    host: options.host,
    port: options.port,
    isStrictPort: options.strictPort === true,
    allowedHosts: options.allowedHost,
    base,
  });
  const portChoice = describePortChoice(options.port, server.port);
  if (portChoice) io.stdout.write(`[sitegen] ${portChoice}\n`);
  const note = base === '/' ? undefined : `base path ${base}, from ${source}`;
  await printListening(
    {
      at: `previewing ${folder}/ at`,
      everywhere: `previewing ${folder}/ on every network interface`,
    },
    options,
    { port: server.port, base },
    io,
    note,
  );
  await stopRequested;
  await server.close();
  io.stdout.write('[sitegen] stopped\n');
}

/**
 * The start line of watch and preview, with the URL to open. On a wildcard address (--host
 * alone) it is followed by the Local URL and one Network URL per address of the machine, as
 * Vite prints them. Then opens the browser when --open asks for it.
 */
async function printListening(
  lead: { at: string; everywhere: string },
  options: ServeOptions,
  server: { port: number; base: string },
  io: CliIo,
  note?: string,
) {
  const { isWildcardHost, listeningUrls } = await import('../dev/serve.ts');
  const urls = listeningUrls(options.host, server.port, server.base);
  const stop = note ? `(${note}; Ctrl-C to stop)` : '(Ctrl-C to stop)';
  if (isWildcardHost(options.host)) {
    const network =
      urls.network.length > 0
        ? urls.network.map((url) => `  Network: ${url}\n`).join('')
        : '  Network: no address besides loopback was found\n';
    io.stdout.write(`[sitegen] ${lead.everywhere} ${stop}\n  Local:   ${urls.local}\n${network}`);
  } else {
    io.stdout.write(`[sitegen] ${lead.at} ${urls.local} ${stop}\n`);
  }
  if (options.open) openBrowser(urls.local, io);
}

/**
 * `sitegen check`: reports a built folder; throws CheckFailed with every problem when there is one.
 * Reads disk only.
 */
async function checkCommand(
  dir: string | undefined,
  options: { budget: number; sizes?: boolean; root: string; fresh?: boolean; jobs: number },
  output: Output,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { checkOutput } = await import('../check/check-output.ts');
  const { loadSitePhrases } = await import('../check/site-phrases.ts');
  const target = dir ?? 'dist';
  const root = path.resolve(options.root);
  const phrases = await loadSitePhrases(root);
  const given = env.SITEGEN_CACHE_DIR ? path.resolve(env.SITEGEN_CACHE_DIR) : undefined;
  const cache = { cacheDir: cacheDirOf(root, given), root, fresh: options.fresh === true };
  const budgetBytes = options.budget * 1024;
  const report = await checkOutput(target, { budgetBytes, phrases, cache, jobs: options.jobs });
  reportCheck(output, report, target, { budgetKb: options.budget, showSizes: options.sizes });
  if (report.problems.length > 0) {
    throw sitegenError(
      CheckFailed,
      { folder: target, count: report.problems.length },
      { problems: report.problems },
    );
  }
}

/** `sitegen new article`: writes one new Markdown file from the template and says where. */
async function newArticleCommand(
  slug: string,
  options: { brand: string; root: string },
  io: CliIo,
): Promise<void> {
  const { newArticle, localDate } = await import('./new-article.ts');
  const file = await newArticle({
    root: path.resolve(options.root),
    slug,
    brand: options.brand,
    today: localDate(),
  });
  io.stdout.write(
    `sitegen: created ${file} (draft: true). \`sitegen dev\` shows it marked DRAFT; \`sitegen build\` leaves it out until you delete the draft line, then publishes it everywhere: /artikel/, its brand page, the feed and the sitemap.\n`,
  );
}

/**
 * `sitegen build`: one build into the output folder, a progress line, the summary. On
 * Ctrl-C or SIGTERM it deletes the temporary folder and the lock and exits 130 or 143.
 * Writes the output folder; returns once the previous output is deleted.
 */
async function buildCommand(
  options: {
    out?: string;
    siteUrl?: string;
    root: string;
    drafts?: boolean;
    cards: boolean;
    fresh?: boolean;
    timings?: boolean;
    jobs: number;
  },
  output: Output,
  io: CliIo,
): Promise<void> {
  const project = resolveProject(options, io.env, 'build');
  const { upToDate, startStamp } = await import('../build/up-to-date.ts');
  const { root, outDir, cacheDir, siteUrl } = project;
  const stampKey = {
    root,
    outDir,
    cacheDir,
    siteUrl,
    drafts: options.drafts === true,
    cards: options.cards,
    env: { NODE_ENV: io.env.NODE_ENV, renderTimeLimitMs: String(project.renderTimeLimitMs) },
  };
  const unchanged = options.fresh ? undefined : upToDate(stampKey, SITEGEN_VERSION);
  if (unchanged) return reportBuild(output, unchanged, project.outDir, options);
  const stamp = startStamp(stampKey, SITEGEN_VERSION);
  const { createBuilder } = await import('../build/builder.ts');
  const { removeUnfinishedOutputSync, stopHereForTest } = await import(
    '../output/signal-cleanup.ts'
  );
  const progress = createProgress(output.flags.quiet === true || output.flags.json === true, io);
  // Ctrl-C mid-build: delete the temporary folder and the lock, leave the old output.
  const interrupt = (signal: NodeJS.Signals) => {
    progress.clear();
    const isClean = removeUnfinishedOutputSync();
    const leftovers = isClean
      ? 'no temporary folder is left'
      : 'the next build deletes what is left of the temporary folder';
    io.stderr.write(
      `sitegen: build stopped by ${signal}; ${displayPath(project.outDir)}/ holds the last complete build, and ${leftovers}.\n`,
    );
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const onWait = (line: string) => {
    if (!output.flags.quiet) io.stderr.write(`sitegen: ${line}\n`);
  };
  try {
    const result = await createBuilder({
      ...project,
      drafts: options.drafts === true,
      cards: options.cards,
      fresh: options.fresh === true,
      jobs: options.jobs,
      onPage: progress.update,
      onWait,
    }).then((builder) => builder.build().finally(() => builder.dispose()));
    progress.clear();
    reportBuild(output, result, project.outDir, options);
    stopHereForTest('after-summary');
    // The previous output is deleted after the summary; a signal meanwhile deletes the rest.
    await result.cleanup;
    stamp(result);
  } finally {
    // In-process runs (the tests' harness) go on after the build: leave no handler behind.
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  }
}

/**
 * The project folder, output folder, site URL (flag, then $SITE_URL, then content) and
 * cache folder ($SITEGEN_CACHE_DIR) of build and watch. An empty --out stays empty (build refuses
 * it) rather than becoming "."; an empty --site-url is the flag's mistake, an empty SITE_URL means
 * unset. A cache folder that would be published, or (build) that holds the output folder, is
 * refused (assertCacheDirAllowed); watch's dev site lives in the cache.
 */
function resolveProject(
  options: { root: string; out?: string; siteUrl?: string },
  env: NodeJS.ProcessEnv,
  command: 'build' | 'watch',
) {
  const root = path.resolve(options.root);
  const fromEnv = env.SITE_URL || undefined;
  const outDir = options.out ?? path.join(root, 'dist');
  const cacheDir = env.SITEGEN_CACHE_DIR ? path.resolve(env.SITEGEN_CACHE_DIR) : undefined;
  assertCacheDirAllowed({ root, outDir, cacheDir, outputMayBeInside: command === 'watch' });
  return {
    root,
    outDir,
    siteUrl: options.siteUrl ?? fromEnv,
    siteUrlOrigin: options.siteUrl !== undefined ? '--site-url' : 'SITE_URL',
    cacheDir,
    renderTimeLimitMs: renderTimeLimitMs(env),
  };
}

/**
 * Where watch and preview listen: loopback unless told otherwise; --host alone means every
 * interface.
 */
function hostOption(): Option {
  return new Option('--host [host]', 'address to bind; with no value, every interface')
    .default('127.0.0.1')
    .preset('0.0.0.0');
}

function portOption(): Option {
  return new Option(
    '-p, --port <port>',
    'port to listen on; when busy, the next free one of the 10 after it',
  )
    .default(4321)
    .argParser(parsePort);
}

function strictPortOption(): Option {
  return new Option('--strict-port', 'exit if the port is in use instead of trying the next one');
}

/** Opt-in, as in Vite and Astro: a dev server that opens tabs by itself is a surprise. */
function openOption(): Option {
  return new Option('--open', 'open the site in the browser (never in CI or without a terminal)');
}

/**
 * The browser no longer opens by default; --no-open is still accepted, so scripts that pass it keep
 * working.
 */
function noOpenOption(): Option {
  return new Option('--no-open', 'do not open a browser (the default)').hideHelp();
}

/** --base for preview: a URL path such as /repo/ ("repo" and "/repo" mean the same). */
function parseBasePath(value: string): string {
  if (/[?#\\]|:\/\/|(^|\/)\.\.(\/|$)/.test(value))
    throw new InvalidArgumentError('expected a URL path such as /repo/');
  return normalizeBase(value);
}

/** Repeatable: each --allowed-host adds one name the server answers in the Host header. */
function allowedHostOption(): Option {
  return new Option(
    '--allowed-host <name>',
    'also answer requests for this host name (repeatable; localhost and the --host address always work)',
  )
    .default([] as string[], 'none')
    .argParser((value: string, previous: string[]) => [...previous, value]);
}

/** One line on stderr when --host makes the server reachable from other machines. */
async function warnIfReachable(host: string, io: CliIo) {
  const { isLoopbackHost } = await import('../dev/serve.ts');
  if (!isLoopbackHost(host)) {
    io.stderr.write(
      `[sitegen] warning: --host ${host} makes this server reachable from the network; anyone who can reach it can read every page, drafts included.\n`,
    );
  }
}

/**
 * How many worker threads build, watch and check use: the cores by default; a small site uses none
 * whatever it says (workers/worker-pool.ts MIN_PARALLEL_WORK).
 */
const MAX_JOBS = 64;

function jobsOption(): Option {
  return new Option(
    '-j, --jobs <n>',
    'worker threads that parse, render and draw cards (1: all on the main thread)',
  )
    .default(os.availableParallelism(), 'the number of cores')
    .argParser(parseJobs);
}

function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > MAX_JOBS)
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_JOBS}`);
  return jobs;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

/**
 * Listens for the first Ctrl-C or SIGTERM: `requested` resolves then, and the caller shuts down
 * and the process exits 0. `release` removes the listeners, also when the command fails before
 * (a port in use), so an in-process run (the tests' harness) leaves none behind.
 */
function listenForStop(): { requested: Promise<void>; release: () => void } {
  let stop: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    stop = () => {
      release();
      resolve();
    };
  });
  const release = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { requested, release };
}

/**
 * Opens the URL in the desktop's browser, and says so, only on an interactive terminal outside CI.
 */
function openBrowser(url: string, io: CliIo) {
  if (!io.stdout.isTTY || io.env.CI) return;
  io.stdout.write(`[sitegen] opening ${url} in the browser\n`);
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  import('node:child_process').then(({ spawn }) => {
    spawn(command, [url], { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref();
  });
}

function parseKilobytes(value: string): number {
  const number = Number(value);
  if (!(number > 0))
    throw new InvalidArgumentError('expected a positive number of kilobytes, such as 30');
  return number;
}
