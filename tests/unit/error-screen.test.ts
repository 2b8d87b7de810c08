import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCodeFrame,
  codeFrameHtml,
  codeFrameText,
  errorPosition,
  errorScreenText,
  renderErrorScreen,
  toErrorScreen,
  type CodeFrame,
} from '../../src/generator/dev/error-screen.ts';
import { sitegenError } from '../../src/generator/errors/errors.ts';
import { ContentInvalid, RenderFailed } from '../../src/generator/errors/errors-data.ts';
import { makeTempDir } from '../helpers/cli.ts';

/** Lines "line 1" .. "line N", each ending in a line break. */
function numbered(count: number): string {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');
}

function frameOf(text: string, line: number, column?: number): CodeFrame {
  const frame = buildCodeFrame('src/x.tsx', text, line, column);
  if (!frame) throw new Error(`no frame for line ${line}`);
  return frame;
}

describe('the code frame', () => {
  it('shows two lines either side, a gutter with ">" on the error line, and a caret under the column', () => {
    const text =
      'const a = 1;\nfunction f() {\n  const b = a;\n  throw new Error("x");\n  return b;\n}\nexport { f };\n';
    expect(codeFrameText(frameOf(text, 4, 9))).toBe(
      [
        '  2 | function f() {',
        '  3 |   const b = a;',
        '> 4 |   throw new Error("x");',
        '    |         ^',
        '  5 |   return b;',
        '  6 | }',
      ].join('\n'),
    );
  });

  it('leaves out the caret row when no column is known', () => {
    expect(codeFrameText(frameOf(numbered(5), 3))).toBe(
      ['  1 | line 1', '  2 | line 2', '> 3 | line 3', '  4 | line 4', '  5 | line 5'].join('\n'),
    );
  });

  it('stops at the first and last line of the file, and sizes the gutter for the widest number shown', () => {
    expect(codeFrameText(frameOf(numbered(12), 1, 1))).toBe(
      ['> 1 | line 1', '    | ^', '  2 | line 2', '  3 | line 3'].join('\n'),
    );
    // The file ends in a line break: there is no empty line 13 after it.
    expect(codeFrameText(frameOf(numbered(12), 12, 6))).toBe(
      ['  10 | line 10', '  11 | line 11', '> 12 | line 12', '     |      ^'].join('\n'),
    );
    expect(codeFrameText(frameOf(numbered(10), 9))).toBe(
      ['   7 | line 7', '   8 | line 8', '>  9 | line 9', '  10 | line 10'].join('\n'),
    );
    expect(codeFrameText(frameOf('only\r\nline two', 2, 1))).toBe(
      ['  1 | only', '> 2 | line two', '    | ^'].join('\n'),
    );
  });

  it('gives no frame for a line the file does not have', () => {
    expect(buildCodeFrame('a.md', numbered(3), 4)).toBeUndefined();
    expect(buildCodeFrame('a.md', numbered(3), 0)).toBeUndefined();
    expect(buildCodeFrame('a.md', '', 1)?.lines).toEqual([{ number: 1, text: '' }]);
  });

  it('keeps tabs in the caret row so the caret stays under the column', () => {
    expect(codeFrameText(frameOf('\tif (x) {\n\t\tcall(y);\n', 2, 3))).toBe(
      ['  1 | \tif (x) {', '> 2 | \t\tcall(y);', '    | \t\t^'].join('\n'),
    );
  });

  it('escapes source lines for HTML: a file with <script> shows it as text', () => {
    const frame = frameOf('<p>ok</p>\n<script>alert("x")</script>\nnext & last\n', 2, 1);
    const html = codeFrameHtml(frame);
    expect(html).not.toContain('<script');
    expect(html).toBe(
      [
        '<span class="context">  1 | &lt;p&gt;ok&lt;/p&gt;</span>',
        '<span class="error-line">&gt; 2 | &lt;script&gt;alert("x")&lt;/script&gt;</span>',
        '<span class="caret">    | ^</span>',
        '<span class="context">  3 | next &amp; last</span>',
      ].join('\n'),
    );
  });

  it('makes control characters printable for the terminal, and moves the caret past what they became', () => {
    const frame = frameOf('title: a\x1b[2Jb\u202ec: 1\n', 1, 15);
    const text = codeFrameText(frame);
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    // Column 15 is the "c": "\x1b" is 4 characters where the source has 1, "\u{202e}" 8, and the
    // caret moves with them.
    expect(text).toBe(
      ['> 1 | title: a\\x1b[2Jb\\u{202e}c: 1', `    | ${' '.repeat(24)}^`].join('\n'),
    );
    expect(codeFrameHtml(frame)).not.toContain('\x1b');
  });
});

