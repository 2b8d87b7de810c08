import type { ContactPageProps } from '../templates/index.ts';
import { pageMeta } from './layout.ts';
import type { PageContext } from './page-context.ts';

/** Returns the props of /kontak/: contact details and the FAQ. Pure. */
export function contactProps(context: PageContext): ContactPageProps {
  const { site } = context;
  const meta = pageMeta(context.content.seo.contact(site), site.name, { canonical: context.absolute('/kontak/'), jsonLd: [] });
  return { layout: context.layout(meta, '/kontak/'), contact: site.contact, faq: site.faq };
}
