import { createHash } from 'node:crypto';
import type { Bundles } from '../site/bundles.ts';

/** The site module's code as worker threads get it: once, in shared memory, not per task. */
export interface SharedSite {
  /** Differs whenever the code, the project folder or the time limit does. */
  key: string;
  /** The code and its source map, as UTF-8 JSON. */
  bytes: SharedArrayBuffer;
  root: string;
  limitMs: number;
}

/** The part of the bundles a worker evaluates. */
export type SiteCode = Pick<Bundles, 'siteCode' | 'siteMap'>;

/** Puts `bundles`' site module in shared memory for the workers. Pure. */
export function shareSite(bundles: SiteCode, root: string, limitMs: number): SharedSite {
  const encoded = Buffer.from(JSON.stringify([bundles.siteCode, bundles.siteMap]));
  const bytes = new SharedArrayBuffer(encoded.byteLength);
  new Uint8Array(bytes).set(encoded);
  const hash = createHash('sha256').update(encoded).digest('hex');
  return { key: `${hash} ${limitMs} ${root}`, bytes, root, limitMs };
}

/** The code shareSite put in shared memory. Pure. */
export function readSharedSite(shared: SharedSite): SiteCode {
  const [siteCode, siteMap] = JSON.parse(Buffer.from(shared.bytes).toString('utf8')) as string[];
  return { siteCode, siteMap };
}
