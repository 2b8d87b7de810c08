import { SourceMap } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { SiteContent } from '../../content/types.ts';
import type { ComponentType } from 'react';
import type { PictureProps, SocialCardProps, TemplateName } from '../../templates/index.ts';
import { SITE_BUNDLE_NAME } from './bundle-site.ts';
import type { Bundles } from './bundles.ts';
import { sitegenError } from '../errors/errors.ts';
import {
  SiteModuleExportsMissing,
  SiteModuleFailed,
  SiteModuleTimeout,
} from '../errors/errors-data.ts';
import { requireFromSitegen } from './node-require.ts';
import { DEFAULT_RENDER_TIMEOUT_MS, runWithTimeLimit, TimeLimitExceeded } from './time-limit.ts';

export interface SiteModule {
  content: SiteContent;
  /**
   * The page templates, SocialCard (absent in a project that has none: no cards) and Picture
   * (the pictures of the images a body shows; needed only when some body has one).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each template has its own props (TemplateProps)
  templates: Record<TemplateName, ComponentType<any>> & {
    SocialCard?: ComponentType<SocialCardProps>;
    Picture?: ComponentType<PictureProps>;
  };
  /**
   * Maps an error thrown by site code to "src/templates/X.tsx:12" (and column), when the stack
   * allows.
   */
  locate(error: unknown): SourcePosition | undefined;
}

/** A place in a source file: path relative to the project root, 1-based line and column. */
export interface SourcePosition {
  file: string;
  line: number;
  /** Absent when the source map entry has no original column. */
  column?: number;
}

/** The module each bundles object was evaluated to (for its root and time limit). */
const evaluated = new WeakMap<object, { root: string; limitMs: number; site: SiteModule }>();

/**
 * Evaluates the bundled site module. It is compiled as a function, not imported, so every
 * rebuild with new bundles gets fresh content and templates and nothing piles up in Node's
 * module cache. The same bundles object gives the same module (watch reuses its bundles while
 * the change plan says they are exact), so the content's objects keep their identity from one
 * run to the next and what is memoized by them stays valid. Its evaluation runs under the same
 * time limit as one page's render. Pure apart from that memo.
 */
export function evaluateSite(
  bundles: Pick<Bundles, 'siteCode' | 'siteMap'>,
  root: string,
  limitMs = DEFAULT_RENDER_TIMEOUT_MS,
): SiteModule {
  const last = evaluated.get(bundles);
  if (last?.root === root && last.limitMs === limitMs) return last.site;
  const site = evaluateAnew(bundles, root, limitMs);
  evaluated.set(bundles, { root, limitMs, site });
  return site;
}

/** evaluateSite without the memo: the bundle's code run once more. */
function evaluateAnew(
  bundles: Pick<Bundles, 'siteCode' | 'siteMap'>,
  root: string,
  limitMs: number,
): SiteModule {
  const filename = path.join(root, '.sitegen', SITE_BUNDLE_NAME);
  const module = { exports: {} as { content?: SiteContent; templates?: SiteModule['templates'] } };
  // The source map is parsed only when an error needs a location.
  let map: SourceMap | undefined;
  const locate = (error: unknown) => {
    map ??= new SourceMap(JSON.parse(bundles.siteMap));
    return locateInBundle(error, filename, map, root);
  };
  try {
    const run = vm.compileFunction(bundles.siteCode, ['require', 'module', 'exports'], {
      filename,
    });
    // Top-level code of content and templates runs here: a loop there must not hang the build.
    runWithTimeLimit(() => run(requireFromSitegen, module, module.exports), limitMs);
  } catch (error) {
    if (error instanceof TimeLimitExceeded) {
      throw sitegenError(SiteModuleTimeout, { limitMs });
    }
    const where = locate(error);
    const at = where ? ` at ${where.file}:${where.line}` : '';
    throw sitegenError(
      SiteModuleFailed,
      { where: at, reason: String((error as Error)?.message ?? error) },
      { cause: error, ...where },
    );
  }
  const { content, templates } = module.exports;
  if (!content || !templates) {
    throw sitegenError(SiteModuleExportsMissing, undefined);
  }
  return { content, templates, locate };
}

function locateInBundle(
  error: unknown,
  filename: string,
  map: SourceMap,
  root: string,
): SourcePosition | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of stack.matchAll(new RegExp(`${escaped}:(\\d+):(\\d+)`, 'g'))) {
    const entry = map.findEntry(Number(match[1]) - 1, Number(match[2]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (entry?.originalSource && !entry.originalSource.includes('node_modules')) {
      const absolute = path.resolve(path.dirname(filename), entry.originalSource);
      const column =
        typeof entry.originalColumn === 'number' ? { column: entry.originalColumn + 1 } : {};
      return {
        file: path.relative(root, absolute),
        line: (entry.originalLine ?? 0) + 1,
        ...column,
      };
    }
  }
  return undefined;
}
