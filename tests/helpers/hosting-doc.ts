import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './paths.ts';

/** docs/hosting.md, the page the hosting recipes are copied from. */
export const HOSTING_DOC = path.join(REPO, 'docs/hosting.md');

/** The text of docs/hosting.md. Reads the file on every call. */
export function hostingDoc(): string {
  return readFileSync(HOSTING_DOC, 'utf8');
}

/**
 * The first fenced block of `language` in docs/hosting.md (```nginx, ```caddyfile, ...),
 * without its fences: what a maintainer copies. Throws when there is none. Reads the file.
 */
export function docBlock(language: string): string {
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(hostingDoc())?.[1];
  if (block === undefined) throw new Error(`docs/hosting.md has no \`\`\`${language} block`);
  return block;
}

/**
 * The text of one `## title` section of docs/hosting.md, up to the next `## ` heading.
 * Throws when there is none. Reads the file.
 */
export function docSection(title: string): string {
  const parts = hostingDoc().split(/^## /m);
  const section = parts.find((part) => part.startsWith(`${title}\n`));
  if (section === undefined) throw new Error(`docs/hosting.md has no "## ${title}" section`);
  return section;
}

/**
 * The two-column table of a section (`| setting | value |`), as a map from the first cell
 * to the second with code backticks removed: `| Build command | \`npx sitegen build\` |`
 * gives `Build command` → `npx sitegen build`. Pure.
 */
export function settingsTable(section: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\|([^|]+)\|([^|]+)\|$/.exec(line.trim());
    if (!cells || /^-+$/.test(cells[1].trim())) continue;
    rows.set(cells[1].trim(), cells[2].trim().replaceAll('`', ''));
  }
  return rows;
}
