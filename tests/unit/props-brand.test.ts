import { describe, expect, it } from 'vitest';
import { shippedContent } from '../helpers/shipped-content.ts';
import { createPageContext } from '../../src/generator/pages/page-context.ts';
import { brandKind } from '../../src/generator/pages/kind-brand.ts';
import { pageFacts } from '../../src/generator/pages/page-kind.ts';
import { organizationSchema } from '../../src/generator/pages/schema-org.ts';

const assets = {
  css: '/assets/styles.x.css',
  js: '/assets/client.x.js',
  icon: '/assets/favicon.x.svg',
};

const { content } = await shippedContent();

describe('brandKind.props', () => {
  const context = createPageContext({
    content,
    bodies: new Map(),
    siteUrl: 'https://user.example.io/repo/',
    assets,
  });
  const pegasus = content.brands.find((brand) => brand.slug === 'pegasus4d')!;
  const page = brandKind
    .pages(
      content,
      pageFacts(content, () => false),
    )
    .find((page) => page.brand === pegasus)!;
  const props = brandKind.props(page, context);

  it('takes its title and description from the SEO copy in src/content, in Indonesian number format', () => {
    expect(props.layout.meta.title).toBe('Review Pegasus4D: Rating 4.9/5 | InfoSlot Indonesia');
    expect(props.layout.meta.description).toBe(
      `Review Pegasus4D: rating 4.9/5 dari 1.250 ulasan, berdiri sejak 2022. ${pegasus.description}`,
    );
    expect(props.layout.meta).toMatchObject({
      canonical: 'https://user.example.io/repo/brand/pegasus4d/',
      keywords: pegasus.keywords,
    });
    expect(props.layout.meta.isNoindex).toBeUndefined();
  });

  it('marks its own nav link and carries the Organization JSON-LD', () => {
    expect(props.layout.currentPath).toBe('/brand/pegasus4d/');
    expect(props.layout.base).toBe('/repo/');
    expect(props.layout.meta.jsonLd).toEqual([organizationSchema(pegasus, content.site)]);
  });

  it('shows the brand, the fixed site stats, and all six of its articles with the listed ones first', () => {
    expect(props.brand).toEqual({
      name: 'Pegasus4D',
      slug: 'pegasus4d',
      description: pegasus.description,
      rating: 4.9,
      color: pegasus.color,
      features: pegasus.features,
      established: '2022',
    });
    expect([props.ratingCount, props.securityGrade, props.awards]).toEqual([
      1250,
      'A+',
      '15+ Awards',
    ]);
    const own = content.articles.filter((article) => article.brand === 'pegasus4d');
    expect(props.articles.map((a) => a.slug)).toEqual(
      [...own.filter((a) => a.listed), ...own.filter((a) => !a.listed)].map((a) => a.slug),
    );
    expect(props.articles).toHaveLength(6);
    expect(props.articles[0]).toMatchObject({ date: '15 Des 2024', brand: { slug: 'pegasus4d' } });
  });
});
