import { createRequire } from 'node:module';

/**
 * `require` resolving from sitegen's own node_modules. CommonJS packages (React, esbuild)
 * are loaded with it rather than `import`: Node's ESM loader would scan each of them
 * with cjs-module-lexer first (about 15 ms at start-up), and the site bundle must get the
 * very same React instance the renderer uses.
 */
export const requireFromSitegen = createRequire(import.meta.url);
