#!/usr/bin/env node
// Prints the longest functions in src/generator (or the folders given), measured with the
// TypeScript compiler's own AST: every function declaration, method, arrow function and
// function expression, from its first line to its last. Exits 1 when one is longer than
// --max lines (default 80), so CI or a test can hold the line.
//
//   node bench/function-lengths.mjs [--top 5] [--max 80] [folder ...]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '5' }, max: { type: 'string', default: '80' } },
});
const folders = positionals.length > 0 ? positionals : ['src/generator'];

/** Every function-like node of one file as { name, file, lines }. */
function functionsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        name: nameOf(node),
        file: path.relative(repo, file),
        line: start + 1,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A readable name: the declaration's own, or the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    ts.isIdentifier(parent.name)
  ) {
    return parent.name.text;
  }
  return '(anonymous)';
}

const files = folders.flatMap((folder) =>
  readdirSync(path.join(repo, folder), { recursive: true })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(repo, folder, name)),
);
const all = files
  .flatMap(functionsOf)
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
const max = Number(values.max);
for (const fn of all.slice(0, Number(values.top)))
  console.log(`${String(fn.lines).padStart(4)} lines  ${fn.name}  ${fn.file}:${fn.line}`);
const over = all.filter((fn) => fn.lines > max);
if (over.length > 0) {
  console.error(
    `${over.length} function${over.length === 1 ? ' is' : 's are'} longer than ${max} lines: ${over.map((fn) => `${fn.name} (${fn.file}:${fn.line}, ${fn.lines})`).join(', ')}`,
  );
  process.exitCode = 1;
}
