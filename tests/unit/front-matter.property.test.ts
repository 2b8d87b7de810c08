import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { locateFrontMatter } from '../../src/generator/content/article-files.ts';
import { readFlatYaml } from '../../src/generator/content/front-matter.ts';
import { REPO } from '../helpers/paths.ts';

/**
 * What the yaml package makes of a front matter: its value and each key's line (2 = the line after
 * "---"), or undefined on error.
 */
function byYaml(text: string) {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, schema: 'core', uniqueKeys: true });
  if (document.errors.length > 0) return undefined;
  const keys: Record<string, number> = {};
  if (isMap(document.contents)) {
    for (const pair of document.contents.items)
      if (isScalar(pair.key) && pair.key.range)
        keys[String(pair.key.value)] = lines.linePos(pair.key.range[0]).line + 1;
  }
  return { data: document.toJS() ?? {}, keys };
}

const runs = {
  numRuns: Number(process.env.FC_RUNS ?? 3000),
  seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
};

const key = fc.constantFrom(
  'title',
  'excerpt',
  'brand',
  'author',
  'date',
  'readTime',
  'listed',
  'order',
  'draft',
  'x_1',
  'a-b',
  '__proto__',
  'constructor',
);
/** Values an author writes, and the ones YAML reads differently from how they look. */
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      ':',
      '#',
      '"',
      "'",
      '\\',
      '-',
      '0',
      '.',
      '\t',
      '[',
      '{',
      '*',
      '&',
      '!',
      '|',
      '>',
      '%',
      '@',
      '`',
      '?',
      ',',
      'é',
      '\u00a0',
      '\u2028',
      '\ufeff',
    ),
  }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string().map((s) => JSON.stringify(s)),
  fc.string().map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.constantFrom(
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'yes',
    'no',
    'on',
    'null',
    'Null',
    'NULL',
    'nULL',
    '~',
    '',
    '-0',
    '+1',
    '007',
    '0o17',
    '0x1F',
    '1e3',
    '.5',
    '.inf',
    '-.Inf',
    '.NaN',
    '2024-12-15',
    '2024-12-15T10:00:00Z',
    '1_000',
    '12:30',
    'a: b',
    'a #b',
    'a#b',
    'C#',
    'x:',
    '(catatan)',
    '9007199254740993',
    '-',
    '- x',
    '? x',
  ),
);
const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(key, value, fc.constantFrom(' ', '  ', '\t', ' \t'))
      .map(([k, v, gap]) => `${k}:${gap}${v}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      '# komentar',
      '  # menjorok',
      '...',
      '- item',
      '  lanjutan',
      'key:',
      'title:\r',
    ),
  },
);

describe('readFlatYaml, the fast path for flat front matter', () => {
  it('either declines or reads exactly what the yaml package reads, keys and lines included', () => {
    let read = 0;
    let tried = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const text = lines.map((l) => `${l}\n`).join('');
        const flat = readFlatYaml(text, 2);
        tried++;
        if (flat === undefined) return;
        read++;
        const yaml = byYaml(text);
        expect(yaml, `yaml refuses what the fast path read: ${JSON.stringify(text)}`).toBeDefined();
        expect(flat.data, JSON.stringify(text)).toStrictEqual(yaml!.data);
        expect(
          Object.fromEntries([...flat.keys].map(([k, p]) => [k, p.line])),
          JSON.stringify(text),
        ).toEqual(yaml!.keys);
      }),
      runs,
    );
    // The comparison means something only if the fast path reads a fair share of the inputs.
    expect(read / tried).toBeGreaterThan(0.1);
    console.log(
      `readFlatYaml read ${read} of ${tried} generated front matters; yaml agreed on all`,
    );
  });

  it('reads every shipped article without the yaml package (so a build of the shipped site never loads it)', () => {
    const dir = path.join(REPO, 'src/content/articles');
    const files = readdirSync(dir).filter((name) => name.endsWith('.md'));
    expect(files).toHaveLength(24);
    for (const name of files) {
      const found = locateFrontMatter(readFileSync(path.join(dir, name), 'utf8'));
      expect(found, name).toBeDefined();
      expect(readFlatYaml(found!.yamlText, 2), name).toBeDefined();
    }
  });
});
