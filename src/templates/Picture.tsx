import type { ImageView } from './types.ts';

export interface PictureProps {
  image: ImageView;
  className: string;
  isEager?: boolean;
}

/**
 * An article's picture (its front matter `image`, or an image its body shows): the WebP renditions as a `<source>`, the JPEG or PNG fallback as the
 * `<img>`, whose width and height reserve its space before it loads. `isEager` for the one
 * picture at the top of a page (fetched first); lazy everywhere else.
 *
 * `srcset` and `fetchpriority` are passed in lower case: React writes `srcSet` and
 * `fetchPriority` as they are spelt, and the pages keep attribute names lower case
 * (html-validate's attr-case rule).
 */
export function Picture({ image, className, isEager = false }: PictureProps) {
  const loading = isEager
    ? ({ loading: 'eager', fetchpriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  return (
    <picture className={className}>
      <source type="image/webp" {...{ srcset: image.srcset }} sizes={image.sizes} />
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        {...loading}
        decoding="async"
      />
    </picture>
  );
}
