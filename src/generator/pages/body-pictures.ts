import type { PictureProps } from '../../templates/index.ts';
import type { Renditions } from '../assets/article-images.ts';
import { type ImageMarker, replaceImageMarkers, resolveBodyImage } from '../content/body-images.ts';
import { escapeAttribute } from '../policy/escape.ts';
import { imageView } from './summaries.ts';

/** The class of the picture of an image a body shows (src/templates/images.css). */
export const BODY_PICTURE_CLASS = 'prose-image';

/** What places the images of the bodies (build/site-run.ts makes it once a run). */
export interface BodyPictures {
  /** The renditions of every image the bodies show, by root-relative source. */
  renditions: ReadonlyMap<string, Renditions>;
  /** The template's Picture as markup (workers/render-page.ts renderPicture); `url`: the page's. */
  render(props: PictureProps, url: string): string;
}

/**
 * A linked body with each image marker (content/body-images.ts) replaced by the template's
 * Picture, rendered as the front matter's picture is, sized as the top of an article: its
 * URLs under the base path `base`, lazy, except the first image of a page that has no picture
 * of its own above the body (`hasTopImage`), which is eager. Pure apart from `render`.
 */
export function placePictures(
  html: string,
  pictures: BodyPictures,
  { base, url, hasTopImage }: { base: string; url: string; hasTopImage: boolean },
): string {
  return replaceImageMarkers(html, (marker, index) => {
    const image = imageView(
      { alt: marker.alt, ...renditionsOf(marker, pictures) },
      base,
      'article',
    );
    const isEager = index === 0 && !hasTopImage;
    return pictures.render({ image, className: BODY_PICTURE_CLASS, isEager }, url);
  });
}

/**
 * A linked body as the feed carries it: each image marker a plain `<img>` of the fallback
 * rendition (JPEG or PNG, the widest; feed readers do not all read `<picture>` or WebP) with its
 * alt text, width and height, its `src` site-relative (the feed makes every link absolute).
 * Pure.
 */
export function placeFeedImages(html: string, pictures: Pick<BodyPictures, 'renditions'>): string {
  return replaceImageMarkers(html, (marker) => {
    const { fallback } = renditionsOf(marker, pictures);
    const attributes = [
      `src="${escapeAttribute(fallback.path)}"`,
      `alt="${escapeAttribute(marker.alt)}"`,
      `width="${fallback.width}"`,
      `height="${fallback.height}"`,
    ];
    return `<img ${attributes.join(' ')}>`;
  });
}

/** The renditions of a marker's image; the image stage made them for every marker. */
function renditionsOf(marker: ImageMarker, pictures: Pick<BodyPictures, 'renditions'>) {
  const resolved = resolveBodyImage(marker.src);
  const renditions = 'source' in resolved ? pictures.renditions.get(resolved.source) : undefined;
  if (!renditions) throw new Error(`sitegen: the body image ${marker.src} was not processed`);
  return renditions;
}
