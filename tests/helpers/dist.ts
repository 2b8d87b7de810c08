import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { inject } from 'vitest';

/** The folder the global setup built the shipped site into. */
export const distDir = (): string => inject('distDir');

/** Reads a built file as text. */
export function readDist(file: string): string {
  return readFileSync(path.join(distDir(), file), 'utf8');
}

/**
 * A built page, parsed with cheerio. `url` is site-relative ("/artikel/") or a file name
 * ("404.html").
 */
export function page(url: string): CheerioAPI {
  const file = url.endsWith('.html') ? url : path.join(url, 'index.html');
  return load(readDist(file));
}

/** Every JSON-LD block of a page, parsed. */
export function jsonLd($: CheerioAPI): any[] {
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()));
}
