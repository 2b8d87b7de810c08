/**
 * The one error type sitegen shows to users. Its message says what went wrong, where
 * (file and field, or route) and what to do; `cause` keeps the lower-level error.
 */
export class SitegenError extends Error {
  /** Source file the error is about, relative to the project root, when known. */
  readonly file?: string;
  /** 1-based line in `file`, when known. */
  readonly line?: number;
  /** Each problem on its own line, when several were found at once (content validation). */
  readonly problems: string[];

  constructor(message: string, options: { cause?: unknown; file?: string; line?: number; problems?: string[] } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SitegenError';
    this.file = options.file;
    this.line = options.line;
    this.problems = options.problems ?? [];
  }
}

/** The message of an error and of each cause under it, one per line, without stack traces. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    if (current instanceof SitegenError) {
      lines.push(current.message, ...current.problems.map((p) => `  - ${p}`));
      // The problems already say what the lower-level error said, one line each.
      if (current.problems.length > 0) break;
    } else if (current instanceof Error) {
      // A cause whose message the wrapper already quotes adds nothing.
      const isRepeated = depth > 0 && lines.some((line) => line.includes(current instanceof Error ? current.message.split('\n')[0] : ''));
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
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
