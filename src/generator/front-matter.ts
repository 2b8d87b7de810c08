import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

/** Where something is in a file: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

export interface SplitFile {
  /** The front matter as a plain object, or undefined when it could not be read (see `problems`). */
  data?: Record<string, unknown>;
  /** Where each top-level key is written, in file coordinates. */
  keys: Map<string, Position>;
  /** The Markdown after the closing "---" line. */
  body: string;
  /** File line of the body's first line. */
  bodyLine: number;
  /** Syntax problems, each at its position in the file. */
  problems: { at: Position; message: string }[];
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

/**
 * The front matter's YAML text (from line 2) and the body after the closing "---" line, or
 * undefined when the file does not open with "---" or never closes it. Pure; parses nothing.
 */
export function locateFrontMatter(text: string): { yamlText: string; body: string } | undefined {
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return undefined;
  return { yamlText: rest.slice(0, closing.index), body: rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '') };
}

/**
 * Splits a Markdown file into its YAML front matter (between a first line "---" and the next
 * line "---") and its body, and parses the front matter with positions, so each problem can
 * name its line and column. YAML 1.2 core schema: `2024-12-15` stays text, `yes` is text,
 * duplicate keys are errors. Pure.
 */
export function splitFrontMatter(text: string): SplitFile {
  const keys = new Map<string, Position>();
  const found = locateFrontMatter(text);
  if (!found) {
    const message = OPENING.test(text)
      ? 'the front matter opened on line 1 is never closed by a line "---"'
      : 'expected front matter: a first line "---", then the fields (title, excerpt, brand, ...), then a line "---"';
    return { keys, body: '', bodyLine: 1, problems: [{ at: { line: 1, column: 1 }, message }] };
  }
  const { yamlText, body } = found;
  const yamlLine = 2;
  const split = { keys, body, bodyLine: yamlLine + countNewlines(yamlText) + 1 };

  const lines = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter: lines, prettyErrors: false, schema: 'core', uniqueKeys: true });
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + yamlLine - 1, column: col };
  };
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => ({ at: at(error.pos[0]), message: `front matter is not valid YAML: ${firstLine(error.message)}${hintFor(error.code)}` }));
    return { ...split, problems };
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { ...split, data: {}, problems: [] };
  if (!isMap(contents)) {
    return { ...split, problems: [{ at: at(contents.range[0]), message: 'front matter must be "key: value" lines; found a list or a single value' }] };
  }
  for (const pair of contents.items) {
    if (isScalar(pair.key) && pair.key.range) keys.set(String(pair.key.value), at(pair.key.range[0]));
  }
  try {
    // maxAliasCount 0: no anchors and aliases, so a small file cannot expand into a huge value.
    return { ...split, data: document.toJS({ maxAliasCount: 0 }) as Record<string, unknown>, problems: [] };
  } catch (error) {
    return { ...split, problems: [{ at: at(contents.range[0]), message: `front matter cannot be read: ${firstLine(String((error as Error).message))}` }] };
  }
}

/** What to do about the YAML mistakes authors make most. */
function hintFor(code: string): string {
  if (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY') return ' (a value that contains ": " must be in double quotes)';
  if (code === 'TAB_AS_INDENT') return ' (indent with spaces)';
  if (code === 'DUPLICATE_KEY') return ' (each key once)';
  return '';
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
