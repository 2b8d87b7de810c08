import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import type { CheckReport } from '../../src/generator/check/check-output.ts';
import { createOutput, errorFigures, reportCheck } from '../../src/generator/cli/cli-output.ts';
import { explainSystemError, sitegenError } from '../../src/generator/errors/errors.ts';
import {
  BundleFailed,
  CheckFailed,
  ContentInvalid,
} from '../../src/generator/errors/errors-data.ts';

describe('errors as JSON', () => {
  it('give the kind, message and problems of a SitegenError, and call anything else an unexpected failure', () => {
    const error = sitegenError(
      CheckFailed,
      { folder: 'dist', count: 1 },
      { problems: [{ file: 'index.html', message: 'no title', built: true }] },
    );
    expect(JSON.parse(JSON.stringify(errorFigures(error)))).toEqual({
      kind: 'CheckFailed',
      message: 'The built folder dist/ has 1 problem:',
      problems: ['index.html: no title'],
      problemDetails: [{ file: 'index.html', message: 'no title' }],
    });
    expect(errorFigures(new TypeError('x is undefined'))).toEqual({
      kind: 'UnexpectedFailure',
      message: 'x is undefined',
      problems: [],
      problemDetails: [],
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

  it("give each problem's file, line and column as fields, the line and column as numbers, next to the text the terminal prints", () => {
    const problem = {
      file: 'src/content/articles/a.md',
      line: 5,
      column: 1,
      message: 'unknown key "autor"; did you mean "author"?',
    };
    const error = sitegenError(ContentInvalid, { count: 1 }, { problems: [problem] });
    const figures = JSON.parse(JSON.stringify(errorFigures(error)));
    expect(figures.problems).toEqual([
      'src/content/articles/a.md:5:1: unknown key "autor"; did you mean "author"?',
    ]);
    expect(figures.problemDetails).toEqual([problem]);
    expect(typeof figures.problemDetails[0].line).toBe('number');
    expect(typeof figures.problemDetails[0].column).toBe('number');
  });
});

describe('check --json', () => {
  it("prints each problem of a built file as text and as fields, with the line a number and no 'built' flag", () => {
    const stdout = Object.assign(new PassThrough(), { isTTY: false });
    const stderr = Object.assign(new PassThrough(), { isTTY: false });
    const output = createOutput({ json: true }, { stdout, stderr }, {});
    const report: CheckReport = {
      pages: 1,
      files: 2,
      problems: [
        { file: 'index.html', line: 12, message: 'has an inline <script>', built: true },
        { file: 'feed.xml', line: 3, column: 5, message: 'not well-formed XML: x.', built: true },
      ],
      weights: [],
    };
    reportCheck(output, report, 'dist', { budgetKb: 30 });
    output.succeed();
    const json = JSON.parse(String(stdout.read()));
    expect(json.problems).toEqual([
      'index.html: line 12: has an inline <script>',
      'feed.xml: line 3:5: not well-formed XML: x.',
    ]);
    expect(json.problemDetails).toEqual([
      { file: 'index.html', line: 12, message: 'has an inline <script>' },
      { file: 'feed.xml', line: 3, column: 5, message: 'not well-formed XML: x.' },
    ]);
  });
});
