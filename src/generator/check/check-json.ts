import type { Problem } from '../errors/problem.ts';
import { locate, type Site } from './check-site.ts';

/**
 * The data files of a built folder read as JSON (list.json, card files, the search index): a
 * parse error at its line and column, the file a URL names, and the shape tests the checks of
 * check-data.ts and check-search.ts share.
 */

/** A problem of one data file, with the line and column of a parse error when there is one. */
export type DataProblem = (message: string, line?: number, column?: number) => void;

/** Reports into `problems` about `file`. */
export function reporter(problems: Problem[], file: string): DataProblem {
  return (message, line, column) => problems.push({ file, line, column, message, built: true });
}

/**
 * The file a URL of a data file names (`field` in messages), or undefined with a problem when it
 * is not a file of the output.
 */
export function dataFile(
  site: Site,
  url: string,
  field: string,
  report: DataProblem,
): string | undefined {
  const { found } = url.startsWith('/') ? locate(site, url, site.base) : {};
  if (!found) report(`${field} names ${JSON.stringify(url)}, which is not a file of the output`);
  return found;
}

/**
 * A data file's JSON; undefined when it cannot be read (the reader said why) or does not parse
 * (a problem at the line and column where parsing stopped).
 */
export function readJson(site: Site, file: string, report: DataProblem): unknown {
  const text = site.output.readText(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const { message, line, column } = parseError(text, (error as Error).message);
    report(`does not parse as JSON: ${message}`, line, column);
    return undefined;
  }
}

/** A JSON.parse message without its place, and the place as line and column (1-based). */
function parseError(text: string, raw: string) {
  const at = /(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?/.exec(raw);
  const offset = at ? Number(at[1]) : /end of JSON input/.test(raw) ? text.length : undefined;
  const message = at ? raw.replace(at[0], '') : raw;
  if (offset === undefined) return { message };
  const before = text.slice(0, offset).split('\n');
  return { message, line: before.length, column: before[before.length - 1].length + 1 };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A JSON value as a message shows it: its JSON, cut at 60 characters. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'missing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
