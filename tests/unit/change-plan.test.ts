import { describe, expect, it } from 'vitest';
import { planChanges, sourceKindOf } from '../../src/generator/build/change-plan.ts';

describe('planChanges: one classification of a save, read by every decision', () => {
  it('names the kind of every source the watcher reports', () => {
    expect(sourceKindOf('src/content/articles/a.md')).toBe('article');
    expect(sourceKindOf('src/content/images/a.png')).toBe('image');
    expect(sourceKindOf('src/content/articles/images/a.JPG')).toBe('image');
    expect(sourceKindOf('src/content/articles/images/notes.txt')).toBe('image');
    expect(sourceKindOf('src/content/site.ts')).toBe('config');
    expect(sourceKindOf('src/templates/styles.css')).toBe('style');
    expect(sourceKindOf('src/templates/HomePage.tsx')).toBe('template');
    expect(sourceKindOf('src/client/main.ts')).toBe('client');
    expect(sourceKindOf('public/ads.txt')).toBe('public');
    expect(sourceKindOf('public/.well-known/security.txt')).toBe('public');
    expect(sourceKindOf('package.json')).toBe('other');
  });

  it('a first build runs everything and reloads every page', () => {
    for (const plan of [planChanges(), planChanges([])]) {
      expect(plan).toMatchObject({ isFull: true, needsBundle: true });
      expect(plan.liveUpdate).toBe('reload');
    }
  });

  it('an article save keeps the bundles and reloads only the pages written', () => {
    const plan = planChanges(['src/content/articles/a.md', 'src/content/articles/a.md']);
    expect(plan.files.article).toEqual(['src/content/articles/a.md']);
    expect(plan).toMatchObject({ isFull: false, needsBundle: false });
    expect(plan.liveUpdate).toBe('pages');
  });

  it('a public file keeps the bundles and is no body save; open pages reload', () => {
    const plan = planChanges(['public/ads.txt', 'src/content/articles/a.md']);
    expect(plan.files.public).toEqual(['public/ads.txt']);
    expect(plan).toMatchObject({ needsBundle: false, liveUpdate: 'reload' });
    expect(planChanges(['public/img/logo.png', 'src/client/main.ts']).needsBundle).toBe(true);
    expect(sourceKindOf('public/img/logo.png')).toBe('public');
  });

  it('an image save (even in src/content/articles/images/) keeps the bundles and is no body save', () => {
    const plan = planChanges(['src/content/articles/images/x.png']);
    expect(plan.files.article).toEqual([]);
    expect(plan.files.image).toEqual(['src/content/articles/images/x.png']);
    expect(plan).toMatchObject({ needsBundle: false, liveUpdate: 'pages' });
    const both = planChanges(['src/content/articles/a.md', 'src/content/images/y.webp']);
    expect(both).toMatchObject({ needsBundle: false, liveUpdate: 'pages' });
  });

  it('configuration bundles again; its pages reload', () => {
    const plan = planChanges(['src/content/site.ts', 'src/content/articles/a.md']);
    expect(plan).toMatchObject({ needsBundle: true, liveUpdate: 'pages' });
  });

  it('styles alone swap the stylesheet; with anything else every page reloads', () => {
    expect(planChanges(['src/templates/styles.css']).liveUpdate).toBe('css');
    expect(planChanges(['src/templates/styles.css', 'src/client/main.ts']).liveUpdate).toBe(
      'reload',
    );
    expect(planChanges(['src/templates/ArticlePage.tsx']).liveUpdate).toBe('reload');
  });
});
