import type { ChangePlan } from '../build/change-plan.ts';
import { urlOfOutputFile } from '../host/static-host.ts';

/**
 * What the open pages of `sitegen watch` do after a rebuild. watch.ts chooses one per
 * rebuild (planLiveUpdate); live-reload.ts sends it to every page, and the page's reload
 * script acts on it.
 */
export type LiveUpdate =
  /**
   * Every open page reloads: a template or the client script changed, or a build failed or
   * recovered.
   */
  | { kind: 'reload' }
  /**
   * The pages served from these URLs reload ("/artikel/x/", "/404.html"); the others stay as they
   * are.
   */
  | { kind: 'pages'; urls: string[] }
  /**
   * Every page swaps its stylesheet link for the one with the same name and a new fingerprint: no
   * reload, no scroll jump.
   */
  | { kind: 'css'; stylesheets: string[] };

const STYLESHEET_OUTPUT = /\.css$/;
const PAGE_OUTPUT = /\.html$/;

/**
 * The live update for a successful rebuild, from what changed (the builder's change plan:
 * build/change-plan.ts decides which saves are style-only or content-only) and the output files
 * it wrote and removed. Pure.
 * - Nothing was written or removed: no page changed, none reloads.
 * - Only stylesheets changed: every page now links a new fingerprint, so every HTML file
 *   was written too, but the pages need only the new stylesheet URL. If the build wrote
 *   anything besides CSS and HTML, something else changed: every page reloads.
 * - Only content changed: the pages whose HTML was written or removed reload.
 * - Anything else (templates, src/client, a mix): every page reloads.
 */
export function planLiveUpdate(
  changes: Pick<ChangePlan, 'liveUpdate'>,
  output: { writtenFiles: string[]; removed: string[] },
  base: string,
): LiveUpdate {
  const { writtenFiles, removed } = output;
  if (writtenFiles.length === 0 && removed.length === 0) return { kind: 'pages', urls: [] };
  if (changes.liveUpdate === 'css') {
    const isStyleOnly = writtenFiles.every(
      (file) => STYLESHEET_OUTPUT.test(file) || PAGE_OUTPUT.test(file),
    );
    const stylesheets = writtenFiles
      .filter((file) => STYLESHEET_OUTPUT.test(file))
      .map((file) => urlOfOutputFile(file, base));
    return isStyleOnly ? { kind: 'css', stylesheets } : { kind: 'reload' };
  }
  if (changes.liveUpdate === 'pages') {
    const pages = [...writtenFiles, ...removed].filter((file) => PAGE_OUTPUT.test(file));
    return {
      kind: 'pages',
      urls: [...new Set(pages.map((file) => urlOfOutputFile(file, base)))].sort(),
    };
  }
  return { kind: 'reload' };
}
