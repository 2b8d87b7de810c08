import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerRequest,
  byteRange,
  hostRoot,
  isHostFile,
  isRangeCurrent,
  nearestNotFoundPage,
  normalizeBase,
  resolveUrlPath,
  rootNotFoundPage,
  stripBasePath,
  vetUrlPath,
} from '../../src/generator/host/static-host.ts';

/**
 * temp/secret.txt            outside the served folder
 * temp/site/index.html, 404.html, about.html, feed.xml
 * temp/site/brand/index.html, brand/404.html, brand/x/ (no index)
 * temp/site/artikel/index.html, artikel/a/index.html
 * temp/site/leak.txt -> ../secret.txt, temp/site/inside.txt -> feed.xml, temp/site/out -> ..
 * (folder)
 */
let temp: string;
let root: string;
const write = (file: string, text = file) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeAll(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sitegen-static-host-')));
  root = path.join(temp, 'site');
  for (const file of [
    'index.html',
    '404.html',
    'about.html',
    'feed.xml',
    'brand/index.html',
    'brand/404.html',
    'artikel/index.html',
    'artikel/a/index.html',
  ])
    write(file);
  mkdirSync(path.join(root, 'brand/x'));
  writeFileSync(path.join(temp, 'secret.txt'), 'secret');
  symlinkSync(path.join(temp, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(path.join(root, 'feed.xml'), path.join(root, 'inside.txt'));
  symlinkSync(temp, path.join(root, 'out'));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const at = (file: string) => path.join(root, file);

describe('vetUrlPath', () => {
  it('decodes a plain path', () => {
    expect(vetUrlPath('/a%20b/c/')).toEqual({ ok: true, pathname: '/a b/c/' });
    expect(vetUrlPath('/')).toEqual({ ok: true, pathname: '/' });
  });

  it('answers 400 to a path that is not valid percent-encoding', () => {
    expect(vetUrlPath('/%zz')).toEqual({ ok: false, status: 400 });
    expect(vetUrlPath('/%E0%A4%A')).toEqual({ ok: false, status: 400 });
  });

  it.each([
    '/../secret.txt',
    '/a/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/a%2fb',
    '/a%2Fb',
    '/..%5csecret.txt',
    '/a%5Cb',
    '/a\\..\\secret.txt',
    '/a%00.html',
    '/a\0b',
    'secret.txt',
    'http://evil.com/',
  ])('refuses %j with 403', (raw) => {
    expect(vetUrlPath(raw)).toEqual({ ok: false, status: 403 });
  });
});

describe('base path', () => {
  it('normalizes the base to one leading and one trailing slash', () => {
    expect(normalizeBase('')).toBe('/');
    expect(normalizeBase('/')).toBe('/');
    expect(normalizeBase('repo')).toBe('/repo/');
    expect(normalizeBase('/repo')).toBe('/repo/');
    expect(normalizeBase('/repo/')).toBe('/repo/');
  });

  it('strips the base, and leaves paths outside it undefined', () => {
    expect(stripBasePath('/repo/brand/', '/repo/')).toBe('/brand/');
    expect(stripBasePath('/repo/', '/repo/')).toBe('/');
    expect(stripBasePath('/repo', '/repo/')).toBeUndefined();
    expect(stripBasePath('/repository/', '/repo/')).toBeUndefined();
    expect(stripBasePath('/other/', '/repo/')).toBeUndefined();
    expect(stripBasePath('/x', '/')).toBe('/x');
  });

  it('serves a project site under its base, redirects the bare base, and 404s outside it', () => {
    expect(answerRequest(root, '/repo/about', { base: '/repo/' })).toEqual({
      status: 200,
      file: at('about.html'),
    });
    expect(answerRequest(root, '/repo/brand', { base: '/repo/' })).toEqual({
      status: 301,
      location: '/repo/brand/',
    });
    expect(answerRequest(root, '/repo?x=1', { base: '/repo/' })).toEqual({
      status: 301,
      location: '/repo/?x=1',
    });
    expect(answerRequest(root, '/about', { base: '/repo/' })).toEqual({
      status: 404,
      file: at('404.html'),
    });
    expect(answerRequest(root, '/repo/brand/y/', { base: '/repo/' })).toEqual({
      status: 404,
      file: at('brand/404.html'),
    });
  });
});

describe('isHostFile', () => {
  it('keeps dotfiles (but .well-known), _headers and _redirects from visitors', () => {
    for (const hidden of [
      '/.sitegen-output',
      '/.nojekyll',
      '/assets/.x',
      '/a/.git/config',
      '/_headers',
      '/_redirects',
    ]) {
      expect(isHostFile(hidden), hidden).toBe(true);
    }
    for (const shown of [
      '/',
      '/index.html',
      '/.well-known/security.txt',
      '/artikel/_headers',
      '/a.b/',
      '/x_headers',
    ]) {
      expect(isHostFile(shown), shown).toBe(false);
    }
  });
});

describe('resolveUrlPath', () => {
  it('serves route/index.html for /route/ and the file itself or route.html for /route', () => {
    expect(resolveUrlPath(root, '/')).toEqual({ kind: 'file', file: at('index.html') });
    expect(resolveUrlPath(root, '/artikel/a/')).toEqual({
      kind: 'file',
      file: at('artikel/a/index.html'),
    });
    expect(resolveUrlPath(root, '/feed.xml')).toEqual({ kind: 'file', file: at('feed.xml') });
    expect(resolveUrlPath(root, '/about')).toEqual({ kind: 'file', file: at('about.html') });
    expect(resolveUrlPath(root, '/about.html')).toEqual({ kind: 'file', file: at('about.html') });
  });

  it('redirects a folder with an index.html, and not one without', () => {
    expect(resolveUrlPath(root, '/brand')).toEqual({ kind: 'redirect' });
    expect(resolveUrlPath(root, '/artikel/a')).toEqual({ kind: 'redirect' });
    expect(resolveUrlPath(root, '/brand/x')).toEqual({ kind: 'missing' });
    expect(resolveUrlPath(root, '/brand/x/')).toEqual({ kind: 'missing' });
  });

  it('reports missing files, and a file asked for as a folder', () => {
    expect(resolveUrlPath(root, '/nothing')).toEqual({ kind: 'missing' });
    expect(resolveUrlPath(root, '/about.html/')).toEqual({ kind: 'missing' });
    expect(resolveUrlPath(root, '/feed.xml/x')).toEqual({ kind: 'missing' });
  });

  it('refuses a symlink whose real path leaves the root, and follows one that stays inside', () => {
    expect(resolveUrlPath(root, '/leak.txt')).toEqual({ kind: 'forbidden' });
    expect(resolveUrlPath(root, '/out/secret.txt')).toEqual({ kind: 'forbidden' });
    expect(resolveUrlPath(root, '/out/site/about.html')).toEqual({
      kind: 'file',
      file: at('about.html'),
    });
    expect(resolveUrlPath(root, '/inside.txt')).toEqual({ kind: 'file', file: at('feed.xml') });
    expect(answerRequest(root, '/leak.txt')).toEqual({ status: 403 });
  });

  it('takes the real path of the root itself', () => {
    const link = path.join(temp, 'link-to-site');
    symlinkSync(root, link);
    expect(hostRoot(link)).toBe(root);
    expect(resolveUrlPath(hostRoot(link), '/about')).toEqual({
      kind: 'file',
      file: at('about.html'),
    });
    expect(hostRoot(path.join(temp, 'not-built'))).toBe(path.join(temp, 'not-built'));
  });
});

describe('404 pages', () => {
  it('picks the nearest 404.html for a missing path', () => {
    expect(nearestNotFoundPage(root, '/brand/x/y/')).toBe(at('brand/404.html'));
    expect(nearestNotFoundPage(root, '/brand/nothing')).toBe(at('brand/404.html'));
    expect(nearestNotFoundPage(root, '/artikel/nothing/')).toBe(at('404.html'));
    expect(nearestNotFoundPage(root, '/nothing/')).toBe(at('404.html'));
    expect(rootNotFoundPage(root)).toBe(at('404.html'));
  });

  it('is the nearest by default and the root one when asked', () => {
    expect(answerRequest(root, '/brand/nothing/')).toEqual({
      status: 404,
      file: at('brand/404.html'),
    });
    expect(answerRequest(root, '/brand/nothing/', { notFound: 'root' })).toEqual({
      status: 404,
      file: at('404.html'),
    });
  });

  it('has no page when the folder has no 404.html', () => {
    const bare = path.join(temp, 'bare');
    mkdirSync(bare);
    expect(answerRequest(bare, '/x/')).toEqual({ status: 404, file: undefined });
  });
});

describe('answerRequest', () => {
  it('keeps the request encoding and query in a redirect, and drops the fragment', () => {
    expect(answerRequest(root, '/brand?utm=1')).toEqual({ status: 301, location: '/brand/?utm=1' });
    expect(answerRequest(root, '/about?x#top')).toEqual({ status: 200, file: at('about.html') });
  });

  it('answers 400 and 403 before looking at the disk', () => {
    expect(answerRequest(root, '/%zz')).toEqual({ status: 400 });
    expect(answerRequest(root, '/%2e%2e/secret.txt')).toEqual({ status: 403 });
  });
});

describe('byteRange (RFC 9110 §14), for a file of 100 bytes', () => {
  const part = (start: number, end: number) => ({ kind: 'part', start, end });
  const whole = { kind: 'whole' };
  const unsatisfiable = { kind: 'unsatisfiable' };
  it.each([
    ['one range', 'bytes=0-9', part(0, 9)],
    ['the first byte', 'bytes=0-0', part(0, 0)],
    ['the last byte', 'bytes=99-99', part(99, 99)],
    ['open-ended', 'bytes=90-', part(90, 99)],
    ['a last position past the end, clipped', 'bytes=90-1000', part(90, 99)],
    ['a suffix', 'bytes=-10', part(90, 99)],
    ['a suffix longer than the file', 'bytes=-1000', part(0, 99)],
    ['the unit in capitals, spaces and an empty list element', 'Bytes= 5-6 ,', part(5, 6)],
    ['a digit string too long for a number', `bytes=0-${'9'.repeat(400)}`, part(0, 99)],
    ['no header', undefined, whole],
    ['a last position before the first', 'bytes=5-2', whole],
    ['not a range', 'bytes=abc', whole],
    ['no positions', 'bytes=-', whole],
    ['an empty range set', 'bytes=', whole],
    ['signs', 'bytes=+1-5', whole],
    ['another unit', 'items=0-9', whole],
    ['no unit', '0-9', whole],
    ['several ranges', 'bytes=0-1,5-6', whole],
    ['several ranges, one of them invalid', 'bytes=0-1,abc', whole],
    ['a first position at the end', 'bytes=100-', unsatisfiable],
    ['a first position past the end', 'bytes=500-600', unsatisfiable],
    ['a suffix of no bytes', 'bytes=-0', unsatisfiable],
  ])('%s (%s)', (_, header, expected) => {
    expect(byteRange(header, 100)).toEqual(expected);
  });

  it('of an empty file: a first position is past the end, a suffix is the whole (empty) file', () => {
    expect(byteRange('bytes=0-', 0)).toEqual(unsatisfiable);
    expect(byteRange('bytes=-0', 0)).toEqual(unsatisfiable);
    expect(byteRange('bytes=-5', 0)).toEqual(whole);
  });
});

describe('isRangeCurrent (If-Range, RFC 9110 §13.1.5)', () => {
  const lastModified = 'Tue, 01 Jul 2025 10:00:00 GMT';
  it('holds without If-Range and for the exact Last-Modified date', () => {
    expect(isRangeCurrent(undefined, lastModified)).toBe(true);
    expect(isRangeCurrent(lastModified, lastModified)).toBe(true);
  });

  it('fails for another date and for any entity tag (compared strongly; the server sends weak ones)', () => {
    expect(isRangeCurrent('Mon, 30 Jun 2025 10:00:00 GMT', lastModified)).toBe(false);
    expect(isRangeCurrent('"123-456"', lastModified)).toBe(false);
    expect(isRangeCurrent('W/"123-456"', lastModified)).toBe(false);
  });
});
