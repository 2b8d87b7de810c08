import type { Article, Brand, SiteConfig } from '../../content/types.ts';
import { lastUpdated } from './addresses.ts';

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

/**
 * Returns the CollectionPage object of a list page named `name` at the absolute `url`, part of the
 * site. Pure.
 */
export function collectionPageSchema(
  name: string,
  url: string,
  site: SiteConfig,
  siteUrl: string,
): object {
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
 * What an Article object says besides the site: shared by written articles and the fallback
 * article.
 */
interface ArticleFacts {
  headline: string;
  description: string;
  author: string;
  datePublished: string;
  dateModified: string;
  /** The brand the article is about. */
  about?: string;
  /** Absolute URL of the article's image. */
  image?: string;
}

function articleObject(
  facts: ArticleFacts,
  canonical: string,
  site: SiteConfig,
  siteUrl: string,
): object {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: facts.headline,
    description: facts.description,
    author: { '@type': 'Person', name: facts.author },
    publisher: { '@type': 'Organization', name: site.name, url: siteUrl },
    datePublished: facts.datePublished,
    dateModified: facts.dateModified,
    mainEntityOfPage: canonical,
    inLanguage: LANGUAGE,
    ...(facts.about === undefined ? {} : { about: facts.about }),
    ...(facts.image === undefined ? {} : { image: facts.image }),
  };
}

/**
 * Returns the Article object of an article at the absolute `canonical` URL, dated by its
 * front matter, with the absolute URL of its image when it has one. Pure.
 */
export function articleSchema(
  article: Article,
  brand: Brand,
  canonical: string,
  site: SiteConfig,
  siteUrl: string,
  imageUrl?: string,
): object {
  const { title: headline, excerpt: description, author, publishedAt: datePublished } = article;
  const facts = {
    headline,
    description,
    author,
    datePublished,
    dateModified: lastUpdated(article),
    about: brand.name,
    image: imageUrl,
  };
  return articleObject(facts, canonical, site, siteUrl);
}

/**
 * Returns the Article object of the fallback article (no brand) at `canonical`, dated `date`. Pure.
 */
export function fallbackArticleSchema(
  fallback: SiteConfig['fallbackArticle'],
  canonical: string,
  date: string,
  site: SiteConfig,
  siteUrl: string,
): object {
  const facts = {
    headline: fallback.title,
    description: fallback.bodyText,
    author: fallback.author,
    datePublished: date,
    dateModified: date,
  };
  return articleObject(facts, canonical, site, siteUrl);
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
