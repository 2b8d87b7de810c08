import fc from 'fast-check';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { checkPageDocument, readPage } from '../../src/generator/policy/page-parse.ts';
import { checkPage } from '../../src/generator/policy/page-policy.ts';
import { phraseListOf } from '../../src/generator/policy/responsible-copy.ts';
import { META_CONTENT_SECURITY_POLICY } from '../../src/generator/policy/security-headers.ts';
import { bodyArbitrary, node } from '../helpers/policy-grammar.ts';

/**
 * `sitegen check` reads each page once (page-parse.ts: htmlparser2, for the policy and for
 * cheerio) and asks the page policy's parse5 reading (checkPage) only where the one parse has a
 * doubt or finds a rule broken. This test holds it to that: for pages written from a built
 * page's parts and the fragments where parsers part ways, checkPageDocument reports exactly what
 * checkPage reports, and hands cheerio the tree load(html) would have made.
 */

const RUNS = Number(process.env.FC_RUNS ?? 20_000);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const PHRASES = phraseListOf({
  refused: ['pasti menang', 'slot gacor'],
  allowed: ['bukan slot gacor'],
})!;
const CSP = `<meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY.replace(/'/g, '&#x27;')}">`;

const doctype = fc.constantFrom(
  '<!DOCTYPE html>',
  '<!DOCTYPE html>',
  '<!DOCTYPE html>',
  '<!DOCTYPE html>',
  '<!DOCTYPE html>',
  '<!doctype html>',
  '',
  '\n<!DOCTYPE html>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">',
);
const soundHead = fc.constantFrom(
  '<meta charset="utf-8">',
  '<title>Judul &amp; lagi</title>',
  '<link rel="stylesheet" href="/assets/a.css">',
  '<script src="/assets/a.js" defer></script>',
  '<script type="application/ld+json">{"@type":"Article","a":"b"}</script>',
  '<meta http-equiv="refresh" content="0; url=/artikel/">',
  '<meta name="description" content="Ulasan">',
  '\n',
  '<!-- c -->',
);
const brokenHead = fc.constantFrom(
  '<title>a<b</title>',
  '<title>pasti menang</title>',
  '<meta name="description" content="pasti menang">',
  '<link rel="stylesheet" href="https://evil.example/a.css">',
  '<script type="application/ld+json">{"a":"b & c"}</script>',
  '<script type="application/ld+json">{"a":"<!--"}</script>',
  '<script>alert(1)</script>',
  '<style>p{}</style>',
  '<base href="/">',
  '<meta http-equiv="refresh" content="0; url=https://evil.example/">',
  '<p>x</p>',
  '<noscript><p>x</p></noscript>',
  '<template><p>x</p></template>',
  'teks',
);
const headPart = fc.oneof(
  { arbitrary: soundHead, weight: 6 },
  { arbitrary: brokenHead, weight: 1 },
);
const csp = fc.constantFrom(
  CSP,
  CSP,
  CSP,
  CSP,
  CSP,
  CSP,
  CSP,
  CSP,
  '',
  CSP.replace("'self'", "'none'"),
  CSP + CSP,
);
/** Parts of a built page outside the article body, sound and broken. */
const soundPart = fc.constantFrom(
  '<header class="site-header"><nav aria-label="Navigasi"><ul><li><a href="/">Home</a></li><li><a href="/artikel/" class="is-active">Artikel</a></li></ul></nav></header>',
  '<svg class="logo" width="120" height="30" viewBox="0 0 160 40" role="img" aria-label="Logo"><rect width="160" height="40" rx="10" fill="#1d4ed8"></rect><text x="36" y="26" textLength="114">Loyal4D</text></svg>',
  '<form class="nav-search" role="search" action="/artikel/"><label for="q">Cari</label><input id="q" type="search" placeholder="Cari artikel..." name="q"><button type="submit">Cari</button></form>',
  '<main id="main" tabindex="-1"><h1 id="t">Judul</h1></main>',
  '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>',
  '<template data-card-template=""><article class="card"><h2><a href="/x/">t</a></h2></article></template>',
  '<textarea name="m" rows="6"></textarea>',
  '<p>Bukan slot gacor, tetap main aman.</p>',
  '<footer><p>© 2024 &middot; Situs</p></footer>',
  '<math><mn>1</mn></math>',
);
const brokenPart = fc.constantFrom(
  '<svg><p>x</p></svg>',
  '<svg><foreignObject><p>x</p></foreignObject></svg>',
  '<svg><title>t</title></svg>',
  '<svg><script>x</script></svg>',
  '<svg><a href="javascript:x">x</a></svg>',
  '<svg><a xlink:href="javascript:x">x</a></svg>',
  '<svg><rect/></svg>',
  '<math><mi>x</mi></math>',
  '<form><form action="/x"></form></form>',
  '<button type="button"><button>x</button></button>',
  '<p id="main">x</p>',
  '<div onclick="x()">x</div>',
  '<img src="https://evil.example/x.png" alt="">',
  '<img src="/assets/a.png" alt="pasti menang">',
  '<template><p id="main"></p></template>',
  '<textarea>a &amp; b</textarea>',
  '<p>pasti <em>menang</em></p>',
  '<p>slot gacor</p>',
  '<select><option>x</option></select>',
  '<iframe>x</iframe>',
  '<p><div>x</div></p>',
);
const outside = fc.array(
  fc.oneof(
    { arbitrary: soundPart, weight: 12 },
    { arbitrary: brokenPart, weight: 2 },
    { arbitrary: node, weight: 1 },
  ),
  { maxLength: 3 },
);
const soundBody = fc.constantFrom(
  '<p>Teks <strong>Loyal4D</strong> &amp; <a href="/artikel/">lagi</a>.</p>',
  '<h2 id="bagian">Bagian</h2>\n<p>Isi<br>baris</p>',
  '<ul>\n<li>satu</li>\n<li>dua</li>\n</ul>',
  '<table>\n<thead>\n<tr>\n<th>h</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>d</td>\n</tr>\n</tbody>\n</table>',
  '<pre><code>x &lt; y</code></pre>',
  '<blockquote>\n<p>kutipan</p>\n</blockquote>',
  '<p><img src="/assets/a.png" alt="gambar"></p>',
);
const region = fc.tuple(
  fc.constantFrom(
    '<div class="prose">',
    '<div class="prose">',
    '<div class="article prose">',
    '<div>',
  ),
  fc.oneof({ arbitrary: soundBody, weight: 3 }, { arbitrary: bodyArbitrary, weight: 1 }),
);
const tail = fc.constantFrom(
  '</body></html>\n',
  '</body></html>\n',
  '</body></html>\n',
  '</body></html>\n',
  '</body></html>\n',
  '</body></html>',
  '</body>\n</html>',
  '</html>',
  '',
  '</body></html>x',
  '</body></html><p>x</p>',
  '</body><!-- c --></html>',
);
const page = fc
  .tuple(doctype, csp, fc.array(headPart, { maxLength: 3 }), outside, region, outside, tail)
  .map(
    ([start, meta, head, before, [open, body], after, end]) =>
      `${start}<html lang="id"><head>${meta}${head.join('')}</head><body>${before.join('')}${open}${body}</div>${after.join('')}${end}`,
  );

