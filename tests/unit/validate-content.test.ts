import { describe, expect, it } from 'vitest';
import { content } from '../../src/content/index.ts';
import type { Content } from '../../src/content/types.ts';
import { validateContent } from '../../src/generator/validate-content.ts';

const goodBodies = new Map(content.articles.filter((a) => a.body).map((a) => [a.body!, '<p>isi</p>']));
const withArticle = (patch: Record<string, unknown>, index = 0): Content => ({
  ...content,
  articles: content.articles.map((a, i) => (i === index ? { ...a, ...patch } : a)),
});
const withBrand = (patch: Record<string, unknown>, index = 0): Content => ({
  ...content,
  brands: content.brands.map((b, i) => (i === index ? { ...b, ...patch } : b)),
});

describe('validateContent', () => {
  it('accepts the shipped content', () => {
    expect(validateContent(content, goodBodies)).toEqual([]);
  });

  it('names file, record and field for an unknown brand', () => {
    expect(validateContent(withArticle({ slug: 'perang88-x', brand: 'perang99' }), goodBodies)).toEqual([
      'src/content/articles.ts: article "perang88-x": brand "perang99" is not one of lux88togel, loyal4d, perang88, pegasus4d',
    ]);
  });

  it('reports every problem at once', () => {
    const broken = withBrand({ rating: 7, established: '20' }, 1);
    const problems = validateContent({ ...broken, articles: withArticle({ title: ' ' }).articles }, goodBodies);
    expect(problems).toEqual([
      'src/content/brands.ts: brand "loyal4d": "rating" is 7; expected a number from 0 to 5',
      'src/content/brands.ts: brand "loyal4d": "established" is "20"; expected a four-digit year such as "2020"',
      'src/content/articles.ts: article "lux88togel-panduan-pemula-lengkap": "title" is empty; expected non-empty text',
    ]);
  });

  it('rejects duplicate, malformed and path-like slugs', () => {
    expect(validateContent(withArticle({ slug: content.articles[1].slug }), goodBodies).join('\n')).toMatch(
      /article "lux88togel-memahami-rtp-dan-volatilitas": "slug" duplicates article 1/,
    );
    expect(validateContent(withArticle({ slug: 'Judul Besar' }), goodBodies).join('\n')).toMatch(
      /article "Judul Besar": "slug" has characters outside a-z, 0-9 and '-'/,
    );
    expect(validateContent(withArticle({ slug: '../x' }), goodBodies).join('\n')).toMatch(/never a path/);
  });

  it('reports a missing body file and unsafe body HTML by file and line', () => {
    const bodies = new Map(goodBodies);
    bodies.set(content.articles[0].body!, null as never);
    expect(validateContent(content, bodies)).toEqual([
      'src/content/articles.ts: article "lux88togel-panduan-pemula-lengkap": "body" names src/content/articles/lux88togel-panduan-pemula-lengkap.html, which does not exist or cannot be read',
    ]);
    bodies.set(content.articles[0].body!, '<p>a</p>\n<p onclick="x()">b</p>');
    expect(validateContent(content, bodies)[0]).toMatch(
      /^src\/content\/articles\/lux88togel-panduan-pemula-lengkap.html: line 2: inline event handler onclick/,
    );
  });
});
