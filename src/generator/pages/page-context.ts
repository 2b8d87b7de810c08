import type { Article, Brand, Content, PageCopy, SiteConfig } from '../../content/types.ts';
import type {
  ArticleSummary,
  ArticleView,
  ImageView,
  SocialCardProps,
  SocialMeta,
} from '../../templates/index.ts';
import type { ProcessedImage } from '../assets/article-images.ts';
import { createLayout, type AssetPaths, type LayoutFor } from './layout.ts';
import type { SocialImage } from '../assets/social-cards.ts';
import type { BodyPictures } from './body-pictures.ts';
import { readKey, type SlugLookup, trackContent, trackLookup } from './reads.ts';
import { fallbackArticleView, imageView, summarizeArticle } from './summaries.ts';

/**
 * Linked body HTML by article slug, as a Map has it: articles without an entry render the
 * fallback. A lookup, not a Map, so a body can be made when first asked for (build/bodies.ts).
 */
export type BodyLookup = SlugLookup<string>;

export interface PlanInput {
  content: Content;
  /** Linked body HTML by article slug; articles without an entry render the fallback. */
  bodies: BodyLookup;
  /** Absolute site URL with a trailing slash. */
  siteUrl: string;
  /** Drafts are shown (watch, `build --drafts`): a list's card template has the DRAFT marker. */
  showsDrafts?: boolean;
  /** Site-relative asset paths ("/assets/client.1a2b3c4d.js"). */
  assets: AssetPaths;
  /**
   * Article images as built (article-images.ts), by slug; absent or without an entry: no
   * image. `fallback` (JPEG or PNG, the widest) is the one for og:image and JSON-LD:
   * `absolute(image.fallback.path)`, with its width and height.
   */
  images?: SlugLookup<ProcessedImage>;
  /** What places the images the bodies show; absent: no body shows one. */
  bodyPictures?: BodyPictures;
  /**
   * Plans the social card `name` and returns its og:image (site-relative URL); absent: no cards
   * (`--no-cards`).
   */
  socialImage?: (name: string, props: SocialCardProps, alt: string) => SocialImage;
}

/**
 * What a page's social card shows: a file name (unique per card), the big line, the brand badge.
 */
export interface CardSpec {
  name: string;
  title: string;
  brand?: Brand;
  /**
   * The page's own picture (an article's image, site-relative URL): used instead of drawing a card.
   */
  image?: SocialImage;
}

/** What every props builder reads: the input plus what is derived once for all pages. */
export interface PageContext extends PlanInput {
  site: SiteConfig;
  layout: LayoutFor;
  /** Absolute URL of a site-relative path. */
  absolute(path: string): string;
  brandOf(article: Article): Brand;
  summarize(article: Article): ArticleSummary;
  /**
   * The article's picture as templates show it, sized for a card or the top of its page; undefined
   * without one.
   */
  imageView(article: Article, place: 'card' | 'article'): ImageView | undefined;
  fallbackView: ArticleView;
  /** What a card of this run can have beyond the text: the DRAFT marker, a picture. */
  cardParts: { showsDrafts: boolean; showsImages: boolean };
  /** The site's own card (home, list, contact). */
  siteCard: CardSpec;
  /** The og:/twitter: data of the page at `path`, its card drawn from `card`. */
  social(path: string, copy: PageCopy, card: CardSpec, article?: SocialMeta['article']): SocialMeta;
}

/**
 * Returns the PageContext for one plan: layout, URL and brand look-ups, the fallback article.
 * Its content, bodies and images note what each page reads (reads.ts). Pure.
 */
export function createPageContext(planInput: PlanInput): PageContext {
  const input = {
    ...planInput,
    content: trackContent(planInput.content),
    bodies: trackLookup(planInput.bodies, readKey.body),
    images: planInput.images && trackLookup(planInput.images, readKey.image),
  };
  const { content, siteUrl, assets } = input;
  const brandBySlug = new Map(content.brands.map((brand) => [brand.slug, brand]));
  // validate-content.ts guarantees every article names a known brand.
  const brandOf = (article: Article) => brandBySlug.get(article.brand)!;
  const absolute = (path: string) => siteUrl + path.replace(/^\//, '');
  const site = content.site;
  const base = new URL(siteUrl).pathname;
  const imageOf = (article: Article, place: 'card' | 'article') => {
    const image = input.images?.get(article.slug);
    return image && imageView(image, base, place);
  };
  return {
    ...input,
    site,
    layout: createLayout(content.site, content.brands, siteUrl, assets),
    absolute,
    brandOf,
    summarize: (article) =>
      summarizeArticle(article, brandOf(article), content.site, imageOf(article, 'card')),
    imageView: imageOf,
    fallbackView: fallbackArticleView(content.site),
    // `images` exists when some article has a picture, as the stylesheet's picture rules do,
    // so a change here changes every page's digest through the asset URLs.
    cardParts: { showsDrafts: input.showsDrafts === true, showsImages: input.images !== undefined },
    siteCard: { name: 'situs', title: site.tagline },
    social(path, copy, card, article) {
      const props: SocialCardProps = {
        title: card.title,
        siteName: site.name,
        notice: site.responsiblePlay,
      };
      if (card.brand) props.brand = { name: card.brand.name, color: card.brand.color };
      const alt = card.brand
        ? `${card.title} (${card.brand.name}), ${site.name}`
        : `${card.title}, ${site.name}`;
      const image = card.image ?? input.socialImage?.(card.name, props, alt);
      return {
        type: article ? 'article' : 'website',
        title: copy.title,
        description: copy.description,
        url: absolute(path),
        siteName: site.name,
        ...(image ? { image: { ...image, url: absolute(image.url) } } : {}),
        ...(article ? { article } : {}),
      };
    },
  };
}
