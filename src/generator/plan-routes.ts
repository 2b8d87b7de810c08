import type { Article, Brand, Content } from '../content/types.ts';
import type {
  ArticleListPageProps,
  ArticlePageProps,
  ArticleSummary,
  ArticleView,
  BrandPageProps,
  BrandSummary,
  ContactPageProps,
  HomePageProps,
  Layout,
  NavLink,
  NotFoundPageProps,
  PageMeta,
} from '../templates/index.ts';
import { SitegenError } from './errors.ts';
import { formatDate } from './format-date.ts';
import { META_CONTENT_SECURITY_POLICY } from './html-policy.ts';
import { groupThousands } from '../templates/paths.ts';

/** Props of each page template, by template name. */
export interface TemplateProps {
  HomePage: HomePageProps;
  ArticleListPage: ArticleListPageProps;
  ArticlePage: ArticlePageProps;
  BrandPage: BrandPageProps;
  ContactPage: ContactPageProps;
  NotFoundPage: NotFoundPageProps;
}
export type TemplateName = keyof TemplateProps;

/** One page of the site: where it lives, what renders it, and with which props. */
export type Route = {
  [T in TemplateName]: {
    /** Site-relative URL with a trailing slash ("/artikel/"), or the file name for 404 pages. */
    url: string;
    /** Path under the output folder ("artikel/index.html"). */
    outputPath: string;
    template: T;
    props: TemplateProps[T];
    /** Listed in sitemap.xml: false for 404 pages and fallback articles. */
    isIndexable: boolean;
    /** What the page comes from, for error messages. */
    source: string;
  };
}[TemplateName];

export interface PlanInput {
  content: Content;
  /** Linked body HTML by article slug; articles without an entry render the fallback. */
  bodies: Map<string, string>;
  /** Absolute site URL with a trailing slash. */
  siteUrl: string;
  /** Site-relative asset paths ("/assets/client.1a2b3c4d.js"). */
  assets: { css: string; js: string; icon: string };
}

/** How many cards the list shows at first and adds per 'Muat Lebih Banyak Artikel' click. */
export const LIST_PAGE_SIZE = 12;

/**
 * The one list of every page: home, article list, every article slug, every brand,
 * contact and the three 404 pages. Pure; fails when two routes share an output path.
 */
