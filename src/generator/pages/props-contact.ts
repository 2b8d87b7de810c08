import type { ContactPageProps } from '../../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';

/** Returns the props of /kontak/: contact details and the FAQ. Pure. */
export function contactProps(context: PageContext): ContactPageProps {
  const { site } = context;
  const copy = context.content.seo.contact(site);
  const meta = pageMeta(copy, site.name, {
    canonical: context.absolute('/kontak/'),
    social: context.social('/kontak/', copy, context.siteCard),
    jsonLd: [],
  });
  return { layout: context.layout(meta, '/kontak/'), contact: site.contact, faq: site.faq };
}
