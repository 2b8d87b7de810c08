import { describe, expect, it } from 'vitest';
import { describeError, explainSystemError, printable, SitegenError } from '../../src/generator/errors.ts';

describe('error messages', () => {
  it('show control bytes of quoted content as \\xNN, so content cannot drive the terminal', () => {
    const title = 'Judul\x1b[2J\x1b]0;pwned\x07\r\u202eevil';
    const message = describeError(new SitegenError(`src/content/articles.ts: article "x": "title" is "${title}"`));
    expect(message).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    expect(message).toContain('\\x1b[2J');
    expect(message).toContain('\\u{202e}evil');
    expect(printable('line one\nline two\ttabbed')).toBe('line one\nline two\ttabbed');
  });

  it('explain an operating-system error in one line with its path, and leave other errors alone', () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: 'ENOSPC', path: '/srv/site/.dist.tmp-42/artikel/index.html' });
    const explained = explainSystemError(enospc, 'writing the new output', { '/srv/site/.dist.tmp-42': '/srv/site/dist' }, 'the previous output is unchanged');
    expect(describeError(explained)).toBe(
      'no space left on device while writing the new output (/srv/site/dist/artikel/index.html); the previous output is unchanged.',
    );
    const bug = new TypeError('x is undefined');
    expect(explainSystemError(bug, 'writing')).toBe(bug);
  });
});
