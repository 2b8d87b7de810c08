#!/usr/bin/env node
// How fast the article search answers in a real browser: serves a built folder, opens /artikel/
// in Debian's Chromium with the CPU slowed 4× (DevTools' mobile throttling), types each query
// one key at a time into a fresh page (so the first keystroke also loads list.json and the
// index), and prints, per keystroke, the time from the key press to the frame that shows its
// results (the result count of that prefix, checked against the spec's rule over every card).
//
//   node bench/search-browser.mjs --dist /tmp/site-10k/dist [--rate 4] [QUERY ...]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values, positionals } = parseArgs({
  options: { dist: { type: 'string' }, rate: { type: 'string', default: '4' } },
  allowPositionals: true,
});
if (!values.dist) {
  console.error('usage: node bench/search-browser.mjs --dist DIR [--rate 4] [QUERY ...]');
  process.exit(2);
}
const dist = path.resolve(values.dist);
const rate = Number(values.rate);
const queries = positionals.length
  ? positionals
  : ['anggaran batas', 'Loyal4D', 'penarikan dana', 'artikel 9999', 'xyz'];

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
const server = createServer(async (request, response) => {
  let file = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  if (file.endsWith('/')) file += 'index.html';
  try {
    const body = await readFile(path.join(dist, file));
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// The spec's rule over every card, for the count each prefix must show.
const read = (url) => JSON.parse(readFileSync(path.join(dist, url.replace(/^\//, '')), 'utf8'));
const list = read('/artikel/list.json');
const cards = list.pages.flatMap(read);
const countOf = (query) =>
  cards.filter((card) =>
    [card.title, card.excerpt, card.brandName].some((field) => field.toLowerCase().includes(query)),
  ).length;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const all = [];
console.log(`search keystrokes at N = ${list.total}, CPU ${rate}× slower (${dist})`);
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
  }
  all.push(...times);
  console.log(
    `  ${JSON.stringify(query).padEnd(20)} per key (ms): ${times.map((t) => Math.round(t)).join(' ')}  max ${Math.round(Math.max(...times))}`,
  );
  await page.close();
}
await browser.close();
server.close();
const sorted = [...all].sort((a, b) => a - b);
console.log(
  `keystrokes: ${all.length}, median ${Math.round(sorted[sorted.length >> 1])} ms, max ${Math.round(sorted[sorted.length - 1])} ms (target: every one ≤ 200 ms)`,
);
