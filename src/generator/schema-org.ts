import type { Article, Brand, SiteConfig } from '../content/types.ts';

/** The JSON-LD shapes the site publishes (schema.org), one function per type. */

const CONTEXT = 'https://schema.org';
const LANGUAGE = 'id-ID';

/** Returns the WebSite object with its search action (the article list's ?q= filter). Pure. */
export function websiteSchema(site: SiteConfig, siteUrl: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.name,
    url: siteUrl,
    description: site.description,
    inLanguage: LANGUAGE,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}artikel/?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Returns the CollectionPage object of a list page named `name` at the absolute `url`, part of the site. Pure. */
export function collectionPageSchema(name: string, url: string, site: SiteConfig, siteUrl: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name,
    url,
    inLanguage: LANGUAGE,
    isPartOf: { '@type': 'WebSite', name: site.name, url: siteUrl },
  };
}

/**
 * Returns the Article object of an article at the absolute `canonical` URL, dated by its
 * front matter, with the absolute URL of its image when it has one. Pure.
 */
export function articleSchema(article: Article, brand: Brand, canonical: string, site: SiteConfig, siteUrl: string, imageUrl?: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', name: site.name, url: siteUrl },
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    mainEntityOfPage: canonical,
    inLanguage: LANGUAGE,
    about: brand.name,
    ...(imageUrl === undefined ? {} : { image: imageUrl }),
  };
}

/** Returns the Article object of the fallback article (no brand) at `canonical`, dated `date`. Pure. */
export function fallbackArticleSchema(fallback: SiteConfig['fallbackArticle'], canonical: string, date: string, site: SiteConfig, siteUrl: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: fallback.title,
    description: fallback.bodyText,
    author: { '@type': 'Person', name: fallback.author },
    publisher: { '@type': 'Organization', name: site.name, url: siteUrl },
    datePublished: date,
    dateModified: date,
    mainEntityOfPage: canonical,
    inLanguage: LANGUAGE,
  };
}

/** Returns the Organization object of a brand, with its aggregate rating out of 5. Pure. */
export function organizationSchema(brand: Brand, site: SiteConfig): object {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: brand.name,
    url: brand.url,
    description: brand.description,
    foundingDate: brand.established,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: brand.rating,
      ratingCount: site.ratingCount,
      bestRating: 5,
      worstRating: 1,
    },
  };
}