describe('the error screen', () => {
  const frame = frameOf('<b>\n<script>x</script>\n', 2, 1);

  it('is one HTML document with the message, file:line and frame, and no inline style or script', () => {
    const html = renderErrorScreen({
      message: 'Rendering / failed: <img src=x onerror=alert(1)>',
      file: 'src/x.tsx',
      line: 2,
      frame,
    });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<h1>Unexpected Application Error!</h1>');
    expect(html).toContain(
      '<pre class="message">Rendering / failed: &lt;img src=x onerror=alert(1)&gt;</pre>',
    );
    expect(html).toContain('File: <code>src/x.tsx:2</code>');
    expect(html).toContain('<figcaption><code>src/x.tsx:2:1</code></figcaption>');
    expect(html).toContain(
      '<span class="error-line">&gt; 2 | &lt;script&gt;x&lt;/script&gt;</span>',
    );
    expect(html).not.toMatch(/<style|style=|<script|<img/);
    expect(html.match(/<link [^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/__sitegen/error.css">',
    ]);
  });

  it('prints the same frame in the terminal, under the message, and lets a caller paint each part', () => {
    const screen = { message: 'It broke.', file: 'src/x.tsx', line: 2, frame };
    expect(errorScreenText(screen)).toBe(
      [
        'Unexpected Application Error! (src/x.tsx:2)',
        'It broke.',
        '',
        'src/x.tsx:2:1',
        '  1 | <b>',
        '> 2 | <script>x</script>',
        '    | ^',
        '',
        'Waiting for the next save...',
      ].join('\n'),
    );
    const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`;
    const painted = errorScreenText(screen, {
      title: tag('t'),
      location: tag('l'),
      errorLine: tag('e'),
      caret: tag('c'),
      context: tag('x'),
    });
    expect(painted.split('\n')).toEqual([
      '<t>Unexpected Application Error!</t> (<l>src/x.tsx:2</l>)',
      'It broke.',
      '',
      '<l>src/x.tsx:2:1</l>',
      '<x>  1 | <b></x>',
      '<e>> 2 | <script>x</script></e>',
      '<c>    | ^</c>',
      '',
      'Waiting for the next save...',
    ]);
    expect(errorScreenText({ message: 'No file.' })).toBe(
      'Unexpected Application Error!\nNo file.\nWaiting for the next save...',
    );
  });
});

describe('where the frame points', () => {
  it('uses the first content problem that names a line, with its column when it has one', () => {
    const problems = [
      {
        file: 'src/content/brands.ts',
        message: 'brand "x": "rating" is 9; expected a number from 0 to 5',
      },
      {
        file: 'src/content/articles/a.md',
        line: 8,
        column: 3,
        message: '"listed" is "ya"; expected true or false',
      },
      { file: 'src/content/articles/b.md', line: 2, column: 1, message: 'unknown key "x"' },
    ];
    const error = sitegenError(
      ContentInvalid,
      { count: 3 },
      { problems, file: 'src/content/brands.ts' },
    );
    expect(errorPosition(error)).toEqual({ file: 'src/content/articles/a.md', line: 8, column: 3 });
    const bodyOnly = sitegenError(
      ContentInvalid,
      { count: 1 },
      {
        problems: [
          { file: 'src/content/articles/a.md', line: 14, message: '<script> is not allowed' },
        ],
      },
    );
    expect(errorPosition(bodyOnly)).toEqual({ file: 'src/content/articles/a.md', line: 14 });
    const noLine = sitegenError(ContentInvalid, { count: 1 }, { problems: [problems[0]] });
    expect(errorPosition(noLine)).toBeUndefined();
    // A built file (sitegen check) is no source: the frame would read the wrong file.
    const built = sitegenError(
      ContentInvalid,
      { count: 1 },
      { problems: [{ file: 'index.html', line: 3, message: 'has no <title>', built: true }] },
    );
    expect(errorPosition(built)).toBeUndefined();
  });

  it("prefers the error's own file, line and column (templates, esbuild)", () => {
    const error = sitegenError(
      RenderFailed,
      { url: '/', template: 'HomePage', where: '', reason: 'x' },
      { file: 'src/templates/A.tsx', line: 4, column: 7 },
    );
    expect(errorPosition(error)).toEqual({ file: 'src/templates/A.tsx', line: 4, column: 7 });
  });
});

describe('reading the source for the frame', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  const problem = (file: string) =>
    sitegenError(
      ContentInvalid,
      { count: 1 },
      { problems: [{ file, line: 2, column: 1, message: 'broken' }] },
    );

  beforeAll(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'project');
    mkdirSync(path.join(root, 'src/content/articles'), { recursive: true });
    writeFileSync(path.join(root, 'src/content/articles/a.md'), '---\nlisted: ya\n---\n');
    writeFileSync(path.join(temp.dir, 'secret.txt'), 'one\nTOP SECRET\n');
    symlinkSync(path.join(temp.dir, 'secret.txt'), path.join(root, 'src/content/articles/link.md'));
    symlinkSync(temp.dir, path.join(root, 'src/outside'));
  });
  afterAll(() => temp.remove());

  it('reads the file under the project root at the time of the error', () => {
    const screen = toErrorScreen(problem('src/content/articles/a.md'), root);
    expect(screen.frame?.lines).toEqual([
      { number: 1, text: '---' },
      { number: 2, text: 'listed: ya' },
      { number: 3, text: '---' },
    ]);
    expect(screen.message).toContain('src/content/articles/a.md:2:1: broken');
  });

  it('gives no frame for a file outside the root, behind a link, or missing, and for errors that name no line', () => {
    for (const file of [
      '../secret.txt',
      path.join(temp.dir, 'secret.txt'),
      'src/content/articles/link.md',
      'src/outside/secret.txt',
      'src/content/articles/missing.md',
    ]) {
      const screen = toErrorScreen(problem(file), root);
      expect(screen.frame, file).toBeUndefined();
      expect(screen.message, file).toContain(`${file}:2:1: broken`);
    }
    const unexpected = toErrorScreen(new TypeError('x is undefined'), root);
    expect(unexpected.frame).toBeUndefined();
    expect(unexpected.message).toMatch(/^x is undefined\nTypeError: x is undefined\n\s+at /);
  });
});
