import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json lives). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The real CLI, exactly as `npx sitegen` runs it. */
export const CLI = path.join(REPO, 'bin/sitegen');
