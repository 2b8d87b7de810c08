import { createHash } from 'node:crypto';
import type { Brand } from '../../content/types.ts';
import type { Bundles } from '../site/bundles.ts';
import type { OutputFile } from '../output/writer.ts';

/** The fingerprinted assets of one build: the files to write and the URLs pages link. */
export interface PlannedAssets {
  files: OutputFile[];
  /** Site-relative paths ("/assets/client.1a2b3c4d.js"), as plan-routes expects them. */
  urls: { css: string; js: string; icon: string };
}

/**
 * Returns the stylesheet (bundled CSS, the picture rules when `hasImages`, one badge rule
 * per brand), the client script and the icon, each named by a hash of its bytes, with their
 * URLs. Pure: never touches disk.
 */
export function planAssets(
  bundles: Bundles,
  brands: Brand[],
  { hasImages = false } = {},
): PlannedAssets {
  const styles = fingerprint(
    'assets/styles',
    '.css',
    bundles.css + (hasImages ? bundles.imageCss : '') + brandCss(brands),
  );
  const client = fingerprint('assets/client', '.js', bundles.clientJs);
  const icon = fingerprint('assets/favicon', '.svg', bundles.favicon);
  return {
    files: [styles, client, icon],
    urls: { css: `/${styles.path}`, js: `/${client.path}`, icon: `/${icon.path}` },
  };
}

/** Returns one `.badge-<slug>` background rule per brand, in brand order. Pure. */
function brandCss(brands: Brand[]): string {
  return brands.map((brand) => `.badge-${brand.slug}{background:${brand.color}}`).join('');
}

/** The end of a name `fingerprint` gives: `.<10 hex>.ext`. */
export const FINGERPRINTED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** Returns the file `stem.<first 10 hex of its SHA-256>extension` holding `contents`. Pure. */
export function fingerprint(
  stem: string,
  extension: string,
  contents: string | Uint8Array,
): OutputFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `${stem}.${hash}${extension}`, contents };
}
