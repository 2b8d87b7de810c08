import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSiteBundler } from '../site/bundle-site.ts';
import { sitegenError } from '../errors/errors.ts';
import {
  NewArticleExists,
  NewArticleSlugInvalid,
  NewArticleSlugTooLong,
  NewArticleUnknownBrand,
} from '../errors/errors-data.ts';
import { evaluateSite } from '../site/evaluate-site.ts';
import { ARTICLE_DIR, MAX_SLUG_LENGTH, SLUG } from '../content/article-files.ts';

/**
 * `sitegen new article <slug> --brand <brand>`: writes src/content/articles/{slug}.md from
 * the template below: a complete article (a title made from the slug, an excerpt, the brand,
 * the author, `today` as YYYY-MM-DD, a body) marked `draft: true`, so `sitegen dev` shows it at
 * once and `sitegen build` leaves it out until the draft line goes; then it is published
 * everywhere (`listed` defaults to true). Refuses an invalid or too long slug, an unknown brand,
 * and a file that exists (it never overwrites). Returns the file's path relative to `root`.
 */
export async function newArticle({
  root,
  slug,
  brand,
  today,
}: {
  root: string;
  slug: string;
  brand: string;
  today: string;
}): Promise<string> {
  if (!SLUG.test(slug)) throw sitegenError(NewArticleSlugInvalid, { slug: JSON.stringify(slug) });
  if (slug.length > MAX_SLUG_LENGTH)
    throw sitegenError(NewArticleSlugTooLong, { slug, length: slug.length, max: MAX_SLUG_LENGTH });
  const brands = await brandNames(root);
  const name = brands.get(brand);
  if (name === undefined)
    throw sitegenError(NewArticleUnknownBrand, { brand, brands: [...brands.keys()] });
  const file = `${ARTICLE_DIR}/${slug}.md`;
  mkdirSync(path.join(root, ARTICLE_DIR), { recursive: true });
  try {
    // "wx": fails if the file exists, in the same system call that creates it.
    const title = titleOf(slug, { slug: brand, name });
    writeFileSync(path.join(root, file), articleTemplate(title, brand, today), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw sitegenError(NewArticleExists, { file }, { file });
    throw error;
  }
  return file;
}

/** The brands of the project's src/content/brands.ts, name by slug, read as a build reads them. */
async function brandNames(root: string): Promise<Map<string, string>> {
  const bundler = await createSiteBundler(root);
  try {
    const { content } = evaluateSite(await bundler.bundle(), root);
    const records: unknown[] = Array.isArray(content.brands) ? content.brands : [];
    const names = new Map<string, string>();
    for (const record of records) {
      const { slug, name } = (record ?? {}) as { slug?: unknown; name?: unknown };
      if (typeof slug === 'string') names.set(slug, typeof name === 'string' ? name : slug);
    }
    return names;
  } finally {
    await bundler.dispose();
  }
}

/**
 * A first title from the slug: its words capitalised, and the brand's slug written as its name
 * ("loyal4d-tips-anggaran" → "Loyal4D Tips Anggaran"). Pure.
 */
export function titleOf(slug: string, brand: { slug: string; name: string }): string {
  const words = slug.split('-');
  const brandWords = brand.slug.split('-');
  const startsWithBrand = brandWords.every((word, index) => words[index] === word);
  const rest = startsWithBrand ? words.slice(brandWords.length) : words;
  const capitalised = rest.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return [...(startsWithBrand ? [brand.name] : []), ...capitalised].join(' ');
}

/** Today in the local time zone as YYYY-MM-DD: the date the author sees on their calendar. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The new article's text: complete, and a draft until the `draft: true` line goes. Pure. */
function articleTemplate(title: string, brand: string, today: string): string {
  return `---
title: ${title}
excerpt: Ringkasan satu atau dua kalimat; tampil di kartu artikel dan di hasil pencarian.
brand: ${brand}
author: Tim Redaksi
date: ${today}
draft: true
---

Tulis isi artikel di sini dengan Markdown. Pisahkan paragraf dengan satu baris kosong.

## Subjudul

- Poin pertama
- Poin kedua

Sampaikan informasi apa adanya: jangan menjanjikan kemenangan, dan ingatkan pembaca untuk bermain dalam batas anggaran. Hapus baris \`draft: true\` di atas saat artikel siap terbit: artikel lalu tampil di daftar artikel, di halaman brand, di feed dan di sitemap.
`;
}
