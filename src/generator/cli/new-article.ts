import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSiteBundler } from '../site/bundle-site.ts';
import { sitegenError } from '../errors/errors.ts';
import {
  NewArticleExists,
  NewArticleSlugInvalid,
  NewArticleUnknownBrand,
} from '../errors/errors-data.ts';
import { evaluateSite } from '../site/evaluate-site.ts';
import { ARTICLE_DIR, SLUG } from '../content/article-files.ts';

/**
 * `sitegen new article <slug> --brand <brand>`: writes src/content/articles/{slug}.md from
 * the template below, dated `today` (YYYY-MM-DD) and marked `draft: true`, so `sitegen watch`
 * shows it at once and `sitegen build` leaves it out until the draft line goes. Refuses an
 * invalid slug, an unknown brand, and a file that exists (it never overwrites). Returns the
 * file's path relative to `root`.
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
  const brands = await brandSlugs(root);
  if (!brands.includes(brand)) throw sitegenError(NewArticleUnknownBrand, { brand, brands });
  const file = `${ARTICLE_DIR}/${slug}.md`;
  mkdirSync(path.join(root, ARTICLE_DIR), { recursive: true });
  try {
    // "wx": fails if the file exists, in the same system call that creates it.
    writeFileSync(path.join(root, file), articleTemplate(brand, today), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw sitegenError(NewArticleExists, { file }, { file });
    throw error;
  }
  return file;
}

/** The brand slugs of the project's src/content/brands.ts, read the way a build reads them. */
async function brandSlugs(root: string): Promise<string[]> {
  const bundler = await createSiteBundler(root);
  try {
    const { content } = evaluateSite(await bundler.bundle(), root);
    return Array.isArray(content.brands)
      ? content.brands.map((record) => record?.slug).filter((slug) => typeof slug === 'string')
      : [];
  } finally {
    await bundler.dispose();
  }
}

/** Today in the local time zone as YYYY-MM-DD: the date the author sees on their calendar. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function articleTemplate(brand: string, today: string): string {
  return `---
title: Judul artikel baru
excerpt: Ringkasan satu atau dua kalimat; tampil di kartu artikel dan di hasil pencarian.
brand: ${brand}
author: Tim Redaksi
date: ${today}
listed: false
draft: true
---

Tulis isi artikel di sini dengan Markdown. Pisahkan paragraf dengan satu baris kosong.

## Subjudul

- Poin pertama
- Poin kedua

Sampaikan informasi apa adanya: jangan menjanjikan kemenangan, dan ingatkan pembaca untuk bermain dalam batas anggaran. Hapus baris \`draft: true\` di atas saat artikel siap terbit.
`;
}
