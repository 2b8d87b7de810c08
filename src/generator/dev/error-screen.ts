import { realpathSync } from 'node:fs';
import path from 'node:path';
import { describeError, printable, SitegenError } from '../errors/errors.ts';
import { escapeText } from '../policy/escape.ts';
import { readSourceFile } from '../content/read-source-file.ts';

/**
 * The error screen of `sitegen watch`: what a failed rebuild shows on every page and in the
 * terminal. The message, where it happened, and a code frame of the source lines around it.
 * Building the frame and rendering it are pure; only toErrorScreen reads the source file.
 */

/**
 * Where the dev server serves the screen's stylesheet: the CSP (style-src 'self') blocks inline
 * styles.
 */
export const ERROR_STYLESHEET_PATH = '/__sitegen/error.css';

export interface ErrorScreen {
  /** The message and each problem, one per line (with a stack trace when unexpected). */
  message: string;
  file?: string;
  line?: number;
  /** The source around the error, when the error names a line of a file that could be read. */
  frame?: CodeFrame;
}

/** Some lines of one source file around a position. */
export interface CodeFrame {
  /** Path relative to the project root. */
  file: string;
  /** 1-based line of the error. */
  line: number;
  /** 1-based column of the error, when known: the frame shows a caret under it. */
  column?: number;
  /** The lines shown, in order, each with its 1-based number; `text` is as in the file. */
  lines: { number: number; text: string }[];
}

/**
 * One row of a rendered frame: the gutter ("> 12 | ") and the source text, as one printable string.
 */
interface FrameRow {
  kind: 'context' | 'error-line' | 'caret';
  text: string;
}

/** Lines of source shown before and after the error line. */
const CONTEXT_LINES = 2;

/**
 * The lines of `text` around 1-based `line` (`context` before and after, fewer at the start
 * and end of the file), or undefined when the file has no such line. Pure.
 */
export function buildCodeFrame(
  file: string,
  text: string,
  line: number,
  column?: number,
  context = CONTEXT_LINES,
): CodeFrame | undefined {
  const lines = text.split(/\r?\n/);
  // A final line break ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return undefined;
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const shown = lines
    .slice(first - 1, last)
    .map((lineText, index) => ({ number: first + index, text: lineText }));
  const hasColumn = column !== undefined && Number.isInteger(column) && column >= 1;
  return { file, line, ...(hasColumn ? { column } : {}), lines: shown };
}

/**
 * The frame as rows: a gutter with right-aligned line numbers, ">" on the error line, and a
 * caret row under the column. Text goes through printable() (a file cannot drive the
 * terminal, and bidi overrides cannot hide code); the caret row keeps the line's tabs so
 * it lines up. Pure.
 */
function frameRows(frame: CodeFrame): FrameRow[] {
  const width = String(frame.lines[frame.lines.length - 1].number).length;
  const rows: FrameRow[] = [];
  for (const { number, text } of frame.lines) {
    const isErrorLine = number === frame.line;
    const gutter = `${isErrorLine ? '>' : ' '} ${String(number).padStart(width)} |`;
    rows.push({
      kind: isErrorLine ? 'error-line' : 'context',
      text: `${gutter} ${printable(text)}`.trimEnd(),
    });
    if (isErrorLine && frame.column !== undefined) {
      const before = printable(text.slice(0, frame.column - 1)).replace(/[^\t]/g, ' ');
      rows.push({ kind: 'caret', text: `  ${' '.repeat(width)} | ${before}^` });
    }
  }
  return rows;
}

/** "file:line:column" of a frame, printable. */
function frameLocation(frame: CodeFrame): string {
  return printable(
    `${frame.file}:${frame.line}${frame.column !== undefined ? `:${frame.column}` : ''}`,
  );
}

/** "file:line" of the error, printable; empty when it names no file. */
function errorLocation(screen: ErrorScreen): string {
  return screen.file ? printable(`${screen.file}${screen.line ? `:${screen.line}` : ''}`) : '';
}

/** The frame as plain text, one row per line, for the terminal. Pure. */
export function codeFrameText(frame: CodeFrame): string {
  return frameRows(frame)
    .map((row) => row.text)
    .join('\n');
}

/** The frame as HTML for a `<pre>`: escaped text, one `<span>` per row, classed by kind. Pure. */
export function codeFrameHtml(frame: CodeFrame): string {
  return frameRows(frame)
    .map((row) => `<span class="${row.kind}">${escapeText(row.text)}</span>`)
    .join('\n');
}

/**
 * How errorScreenText paints each part; every part is plain text by default. A caller that
 * writes to a colour terminal can pass its own (only the painting changes, not the text).
 */
export interface ScreenStyle {
  title(text: string): string;
  location(text: string): string;
  errorLine(text: string): string;
  caret(text: string): string;
  context(text: string): string;
}

const PLAIN: ScreenStyle = {
  title: same,
  location: same,
  errorLine: same,
  caret: same,
  context: same,
};

function same(text: string): string {
  return text;
}

/**
 * The terminal's report of a failed rebuild: the title with file:line, the message, the code
 * frame (when there is one) and a line saying watch goes on. Pure.
 */
