#!/usr/bin/env node
// Bundles src/generator/cli.ts into bin/.cli/ so `sitegen` starts without a TypeScript
// loader. Runs from npm's `prepare` and, when the bundle is older than any generator
// source, from bin/sitegen itself: nobody compiles by hand. Code splitting keeps what
// only watch, preview or check need (chokidar, the server) out of a build's start-up.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

await build({
  entryPoints: [`${root}src/generator/cli.ts`],
  outdir: `${root}bin/.cli`,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // React must stay one instance shared with the site bundle; esbuild ships a
  // native binary; chokidar is only loaded by `watch`.
  external: ['react', 'react-dom', 'esbuild', 'chokidar'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  define: { SITEGEN_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
  legalComments: 'none',
});
