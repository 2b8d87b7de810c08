#!/usr/bin/env node
// Writes a complete sitegen project root with N synthetic articles in the real content
// format: the shipped templates, client and site constants, the four brands, and N
// listed articles with ~3 KB HTML bodies that mention the brands.
//
//   node bench/generate.mjs --articles 10000 --out /tmp/site-10k
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { articles: { type: 'string' }, out: { type: 'string' } } });
const count = Number(values.articles);
if (!Number.isInteger(count) || count < 1 || !values.out) {
  console.error('usage: node bench/generate.mjs --articles N --out DIR');
  process.exit(2);
}
const out = path.resolve(values.out);

rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, 'src/content/articles'), { recursive: true });
for (const dir of ['src/templates', 'src/client']) cpSync(path.join(repo, dir), path.join(out, dir), { recursive: true });
for (const file of ['types.ts', 'site.ts', 'brands.ts', 'index.ts']) {
  cpSync(path.join(repo, 'src/content', file), path.join(out, 'src/content', file));
}

const brands = [
  ['lux88togel', 'Lux88Togel'],
  ['loyal4d', 'Loyal4D'],
  ['perang88', 'Perang88'],
  ['pegasus4d', 'Pegasus4D'],
];
const words = (
  'anggaran batas waktu permainan hiburan pemain dewasa risiko peluang acak hasil sesi jeda ' +
  'keamanan akun data pribadi verifikasi penarikan deposit syarat ketentuan bonus informasi ' +
  'panduan fitur layanan pelanggan kebiasaan sehat kendali diri keputusan rencana catatan ' +
  'mingguan bulanan aturan hukum wilayah tanggung jawab bantuan keluarga teman profesional'
).split(' ');

// Deterministic pseudo-random numbers, so two generated trees are identical.
let seed = 2024;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const sentence = (mention) => {
  const picked = Array.from({ length: 10 + Math.floor(random() * 8) }, () => pick(words));
  if (mention) picked.splice(3, 0, mention);
  const text = picked.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
};

const records = [];
for (let i = 0; i < count; i++) {
  const [slug, name] = brands[i % 4];
  const [, other] = brands[(i + 1) % 4];
  const articleSlug = `${slug}-artikel-${String(i + 1).padStart(5, '0')}`;
  const paragraph = (mention) => `<p>${Array.from({ length: 4 }, (_, k) => sentence(k === 1 ? mention : undefined)).join(' ')}</p>`;
  const body = [
    paragraph(name),
    `<h2>Bagian pertama tentang ${name}</h2>`,
    paragraph(undefined),
    paragraph(other),
    '<ul>',
    ...Array.from({ length: 4 }, () => `<li>${sentence()}</li>`),
    '</ul>',
    `<h2>Bagian kedua</h2>`,
    paragraph(name),
    paragraph(undefined),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'src/content/articles', `${articleSlug}.html`), body);
  records.push({
    slug: articleSlug,
    title: `Artikel ${i + 1}: ${sentence(name).slice(0, 60)}`,
    excerpt: sentence(name),
    brand: slug,
    author: 'Tim Redaksi',
    publishedAt: '2024-12-15',
    readTime: '5 menit baca',
    body: `${articleSlug}.html`,
    listed: true,
  });
}
writeFileSync(
  path.join(out, 'src/content/articles.ts'),
  `import type { Article } from './types.ts';\n\nexport const articles: Article[] = ${JSON.stringify(records, null, 1)};\n`,
);
console.log(`bench/generate: ${count} articles written to ${out}`);
