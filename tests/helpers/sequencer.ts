import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of each project, longest first (seconds of one run on 2 cores, November
 * 2026). Started first, they end while the short files fill the other core; started last (a
 * clean clone has no record of durations, and vitest then starts the largest files first), one
 * of them ran alone for 16 s at the end of each project.
 */
const LONGEST_FIRST = [
  'tests/cli/search-10k.test.ts', // 16-18 s
  'tests/cli/workers.test.ts', // 13 s
  'tests/cli/watch.test.ts', // 13 s
  'tests/cli/atomic.test.ts', // 11 s
  'tests/cli/social-cards.test.ts', // 8 s
  'tests/cli/body-images.test.ts', // 8 s
  'tests/cli/cli.test.ts', // 7 s
  'tests/browser/axe.test.ts', // 15-25 s
  'tests/browser/paged-list.test.ts', // 13 s
  'tests/browser/article-list.test.ts', // 13 s
  'tests/browser/watch-reload.test.ts', // 12 s
  'tests/browser/navigation.test.ts', // 10 s
  'tests/browser/contact-and-article.test.ts', // 10 s
];

/**
 * vitest's order, but on a run with no record of the last one's durations (a clean clone, CI),
 * the files of LONGEST_FIRST go first within their project. With a record, vitest's own order
 * (longest first, by the record) stands.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const relativeOf = (file: TestSpecification) =>
      path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join('/');
    const isRecorded = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relativeOf(file)}`) !== undefined;
    if (sorted.every(isRecorded)) return sorted;
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relativeOf(file));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: projects and groups keep their order, as the rest does.
    const projectOrder = new Map<string, number>();
    for (const file of sorted)
      if (!projectOrder.has(file.project.name))
        projectOrder.set(file.project.name, projectOrder.size);
    return [...sorted].sort(
      (a, b) =>
        projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! || rank(a) - rank(b),
    );
  }
}
