/**
 * Problems as data: what the readers (content/) and the checker (check/) find, each with its
 * file, line and column as fields. Only the edges (the terminal, the error screen, --json) turn
 * them into text, with formatProblem. Pure, no dependencies.
 */

/** One problem: where it is, when known, and what is wrong. */
export interface Problem {
  /**
   * The file, relative to the project root (sources) or to the checked folder (built files);
   * absent when the problem is about no one file (a folder with no pages).
   */
  file?: string;
  /** 1-based line in `file`, when known. */
  line?: number;
  /** Column in `line` (1-based characters; as saxes counts it for XML), when known. */
  column?: number;
  /** What is wrong and what is expected, without the place. */
  message: string;
  /**
   * The file is one sitegen built (a problem of sitegen check): its line is written
   * "file: line N:column:", as check always has, and it is no source to show in a code frame.
   */
  built?: boolean;
}

/**
 * A problem as one line of text, the place first: "file:line:column: message" for a source
 * (the form editors and terminals turn into links), "file: line N:column: message" for a
 * built file, and only the parts that are known ("line N: message" without a file). The one
 * place a Problem becomes text. Pure.
 */
export function formatProblem({ file, line, column, message, built }: Problem): string {
  const place = line === undefined ? '' : `${line}${column === undefined ? '' : `:${column}`}`;
  if (file === undefined) return place ? `line ${place}: ${message}` : message;
  if (!place) return `${file}: ${message}`;
  return built ? `${file}: line ${place}: ${message}` : `${file}:${place}: ${message}`;
}
