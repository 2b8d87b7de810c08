/** The site's content as one value. The generator validates it before rendering. */
import type { Content } from './types.ts';
import { site } from './site.ts';
import { brands } from './brands.ts';
import { articles } from './articles.ts';
import { seo } from './seo.ts';

export type * from './types.ts';

export const content: Content = { site, brands, articles, seo };
