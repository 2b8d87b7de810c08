#!/usr/bin/env node
// npm run bench: prints sitegen's speed and size figures on this machine.
//   1. the shipped site's cold build next to `node -e 0` (hyperfine, or Node's timers), with
//      the social cards in the cache (warm) and with an empty card cache (cold)
//   2. generated sites of 1,000 and 10,000 articles: wall time, ms per page, peak memory;
//      the first build draws every social card (empty cache), the others read the cache
//   3. watch: save-to-disk and save-to-reloaded-page latency for an article edit (its
//      Markdown body) and a template edit; then on the 10,000-article site, save to disk for
//      a body, a title and a template edit
//   4. output weight per page kind, raw and gzip
// Options: --quick (fewer runs, N=1,000 only), --skip-watch.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'bin/sitegen');
const args = new Set(process.argv.slice(2));
const isQuick = args.has('--quick');
const work = mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const print = (line = '') => console.log(line);

print(`sitegen bench on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);

// 1. Start-up floor: the shipped site against `node -e 0`.
{
  const out = path.join(work, 'shipped');
  const cache = path.join(work, 'shipped-cache');
  const runs = isQuick ? 10 : 30;
  const env = { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cache };
  let rows;
  if (has('hyperfine')) {
    const json = path.join(work, 'hyperfine.json');
    execFileSync('hyperfine', ['-N', '--warmup', '3', '--runs', String(runs), '--export-json', json, 'node -e 0', `node ${cli} build --out ${out}`], { stdio: 'ignore', env });
    rows = JSON.parse(readFileSync(json, 'utf8')).results.map((r) => r.median * 1000);
    const coldRuns = isQuick ? 3 : 10;
    execFileSync('hyperfine', ['-N', '--runs', String(coldRuns), '--prepare', `rm -rf ${cache}`, '--export-json', json, `node ${cli} build --out ${out}`], { stdio: 'ignore', env });
    rows.push(JSON.parse(readFileSync(json, 'utf8')).results[0].median * 1000);
  } else {
    const time = (command) => {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const started = process.hrtime.bigint();
        spawnSync(process.execPath, command, { stdio: 'ignore' });
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return median(samples);
    };
    rows = [time(['-e', '0']), time([cli, 'build', '--out', out])];
    rows.push(NaN);
  }
  print(`\n## 1. Shipped site, cold build (${runs} runs, median, ${has('hyperfine') ? 'hyperfine' : 'Node timers'})\n`);
  print('| command | median wall | ratio to node -e 0 |\n|---|---|---|');
  print(`| node -e 0 | ${rows[0].toFixed(1)} ms | 1.00 |`);
  print(`| sitegen build (34 pages), cards in the cache | ${rows[1].toFixed(1)} ms | ${(rows[1] / rows[0]).toFixed(2)} |`);
  if (!Number.isNaN(rows[2])) print(`| sitegen build (34 pages, 18 cards drawn), empty card cache | ${rows[2].toFixed(1)} ms | ${(rows[2] / rows[0]).toFixed(2)} |`);
}

// 2. Generated sites.
{
  print('\n## 2. Generated sites (fresh output folder per run, median)\n');
  print('| articles | pages | runs | median wall (cards in the cache) | ms per page | peak memory | first build: every card drawn |\n|---|---|---|---|---|---|---|');
  for (const count of isQuick ? [1000] : [1000, 10000]) {
    const root = path.join(work, `gen-${count}`);
    execFileSync(process.execPath, [path.join(repo, 'bench/generate.mjs'), '--articles', String(count), '--out', root], { stdio: 'ignore' });
    cpSync(path.join(repo, 'src/templates/favicon.svg'), path.join(root, 'src/templates/favicon.svg'));
    const runs = count >= 10000 ? 3 : 5;
    const walls = [];
    const peaks = [];
    let pages = 0;
    let cold = 0;
    const cache = path.join(work, `cache-${count}`);
    // Run 0 draws every card into an empty cache; it is reported apart and not in the median.
    for (let i = 0; i <= runs; i++) {
      const out = path.join(work, `out-${count}-${i}`);
      const result = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, 'build', '--root', root, '--out', out], {
        encoding: 'utf8',
        env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: cache },
      });
      if (result.status !== 0) throw new Error(`build of ${count} articles failed:\n${result.stderr}`);
      pages = Number(result.stdout.match(/wrote (\d+) pages/)[1]);
      const [wall, peakKb] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
      if (i === 0) {
        cold = wall * 1000;
        continue;
      }
      walls.push(wall * 1000);
      peaks.push(peakKb / 1024);
    }
    const wall = median(walls);
    print(`| ${count.toLocaleString('en-US')} | ${pages} | ${runs} | ${(wall / 1000).toFixed(2)} s | ${(wall / pages).toFixed(3)} ms | ${median(peaks).toFixed(0)} MB | ${(cold / 1000).toFixed(1)} s |`);
    // Old trees are deleted after all timing, so no deletion runs during a timed build.
  }
}

