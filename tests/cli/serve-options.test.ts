import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, makeTempDir, type RunningCli, startCli } from '../helpers/cli.ts';
import { distDir } from '../helpers/dist.ts';
import { CLI } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';

/**
 * preview's options, over HTTP. A server is a process (startCli, or script(1) for a terminal); a
 * preview refused its port before it serves runs in this process (sitegen()), as does the build
 * the base-path tests serve.
 */

/** A plain TCP server holding a port on 127.0.0.1, as another program would. */
function occupy(port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: (server.address() as { port: number }).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Holds `count` consecutive ports, starting at a port the system chose. */
async function occupyRun(count: number): Promise<{ first: number; close: () => Promise<void> }> {
  for (;;) {
    const held = [await occupy()];
    try {
      for (let i = 1; i < count; i++) held.push(await occupy(held[0].port + i));
      return {
        first: held[0].port,
        close: async () => void (await Promise.all(held.map((h) => h.close()))),
      };
    } catch {
      await Promise.all(held.map((h) => h.close()));
    }
  }
}

/** The status of a GET to host:port, with the Host header a browser would send. */
async function statusAt(address: string, port: number, urlPath = '/'): Promise<number> {
  return (await fetch(`http://${address}:${port}${urlPath}`, { redirect: 'manual' })).status;
}

/**
 * `sitegen preview ...args` in this process, for a preview refused its port: it fails before it
 * serves, and leaves no listener for Ctrl-C or SIGTERM behind on this process.
 */
async function previewRefused(args: string[]) {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = signals.map((signal) => process.listenerCount(signal));
  const result = await sitegen(['preview', ...args]);
  expect(signals.map((signal) => process.listenerCount(signal))).toEqual(before);
  return result;
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
/** The shipped site built for https://user.example.io/repo/ (base path /repo/). */
let out: string;
beforeAll(async () => {
  temp = await makeTempDir();
  out = path.join(temp.dir, 'out');
  const built = await sitegen([
    'build',
    '--out',
    out,
    '--site-url',
    'https://user.example.io/repo/',
  ]);
  expect(built.code, built.stderr).toBe(0);
});

/**
 * One preview that three tests look at, each at what it is about: of `out` at --base /, asked
 * for a port another program holds, --host left out. "a busy port is skipped" reads the port it
 * took, "--host left out listens on loopback only" where it listens, "--base serves it at
 * another base" what it serves and where; the last stops it. Started by the first of them.
 */
let shared: Promise<{ preview: RunningCli; busy: Awaited<ReturnType<typeof occupy>> }> | undefined;
function sharedPreview() {
  shared ??= (async () => {
    const busy = await occupy();
    const preview = startCli(['preview', out, '--port', String(busy.port), '--base', '/']);
    return { preview, busy };
  })();
  return shared;
}

afterAll(async () => {
  if (shared) {
    const { preview, busy } = await shared;
    await preview.stop('SIGKILL');
    await busy.close();
  }
  await temp.remove();
});

describe('a busy port', () => {
  it('is skipped: preview takes the next free port, says which, and serves there', async () => {
    const { preview, busy } = await sharedPreview();
    const [, requested, chosen] = await preview.waitFor(
      /^\[sitegen\] port (\d+) is in use; using (\d+)$/m,
    );
    expect(Number(requested)).toBe(busy.port);
    expect(Number(chosen)).toBeGreaterThan(busy.port);
    expect(Number(chosen)).toBeLessThanOrEqual(busy.port + 10);
    await preview.waitFor(
      new RegExp(`previewing .+ at http://127\\.0\\.0\\.1:${chosen}/ \\(Ctrl-C to stop\\)`),
    );
    const home = await fetch(`http://127.0.0.1:${chosen}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="id">');
  });

  it('is an error in one line, exit 1, with --strict-port', async () => {
    const busy = await occupy();
    try {
      const result = await previewRefused([
        distDir(),
        '--port',
        String(busy.port),
        '--strict-port',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sitegen: Port ${busy.port} on 127.0.0.1 is already in use (--strict-port). Stop the other server, pass --port with a free port, or leave out --strict-port to take the next free one.\n`,
      );
      expect(result.stdout).not.toContain('previewing');
    } finally {
      await busy.close();
    }
  });

  it('is an error in one line, exit 1, when the ten ports after it are busy too', async () => {
    const busy = await occupyRun(11);
    try {
      const result = await previewRefused([distDir(), '--port', String(busy.first)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sitegen: Ports ${busy.first} to ${busy.first + 10} on 127.0.0.1 are all in use. Stop the other servers, or pass --port with a free port (--port 0 takes any free one).\n`,
      );
    } finally {
      await busy.close();
    }
  });
});

describe('--host', () => {
  const lanAddresses = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address?.family === 'IPv4' && !address.internal)
      .map((address) => address!.address);

  it('with no value listens on every interface and prints the Local URL and one Network URL per LAN address', async () => {
    const preview = startCli(['preview', distDir(), '--host', '--port', '0']);
    try {
      const port = Number(
        (
          await preview.waitFor(
            /on every network interface \(Ctrl-C to stop\)\n {2}Local: {3}http:\/\/localhost:(\d+)\/\n/,
          )
        )[1],
      );
      const lan = lanAddresses();
      const expected =
        lan.length > 0
          ? lan.map((address) => `  Network: http://${address}:${port}/`)
          : ['  Network: no address besides loopback was found'];
      await preview.waitFor(
        new RegExp(`${expected.at(-1)!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n`),
      );
      const lines = preview.output().split('\n');
      expect(lines.filter((line) => line.startsWith('  Network: '))).toEqual(expected);
      expect(preview.output()).toContain(
        'warning: --host 0.0.0.0 makes this server reachable from the network',
      );
      expect(await statusAt('127.0.0.1', port)).toBe(200);
      // Reachable at each LAN address, which the Host check accepts.
      for (const address of lan) expect(await statusAt(address, port), address).toBe(200);
      expect(await preview.stop('SIGINT')).toBe(0);
    } finally {
      await preview.stop('SIGKILL');
    }
  });

  it('left out listens on loopback only', async () => {
    const { preview } = await sharedPreview();
    const port = Number(
      (await preview.waitFor(/at http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C to stop\)\n/))[1],
    );
    expect(preview.output()).not.toMatch(/Network:|warning/);
    expect(await statusAt('127.0.0.1', port)).toBe(200);
    for (const address of lanAddresses())
      await expect(statusAt(address, port), address).rejects.toThrow();
  });
});

describe('--open', () => {
  let openerDir: Awaited<ReturnType<typeof makeTempDir>>;
  let opened: string;
  beforeAll(async () => {
    openerDir = await makeTempDir();
    // A stand-in for the desktop's opener: it notes the URL it was asked to open.
    opened = path.join(openerDir.dir, 'opened.txt');
    writeFileSync(path.join(openerDir.dir, 'xdg-open'), `#!/bin/sh\necho "$1" >> '${opened}'\n`, {
      mode: 0o755,
    });
  });
  afterAll(() => openerDir.remove());

  /**
   * Runs `sitegen preview` on a terminal (script(1) gives it a pseudo-terminal), waits for
   * the start line (and `until`, if given), then presses Ctrl-C on that terminal; resolves
   * with everything it printed, in order, once it has stopped.
   */
  function previewOnTerminal(
    flags: string[],
    env: Record<string, string>,
    until?: () => boolean,
  ): Promise<{ code: number | null; output: string }> {
    // `exec`: script(1) runs the command through $SHELL, or dash where SHELL is unset (CI);
    // dash would stay as node's parent and die of the Ctrl-C itself, exiting 130.
    const command = `exec ${[process.execPath, CLI, 'preview', distDir(), '--port', '0', ...flags].map((word) => `'${word}'`).join(' ')}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, CI: '', PATH: `${openerDir.dir}:${process.env.PATH}`, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    return (async () => {
      try {
        let hasExited = false;
        void exited.then(() => (hasExited = true));
        await eventually(
          async () => hasExited || (output.includes('Ctrl-C to stop') && (until?.() ?? true)),
        );
        if (hasExited) throw new Error(`sitegen preview ended before it was stopped:\n${output}`);
        child.stdin.write('\x03');
        return { code: await exited, output: output.replace(/\r\n/g, '\n') };
      } finally {
        child.kill('SIGKILL');
      }
    })();
  }

  it('opens the site in the browser on a terminal, and nothing opens without it or in CI', async () => {
    const withOpen = await previewOnTerminal(['--open'], {}, () => existsSync(opened));
    const url = withOpen.output.match(/at (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)/)![1];
    expect(withOpen.output).toContain(`[sitegen] opening ${url} in the browser\n`);
    expect(withOpen.code).toBe(0);
    expect(readFileSync(opened, 'utf8')).toBe(`${url}\n`);

    // Ctrl-C comes after the start line, so a browser opened at start would be in the output before
    // "stopped".
    for (const [flags, env] of [
      [[], {}],
      [['--no-open'], {}],
      [['--open'], { CI: '1' }],
    ] as const) {
      const run = await previewOnTerminal([...flags], env);
      expect(run.output, flags.join(' ')).toMatch(/\[sitegen\] stopped\n$/);
      expect(run.output, flags.join(' ')).not.toContain('opening');
    }
    expect(readFileSync(opened, 'utf8')).toBe(`${url}\n`);
  });
});

describe('sitegen preview of a site built for a base path', () => {
  it('serves it under the base read from the build, names the base, and answers 404 outside it', async () => {
    const preview = startCli(['preview', out, '--port', '0']);
    try {
      const [, base] = await preview.waitFor(
        /previewing .+ at (http:\/\/127\.0\.0\.1:\d+\/)repo\/ \(base path \/repo\/, from the canonical link of .+index\.html; Ctrl-C to stop\)/,
      );
      const home = await fetch(`${base}repo/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('<link rel="canonical" href="https://user.example.io/repo/">');
      expect((await fetch(`${base}repo/artikel/`)).status).toBe(200);
      const css = html.match(/href="(\/repo\/assets\/styles\.[0-9a-f]+\.css)"/)![1];
      expect((await fetch(`${base}${css.slice(1)}`)).status).toBe(200);
      // Outside the base is outside the site, as on the host: a link that forgot the base fails
      // here too.
      const root = await fetch(base, { redirect: 'manual' });
      expect(root.status).toBe(404);
      expect((await fetch(`${base}artikel/`, { redirect: 'manual' })).status).toBe(404);
      const bare = await fetch(`${base}repo`, { redirect: 'manual' });
      expect(bare.status).toBe(301);
      expect(bare.headers.get('location')).toBe('/repo/');
      expect(await preview.stop('SIGINT')).toBe(0);
    } finally {
      await preview.stop('SIGKILL');
    }
  });

  it('serves it at another base given by --base', async () => {
    const { preview } = await sharedPreview();
    const [, base] = await preview.waitFor(
      /previewing .+ at (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)/,
    );
    expect((await fetch(base)).status).toBe(200);
    expect((await fetch(`${base}repo/`)).status).toBe(404);
    expect(await preview.stop('SIGINT')).toBe(0);
  });
});

