import { describe, expect, it } from 'vitest';
import { linkFirstMentions } from '../../src/generator/content/link-brands.ts';

const targets = [
  { name: 'Lux88Togel', url: 'https://lux88togel.example/' },
  { name: 'Loyal4D', url: 'https://loyal4d.example/' },
];
const link = (text: string, url: string) =>
  `<a href="${url}" target="_blank" rel="sponsored noopener noreferrer">${text}</a>`;

describe('linkFirstMentions', () => {
  it('links only the first mention and keeps later ones plain', () => {
    const html = '<p>Lux88Togel dan Lux88Togel lagi.</p><p>Lux88Togel.</p>';
    expect(linkFirstMentions(html, targets)).toBe(
      `<p>${link('Lux88Togel', 'https://lux88togel.example/')} dan Lux88Togel lagi.</p><p>Lux88Togel.</p>`,
    );
  });

  it('matches any casing and keeps the original casing', () => {
    expect(linkFirstMentions('<p>Coba LUX88togel sekarang.</p>', targets)).toBe(
      `<p>Coba ${link('LUX88togel', 'https://lux88togel.example/')} sekarang.</p>`,
    );
  });

  it('links a name next to punctuation', () => {
    expect(linkFirstMentions('<p>(loyal4d), lalu</p>', targets)).toBe(
      `<p>(${link('loyal4d', 'https://loyal4d.example/')}), lalu</p>`,
    );
    expect(linkFirstMentions('<p>Di "Loyal4D".</p>', targets)).toContain(
      `"${link('Loyal4D', 'https://loyal4d.example/')}".`,
    );
  });

  it('does not link a name inside a longer word', () => {
    const html = '<p>superloyal4d dan loyal4dku dan loyal4d_x</p>';
    expect(linkFirstMentions(html, targets)).toBe(html);
  });

  it('skips a mention inside an existing link and links the next plain one', () => {
    const html = '<p><a href="/brand/loyal4d/">Loyal4D</a> lalu Loyal4D.</p>';
    expect(linkFirstMentions(html, targets)).toBe(
      `<p><a href="/brand/loyal4d/">Loyal4D</a> lalu ${link('Loyal4D', 'https://loyal4d.example/')}.</p>`,
    );
  });

  it('ignores mentions in attribute values', () => {
    const html = '<p title="Loyal4D"><abbr title="lux88togel">L</abbr> teks</p>';
    expect(linkFirstMentions(html, targets)).toBe(html);
  });

  it('skips code, even when nested, and links text after it', () => {
    const html = '<p><code>loyal4d <em>loyal4d</em></code> Loyal4D</p>';
    expect(linkFirstMentions(html, targets)).toBe(
      `<p><code>loyal4d <em>loyal4d</em></code> ${link('Loyal4D', 'https://loyal4d.example/')}</p>`,
    );
  });

  it('returns a body with no mention unchanged', () => {
    const html = '<h2>Judul</h2><p>Tidak ada merek di sini &amp; itu wajar.</p>';
    expect(linkFirstMentions(html, targets)).toBe(html);
  });

  it('links two brands in one body, even in one text node', () => {
    const html = '<p>Loyal4D atau Lux88Togel? Loyal4D.</p>';
    expect(linkFirstMentions(html, targets)).toBe(
      `<p>${link('Loyal4D', 'https://loyal4d.example/')} atau ${link('Lux88Togel', 'https://lux88togel.example/')}? Loyal4D.</p>`,
    );
  });

  it('keeps entities and non-ASCII text intact', () => {
    const html = '<p>Tips &amp; trik — Lux88Togel &lt;baru&gt; é</p>';
    expect(linkFirstMentions(html, targets)).toBe(
      `<p>Tips &amp; trik — ${link('Lux88Togel', 'https://lux88togel.example/')} &lt;baru&gt; é</p>`,
    );
  });

  it('escapes the address in the href', () => {
    const out = linkFirstMentions('<p>Loyal4D</p>', [
      { name: 'Loyal4D', url: 'https://x.example/?a=1&b="2"' },
    ]);
    expect(out).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
  });
});
