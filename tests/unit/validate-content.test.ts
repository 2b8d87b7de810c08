import { describe, expect, it } from 'vitest';
import { content } from '../../src/content/index.ts';
import type { SiteContent } from '../../src/content/types.ts';
import { closest } from '../../src/generator/content/content-schema.ts';
import { validateContent } from '../../src/generator/content/validate-content.ts';
import { formatProblem } from '../../src/generator/errors/problem.ts';

/** Every problem as the terminal prints it, one line each. */
const validationText = (content: SiteContent) => validateContent(content).map(formatProblem);

const withBrand = (patch: Record<string, unknown>, index = 0): SiteContent => ({
  ...content,
  brands: content.brands.map((b, i) => (i === index ? { ...b, ...patch } : b)),
});

describe('validateContent (the TypeScript configuration: site, brands, page copy)', () => {
  it('accepts the shipped configuration', () => {
    expect(validateContent(content)).toEqual([]);
  });

  it('reports every problem at once, each naming file, record, field, what was found and what was expected', () => {
    const broken = withBrand({ rating: 7, established: '20' }, 1);
    const problems = validateContent({
      ...broken,
      site: { ...content.site, url: 'ftp://x', readTimeUnit: '' },
    });
    expect(problems[0]).toEqual({
      file: 'src/content/site.ts',
      message: 'site: "url" is "ftp://x"; expected an absolute http(s) URL',
    });
    expect(problems.map(formatProblem)).toEqual([
      'src/content/site.ts: site: "url" is "ftp://x"; expected an absolute http(s) URL',
      'src/content/site.ts: site: "readTimeUnit" is empty; expected non-empty text such as "menit baca"',
      'src/content/brands.ts: brand "loyal4d": "rating" is 7; expected a number from 0 to 5',
      'src/content/brands.ts: brand "loyal4d": "established" is "20"; expected a four-digit year such as "2020"',
    ]);
  });

  it('names an unknown key in a brand and suggests the key it was meant to be', () => {
    const { color, ...rest } = content.brands[2];
    const problems = validationText({
      ...content,
      brands: content.brands.map((b, i) => (i === 2 ? ({ ...rest, colour: color } as never) : b)),
    });
    expect(problems).toEqual([
      'src/content/brands.ts: brand "perang88": unknown key "colour"; did you mean "color"?',
      'src/content/brands.ts: brand "perang88": "color" is missing; expected a hex colour such as "#6d28d9"',
    ]);
  });

  it('rejects duplicate, malformed and path-like brand slugs', () => {
    expect(validationText(withBrand({ slug: content.brands[1].slug })).join('\n')).toMatch(
      /brand "loyal4d": "slug" duplicates brand 1; slugs must be unique/,
    );
    expect(validationText(withBrand({ slug: 'Lux 88' })).join('\n')).toMatch(
      /brand "Lux 88": "slug" has characters outside a-z, 0-9 and '-'/,
    );
    expect(validationText(withBrand({ slug: '../x' })).join('\n')).toMatch(/never a path/);
  });
});

describe('closest (the "did you mean" of unknown keys)', () => {
  const keys = [
    'title',
    'excerpt',
    'brand',
    'author',
    'date',
    'updated',
    'readTime',
    'listed',
    'order',
    'draft',
  ];
  it('finds a key in another case, a typo, a transposition, and nothing for a word far from every key', () => {
    expect(closest('readtime', keys)).toBe('readTime');
    expect(closest('tittle', keys)).toBe('title');
    expect(closest('autohr', keys)).toBe('author');
    expect(closest('listd', keys)).toBe('listed');
    expect(closest('category', keys)).toBeUndefined();
    expect(closest('x', keys)).toBeUndefined();
  });
});
