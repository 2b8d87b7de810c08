import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { REPO } from './paths.ts';

/**
 * html-validate with the repository's own config (`.htmlvalidate.json`: the recommended rules,
 * what `npx html-validate dist` uses) over `files` of the folder `dir`: every message as
 * "file:line:column rule: message", none when all are valid.
 */
export async function htmlValidateMessages(dir: string, files: string[]): Promise<string[]> {
  const config = JSON.parse(readFileSync(path.join(REPO, '.htmlvalidate.json'), 'utf8'));
  const validator = new HtmlValidate(config);
  const messages: string[] = [];
  for (const file of files) {
    const report = await validator.validateFile(path.join(dir, file));
    for (const result of report.results)
      for (const { line, column, ruleId, message } of result.messages)
        messages.push(`${file}:${line}:${column} ${ruleId}: ${message}`);
  }
  return messages;
}
