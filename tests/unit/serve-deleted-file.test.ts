import fs, { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../src/generator/dev/serve.ts';
import { makeTempDir } from '../helpers/cli.ts';
import { get, statusOf } from '../helpers/http.ts';

// The dev and preview server (dev/serve.ts), in this process. A file deleted between sirv's
// stat and its open (a rebuild removing it while it is being sent) once ended the whole
// server: sirv pipes a read stream with no 'error' listener. Here every open of berkas.txt
// finds the file gone, on purpose: the deletion lands in that window on every request, not by
// luck. An 'error' event nobody handles would fail this test as an uncaught exception.
describe('the dev and preview server, a file deleted while it is being sent', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: SiteServer | undefined;
  const open = fs.createReadStream;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    fs.createReadStream = open;
    syncBuiltinESMExports();
    await server?.close();
    await temp.remove();
  });

  it('ends that one response and keeps serving', async () => {
    const dir = path.join(temp.dir, 'out');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title><p>ada</p>\n');
    const file = path.join(dir, 'berkas.txt');
    writeFileSync(file, 'x'.repeat(100_000));
    let deleted = 0;
    fs.createReadStream = ((target: fs.PathLike, options?: unknown) => {
      if (String(target) === file) {
        rmSync(file, { force: true });
        deleted++;
      }
      return open(target, options as Parameters<typeof open>[1]);
    }) as typeof fs.createReadStream;
    syncBuiltinESMExports();
    server = await startServer({ dir, host: '127.0.0.1', port: 0 });
    // No status, or a 404 once the server's own stat sees the file gone: never a crash.
    expect([undefined, 404]).toContain(await statusOf(server.url, '/berkas.txt'));
    expect(deleted).toBe(1);
    for (let round = 0; round < 3; round++) {
      writeFileSync(file, 'x'.repeat(100_000));
      expect([undefined, 404]).toContain(await statusOf(server.url, '/berkas.txt'));
    }
    expect(deleted).toBe(4);
    const home = await get(server.url, '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<p>ada</p>');
    expect(await statusOf(server.url, '/berkas.txt')).toBe(404);
  });
});
