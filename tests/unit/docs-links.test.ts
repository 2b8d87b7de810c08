/**
 * The README and docs/ link to each other by file and heading: every relative link must name a
 * file of the repository and, with a #fragment, a heading of that file (GitHub's anchors).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/paths.ts';

const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, outside code blocks. */
function anchorsOf(text: string): Set<string> {
  const withoutCode = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1])));
}

/** Every relative link target of a Markdown file, outside code blocks and code spans. */
function linksOf(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links between the README and docs/', () => {
  it.each(DOCS)('%s: every relative link names a file and heading that exist', (doc) => {
    const text = readFileSync(path.join(REPO, doc), 'utf8');
    const broken: string[] = [];
    for (const target of linksOf(text)) {
      const [file, fragment] = target.split('#');
      const resolved = file === '' ? doc : path.posix.join(path.posix.dirname(doc), file);
      if (!existsSync(path.join(REPO, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (fragment === undefined || !resolved.endsWith('.md')) continue;
      const anchors = anchorsOf(readFileSync(path.join(REPO, resolved), 'utf8'));
      if (!anchors.has(fragment)) broken.push(`${target}: no heading #${fragment} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it('the README starts with the commands that take a newcomer to the site in a browser', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const firstScreen = readme.split('\n').slice(0, 15).join('\n');
    expect(firstScreen).toContain('npm install && npx sitegen build');
    expect(firstScreen).toContain('npm run dev');
    expect(firstScreen).toContain('http://127.0.0.1:4321/');
    expect(firstScreen).toContain('npm test');
  });
});
