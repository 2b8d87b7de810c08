#!/usr/bin/env node
// How fast the article search answers in a real browser: serves a built folder, opens /artikel/
// in Debian's Chromium with the CPU slowed 4× (DevTools' mobile throttling), types each query
// one key at a time into a fresh page (a second after focusing the box, which fetches
// list.json; the first keystroke loads the index files it needs), and prints, per keystroke, the time from the key press to the frame that shows its
// results (the result count of that prefix, checked against the spec's rule over every card).
//
//   node bench/search-browser.mjs --dist /tmp/site-10k/dist [--rate 4] [--gap 0] [QUERY ...]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tests/tools/chromium.mjs';
import { startPreview } from '../tests/tools/preview.mjs';

const { values, positionals } = parseArgs({
  options: {
    dist: { type: 'string' },
    rate: { type: 'string', default: '4' },
    gap: { type: 'string', default: '0' },
  },
  allowPositionals: true,
});
if (!values.dist) {
  console.error('usage: node bench/search-browser.mjs --dist DIR [--rate 4] [QUERY ...]');
  process.exit(2);
}
const dist = path.resolve(values.dist);
const rate = Number(values.rate);
// Milliseconds between one key's painted results and the next key: 0 types as fast as the page
// answers (the strict case); a fast typist leaves about 125 (eight keys a second).
const gap = Number(values.gap);
const queries = positionals.length
  ? positionals
  : ['anggaran batas', 'Loyal4D', 'penarikan dana', 'artikel 9999', 'xyz'];

// `sitegen preview` serves the folder from its own process, as a host would (same headers as
// _headers): a server inside this process would answer late while Playwright is busy.
const { origin, stop: stopPreview } = await startPreview(dist);

// The spec's rule over every card, for the count each prefix must show.
const read = (url) => JSON.parse(readFileSync(path.join(dist, url.replace(/^\//, '')), 'utf8'));
const list = read('/artikel/list.json');
const cards = list.pages.flatMap(read);
const countOf = (query) =>
  cards.filter((card) =>
    [card.title, card.excerpt, card.brandName].some((field) => field.toLowerCase().includes(query)),
  ).length;

const browser = await launchChromium();
const all = [];
console.log(
  `search keystrokes at N = ${list.total}, CPU ${rate}× slower, ${gap} ms from results to next key (${dist})`,
);
for (const query of queries) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${origin}/artikel/`, { waitUntil: 'load' });
  await page.evaluate(() => {
    // Each change of the result count, with the time of the next frame after it.
    window.__paints = [];
    const count = document.querySelector('[data-result-count]');
    new MutationObserver(() => {
      const text = count.textContent;
      requestAnimationFrame(() => window.__paints.push({ text, at: performance.now() }));
    }).observe(count, { childList: true, characterData: true, subtree: true });
    window.__keys = [];
    document
      .querySelector('#article-search')
      .addEventListener('keydown', () => window.__keys.push(performance.now()), { capture: true });
  });
  // A reader clicks into the box, then starts typing: the box's focus fetches list.json.
  await page.focus('#article-search');
  await page.waitForTimeout(1000);
  const times = [];
  for (let end = 1; end <= query.length; end++) {
    const prefix = query.slice(0, end).trim().toLowerCase();
    await page.keyboard.press(query[end - 1] === ' ' ? 'Space' : query[end - 1]);
    if (!prefix) continue;
    const want = `${countOf(prefix)} artikel`;
    const ms = await page
      .waitForFunction(
        ([i, text]) => {
          const key = window.__keys[i];
          const paint = window.__paints.find((p) => p.at >= key && p.text === text);
          return paint ? paint.at - key : false;
        },
        [end - 1, want],
        { timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue());
    times.push(ms);
    if (gap > 0) await page.waitForTimeout(gap);
  }
  all.push(...times);
  console.log(
    `  ${JSON.stringify(query).padEnd(20)} per key (ms): ${times.map((t) => Math.round(t)).join(' ')}  max ${Math.round(Math.max(...times))}`,
  );
  await page.close();
}
await browser.close();
stopPreview();
const sorted = [...all].sort((a, b) => a - b);
console.log(
  `keystrokes: ${all.length}, median ${Math.round(sorted[sorted.length >> 1])} ms, max ${Math.round(sorted[sorted.length - 1])} ms (target: every one ≤ 200 ms)`,
);
