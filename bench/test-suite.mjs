#!/usr/bin/env node
// node bench/test-suite.mjs [vitest arguments]: runs the test suite (`npx vitest run`, as
// `npm test` does) once and prints what issue 32 measures: the wall time, the tests run,
// passed and failed, and the sitegen CLI processes the run started, counted from outside
// through NODE_OPTIONS=--import bench/count-cli.mjs (by command). Exits with vitest's code.
// Each run starts as on a clean clone: vitest's record of the last run's durations is removed.
//   --busy   keeps the other core busy with a spin loop in a process of its own meanwhile
//   --runs N runs the suite N times in a row and prints each run's figures
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const isBusy = args.includes('--busy');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 1 : Number(args[runsAt + 1]);
const vitestArgs = args.filter(
  (arg, i) => arg !== '--busy' && (runsAt === -1 || (i !== runsAt && i !== runsAt + 1)),
);

/** One `vitest run`: resolves with its exit code, wall seconds, test counts and processes. */
function runSuite(temp, index) {
  const countFile = path.join(temp, `processes-${index}.txt`);
  const report = path.join(temp, `report-${index}.json`);
  // World-writable: environment-failures.test.ts runs one CLI process as nobody (uid 65534).
  writeFileSync(countFile, '', { mode: 0o666 });
  chmodSync(countFile, 0o666);
  const hook = path.join(root, 'bench/count-cli.mjs');
  const env = {
    ...process.env,
    SITEGEN_COUNT_FILE: countFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
  };
  // As on a clean clone: no durations of an earlier run for vitest to order the files by.
  rmSync(path.join(root, 'node_modules/.vite/vitest'), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const lines = readFileSync(countFile, 'utf8').split('\n').filter(Boolean);
      const byCommand = {};
      for (const line of lines) {
        const command = line.split(' ')[1] ?? '(none)';
        byCommand[command] = (byCommand[command] ?? 0) + 1;
      }
      let tests = { total: NaN, passed: NaN, failed: NaN };
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        tests = {
          total: json.numTotalTests,
          passed: json.numPassedTests,
          failed: json.numFailedTests,
        };
      } catch {}
      resolve({ code, seconds, tests, processes: lines.length, byCommand });
    });
  });
}

/** A spin loop in a process of its own, until killed: the other core kept busy. */
function startSpinner() {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'sitegen-suite-'));
chmodSync(temp, 0o755);
const spinner = isBusy ? startSpinner() : undefined;
const results = [];
try {
  for (let i = 0; i < runs; i++) results.push(await runSuite(temp, i));
} finally {
  spinner?.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
}
console.log(
  `\ntest suite figures (Node ${process.version}, ${os.availableParallelism()} cores${isBusy ? ', the other core kept busy by a spin loop' : ''}):`,
);
for (const [i, r] of results.entries()) {
  const commands = Object.entries(r.byCommand)
    .sort((a, b) => b[1] - a[1])
    .map(([command, n]) => `${command} ${n}`)
    .join(', ');
  console.log(
    `  run ${i + 1}: exit ${r.code}, wall ${r.seconds.toFixed(1)} s, tests ${r.tests.total} (${r.tests.passed} passed, ${r.tests.failed} failed), sitegen processes ${r.processes} (${commands || 'none'})`,
  );
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
