/**
 * The problems the HTML policy finds, and how they are reported: each with its line, quoting
 * content only through printable().
 */
import { printable } from '../errors/errors.ts';

/** One problem: the line it is on and what is wrong, without the "line N:" prefix. */
export interface Problem {
  line: number;
  /** The column in `line`, when the rule knows it (the responsible-copy rule does). */
  column?: number;
  message: string;
  /** The markup nests deeper than the policy reads: nothing after it was checked. */
  isTooDeep?: true;
}

/**
 * Reports a problem with the element at hand; `attribute` names the attribute it is on, whose
 * line is then used.
 */
export type Report = (message: string, attribute?: string) => void;

/**
 * A value quoted for a message: JSON escapes (no raw newlines or tabs), control characters shown,
 * cut at 80 characters. Pure.
 */
export function quote(value: string): string {
  return printable(JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value));
}

/** Problems listed per body or page before the rest are summed up. */
const MAX_PROBLEMS = 50;

/** A problem as one line of text: "line N: message" ("line N:C: message" with a column). Pure. */
export function problemText(problem: Problem): string {
  const column = problem.column === undefined ? '' : `:${problem.column}`;
  return `line ${problem.line}${column}: ${problem.message}`;
}

/**
 * The problems sorted by line (ties in the order found), each once; past MAX_PROBLEMS, one last
 * problem sums up the rest. Pure.
 */
export function sortProblems(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  const sorted = problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => a.problem.line - b.problem.line || a.index - b.index)
    .map(({ problem }) => problem)
    .filter((problem) => {
      const text = problemText(problem);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
  if (sorted.length <= MAX_PROBLEMS) return sorted;
  const last = problems.reduce((max, problem) => Math.max(max, problem.line), 0);
  const more = sorted.length - MAX_PROBLEMS;
  return [
    ...sorted.slice(0, MAX_PROBLEMS),
    { line: last, message: `and ${more} more problems up to this line` },
  ];
}
