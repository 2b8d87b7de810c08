import path from 'node:path';
import { SystemFailure, type ErrorKind } from './errors-data.ts';
import { formatProblem, type Problem } from './problem.ts';

/**
 * The one error type sitegen shows to users. Its message says what went wrong, where
 * (file and field, or route) and what to do; `kind` names its entry in errors-data.ts;
 * `cause` keeps the lower-level error. Build one with sitegenError().
 */
export class SitegenError extends Error {
  /** The name of its kind in errors-data.ts ("OutputFolderRefused"). */
  readonly kind: string;
  /** Source file the error is about, relative to the project root, when known. */
  readonly file?: string;
  /** 1-based line in `file`, when known. */
  readonly line?: number;
  /** 1-based column (characters) in `line`, when known. */
  readonly column?: number;
  /**
   * Each problem with its own file and place, when several were found at once (content
   * validation, check); describeError prints one per line.
   */
  readonly problems: Problem[];
  /** A sentence printed after the message, when the kind has one. */
  readonly hint?: string;

  constructor(message: string, options: ErrorOptions & { kind: string; hint?: string }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SitegenError';
    this.kind = options.kind;
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
    this.problems = options.problems ?? [];
    this.hint = options.hint;
  }
}

interface ErrorOptions {
  cause?: unknown;
  file?: string;
  line?: number;
  column?: number;
  problems?: Problem[];
}

/** A SitegenError of one kind of errors-data.ts, its message built from `details`. Pure. */
export function sitegenError<Details>(
  kind: ErrorKind<Details>,
  details: Details,
  options: ErrorOptions = {},
): SitegenError {
  return new SitegenError(kind.message(details), { ...options, kind: kind.name, hint: kind.hint });
}

/** The message of an error and of each cause under it, one per line, without stack traces. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    if (current instanceof SitegenError) {
      lines.push(
        current.message,
        ...current.problems.map((problem) => `  - ${formatProblem(problem)}`),
        ...(current.hint ? [`Hint: ${current.hint}`] : []),
      );
      // The problems already say what the lower-level error said, one line each.
      if (current.problems.length > 0) break;
    } else if (depth > 0 && isSystemError(current)) {
      // explainSystemError already said it in words.
    } else if (current instanceof Error) {
      // A cause whose message the wrapper already quotes adds nothing.
      const isRepeated =
        depth > 0 &&
        lines.some((line) =>
          line.includes(current instanceof Error ? current.message.split('\n')[0] : ''),
        );
      if (!isRepeated) lines.push(depth === 0 ? current.message : `Caused by: ${current.message}`);
    } else {
      lines.push(String(current));
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.map(printable).join('\n');
}

/**
 * `text` safe to print on a terminal: control characters (C0 but tab and newline, DEL, C1, and the
 * bidi overrides) shown as `\xNN` or `\u{NNNN}`, so content quoted in a message can never
 * move the cursor, recolour the screen or hide text. Pure.
 */
export function printable(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (char) => {
      const code = char.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u{${code.toString(16)}}`;
    },
  );
}

/** What an operating-system error code means, in words a maintainer recognises. */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EBUSY: 'the file or folder is busy (in use by another program)',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'expected a file but found a folder',
  ENOENT: 'no such file or folder',
  ENOTEMPTY: 'a folder is not empty (written by another program at the same time?)',
  EEXIST: 'a file already exists (written by another program at the same time?)',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the system',
  EIO: 'input/output error',
  ENAMETOOLONG: 'a file name is too long',
  ELOOP: 'too many levels of symbolic links',
  EXDEV: 'cannot move across devices',
};

/**
 * An operating-system error (ENOSPC, EACCES, ...) that sitegen explains instead of reporting as a
 * bug.
 */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    (error as NodeJS.ErrnoException).code! in SYSTEM_ERRORS
  );
}

/**
 * A SitegenError of one line for an operating-system error: what happened, while doing
 * what, on which path (temporary paths shown as the folder they stand for), and what it
 * means for the output. Any other error is returned as it is.
 */
export function explainSystemError(
  error: unknown,
  action: string,
  shownAs: Record<string, string> = {},
  consequence?: string,
): unknown {
  if (!isSystemError(error)) return error;
  let where = error.path ?? '';
  for (const [from, to] of Object.entries(shownAs))
    if (where.startsWith(from)) where = to + where.slice(from.length);
  const relative = where && path.relative(process.cwd(), where);
  const shown = relative && !relative.startsWith('..') ? relative : where;
  return sitegenError(
    SystemFailure,
    { what: SYSTEM_ERRORS[error.code!], action, path: shown, consequence: consequence ?? '' },
    { cause: error, file: where || undefined },
  );
}
