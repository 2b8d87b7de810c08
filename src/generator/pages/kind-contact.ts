import type { ContactPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';
import type { PageKind } from './page-kind.ts';

/**
 * The contact page (/kontak/): contact details and the FAQ, no articles; dated by the newest
 * indexable article.
 */
export const contactKind: PageKind<'ContactPage'> = {
  template: 'ContactPage',
  pages(_content, { newest }) {
    return [
      {
        url: '/kontak/',
        outputPath: 'kontak/index.html',
        template: 'ContactPage',
        isIndexable: true,
        lastModified: newest,
        source: 'src/content/site.ts',
      },
    ];
  },
  props: (_page, context) => contactProps(context),
};

/** Returns the props of /kontak/: contact details and the FAQ. Pure. */
function contactProps(context: PageContext): ContactPageProps {
  const { site } = context;
  const copy = context.content.seo.contact(site);
  const meta = pageMeta(copy, site.name, {
    canonical: context.absolute('/kontak/'),
    social: context.social('/kontak/', copy, context.siteCard),
    jsonLd: [],
  });
  return { layout: context.layout(meta, '/kontak/'), contact: site.contact, faq: site.faq };
}