describe('property: check reads a page once, and reports what the page policy reports', () => {
  it(`checkPageDocument's problems are checkPage's, and its tree is load(html)'s (${RUNS} runs)`, () => {
    const stats = { runs: 0, readOnce: 0, clean: 0, refused: 0 };
    fc.assert(
      fc.property(page, fc.boolean(), (html, withPhrases) => {
        stats.runs++;
        const options = withPhrases ? { phrases: PHRASES } : {};
        const expected = checkPage(html, options);
        if (expected.length === 0) stats.clean++;
        else stats.refused++;
        // What the one parse calls clean, the page policy finds clean: the rest it asks.
        const read = readPage(html, options);
        if (read.isClean) {
          stats.readOnce++;
          expect(
            expected.map((p) => p.message),
            `read once as clean:\n${html}`,
          ).toEqual([]);
        }
        const { problems, document } = checkPageDocument(html, options);
        expect(problems, html).toEqual(expected);
        if (document) expect(load(document).html(), html).toBe(load(html).html());
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (process.env.FC_STATS) console.log('STATS', JSON.stringify(stats));
    // Worth something only if both sides were reached, and most clean pages were read once.
    expect(stats.refused, JSON.stringify(stats)).toBeGreaterThan(RUNS * 0.3);
    expect(stats.readOnce, JSON.stringify(stats)).toBeGreaterThan(stats.clean * 0.5);
    expect(stats.readOnce, JSON.stringify(stats)).toBeGreaterThan(RUNS * 0.02);
  }, 600_000);
});
