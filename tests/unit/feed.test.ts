import { describe, expect, it } from 'vitest';
import { absoluteLinks, atomFeed, FEED_ENTRIES } from '../../src/generator/files/feed.ts';
import type { Article } from '../../src/content/types.ts';

const SITE = 'https://user.example.io/repo/';
const PAGE = `${SITE}artikel/a/`;

describe('absoluteLinks', () => {
  it('resolves relative and root-relative links under the base path, once', () => {
    expect(
      absoluteLinks(
        '<a href="../b/">b</a> <a href="/artikel/">list</a> <a href="/repo/kontak/">k</a> <a href="#x">x</a>',
        PAGE,
        SITE,
      ),
    ).toBe(
      `<a href="${SITE}artikel/b/">b</a> <a href="${SITE}artikel/">list</a> <a href="${SITE}kontak/">k</a> <a href="${PAGE}#x">x</a>`,
    );
  });

  it('reads attributes as a browser does (quotes, entities, case) and leaves everything else byte for byte', () => {
    const html = `<p class='x'>a &amp; b</p><IMG SRC='img/c.png' alt="c"><a href=/d?x=1&amp;y=2>d</a><code>href="/no"</code>`;
    expect(absoluteLinks(html, PAGE, SITE)).toBe(
      `<p class='x'>a &amp; b</p><IMG src="${PAGE}img/c.png" alt="c"><a href="${SITE}d?x=1&amp;y=2">d</a><code>href="/no"</code>`,
    );
  });

  it('keeps URLs that have a scheme as they are', () => {
    const html =
      '<a href="https://other.example/x">o</a><a href="mailto:a@b.example">m</a><a href="tel:+62">t</a>';
    expect(absoluteLinks(html, PAGE, SITE)).toBe(html);
  });
});

describe('atomFeed', () => {
  const site = { name: 'Situs <&>', description: 'Tentang', articleSchemaDate: '2024-01-01' };
  const article = (slug: string, publishedAt: string, updatedAt?: string): Article => ({
    slug,
    title: `Judul ${slug}`,
    excerpt: 'Ringkas',
    brand: 'b',
    author: 'Tim',
    publishedAt,
    updatedAt,
    readMinutes: 1,
    listed: true,
    order: 0,
    draft: false,
    source: `${slug}.md`,
  });

  it('carries the FEED_ENTRIES newest articles, newest first', () => {
    const many = Array.from({ length: FEED_ENTRIES + 10 }, (_, i) =>
      article(
        `a${i}`,
        `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
        i === 0 ? '2025-06-01' : undefined,
      ),
    );
    const xml = atomFeed({ site, siteUrl: SITE, articles: many, bodies: new Map() });
    const ids = [...xml.matchAll(/<id>[^<]*artikel\/(a\d+)\/<\/id>/g)].map((match) => match[1]);
    expect(ids).toHaveLength(FEED_ENTRIES);
    expect(ids[0]).toBe('a0');
    const dates = [...xml.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map(
      (match) => match[1],
    );
    expect(dates).toEqual([...dates].sort().reverse());
    // Every article left out is no newer than the oldest one kept.
    const oldestKept = dates.at(-1)!.slice(0, 10);
    expect(
      many
        .filter((a) => !ids.includes(a.slug))
        .every((a) => (a.updatedAt ?? a.publishedAt) <= oldestKept),
    ).toBe(true);
  });

  it('dates an empty feed by articleSchemaDate, never by the clock', () => {
    const xml = atomFeed({ site, siteUrl: SITE, articles: [], bodies: new Map() });
    expect(xml).toContain('<updated>2024-01-01T00:00:00Z</updated>');
    expect(xml).toContain('<title>Situs &lt;&amp;&gt;</title>');
    expect(xml).not.toContain('<entry>');
  });

  it('orders entries newest first by updated ?? published, ties in the given order', () => {
    const articles = [
      article('a', '2024-01-01'),
      article('b', '2024-01-01', '2024-03-01'),
      article('c', '2024-02-01'),
      article('d', '2024-01-01'),
    ];
    const xml = atomFeed({
      site,
      siteUrl: SITE,
      articles,
      bodies: new Map(articles.map((a) => [a.slug, '<p>x</p>'])),
    });
    expect([...xml.matchAll(/<id>[^<]*artikel\/(\w)\/<\/id>/g)].map((m) => m[1])).toEqual([
      'b',
      'c',
      'a',
      'd',
    ]);
    expect(xml).toMatch(
      /<id>https:\/\/user\.example\.io\/repo\/<\/id>\n {2}<updated>2024-03-01T00:00:00Z<\/updated>/,
    );
    expect(xml).toContain('<content type="html">&lt;p&gt;x&lt;/p&gt;</content>');
  });
});
