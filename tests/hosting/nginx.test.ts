/**
 * docs/hosting.md's nginx snippet, run by a real nginx (Debian's, which .ci/run installs)
 * over the shared build and held to the whole route walk (tests/helpers/host-routes.ts):
 * the snippet is read out of the page, so what a maintainer copies is what is tested. A
 * missing nginx fails the test; it is never skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { makeTempDir } from '../helpers/cli.ts';
import { freePort } from '../helpers/free-port.ts';
import { describeHost, type RunningHost } from '../helpers/host-routes.ts';
import { docBlock } from '../helpers/hosting-doc.ts';

/** Debian's nginx lives in /usr/sbin, which a non-login PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The snippet with its address and root replaced, as its text tells a maintainer to. */
function siteBlock(port: number, dist: string): string {
  const snippet = docBlock('nginx');
  expect(snippet).toContain('listen 80;');
  expect(snippet).toContain('root /srv/site/dist;');
  return snippet
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /srv/site/dist;', `root ${dist};`);
}

/** A whole nginx.conf around the snippet, every path in the test's own folder. */
function nginxConf(site: string): string {
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name}_temp_path temp/${name};`,
  );
  // As root, the workers must be root too to read the test's private temporary folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon on;\nworker_processes 1;\nerror_log logs/error.log;\npid logs/nginx.pid;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${temps.join('\n  ')}\n${site}\n}\n`;
}

/** Starts nginx (it daemonizes) on a free port over `dist`; stop() stops it, removes its folder. */
async function startNginx(dist: string): Promise<RunningHost> {
  const temp = await makeTempDir();
  const port = await freePort();
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(temp.dir, folder));
  const conf = path.join(temp.dir, 'nginx.conf');
  writeFileSync(conf, nginxConf(siteBlock(port, dist)));
  const nginx = (...args: string[]) =>
    spawnSync(NGINX, ['-p', temp.dir, '-c', conf, ...args], { encoding: 'utf8' });
  const started = nginx();
  expect(started.error, 'nginx must be installed (apt-get install nginx)').toBeUndefined();
  expect(started.status, started.stderr).toBe(0);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      nginx('-s', 'stop');
      await temp.remove();
    },
  };
}

describeHost("docs/hosting.md's nginx snippet, served by nginx", startNginx);