export function errorScreenText(screen: ErrorScreen, style: ScreenStyle = PLAIN): string {
  const where = errorLocation(screen);
  const parts = [
    `${style.title('Unexpected Application Error!')}${where ? ` (${style.location(where)})` : ''}`,
    screen.message,
  ];
  if (screen.frame) {
    const paint = { 'error-line': style.errorLine, caret: style.caret, context: style.context };
    const rows = frameRows(screen.frame).map((row) => paint[row.kind](row.text));
    parts.push('', style.location(frameLocation(screen.frame)), ...rows, '');
  }
  parts.push('Waiting for the next save...');
  return parts.join('\n');
}

/**
 * The page every route answers with while the last rebuild is failing: a whole document
 * with no inline style or script (the site's CSP applies), styled by ERROR_STYLESHEET_PATH.
 * Pure.
 */
export function renderErrorScreen(screen: ErrorScreen): string {
  const where = errorLocation(screen);
  const frame = screen.frame
    ? `<figure class="frame"><figcaption><code>${escapeText(frameLocation(screen.frame))}</code></figcaption><pre>${codeFrameHtml(screen.frame)}</pre></figure>\n`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title><link rel="stylesheet" href="${ERROR_STYLESHEET_PATH}"></head>
<body><main class="sitegen-error">
<h1>Unexpected Application Error!</h1>
<pre class="message">${escapeText(screen.message)}</pre>
${where ? `<p class="where">File: <code>${escapeText(where)}</code></p>\n` : ''}${frame}<p class="hint">Fix the file and save: the page reloads after the next successful rebuild.</p>
</main></body></html>
`;
}

/** The error screen's stylesheet, served at ERROR_STYLESHEET_PATH. */
export const ERROR_SCREEN_CSS = `:root { color-scheme: light dark; --bg: #fff8f7; --fg: #1f1f1f; --accent: #b3261e; --code-bg: #1e1e1e; --code-fg: #d4d4d4; --mark-bg: #5c1f1b; }
@media (prefers-color-scheme: dark) { :root { --bg: #1a1212; --fg: #eee; --accent: #ff8a80; --code-bg: #111; } }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { margin: 0 0 1rem; color: var(--accent); font-size: 1.6rem; }
pre, code { font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { margin: 0; padding: 1rem; overflow-x: auto; border-radius: 6px; }
.message { white-space: pre-wrap; overflow-wrap: anywhere; border-left: 4px solid var(--accent); background: rgb(127 127 127 / 0.1); }
.frame { margin: 1.5rem 0; }
.frame figcaption { margin-bottom: 0.25rem; }
.frame pre { background: var(--code-bg); color: var(--code-fg); }
.frame .context { opacity: 0.7; }
.frame .error-line { display: inline-block; min-width: 100%; background: var(--mark-bg); color: #fff; font-weight: bold; }
.frame .caret { color: #ff6b6b; font-weight: bold; }
.hint { opacity: 0.8; }
`;

/**
 * The error screen for a failed rebuild: the message (with a stack when unexpected), file,
 * line, and a code frame when the error names a line. Reads that one file under `root`
 * (never outside it, never through a symbolic link); a file that cannot be read gives no frame.
 */
export function toErrorScreen(caught: unknown, root: string): ErrorScreen {
  const error = caught instanceof SitegenError ? caught : undefined;
  // An unexpected error keeps its stack; it repeats the message, so it is made printable too.
  const message =
    describeError(caught) + (error ? '' : `\n${printable((caught as Error)?.stack ?? '')}`);
  const at = error ? errorPosition(error) : undefined;
  const text = at ? readProjectFile(root, at.file) : undefined;
  const frame =
    at && text !== undefined ? buildCodeFrame(at.file, text, at.line, at.column) : undefined;
  return { message, file: error?.file, line: error?.line, ...(frame ? { frame } : {}) };
}

/**
 * Where the frame points: the error's own file and line, or for a list of problems
 * (content), the first problem in a source file that names a line, with its column when it has
 * one. Pure.
 */
export function errorPosition(
  error: SitegenError,
): { file: string; line: number; column?: number } | undefined {
  if (error.file && error.line)
    return {
      file: error.file,
      line: error.line,
      ...(error.column ? { column: error.column } : {}),
    };
  for (const { file, line, column, built } of error.problems)
    if (file !== undefined && line !== undefined && !built)
      return { file, line, ...(column === undefined ? {} : { column }) };
  return undefined;
}

/**
 * The text of `file` (relative to `root`) when it is a regular file inside root; otherwise
 * undefined.
 */
function readProjectFile(root: string, file: string): string | undefined {
  try {
    const realRoot = realpathSync(root);
    const full = path.resolve(realRoot, file);
    // The folder is resolved too: a linked folder inside the project could point anywhere.
    const folder = realpathSync(path.dirname(full));
    const isInside = (dir: string) => dir === realRoot || dir.startsWith(realRoot + path.sep);
    if (path.isAbsolute(file) || !isInside(path.dirname(full)) || !isInside(folder))
      return undefined;
    const text = readSourceFile(path.join(folder, path.basename(full)));
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}
