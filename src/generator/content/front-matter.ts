import type * as Yaml from 'yaml';
import { countNewlines, locateFrontMatter, opensFrontMatter } from './article-files.ts';
import { requireFromSitegen } from '../site/node-require.ts';

/** Where something is in a file: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

export interface SplitFile {
  /**
   * The front matter as a plain object, or undefined when it could not be read (see `problems`).
   */
  data?: Record<string, unknown>;
  /** Where each top-level key is written, in file coordinates. */
  keys: Map<string, Position>;
  /**
   * Where each entry of a top-level list is written (`aliases:` with one line per entry, or
   * `[a, b]`), by key, in file coordinates; only for keys whose value is a list.
   */
  items?: Map<string, Position[]>;
  /** The Markdown after the closing "---" line. */
  body: string;
  /** File line of the body's first line. */
  bodyLine: number;
  /** Syntax problems, each at its position in the file. */
  problems: { at: Position; message: string }[];
}

/**
 * Splits a Markdown file into its YAML front matter (between a first line "---" and the next
 * line "---") and its body, and parses the front matter with positions, so each problem can
 * name its line and column. YAML 1.2 core schema: `2024-12-15` stays text, `yes` is text,
 * duplicate keys are errors. Flat `key: value` lines, what front matter almost always is,
 * are read by readFlatYaml; anything else by the `yaml` package, loaded on first need
 * (loading and warming it up costs about 25 ms, a third of a small site's build). Pure.
 */
export function splitFrontMatter(text: string): SplitFile {
  const keys = new Map<string, Position>();
  const found = locateFrontMatter(text);
  if (!found) {
    const message = opensFrontMatter(text)
      ? 'the front matter opened on line 1 is never closed by a line "---"'
      : 'expected front matter: a first line "---", then the fields (title, excerpt, brand, ...), then a line "---"';
    return { keys, body: '', bodyLine: 1, problems: [{ at: { line: 1, column: 1 }, message }] };
  }
  const { yamlText, body } = found;
  const yamlLine = 2;
  const split = { keys, body, bodyLine: yamlLine + countNewlines(yamlText) + 1 };
  const flat = readFlatYaml(yamlText, yamlLine);
  if (flat) return { ...split, ...flat, problems: [] };

  const { isMap, isScalar, LineCounter, parseDocument } = requireFromSitegen('yaml') as typeof Yaml;
  const lines = new LineCounter();
  const document = parseDocument(yamlText, {
    lineCounter: lines,
    prettyErrors: false,
    schema: 'core',
    uniqueKeys: true,
  });
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + yamlLine - 1, column: col };
  };
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => ({
      at: at(error.pos[0]),
      message: `front matter is not valid YAML: ${firstLine(error.message)}${hintFor(error.code)}`,
    }));
    return { ...split, problems };
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null))
    return { ...split, data: {}, problems: [] };
  if (!isMap(contents)) {
    return {
      ...split,
      problems: [
        {
          at: at(contents.range[0]),
          message: 'front matter must be "key: value" lines; found a list or a single value',
        },
      ],
    };
  }
  const items = placeKeys(contents, at, keys);
  try {
    // maxAliasCount 0: no anchors and aliases, so a small file cannot expand into a huge value.
    return {
      ...split,
      items,
      data: document.toJS({ maxAliasCount: 0 }) as Record<string, unknown>,
      problems: [],
    };
  } catch (error) {
    return {
      ...split,
      problems: [
        {
          at: at(contents.range[0]),
          message: `front matter cannot be read: ${firstLine(String((error as Error).message))}`,
        },
      ],
    };
  }
}

/**
 * Notes where each top-level key of `map` is written (in `keys`) and returns where each entry
 * of a list value is, by key. `at` turns an offset into a file position. Pure apart from `keys`.
 */
function placeKeys(
  map: Yaml.YAMLMap.Parsed,
  at: (offset: number) => Position,
  keys: Map<string, Position>,
): Map<string, Position[]> {
  const { isScalar, isSeq } = requireFromSitegen('yaml') as typeof Yaml;
  const items = new Map<string, Position[]>();
  for (const pair of map.items) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const key = String(pair.key.value);
    const keyAt = pair.key.range[0];
    keys.set(key, at(keyAt));
    if (isSeq(pair.value))
      items.set(
        key,
        pair.value.items.map((item) => at((item as Yaml.Node).range?.[0] ?? keyAt)),
      );
  }
  return items;
}

const FLAT_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*?))?[ \t]*$/;
/**
 * A double-quoted scalar that JSON reads exactly as YAML does: JSON's escapes only, no control
 * characters.
 */
const JSON_STRING = /^"(?:[^"\\\u0000-\u001f\u007f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/;
const SINGLE_QUOTED = /^'(?:[^'\u0000-\u001f\u007f]|'')*'$/;
/**
 * Plain scalars that resolve to text under the core schema with no doubt: no indicator first, no ":
 * " or " #".
 */
const PLAIN_TEXT = /^[A-Za-z\u00c0-\uffff(][^\t\u0000-\u001f\u007f]*$/;

/**
 * Reads front matter made only of `key: value` lines at the start of the line, blank lines
 * and whole-line comments, whose values are JSON-style double-quoted strings, single-quoted
 * strings, whole numbers written plainly, dates (YYYY-MM-DD, kept as text), true/false,
 * null, or plain text that cannot mean anything else. Returns undefined for anything else
 * (nesting, lists, anchors, block scalars, repeated keys, a doubtful value), which the yaml
 * package then reads. Its results equal the yaml package's (a property test holds it to
 * that). Pure.
 */
export function readFlatYaml(
  yamlText: string,
  firstLine: number,
): { data: Record<string, unknown>; keys: Map<string, Position> } | undefined {
  const data: Record<string, unknown> = {};
  const keys = new Map<string, Position>();
  const lines = yamlText.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = FLAT_LINE.exec(line);
    if (!match || keys.has(match[1]) || match[1] === '__proto__') return undefined;
    const value = flatValue(match[2] ?? '');
    if (value === NOT_FLAT) return undefined;
    keys.set(match[1], { line: firstLine + i, column: 1 });
    data[match[1]] = value;
  }
  return { data, keys };
}

const NOT_FLAT = Symbol('not flat');

function flatValue(text: string): unknown {
  if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL')
    return null;
  if (text === 'true' || text === 'True' || text === 'TRUE') return true;
  if (text === 'false' || text === 'False' || text === 'FALSE') return false;
  if (/^-?(?:0|[1-9][0-9]{0,14})$/.test(text)) return Number(text);
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return text;
  if (text.startsWith('"')) return JSON_STRING.test(text) ? JSON.parse(text) : NOT_FLAT;
  if (text.startsWith("'"))
    return SINGLE_QUOTED.test(text) ? text.slice(1, -1).replace(/''/g, "'") : NOT_FLAT;
  if (!PLAIN_TEXT.test(text) || text.includes(': ') || text.includes(' #') || text.endsWith(':'))
    return NOT_FLAT;
  return text;
}

/** What to do about the YAML mistakes authors make most. */
function hintFor(code: string): string {
  if (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY')
    return ' (a value that contains ": " must be in double quotes)';
  if (code === 'TAB_AS_INDENT') return ' (indent with spaces)';
  if (code === 'DUPLICATE_KEY') return ' (each key once)';
  return '';
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
