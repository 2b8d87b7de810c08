#!/usr/bin/env node
// The per-body cost of what a worker does to each article body after Markdown (issue 31): the
// HTML policy (policy/body-policy.ts) and the first-brand-mention link (content/link-brands.ts),
// over every body of a generated site, on one thread. Prints the median time per body of each
// round (and the min–max of the rounds) for the policy alone, the link alone and both as the
// worker runs them.
//
//   node bench/generate.mjs --articles 10000 --out /tmp/site-10k
//   node bench/body-policy.mjs --site /tmp/site-10k [--rounds 5]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { spread } from './stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { site: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});
if (!values.site) {
  console.error('usage: node bench/body-policy.mjs --site DIR [--rounds N]');
  process.exit(2);
}
const rounds = Number(values.rounds);

// The generator's own modules, bundled as the CLI bundles them.
const entry = `
export { renderMarkdown } from './src/generator/content/markdown.ts';
export * as policy from './src/generator/policy/body-policy.ts';
export * as linker from './src/generator/content/link-brands.ts';
export { brands } from './src/content/brands.ts';
`;
const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'sitegen-body-policy-')), 'entry.mjs');
await build({
  stdin: { contents: entry, resolveDir: repo, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: out,
  logLevel: 'error',
});
const { renderMarkdown, policy, linker, brands } = await import(pathToFileURL(out).href);

const articles = path.join(values.site, 'src/content/articles');
const bodies = readdirSync(articles)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) =>
    readFileSync(path.join(articles, name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
  )
  .map((markdown) => renderMarkdown(markdown).html);
const targets = brands.map((brand) => ({ name: brand.name, url: brand.url }));
const options = { refuseImages: true };

/**
 * What one body costs: the policy, the link (parsing the body itself), or both as the worker
 * runs them (the link reading the policy's parse, where the policy hands one on: checkBody).
 */
const jobs = {
  policy: (html) => policy.checkArticleBody(html, options).length,
  link: (html) => linker.linkFirstMentions(html, targets).length,
  'policy + link': (html) => {
    const checked = policy.checkBody?.(html, options) ?? {
      problems: policy.checkArticleBody(html, options),
    };
    if (checked.problems.length > 0) throw new Error('a body was refused');
    return linker.linkFirstMentions(html, targets, checked.document).length;
  },
};

console.log(
  `${bodies.length} bodies, ${(bodies.reduce((n, b) => n + b.length, 0) / bodies.length / 1024).toFixed(1)} KiB each on average, ${rounds} rounds\n`,
);
console.log('| work | µs per body, median of the rounds (min–max) |');
console.log('|---|---|');
for (const [name, job] of Object.entries(jobs)) {
  const perBody = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    let sink = 0;
    for (const html of bodies) sink += job(html);
    const micros = Number(process.hrtime.bigint() - start) / 1000 / bodies.length;
    if (sink < 0) console.log(sink);
    perBody.push(micros);
  }
  console.log(`| ${name} | ${spread(perBody, 1, ' µs')} |`);
}