// 3. Watch latency.
if (!args.has('--skip-watch')) {
  const { chromium } = await import('playwright-core');
  const root = path.join(work, 'watch-site');
  cpSync(path.join(repo, 'src'), path.join(root, 'src'), { recursive: true });
  const slug = 'loyal4d-fast-withdrawal-system';
  // The body edit puts the marker at the start of the first body paragraph: the first line
  // after the front matter's closing `---` and the blank line. Checked once before the watcher
  // starts, so an article that starts with a heading, list or HTML block fails early.
  const articleFile = `src/content/articles/${slug}.md`;
  const markFirstParagraph = (text, marker) => {
    const head = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:[ \t]*\r?\n)*/.exec(text)?.[0];
    const first = head === undefined ? '' : text.slice(head.length).split(/\r?\n/, 1)[0];
    // Not a paragraph: empty, indented, heading, quote, HTML, list item, rule, fence, table.
    if (/^(?:$|[ \t]|#{1,6}(?:[ \t]|$)|[><|]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|```|~~~)/.test(first)) {
      throw new Error(`bench: ${articleFile} does not start its body with a paragraph after the front matter`);
    }
    return `${head}${marker} ${text.slice(head.length)}`;
  };
  markFirstParagraph(readFileSync(path.join(root, articleFile), 'utf8'), 'check');
  const watcher = spawn(process.execPath, [cli, 'watch', '--root', root, '--port', '0', '--no-open'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CI: '1' } });
  const base = await new Promise((resolve) => {
    let out = '';
    watcher.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/serving (http:\/\/[^ ]+\/)/);
      if (match) resolve(match[1]);
    });
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const output = path.join(root, 'dist/artikel', slug, 'index.html');
  await page.goto(`${base}artikel/${slug}/`);
  const waitForDisk = (marker, since) =>
    new Promise((resolve) => {
      const poll = () => {
        if (readFileSync(output, 'utf8').includes(marker)) resolve(performance.now() - since);
        else setTimeout(poll, 1);
      };
      poll();
    });
  const measure = async (file, change) => {
    const full = path.join(root, file);
    const original = readFileSync(full, 'utf8');
    const disk = [];
    const reload = [];
    for (let i = 0; i < (isQuick ? 8 : 20); i++) {
      const marker = `bench-marker-${i}-${Date.now()}`;
      await page.waitForFunction(() => document.documentElement.dataset.sitegenReload === 'connected');
      const loaded = page.waitForEvent('load');
      const started = performance.now();
      writeFileSync(full, change(original, marker));
      disk.push(await waitForDisk(marker, started));
      await loaded;
      reload.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    writeFileSync(full, original);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { disk: median(disk), reload: median(reload), runs: disk.length };
  };
  const body = await measure(articleFile, markFirstParagraph);
  const template = await measure('src/templates/SiteFooter.tsx', (text, marker) => text.replace('Situs informasi;', `Situs informasi ${marker};`));
  await browser.close();
  watcher.kill('SIGTERM');
  print(`\n## 3. sitegen watch, save to result (median of ${body.runs} saves, shipped site)\n`);
  print('| edit | to rewritten page on disk | to reloaded page in Chromium |\n|---|---|---|');
  print(`| article body | ${body.disk.toFixed(1)} ms | ${body.reload.toFixed(1)} ms |`);
  print(`| template (SiteFooter.tsx) | ${template.disk.toFixed(1)} ms | ${template.reload.toFixed(1)} ms |`);
}

