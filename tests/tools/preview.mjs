// `sitegen preview` of a built folder in a process of its own, for the tools and benchmarks
// that open pages in a browser (lighthouse.mjs, screenshots.mjs, bench/search-browser.mjs): the
// host rules and security headers of a real host, answering while this process is busy.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitegen');

/**
 * Starts `sitegen preview DIST` on a free port; resolves to its origin
 * ("http://127.0.0.1:PORT") and `stop()`. The server is stopped when this process exits.
 */
export async function startPreview(dist) {
  const preview = spawn(process.execPath, [cli, 'preview', dist, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => preview.kill('SIGTERM');
  // A failed run must not leave the server running.
  process.on('exit', stop);
  const origin = await new Promise((resolve, reject) => {
    let text = '';
    preview.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/at (http:\/\/127\.0\.0\.1:\d+)\//);
      if (match) resolve(match[1]);
    });
    preview.on('exit', () => reject(new Error(`preview exited:\n${text}`)));
  });
  return { origin, stop };
}
