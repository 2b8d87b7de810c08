import { describe, expect, it } from 'vitest';
import { planChanges } from '../../src/generator/build/change-plan.ts';
import { planLiveUpdate } from '../../src/generator/dev/live-update.ts';
import { canonicalHref } from '../../src/generator/output/output-base.ts';
import { urlOfOutputFile } from '../../src/generator/host/static-host.ts';

const ALL_PAGES = ['404.html', 'artikel/a/index.html', 'artikel/b/index.html', 'index.html'];

describe('planLiveUpdate: which open pages react to a rebuild', () => {
  it('swaps the stylesheet in place when only a stylesheet changed', () => {
    const output = {
      writtenFiles: ['assets/styles.0123456789.css', ...ALL_PAGES],
      removed: ['assets/styles.9876543210.css'],
    };
    expect(planLiveUpdate(planChanges(['src/templates/styles.css']), output, '/')).toEqual({
      kind: 'css',
      stylesheets: ['/assets/styles.0123456789.css'],
    });
    expect(planLiveUpdate(planChanges(['src/templates/styles.css']), output, '/repo/')).toEqual({
      kind: 'css',
      stylesheets: ['/repo/assets/styles.0123456789.css'],
    });
  });

  it('reloads every page when a stylesheet save wrote more than CSS and HTML', () => {
    const output = {
      writtenFiles: ['assets/client.0123456789.js', 'assets/styles.0123456789.css', ...ALL_PAGES],
      removed: [],
    };
    expect(planLiveUpdate(planChanges(['src/templates/styles.css']), output, '/')).toEqual({
      kind: 'reload',
    });
  });

  it('reloads only the pages whose HTML a content save wrote or removed, by their URLs under the base', () => {
    const output = {
      writtenFiles: ['artikel/a/index.html', 'sitemap.xml'],
      removed: ['artikel/gone/index.html'],
    };
    expect(planLiveUpdate(planChanges(['src/content/articles/a.md']), output, '/')).toEqual({
      kind: 'pages',
      urls: ['/artikel/a/', '/artikel/gone/'],
    });
    expect(
      planLiveUpdate(
        planChanges(['src/content/site.ts']),
        { writtenFiles: ALL_PAGES, removed: [] },
        '/repo/',
      ),
    ).toEqual({
      kind: 'pages',
      urls: ['/repo/', '/repo/404.html', '/repo/artikel/a/', '/repo/artikel/b/'],
    });
  });

  it('reloads every page after a template, client script or mixed save', () => {
    const output = { writtenFiles: ['artikel/a/index.html'], removed: [] };
    for (const changed of [
      ['src/templates/SiteFooter.tsx'],
      ['src/client/main.ts'],
      ['src/content/articles/a.md', 'src/templates/styles.css'],
    ]) {
      expect(planLiveUpdate(planChanges(changed), output, '/'), changed.join()).toEqual({
        kind: 'reload',
      });
    }
  });

  it('reloads nothing when the rebuild wrote and removed nothing', () => {
    expect(
      planLiveUpdate(
        planChanges(['src/templates/SiteFooter.tsx']),
        { writtenFiles: [], removed: [] },
        '/',
      ),
    ).toEqual({ kind: 'pages', urls: [] });
  });
});

describe('urlOfOutputFile', () => {
  it('serves folders at their trailing-slash URL and other files by name, under the base, percent-encoded', () => {
    expect(urlOfOutputFile('index.html')).toBe('/');
    expect(urlOfOutputFile('artikel/x/index.html')).toBe('/artikel/x/');
    expect(urlOfOutputFile('404.html', 'repo')).toBe('/repo/404.html');
    expect(urlOfOutputFile('brand/404.html', '/my repo/')).toBe('/my%20repo/brand/404.html');
    expect(urlOfOutputFile('a b/index.html')).toBe('/a%20b/');
  });
});

describe('canonicalHref', () => {
  it('finds the canonical link whatever the attribute order and quoting, and decodes entities', () => {
    expect(
      canonicalHref(
        '<head><link rel="stylesheet" href="/a.css"/><link rel="canonical" href="https://u.example.io/repo/"/></head>',
      ),
    ).toBe('https://u.example.io/repo/');
    expect(canonicalHref("<link href='https://e.id/?a=1&amp;b=2' rel=canonical>")).toBe(
      'https://e.id/?a=1&b=2',
    );
    expect(
      canonicalHref('<link rel="canonical-ish" href="https://wrong.example/"><p>no link</p>'),
    ).toBeUndefined();
  });
});
