import { createBuilder, type BuildResult, type Project } from './builder.ts';

export type { BuildResult, Project as BuildOptions } from './builder.ts';

/**
 * Builds the project once (createBuilder, build, dispose) and returns the result. Writes the
 * output folder (temporary folder, then swap) unless `options.writer` takes the files.
 */
export async function build(options: Project): Promise<BuildResult> {
  const builder = await createBuilder(options);
  try {
    return await builder.build();
  } finally {
    await builder.dispose();
  }
}
