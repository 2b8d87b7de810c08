#!/usr/bin/env node
// Compares the visible text of two built sites, page by page. It proves that moving the
// articles to Markdown (src/content/articles/<slug>.md) kept every page's text: build before
// and after, then
//   node tests/tools/page-text.mjs <distA> <distB>
// For every .html file in either folder (recursively, sorted) it compares the <title> text
// and the text content of <body> without <script>, <style>, <template> and <noscript>, with
// HTML whitespace (space, tab, CR, LF, FF; not U+00A0) collapsed to one space and trimmed.
// Prints one line per page that differs (with the first differing ~80 characters of each
// side) or exists on one side only, then a summary. Exit 0: all identical; 1: any
// difference; 2: bad arguments.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

const [dirA, dirB, ...rest] = process.argv.slice(2);
if (!dirA || !dirB || rest.length) usage('expected exactly two folders');
for (const dir of [dirA, dirB]) {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {}
  if (!isDir) usage(`not a folder: ${dir}`);
}

function usage(message) {
  process.stderr.write(
    `page-text: ${message}\nusage: node tests/tools/page-text.mjs <distA> <distB>\n`,
  );
  process.exit(2);
}

/** Every .html file under `root`, as sorted paths relative to it with forward slashes. */
function htmlFiles(root, dir = '', out = []) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) htmlFiles(root, rel, out);
    else if (entry.isFile() && entry.name.endsWith('.html')) out.push(rel);
  }
  return out;
}

const collapse = (text) => text.replace(/[ \t\n\f\r]+/g, ' ').trim();

/** The page's title and visible body text. */
function pageText(file) {
  const $ = cheerio.load(readFileSync(file, 'utf8'));
  $('body script, body style, body template, body noscript').remove();
  return { title: collapse($('title').first().text()), body: collapse($('body').text()) };
}

/** About 80 characters of each side, from a little before the first difference. */
function excerpt(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 20);
  const cut = (s) => JSON.stringify(s.slice(from, from + 80)) + (from + 80 < s.length ? '…' : '');
  return { at: i, a: cut(a), b: cut(b) };
}

const filesA = htmlFiles(dirA);
const filesB = htmlFiles(dirB);
const setA = new Set(filesA);
const setB = new Set(filesB);
const all = [...new Set([...filesA, ...filesB])].sort();
if (all.length === 0) usage('no .html files in either folder');

let compared = 0;
let identical = 0;
let differ = 0;
let onlyA = 0;
let onlyB = 0;
for (const rel of all) {
  if (!setB.has(rel)) {
    onlyA++;
    console.log(`only in A: ${rel}`);
    continue;
  }
  if (!setA.has(rel)) {
    onlyB++;
    console.log(`only in B: ${rel}`);
    continue;
  }
  compared++;
  const a = pageText(path.join(dirA, rel));
  const b = pageText(path.join(dirB, rel));
  const parts = ['title', 'body'].filter((part) => a[part] !== b[part]);
  if (parts.length === 0) {
    identical++;
    continue;
  }
  differ++;
  const d = excerpt(a[parts[0]], b[parts[0]]);
  console.log(
    `differs: ${rel} (${parts.join(' and ')}; ${parts[0]} from character ${d.at + 1}) A: ${d.a} B: ${d.b}`,
  );
}

console.log(
  `${compared} pages compared, ${identical} identical text, ${differ} differ, ${onlyA} only in A, ${onlyB} only in B`,
);
process.exit(differ || onlyA || onlyB ? 1 : 0);
