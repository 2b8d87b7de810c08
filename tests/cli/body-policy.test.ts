import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, makeTempDir } from '../helpers/cli.ts';
import { REPO } from '../helpers/paths.ts';
import { sitegen } from '../helpers/sitegen.ts';
import { hashTree } from '../helpers/tree.ts';

const ARTICLE = 'src/content/articles/perang88-mengenal-fitur-slot-modern.md';
const lines = readFileSync(path.join(REPO, ARTICLE), 'utf8').split('\n');
/** The first heading; a new block goes two lines below it. */
const headingLine = lines.findIndex((line) => line.startsWith('## ')) + 1;
const blockLine = headingLine + 2;

/** Inserts raw HTML `markdown` as a new block right after the first heading (at blockLine). */
async function addBlock(project: string, markdown: string) {
  const file = path.join(project, ARTICLE);
  const text = await readFile(file, 'utf8');
  const heading = lines[headingLine - 1];
  await writeFile(file, text.replace(heading, `${heading}\n\n${markdown}`));
}

// The body policy reads each body once, with htmlparser2, and accepts it only where a browser
// (HTML5) builds the same tree. Markup the two read differently, which the detailed check
// (parse5) alone would accept, fails the build at its line and column, saying what is expected.
describe('a body browsers and the one parse could read differently fails the build', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let project: string;
  beforeAll(async () => {
    temp = await makeTempDir();
    project = await copyProject(path.join(temp.dir, 'site'));
    const built = await sitegen(['build', '--root', project]);
    expect(built.code, built.stderr).toBe(0);
  });
  afterAll(() => temp.remove());

  it('names the file, the line and the column, and keeps the previous output', async () => {
    const before = hashTree(path.join(project, 'dist'));
    await addBlock(project, '<table>\n  <tr><td>Wild</td></tr>\n</table>');
    const result = await sitegen(['build', '--root', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${ARTICLE}:${blockLine + 1}:3: <tr> inside <table>: browsers drop it or add elements around it; write it directly inside <thead>, <tbody>, <tfoot>`,
    );
    expect(result.stderr).toMatch(/The content has 1 problem; nothing was written/);
    expect(result.stdout).toBe('');
    expect(hashTree(path.join(project, 'dist'))).toEqual(before);
  });
});
