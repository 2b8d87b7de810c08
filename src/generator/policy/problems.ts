/**
 * The problems the HTML policy finds, and how they are reported: every message starts with
 * "line N:" and quotes content only through printable().
 */
import { printable } from '../errors/errors.ts';

/** One problem: the line it is on and what is wrong, without the "line N:" prefix. */
export interface Problem {
  line: number;
  message: string;
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

/**
 * The problems as messages, sorted by line (ties in the order found), each once, starting with
 * "line N:"; past MAX_PROBLEMS, one last line sums up the rest. Pure.
 */
export function formatProblems(problems: Problem[]): string[] {
  const seen = new Set<string>();
  const messages = problems
    .map((problem, index) => ({ ...problem, index }))
    .sort((a, b) => a.line - b.line || a.index - b.index)
    .map((problem) => `line ${problem.line}: ${problem.message}`)
    .filter((message) => !seen.has(message) && seen.add(message));
  if (messages.length <= MAX_PROBLEMS) return messages;
  const last = problems.reduce((max, problem) => Math.max(max, problem.line), 0);
  return [
    ...messages.slice(0, MAX_PROBLEMS),
    `line ${last}: and ${messages.length - MAX_PROBLEMS} more problems up to this line`,
  ];
}
