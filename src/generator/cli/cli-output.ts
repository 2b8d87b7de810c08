import path from 'node:path';
import type { BuildSummary } from '../build/build-result.ts';
import type { CheckReport, PageWeight } from '../check/check-output.ts';
import { describeError, SitegenError } from '../errors/errors.ts';
import { formatProblem, type Problem } from '../errors/problem.ts';
import { formatBytes, formatKb, summarizeList } from '../errors/format-text.ts';
import { painterFor, type Paint } from './terminal.ts';

/**
 * What build and check print, and where: results on stdout, warnings and errors on stderr.
 * `--quiet` leaves errors only; `--verbose` adds details; `--json` puts one JSON object on
 * stdout and nothing else there (stderr keeps the warnings and the error for people).
 */
export interface OutputFlags {
  /** Errors only: no summary, no warnings. */
  quiet?: boolean;
  /** Details: build's stage timings and every file written; check's page weights. */
  verbose?: boolean;
  /** One JSON object on stdout, `{"ok": true, ...}` or `{"ok": false, ..., "error": {...}}`. */
  json?: boolean;
}

export interface Output {
  readonly flags: OutputFlags;
  /** Colours for stdout and for stderr (each on only where it is a terminal; see terminal.ts). */
  readonly paintOut: Paint;
  readonly paintErr: Paint;
  /** A line for people on stdout; dropped with --quiet and --json. */
  say(line: string): void;
  /** A warning on stderr, after "warning:" in yellow; dropped with --quiet. */
  warn(message: string): void;
  /** Adds figures to the JSON object the command ends with, whether it succeeds or fails. */
  record(figures: object): void;
  /** The command succeeded: with --json, writes `{"ok": true, ...figures}`. */
  succeed(): void;
  /**
   * The command failed: the error on stderr (always) and, with --json, `{"ok": false, ...figures,
   * "error"}` on stdout.
   */
  fail(error: unknown): void;
}

interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** An Output for one command run. Writes only to the given streams (default: the process's). */
export function createOutput(
  flags: OutputFlags = {},
  streams: Streams = process,
  env: NodeJS.ProcessEnv = process.env,
): Output {
  const paintOut = painterFor(streams.stdout, env);
  const paintErr = painterFor(streams.stderr, env);
  const figures: Record<string, unknown> = {};
  const writeJson = (value: object) => streams.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  return {
    flags,
    paintOut,
    paintErr,
    say(line) {
      if (!flags.quiet && !flags.json) streams.stdout.write(`${line}\n`);
    },
    warn(message) {
      if (!flags.quiet) streams.stderr.write(`${paintErr('yellow', 'warning:')} ${message}\n`);
    },
    record(more) {
      Object.assign(figures, more);
    },
    succeed() {
      if (flags.json) writeJson({ ok: true, ...figures });
    },
    fail(error) {
      streams.stderr.write(`${paintErr(['bold', 'red'], 'sitegen:')} ${describeFailure(error)}\n`);
      if (flags.json) writeJson({ ok: false, ...figures, error: errorFigures(error) });
    },
  };
}

/**
 * The text people see for a failure: a SitegenError's message and problems, or a trace for a bug.
 */
function describeFailure(error: unknown): string {
  if (error instanceof SitegenError) return describeError(error);
  return `unexpected failure, please report it with this trace:\n${(error as Error)?.stack ?? error}`;
}

/**
 * A failure as JSON: `kind` (the name in errors-data.ts, or "UnexpectedFailure" for a bug),
 * `message`, `problems` (one string each, as the terminal shows them), `problemDetails` (the
 * same problems as `{file, line, column, message}`, numbers for numbers, each part when known),
 * and `hint`, `file`, `line`, `column`, `cause` when known.
 */
export function errorFigures(error: unknown): Record<string, unknown> {
  if (!(error instanceof SitegenError)) {
    return {
      kind: 'UnexpectedFailure',
      message: error instanceof Error ? error.message : String(error),
      ...problemFigures([]),
    };
  }
  // As describeError: a system error's cause is already said in words, a quoted one adds nothing.
  const { cause: under } = error;
  const isNew =
    under instanceof Error &&
    !('code' in under) &&
    !error.message.includes(under.message.split('\n')[0]);
  const cause = isNew ? under.message : undefined;
  return {
    kind: error.kind,
    message: error.message,
    ...problemFigures(error.problems),
    hint: error.hint,
    file: error.file,
    line: error.line,
    column: error.column,
    cause,
  };
}

/**
 * Problems for --json: `problems`, each as the terminal prints it, and `problemDetails`, each
 * problem's file, line, column and message as fields of their own (those it has). Pure.
 */
export function problemFigures(problems: Problem[]): {
  problems: string[];
  problemDetails: Pick<Problem, 'file' | 'line' | 'column' | 'message'>[];
} {
  return {
    problems: problems.map(formatProblem),
    problemDetails: problems.map(({ file, line, column, message }) => ({
      ...(file === undefined ? {} : { file }),
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
      message,
    })),
  };
}

/**
 * Reports a finished build: the summary line (stdout), the article images encoded and
 * taken from the cache (stdout, when there are any), the drafts left out (stdout),
 * warnings (stderr); with --verbose or `timings` (--timings) the stage timings, with --verbose every
 * file written; and the figures of the JSON object.
 */
export function reportBuild(
  output: Output,
  result: BuildSummary,
  outDir: string,
  { timings: showTimings = false }: { timings?: boolean } = {},
): void {
  output.record(buildFigures(result, outDir));
  const bold = (text: string) => output.paintOut('bold', text);
  // An incremental build says how many pages it rendered and how many it kept as they were.
  const unchanged = result.pages - result.rendered;
  const kept = unchanged > 0 ? `${result.rendered} rendered, ${unchanged} unchanged; ` : '';
  output.say(
    `${output.paintOut('green', 'sitegen:')} wrote ${bold(`${result.pages} pages`)} (${kept}${result.files} files, ${formatBytes(result.bytes)}) to ${displayPath(outDir)}/ in ${bold(`${Math.round(result.durationMs)} ms`)}`,
  );
  const { rendered, cached } = result.cards;
  if (rendered + cached > 0)
    output.say(`social cards: ${rendered} drawn, ${cached} from the cache`);
  const drafts = result.draftsLeftOut;
  const { sources, encoded } = result.images;
  if (sources > 0)
    output.say(
      `${sources} article image${sources === 1 ? '' : 's'}: ${encoded} encoded, ${sources - encoded} from the cache`,
    );
  if (drafts.length > 0)
    output.say(
      `${drafts.length} draft${drafts.length === 1 ? '' : 's'} left out: ${summarizeList(drafts)} (--drafts includes them)`,
    );
  for (const warning of result.warnings) output.warn(warning);
  if (output.flags.verbose || showTimings) {
    output.say('stage timings:');
    for (const [stage, ms] of Object.entries(result.timings))
      output.say(`  ${stage.padEnd(20)} ${ms.toFixed(1).padStart(8)} ms`);
  }
  if (output.flags.verbose) {
    output.say(`files written (${result.writtenFiles.length}):`);
    for (const file of result.writtenFiles) output.say(`  ${file}`);
  }
}

/**
 * A build's figures for --json: counts, bytes, milliseconds (total and per stage), warnings,
 * drafts, images, files written.
 */
function buildFigures(result: BuildSummary, outDir: string) {
  return {
    outDir: path.resolve(outDir),
    pages: result.pages,
    rendered: result.rendered,
    files: result.files,
    bytes: result.bytes,
    written: result.written,
    ms: Math.round(result.durationMs),
    timings: Object.fromEntries(
      Object.entries(result.timings).map(([stage, ms]) => [stage, Math.round(ms * 10) / 10]),
    ),
    warnings: result.warnings,
    draftsLeftOut: result.draftsLeftOut,
    cards: result.cards,
    images: result.images,
    writtenFiles: result.writtenFiles,
  };
}

/**
 * Reports a check: the figures of the JSON object, every page's weight with `showSizes` or
 * --verbose, and the passing line when there is no problem (the caller throws otherwise).
 */
export function reportCheck(
  output: Output,
  report: CheckReport,
  dir: string,
  { budgetKb, showSizes = false }: { budgetKb: number; showSizes?: boolean },
): void {
  const heaviest = [...report.weights].sort((a, b) => b.firstLoadGzip - a.firstLoadGzip)[0];
  output.record({
    dir: path.resolve(dir),
    pages: report.pages,
    parsed: report.parsed,
    files: report.files,
    ...problemFigures(report.problems),
    budgetKb,
    heaviest: heaviest ? { file: heaviest.file, firstLoadGzip: heaviest.firstLoadGzip } : null,
    weights: report.weights,
  });
  if (showSizes || output.flags.verbose)
    for (const line of weightTable(report.weights)) output.say(line);
  if (report.problems.length > 0) return;
  const weight = heaviest
    ? `heaviest first load ${output.paintOut('bold', formatKb(heaviest.firstLoadGzip))} gzip (${heaviest.file}), `
    : '';
  output.say(
    `${output.paintOut('green', 'sitegen check:')} ${report.pages} pages and ${report.files} files in ${dir}/ pass; ${weight}budget ${budgetKb} KB`,
  );
}

/** Every page's weight as aligned table rows, the header first. Pure. */
function weightTable(weights: PageWeight[]): string[] {
  const rows = weights.map((w) => [
    w.file,
    formatKb(w.html.raw),
    formatKb(w.html.gzip),
    formatKb(w.css.gzip),
    formatKb(w.js.gzip),
    formatKb(w.firstLoadGzip),
  ]);
  const header = ['page', 'HTML', 'HTML gz', 'CSS gz', 'JS gz', 'first load gz'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
}

/** A folder as the user would type it: relative to the current folder when inside it. */
export function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative === '' ? '.' : relative.startsWith('..') ? path.resolve(dir) : relative;
}

/**
 * A one-line "pages rendered of total" indicator on stderr, only on a terminal outside CI, only
 * after a second, never when `isOff`.
 */
export function createProgress(
  isOff: boolean,
  { stderr, env }: Pick<Streams, 'stderr'> & { env: NodeJS.ProcessEnv } = process,
) {
  const isShown = !isOff && stderr.isTTY && !env.CI;
  const startedAt = Date.now();
  let lastDrawAt = 0;
  let drawn = false;
  return {
    update(done: number, total: number) {
      if (!isShown) return;
      const now = Date.now();
      if (now - startedAt < 1000 || (now - lastDrawAt < 100 && done !== total)) return;
      lastDrawAt = now;
      drawn = true;
      stderr.write(`\rsitegen: rendering ${done}/${total} pages`);
    },
    clear() {
      if (drawn) stderr.write('\r\x1b[K');
    },
  };
}
