// Loaded into every Node process of a test run by bench/test-suite.mjs (NODE_OPTIONS=--import):
// a process that runs the sitegen launcher appends one line, its PID and arguments, to the file
// $SITEGEN_COUNT_FILE names. Counts from outside the tests: what they start, not what they say.
import { appendFileSync } from 'node:fs';

const script = process.argv[1] ?? '';
if (process.env.SITEGEN_COUNT_FILE && /[\\/]bin[\\/]sitegen$/.test(script)) {
  const args = process.argv.slice(2).join(' ');
  try {
    appendFileSync(process.env.SITEGEN_COUNT_FILE, `${process.pid} ${args}\n`);
  } catch {
    // Never the counted process's failure (the file is world-writable for tests run as nobody).
  }
}
