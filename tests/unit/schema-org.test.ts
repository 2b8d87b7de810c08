import { describe, expect, it } from 'vitest';
import { content } from '../../src/content/index.ts';
import type { Article } from '../../src/content/types.ts';
import {
  articleSchema,
  collectionPageSchema,
  organizationSchema,
  websiteSchema,
} from '../../src/generator/pages/schema-org.ts';

const { site, brands } = content;
const article: Article = {
  slug: 'lux88togel-panduan-pemula-lengkap',
  title: 'Panduan Lengkap Lux88Togel untuk Pemain Baru',
  excerpt: 'Ringkasan uji.',
  brand: 'lux88togel',
  author: 'Rina Pratama',
  publishedAt: '2024-12-15',
  readMinutes: 7,
  listed: true,
  order: 1,
  draft: false,
  source: 'src/content/articles/lux88togel-panduan-pemula-lengkap.md',
};
const siteUrl = 'https://www.example.id/repo/';

describe('schema-org (pure, no disk)', () => {
  it('WebSite: the site, in Indonesian, searchable through the article list', () => {
    expect(websiteSchema(site, siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      url: siteUrl,
      description: site.description,
      inLanguage: 'id-ID',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: 'https://www.example.id/repo/artikel/?q={search_term_string}',
        },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('CollectionPage: named, at its URL, part of the site', () => {
    expect(collectionPageSchema('Semua Artikel', `${siteUrl}artikel/`, site, siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: 'Semua Artikel',
      url: 'https://www.example.id/repo/artikel/',
      inLanguage: 'id-ID',
      isPartOf: { '@type': 'WebSite', name: site.name, url: siteUrl },
    });
  });

  it('Article: headline, author, publisher, the dates of its front matter and the brand it is about', () => {
    const brand = brands.find((b) => b.slug === article.brand)!;
    const canonical = `${siteUrl}artikel/${article.slug}/`;
    expect(articleSchema(article, brand, canonical, site, siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.excerpt,
      author: { '@type': 'Person', name: article.author },
      publisher: { '@type': 'Organization', name: site.name, url: siteUrl },
      datePublished: '2024-12-15',
      dateModified: '2024-12-15',
      mainEntityOfPage: canonical,
      inLanguage: 'id-ID',
      about: 'Lux88Togel',
    });
  });

  it('Article: "updated" becomes dateModified, "date" stays datePublished', () => {
    const schema = articleSchema(
      { ...article, publishedAt: '2025-01-02', updatedAt: '2025-03-04' },
      brands[0],
      'https://x.example/a/',
      site,
      siteUrl,
    );
    expect(schema).toMatchObject({ datePublished: '2025-01-02', dateModified: '2025-03-04' });
  });

  it('Organization: the brand with its rating out of 5 from the site-wide review count', () => {
    const schema = organizationSchema(brands[1], site);
    expect(schema).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Loyal4D',
      url: brands[1].url,
      description: brands[1].description,
      foundingDate: '2019',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.7,
        ratingCount: 1250,
        bestRating: 5,
        worstRating: 1,
      },
    });
    // Pages embed JSON.stringify of these objects, so key order is part of the output.
    expect(Object.keys(schema)).toEqual([
      '@context',
      '@type',
      'name',
      'url',
      'description',
      'foundingDate',
      'aggregateRating',
    ]);
  });
});