/**
 * The one byte range a GET names, by RFC 9110 §14, over HTTP: each row is one request to one
 * preview of the shipped site, for its robots.txt (N bytes) unless the row names a path.
 * Several ranges get the whole file (no multipart/byteranges), as the RFC allows; a Range on
 * HEAD is ignored, as it must be (§14.2: GET is the only method with ranges).
 */
describe('byte ranges: one range gets 206, a range past the end 416, anything else the whole file', () => {
  let preview: RunningCli;
  let base: string;
  let robots: Buffer;
  /** The validators of robots.txt, from a plain GET. */
  let validators: { lastModified: string; etag: string };
  beforeAll(async () => {
    preview = startCli(['preview', distDir(), '--port', '0']);
    base = (await preview.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1];
    robots = readFileSync(path.join(distDir(), 'robots.txt'));
    const plain = await fetch(`${base}robots.txt`);
    validators = {
      lastModified: plain.headers.get('last-modified')!,
      etag: plain.headers.get('etag')!,
    };
  });
  afterAll(() => preview?.stop('SIGKILL'));

  /** What a row expects: a status, and for 206 the first and last byte (n: the file's size). */
  type Expected = 200 | 304 | 416 | [206, (n: number) => [number, number]];
  const rows: [string, Record<string, string> | (() => Record<string, string>), Expected][] = [
    ['bytes=0-9', { Range: 'bytes=0-9' }, [206, () => [0, 9]]],
    ['bytes=0-0, the first byte', { Range: 'bytes=0-0' }, [206, () => [0, 0]]],
    ['bytes=5-, to the end', { Range: 'bytes=5-' }, [206, (n) => [5, n - 1]]],
    ['bytes=-5, the last five', { Range: 'bytes=-5' }, [206, (n) => [n - 5, n - 1]]],
    ['bytes=0-999999, clipped', { Range: 'bytes=0-999999' }, [206, (n) => [0, n - 1]]],
    ['bytes=5-2, last before first', { Range: 'bytes=5-2' }, 200],
    ['bytes=abc', { Range: 'bytes=abc' }, 200],
    ['items=0-9, another unit', { Range: 'items=0-9' }, 200],
    ['bytes=0-1,4-5, several ranges', { Range: 'bytes=0-1,4-5' }, 200],
    ['bytes=-0, a suffix of nothing', { Range: 'bytes=-0' }, 416],
    ['bytes=999999-, past the end', { Range: 'bytes=999999-' }, 416],
    [
      'If-Range: the Last-Modified date',
      () => ({ Range: 'bytes=0-9', 'If-Range': validators.lastModified }),
      [206, () => [0, 9]],
    ],
    [
      'If-Range: an older date',
      { Range: 'bytes=0-9', 'If-Range': 'Thu, 01 Jan 2015 00:00:00 GMT' },
      200,
    ],
    ['If-Range: the (weak) ETag', () => ({ Range: 'bytes=0-9', 'If-Range': validators.etag }), 200],
    [
      'If-None-Match: the ETag, before any range',
      () => ({ Range: 'bytes=0-9', 'If-None-Match': validators.etag }),
      304,
    ],
  ];

  it.each(rows)('GET robots.txt with %s', async (_, given, expected) => {
    const headers = typeof given === 'function' ? given() : given;
    const response = await fetch(`${base}robots.txt`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    const n = robots.length;
    const [status, span] = Array.isArray(expected) ? expected : [expected];
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    if (span) {
      const [first, last] = span(n);
      expect(response.headers.get('content-range')).toBe(`bytes ${first}-${last}/${n}`);
      expect(body).toEqual(robots.subarray(first, last + 1));
    } else if (status === 416) {
      expect(response.headers.get('content-range')).toBe(`bytes */${n}`);
      expect(body.length).toBe(0);
    } else {
      expect(response.headers.get('content-range')).toBeNull();
      expect(body).toEqual(status === 304 ? Buffer.alloc(0) : robots);
    }
    if (status !== 304) expect(response.headers.get('content-length')).toBe(String(body.length));
    if (status === 200 || status === 206) {
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
    }
  });

  it("HEAD with a range: the whole file's headers (200, its length), no body", async () => {
    const response = await fetch(`${base}robots.txt`, {
      method: 'HEAD',
      headers: { Range: 'bytes=0-9' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(robots.length));
    expect(response.headers.get('content-range')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('a page, which the server may change as it goes out (the reload hook), is always sent whole', async () => {
    const page = await (await fetch(base)).text();
    const response = await fetch(base, { headers: { Range: 'bytes=0-9' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect(await response.text()).toBe(page);
  });
});
