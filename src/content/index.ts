/**
 * The site's configuration as one value. Articles are not here: they are Markdown files in
 * src/content/articles/, which the generator reads. The generator validates both.
 */
import type { SiteContent } from './types.ts';
import { site } from './site.ts';
import { brands } from './brands.ts';
import { seo } from './seo.ts';
import { responsible } from './responsible.ts';

export type * from './types.ts';

export const content: SiteContent = { site, brands, seo, responsible };
