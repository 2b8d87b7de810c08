import { describe, expect, it } from 'vitest';
import { errorFigures } from '../../src/generator/cli/cli-output.ts';
import { explainSystemError, sitegenError } from '../../src/generator/errors/errors.ts';
import { BundleFailed, CheckFailed } from '../../src/generator/errors/errors-data.ts';

describe('errors as JSON', () => {
  it('give the kind, message and problems of a SitegenError, and call anything else an unexpected failure', () => {
    const error = sitegenError(
      CheckFailed,
      { folder: 'dist', count: 1 },
      { problems: ['index.html: no title'] },
    );
    expect(JSON.parse(JSON.stringify(errorFigures(error)))).toEqual({
      kind: 'CheckFailed',
      message: 'The built folder dist/ has 1 problem:',
      problems: ['index.html: no title'],
    });
    expect(errorFigures(new TypeError('x is undefined'))).toEqual({
      kind: 'UnexpectedFailure',
      message: 'x is undefined',
      problems: [],
    });
  });

  it('keep a cause that says something new (what esbuild said), not one the message already explains (a system error)', () => {
    const bundling = sitegenError(BundleFailed, undefined, {
      cause: new Error('src/templates/Page.tsx:3:7: ERROR: Expected ";"'),
    });
    expect(errorFigures(bundling)).toMatchObject({
      kind: 'BundleFailed',
      cause: 'src/templates/Page.tsx:3:7: ERROR: Expected ";"',
    });
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      path: '/srv/site/dist/index.html',
    });
    const explained = errorFigures(explainSystemError(enospc, 'writing the new output'));
    expect(explained).toMatchObject({
      kind: 'SystemFailure',
      message: 'no space left on device while writing the new output (/srv/site/dist/index.html).',
    });
    expect(explained.cause).toBeUndefined();
  });
});
