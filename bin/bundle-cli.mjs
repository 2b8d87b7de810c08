#!/usr/bin/env node
// Bundles src/generator/cli/cli.ts so `sitegen` starts without a TypeScript loader. Runs from
// npm's `prepare` and, when any input of the current bundle changed, from bin/sitegen
// itself: nobody compiles by hand. Code splitting keeps what only watch, preview or check
// need (chokidar, the server) out of a build's start-up.
//
// Layout, so that concurrent runs never see a half-written bundle:
//   bin/.cli-<id>/cli.mjs, chunk-*.mjs   one complete bundle per folder, never rewritten
//   bin/.cli-<id>/inputs.json            every file it was built from, with mtime and size
//   bin/.cli.json                        {"dir": ".cli-<id>"}: the current bundle, switched
//                                        by one rename of a temporary file
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const binDir = fileURLToPath(new URL('.', import.meta.url));
const root = path.dirname(binDir);
export const POINTER = path.join(binDir, '.cli.json');
/** Bundle folders (and the pre-pointer `.cli/`), and pointer files left by a killed run. */
const OWN_ENTRY = /^\.cli(-[0-9a-z-]+)?$|^\.cli\.json\.tmp-/;
/**
 * A folder that stopped being current this recently may still be imported by a process that read
 * the old pointer.
 */
const KEEP_RETIRED_MS = 5 * 60 * 1000;
/** Read by the bundle without being imported: the version, and how it is bundled. */
const EXTRA_INPUTS = ['package.json', 'tsconfig.json', 'bin/bundle-cli.mjs'];

/**
 * commander loads node:child_process when it loads (for subcommands that are executables, which
 * sitegen has none of): about 4 ms of every start on Node 24. Its require gets an object that
 * loads the module the first time commander uses it.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes(`node_modules${path.sep}commander${path.sep}`)
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents:
        "let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

/**
 * Node's own modules (node:fs, node:path...) taken with require, not import: an import makes the
 * module's ES module face, whose every export is read once, and some are getters that load more
 * (node:fs's streams, node:util's TextDecoder): about 5 ms of each start on Node 24. A dynamic
 * import() stays one.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    // Static imports only: a dynamic import() of a CommonJS module would give its default only.
    build.onResolve({ filter: /^node:/ }, (args) =>
      args.namespace === 'builtin' || args.kind !== 'import-statement'
        ? undefined
        : { path: args.path, namespace: 'builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** Builds a fresh bundle, makes it current, and returns its folder name (relative to bin/). */
export async function bundleCli() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dir = `.cli-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const startedAt = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/generator/cli/cli.ts', 'src/generator/workers/worker.ts'],
    outdir: path.join(binDir, dir),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // React must stay one instance shared with the site bundle; esbuild ships a
    // native binary; chokidar is only loaded by `watch`; piscina finds its own worker script
    // beside its files. worker.mjs is the worker threads' entry (src/generator/workers/).
    external: ['react', 'react-dom', 'esbuild', 'chokidar', 'piscina'],
    plugins: [lazyChildProcess, builtinsByRequire],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    define: { SITEGEN_VERSION: JSON.stringify(version) },
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });

  const inputs = {};
  const files = Object.keys(result.metafile.inputs).filter((file) => !file.includes(':'));
  for (const file of [...files, ...EXTRA_INPUTS]) {
    const info = statSync(path.resolve(root, file));
    // Changed while esbuild was reading it: the bundle may hold the old text, so record
    // something no file has and let the next run bundle again.
    inputs[file] =
      info.mtimeMs >= startedAt - 2000
        ? { mtimeMs: -1, size: -1 }
        : { mtimeMs: info.mtimeMs, size: info.size };
  }
  writeFileSync(path.join(binDir, dir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);

  const previous = readPointer();
  const temp = `${POINTER}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${JSON.stringify({ dir })}\n`);
  renameSync(temp, POINTER);
  // The replaced folder's mtime now says when it was retired (see removeRetired).
  if (previous && previous !== dir) {
    const now = new Date();
    try {
      utimesSync(path.join(binDir, previous), now, now);
    } catch {}
  }
  removeRetired(dir);
  return dir;
}

/** The folder bin/.cli.json names, or undefined when there is none (or it is not ours). */
export function readPointer() {
  try {
    const { dir } = JSON.parse(readFileSync(POINTER, 'utf8'));
    return typeof dir === 'string' && /^\.cli-[0-9a-z-]+$/.test(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Best effort: deletes bundle folders that are not current and were retired (or written)
 * more than five minutes ago. A process that read the pointer just before a switch still
 * imports from the old folder; it has minutes, never a half-deleted folder.
 */
function removeRetired(own) {
  const current = readPointer();
  for (const name of readdirSync(binDir)) {
    if (!OWN_ENTRY.test(name) || name === own || name === current) continue;
    try {
      if (Date.now() - lstatSync(path.join(binDir, name)).mtimeMs > KEEP_RETIRED_MS) {
        rmSync(path.join(binDir, name), { recursive: true, force: true });
      }
    } catch {}
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  await bundleCli();
