import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../helpers/dist.ts';
import { REPO } from '../helpers/paths.ts';
import { htmlValidateMessages } from '../helpers/html-validate.ts';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
}

describe('html-validate (recommended rules) over every built page', () => {
  it('finds 0 errors in all 34 pages', async () => {
    // The repository's own config (recommended rules), the one `npx html-validate dist` uses.
    const config = JSON.parse(readFileSync(path.join(REPO, '.htmlvalidate.json'), 'utf8'));
    expect(config).toEqual({ extends: ['html-validate:recommended'] });
    const files = htmlFiles(distDir());
    expect(files).toHaveLength(34);
    expect(await htmlValidateMessages(distDir(), files)).toEqual([]);
  });
});