// 3b. Watch on the generated 10,000-article site (disk only): a body, a title and a template
// save, each timed from the write to its article page rewritten on disk. Uses the card cache
// section 2 filled, so the first build draws nothing.
if (!args.has('--skip-watch') && !isQuick) {
  const root = path.join(work, 'gen-10000');
  const articles = path.join(root, 'src/content/articles');
  const name = readdirSync(articles).sort()[5];
  const file = path.join(articles, name);
  const footer = path.join(root, 'src/templates/SiteFooter.tsx');
  const page = path.join(root, 'dist/artikel', name.replace(/\.md$/, ''), 'index.html');
  const watcher = spawn(process.execPath, [cli, 'watch', '--root', root, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CI: '1', SITEGEN_CACHE_DIR: path.join(work, 'cache-10000') },
  });
  await new Promise((resolve) => {
    let out = '';
    watcher.stdout.on('data', (chunk) => {
      out += chunk;
      if (/serving http/.test(out)) resolve();
    });
  });
  const saves = async (target, change, count) => {
    const original = readFileSync(target, 'utf8');
    const times = [];
    for (let i = 0; i < count; i++) {
      const marker = `penanda${i}x${Date.now()}`;
      const started = performance.now();
      writeFileSync(target, change(original, marker));
      while (!readFileSync(page, 'utf8').includes(marker)) await new Promise((resolve) => setTimeout(resolve, 2));
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    writeFileSync(target, original);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sorted = [...times].sort((a, b) => a - b);
    return `${median(times).toFixed(0)} ms (${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)}, ${times.length} saves)`;
  };
  const body = await saves(file, (text, marker) => text.replace(/\n---\n\n/, `\n---\n\n${marker} `), 10);
  const title = await saves(file, (text, marker) => text.replace(/^title: "(.*)"$/m, (_, t) => `title: "${t} ${marker}"`), 10);
  const template = await saves(footer, (text, marker) => text.replace('Situs informasi;', `Situs informasi ${marker};`), 3);
  watcher.kill('SIGTERM');
  print('\n## 3b. sitegen watch on 10,000 articles, save to its page rewritten on disk (median, min–max)\n');
  print('| edit | to rewritten page on disk |\n|---|---|');
  print(`| article body | ${body} |`);
  print(`| article title (the page, the lists, its brand page, its card) | ${title} |`);
  print(`| template (SiteFooter.tsx: every page) | ${template} |`);
}

// 4. Output weight per page kind.
{
  const out = path.join(work, 'weights');
  execFileSync(process.execPath, [cli, 'build', '--out', out], { stdio: 'ignore' });
  const size = (file) => {
    const bytes = readFileSync(path.join(out, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const kinds = [
    ['home', 'index.html'],
    ['list', 'artikel/index.html'],
    ['brand', 'brand/loyal4d/index.html'],
    ['article', 'artikel/loyal4d-strategi-bankroll-management/index.html'],
    ['fallback article', 'artikel/loyal4d-layanan-live-chat/index.html'],
    ['contact', 'kontak/index.html'],
    ['404', '404.html'],
  ];
  const html0 = readFileSync(path.join(out, 'index.html'), 'utf8');
  const css = size(html0.match(/href="\/(assets\/styles\.[^"]+)"/)[1]);
  const js = size(html0.match(/src="\/(assets\/client\.[^"]+)"/)[1]);
  const icon = size(html0.match(/href="\/(assets\/favicon\.[^"]+)"/)[1]);
  print('\n## 4. Output weight per page kind (KB; gzip -9)\n');
  print('| page | HTML raw | HTML gzip | CSS gzip | JS gzip | first load gzip |\n|---|---|---|---|---|---|');
  for (const [name, file] of kinds) {
    const html = size(file);
    print(`| ${name} | ${kb(html.raw)} | ${kb(html.gzip)} | ${kb(css.gzip)} | ${kb(js.gzip)} | ${kb(html.gzip + css.gzip + js.gzip)} |`);
  }
  print(`\nstylesheet ${kb(css.raw)} KB raw / ${kb(css.gzip)} KB gzip; client script ${kb(js.raw)} KB raw / ${kb(js.gzip)} KB gzip; icon ${icon.raw} B; logos are inline SVG (~${kb(Buffer.byteLength(html0.match(/<svg class="brand-logo"[\s\S]*?<\/svg>/)[0]))} KB each)`);
}

rmSync(work, { recursive: true, force: true });
