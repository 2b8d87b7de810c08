import { describe, expect, it } from 'vitest';
import {
  describeError,
  explainSystemError,
  printable,
  sitegenError,
  SitegenError,
} from '../../src/generator/errors/errors.ts';
import * as errorsData from '../../src/generator/errors/errors-data.ts';
import { formatProblem } from '../../src/generator/errors/problem.ts';
import { ContentInvalid } from '../../src/generator/errors/errors-data.ts';

describe('error messages', () => {
  it('show control bytes of quoted content as \\xNN, so content cannot drive the terminal', () => {
    const title = 'Judul\x1b[2J\x1b]0;pwned\x07\r\u202eevil';
    const message = describeError(
      sitegenError(
        ContentInvalid,
        { count: 1 },
        {
          problems: [
            { file: 'src/content/articles.ts', message: `article "x": "title" is "${title}"` },
          ],
        },
      ),
    );
    expect(message).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    expect(message).toContain('\\x1b[2J');
    expect(message).toContain('\\u{202e}evil');
    expect(printable('line one\nline two\ttabbed')).toBe('line one\nline two\ttabbed');
  });

  it('explain an operating-system error in one line with its path, and leave other errors alone', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      path: '/srv/site/.dist.tmp-42/artikel/index.html',
    });
    const explained = explainSystemError(
      enospc,
      'writing the new output',
      { '/srv/site/.dist.tmp-42': '/srv/site/dist' },
      'the previous output is unchanged',
    );
    expect(describeError(explained)).toBe(
      'no space left on device while writing the new output (/srv/site/dist/artikel/index.html); the previous output is unchanged.',
    );
    const bug = new TypeError('x is undefined');
    expect(explainSystemError(bug, 'writing')).toBe(bug);
  });
});

describe('problems as text', () => {
  it('put the place first, as each reader and the checker always wrote it, with only the parts known', () => {
    const file = 'src/content/articles/a.md';
    expect(formatProblem({ file, line: 5, column: 1, message: 'unknown key "autor"' })).toBe(
      'src/content/articles/a.md:5:1: unknown key "autor"',
    );
    expect(formatProblem({ file, line: 18, message: '<script> is not allowed' })).toBe(
      'src/content/articles/a.md:18: <script> is not allowed',
    );
    expect(formatProblem({ file, message: 'cannot be read' })).toBe(
      'src/content/articles/a.md: cannot be read',
    );
    expect(formatProblem({ message: 'dist: no HTML pages found' })).toBe(
      'dist: no HTML pages found',
    );
    // sitegen check's built files: "line N", and saxes' 0-based column kept as it counts it.
    expect(formatProblem({ file: 'index.html', line: 1, message: 'x', built: true })).toBe(
      'index.html: line 1: x',
    );
    expect(formatProblem({ file: 'feed.xml', line: 3, column: 0, message: 'y', built: true })).toBe(
      'feed.xml: line 3:0: y',
    );
    expect(formatProblem({ file: 'feed.xml', message: 'and 2 more XML errors', built: true })).toBe(
      'feed.xml: and 2 more XML errors',
    );
  });
});

describe('the error catalogue', () => {
  it('names every kind after its export, once, and every message is a sentence without an "Error:" prefix', () => {
    const kinds = Object.entries(errorsData).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'message' in value,
    );
    expect(kinds.length).toBeGreaterThan(20);
    for (const [exported, kind] of kinds) {
      const { name } = kind as { name: string };
      expect(name, exported).toBe(exported);
    }
  });

  it('every SitegenError the generator throws comes from the catalogue (no message written at the throw site)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(import.meta.dirname, '../../src/generator');
    for (const file of readdirSync(dir).filter(
      (name) => name.endsWith('.ts') && name !== 'errors.ts',
    )) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/new SitegenError\(/);
    }
    const error = sitegenError(ContentInvalid, { count: 2 });
    expect(error).toBeInstanceOf(SitegenError);
    expect(error.kind).toBe('ContentInvalid');
    expect(error.message).toBe(
      'The content has 2 problems; nothing was written. Fix them and build again:',
    );
  });
});
