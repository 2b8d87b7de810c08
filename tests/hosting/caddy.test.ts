/**
 * docs/hosting.md's Caddyfile, run by a real Caddy (Debian's 2.6, which .ci/run installs)
 * over the shared build and held to the whole route walk (tests/helpers/host-routes.ts),
 * as nginx.test.ts holds the nginx snippet: the Caddyfile is read out of the page, so what
 * a maintainer copies is what is tested. A missing caddy fails the test; it is never skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { makeTempDir } from '../helpers/cli.ts';
import { freePort } from '../helpers/free-port.ts';
import { describeHost, type RunningHost } from '../helpers/host-routes.ts';
import { docBlock } from '../helpers/hosting-doc.ts';

/**
 * The Caddyfile with its site address and root replaced, as its text tells a maintainer
 * to: plain HTTP on a free port (no certificate), and no admin endpoint (its fixed port
 * 2019 would clash with any other Caddy on the machine).
 */
function caddyfile(port: number, dist: string): string {
  const text = docBlock('caddyfile');
  expect(text).toContain('\nexample.com {\n');
  expect(text).toContain('\troot * /srv/site/dist\n');
  const site = text
    .replace('\nexample.com {\n', `\nhttp://127.0.0.1:${port} {\n`)
    .replace('\troot * /srv/site/dist\n', `\troot * ${dist}\n`);
  return `{\n\tadmin off\n}\n\n${site}`;
}

/** Resolves once `url` answers at all; throws when `child` exits first or 30 s pass. */
async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}):\n${log()}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`caddy did not answer at ${url}:\n${log()}`);
}

/** Starts `caddy run` on a free port over `dist`; stop() ends it and removes its folder. */
async function startCaddy(dist: string): Promise<RunningHost> {
  const temp = await makeTempDir();
  const port = await freePort();
  const config = path.join(temp.dir, 'Caddyfile');
  writeFileSync(config, caddyfile(port, dist));
  // Caddy keeps its data and autosaved config under these; the test's folder, not $HOME.
  const env = { ...process.env, XDG_DATA_HOME: temp.dir, XDG_CONFIG_HOME: temp.dir };
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk) => (log += chunk));
  const spawned = await Promise.race([
    once(child, 'spawn').then(() => undefined),
    once(child, 'error').then(([error]) => error as Error),
  ]);
  expect(spawned?.message, 'caddy must be installed (apt-get install caddy)').toBeUndefined();
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, child, () => log);
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await temp.remove();
    },
  };
}

describeHost("docs/hosting.md's Caddyfile, served by Caddy", startCaddy);