export function planRoutes({ content, bodies, siteUrl, assets }: PlanInput): Route[] {
  const { site, brands, articles } = content;
  const base = new URL(siteUrl).pathname;
  const absolute = (path: string) => siteUrl + path.replace(/^\//, '');
  const brandBySlug = new Map(brands.map((brand) => [brand.slug, brand]));
  const summarizeBrand = (brand: Brand): BrandSummary => ({
    name: brand.name,
    slug: brand.slug,
    description: brand.description,
    rating: brand.rating,
    color: brand.color,
  });
  const summarizeArticle = (article: Article): ArticleSummary => ({
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    brand: summarizeBrand(brandBySlug.get(article.brand)!),
    author: article.author,
    date: formatDate(article.publishedAt, 'short'),
    readTime: article.readTime,
  });
  const nav: NavLink[] = [
    { label: 'Home', path: '/' },
    { label: 'Artikel', path: '/artikel/' },
    ...brands.map((brand) => ({ label: brand.name, path: `/brand/${brand.slug}/` })),
    { label: 'Kontak', path: '/kontak/' },
  ];
  const layout = (meta: PageMeta, currentPath?: string, sectionPath?: string): Layout => ({
    base,
    siteName: site.name,
    assets: { css: base + assets.css.slice(1), js: base + assets.js.slice(1), icon: base + assets.icon.slice(1) },
    nav,
    currentPath,
    sectionPath,
    responsiblePlay: site.responsiblePlay,
    contentSecurityPolicy: META_CONTENT_SECURITY_POLICY,
    meta,
  });
  const websiteSchema = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: siteUrl,
    description: site.description,
    inLanguage: 'id-ID',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute('/artikel/')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  const fallback = site.fallbackArticle;
  const fallbackView: ArticleView = {
    title: fallback.title,
    brand: null,
    brandLabel: fallback.brand,
    author: fallback.author,
    date: fallback.publishedAt,
    readTime: fallback.readTime,
    html: `<p>${escapeHtml(fallback.bodyText)}</p>`,
  };
  const listed = articles.filter((article) => article.listed);
  const featured = brands
    .map((brand) => listed.find((article) => article.brand === brand.slug))
    .filter((article): article is Article => article !== undefined)
    .slice(0, 3);

  const routes: Route[] = [
    {
      url: '/',
      outputPath: 'index.html',
      template: 'HomePage',
      isIndexable: true,
      source: 'src/content/site.ts',
      props: {
        layout: layout(
          {
            title: pageTitle(site.tagline, site.name),
            description: site.description,
            canonical: absolute('/'),
            jsonLd: [websiteSchema],
          },
          '/',
        ),
        stats: site.homeStats,
        brands: brands.map(summarizeBrand),
        featured: featured.map(summarizeArticle),
      },
    },
    {
      url: '/artikel/',
      outputPath: 'artikel/index.html',
      template: 'ArticleListPage',
      isIndexable: true,
      source: 'src/content/articles.ts',
      props: {
        layout: layout(
          {
            title: pageTitle('Semua Artikel', site.name),
            description: `${listed.length} artikel tentang pengelolaan dana, fitur permainan, keamanan akun, dan review ${brands.map((b) => b.name).join(', ')}.`,
            canonical: absolute('/artikel/'),
            jsonLd: [
              websiteSchema,
              {
                '@context': 'https://schema.org',
                '@type': 'CollectionPage',
                name: 'Semua Artikel',
                url: absolute('/artikel/'),
                inLanguage: 'id-ID',
                isPartOf: { '@type': 'WebSite', name: site.name, url: siteUrl },
              },
            ],
          },
          '/artikel/',
        ),
        articles: listed.map(summarizeArticle),
        pageSize: LIST_PAGE_SIZE,
      },
    },
  ];

  for (const article of articles) {
    const url = `/artikel/${article.slug}/`;
    const body = bodies.get(article.slug);
    const brand = brandBySlug.get(article.brand)!;
    const common = {
      url,
      outputPath: `artikel/${article.slug}/index.html`,
      template: 'ArticlePage' as const,
      source: `src/content/articles.ts: article "${article.slug}"`,
    };
    if (body === undefined) {
      routes.push({
        ...common,
        isIndexable: false,
        props: {
          layout: layout(
            {
              title: pageTitle(`${article.title} (belum tersedia)`, site.name),
              description: `Artikel "${article.title}" belum tersedia. ${fallback.bodyText}`,
              canonical: absolute(url),
              isNoindex: true,
              author: fallback.author,
              jsonLd: [],
            },
            undefined,
            '/artikel/',
          ),
          article: fallbackView,
          related: site.relatedTeasers,
        },
      });
      continue;
    }
    const canonical = absolute(url);
    routes.push({
      ...common,
      isIndexable: true,
      props: {
        layout: layout(
          {
            title: pageTitle(article.title, site.name),
            description: article.excerpt,
            canonical,
            author: article.author,
            social: { type: 'article', title: article.title, description: article.excerpt, url: canonical, siteName: site.name },
            jsonLd: [
              {
                '@context': 'https://schema.org',
                '@type': 'Article',
                headline: article.title,
                description: article.excerpt,
                author: { '@type': 'Person', name: article.author },
                publisher: { '@type': 'Organization', name: site.name, url: siteUrl },
                datePublished: site.articleSchemaDate,
                dateModified: site.articleSchemaDate,
                mainEntityOfPage: canonical,
                inLanguage: 'id-ID',
                about: brand.name,
              },
            ],
          },
          undefined,
          '/artikel/',
        ),
        article: {
          title: article.title,
          excerpt: article.excerpt,
          brand: summarizeBrand(brand),
          brandLabel: brand.name,
          author: article.author,
          date: formatDate(article.publishedAt, 'long'),
          readTime: article.readTime,
          html: body,
        },
        related: site.relatedTeasers,
      },
    });
  }

  for (const brand of brands) {
    const url = `/brand/${brand.slug}/`;
    routes.push({
      url,
      outputPath: `brand/${brand.slug}/index.html`,
      template: 'BrandPage',
      isIndexable: true,
      source: `src/content/brands.ts: brand "${brand.slug}"`,
      props: {
        layout: layout(
          {
            title: pageTitle(`Review ${brand.name}: Rating ${brand.rating}/5`, site.name),
            description: `Review ${brand.name}: rating ${brand.rating}/5 dari ${groupThousands(site.ratingCount, '.')} ulasan, berdiri sejak ${brand.established}. ${brand.description}`,
            canonical: absolute(url),
            keywords: brand.keywords,
            jsonLd: [
              {
                '@context': 'https://schema.org',
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
              },
            ],
          },
          url,
        ),
        brand: { ...summarizeBrand(brand), features: brand.features, established: brand.established },
        ratingCount: site.ratingCount,
        securityGrade: site.securityGrade,
        awards: site.awards,
        articles: [...articles]
          .filter((article) => article.brand === brand.slug)
          .sort((a, b) => Number(b.listed) - Number(a.listed))
          .map(summarizeArticle),
      },
    });
  }

  routes.push({
    url: '/kontak/',
    outputPath: 'kontak/index.html',
    template: 'ContactPage',
    isIndexable: true,
    source: 'src/content/site.ts',
    props: {
      layout: layout(
        {
          title: pageTitle('Kontak Tim Redaksi', site.name),
          description: `Hubungi tim redaksi ${site.name} lewat email atau WhatsApp. Kami membalas dalam 24 jam kerja; konsultasi gratis.`,
          canonical: absolute('/kontak/'),
          jsonLd: [],
        },
        '/kontak/',
      ),
      contact: site.contact,
      faq: site.faq,
    },
  });

  const notFound = (outputPath: string, view: NotFoundPageProps['view'], title: string, description: string): Route => ({
    url: `/${outputPath}`,
    outputPath,
    template: 'NotFoundPage',
    isIndexable: false,
    source: 'src/templates/NotFoundPage.tsx',
    props: {
      layout: layout({ title: pageTitle(title, site.name), description, isNoindex: true, jsonLd: [] }),
      view,
      hasAllViews: outputPath === '404.html',
      fallbackArticle: fallbackView,
      related: site.relatedTeasers,
    },
  });
  routes.push(
    notFound('404.html', 'generic', '404: Halaman Tidak Ditemukan', 'Halaman yang Anda cari tidak ada. Kembali ke beranda untuk membaca artikel dan review kami.'),
    notFound('brand/404.html', 'brand', 'Brand Tidak Ditemukan', 'Brand yang Anda cari tidak ada dalam daftar kami.'),
    notFound('artikel/404.html', 'article', fallback.title, fallback.bodyText),
  );

  assertUniqueOutputPaths(routes);
  return routes;
}

function assertUniqueOutputPaths(routes: Route[]) {
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const earlier = seen.get(route.outputPath);
    if (earlier) {
      throw new SitegenError(
        `Two pages would be written to ${route.outputPath}: ${earlier.source} and ${route.source}. Give one of them another slug.`,
      );
    }
    seen.set(route.outputPath, route);
  }
}

/** Search results cut titles near 60 to 70 characters: the site name is added only when it fits. */
export function pageTitle(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return full.length <= 70 ? full : title;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
