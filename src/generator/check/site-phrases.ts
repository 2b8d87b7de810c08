import { existsSync } from 'node:fs';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import { responsibleListProblems } from '../content/check-responsible-copy.ts';
import { sitegenError } from '../errors/errors.ts';
import { CheckNeedsProject, PhraseListInvalid } from '../errors/errors-data.ts';
import { type PhraseList, phraseListOf } from '../policy/responsible-copy.ts';
import { SITE_BUNDLE_NAME, toSitegenError } from '../site/bundle-site.ts';
import { evaluateSite } from '../site/evaluate-site.ts';
import { requireFromSitegen } from '../site/node-require.ts';
import { DEFAULT_RENDER_TIMEOUT_MS } from '../site/time-limit.ts';

const CONTENT_ENTRY = 'src/content/index.ts';

/**
 * The responsible-copy list `sitegen check` holds the pages to: the project's own at `root`,
 * read as the build reads it (src/content/index.ts bundled on its own, no templates, and
 * evaluated; its `content.responsible`), so check and build apply the same list and nothing is
 * added to the output. A folder with no src/content/index.ts (CheckNeedsProject), sources that
 * do not compile or fail to load, and an unsound list are errors: the rule is never skipped
 * unseen. Reads disk; writes nothing.
 */
export async function loadSitePhrases(
  root: string,
  limitMs = DEFAULT_RENDER_TIMEOUT_MS,
): Promise<PhraseList> {
  if (!existsSync(path.join(root, CONTENT_ENTRY))) throw sitegenError(CheckNeedsProject, { root });
  const esbuild = requireFromSitegen('esbuild') as typeof Esbuild;
  let built: Esbuild.BuildResult;
  try {
    built = await esbuild.build({
      absWorkingDir: root,
      stdin: {
        // The site module's shape (evaluate-site.ts) with the content alone.
        contents: `export { content } from './${CONTENT_ENTRY}';\nexport const templates = {};\n`,
        resolveDir: root,
        sourcefile: 'sitegen-check-entry.ts',
        loader: 'ts',
      },
      bundle: true,
      write: false,
      logLevel: 'silent',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: path.join(root, '.sitegen', SITE_BUNDLE_NAME),
      sourcemap: 'external',
      sourcesContent: false,
    });
  } catch (error) {
    throw toSitegenError(error, root);
  }
  const text = (ending: string) => built.outputFiles!.find((f) => f.path.endsWith(ending))!.text;
  const site = { siteCode: text('.cjs'), siteMap: text('.map') };
  const { content } = evaluateSite(site, root, limitMs);
  const problems = responsibleListProblems(content);
  const list = phraseListOf(content.responsible);
  if (problems.length > 0 || !list)
    throw sitegenError(PhraseListInvalid, { count: problems.length }, { problems });
  return list;
}
