/**
 * When two output paths are one file. A case-insensitive disk (macOS, Windows) or host (some
 * CDNs) takes `Index.html` for `index.html`, and macOS takes the NFD `café.txt` (e + U+0301) for
 * the NFC one (é): wherever the output is built, copied or served, one of the two replaces the
 * other. sitegen's fold is the NFC form in lower case (`toLowerCase()`, Unicode's default
 * mapping, no locale): stricter than any one disk, so what passes here is distinct everywhere.
 */

/** The one name `path` is on a case-insensitive, normalising disk or host. Pure. */
export function foldName(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/** Two paths of a list that are one name after foldName: `first` came first in the list. */
export interface NameCollision {
  first: string;
  second: string;
}

/**
 * Every path of `paths` that is another's but for letter case or Unicode normalisation, paired
 * with the first path of its fold; a path that is its own fold ("index.html", an NFC name) comes
 * before any other, so `second` is the odd spelling ("Index.html") when there is one. In the
 * order of `paths` otherwise; a path listed twice as it is is no pair. Pure.
 */
export function findNameCollisions(paths: readonly string[]): NameCollision[] {
  const firstOf = new Map<string, string>();
  const collisions: NameCollision[] = [];
  const isFolded = (path: string) => foldName(path) === path;
  const ordered = [...paths.filter(isFolded), ...paths.filter((path) => !isFolded(path))];
  for (const path of ordered) {
    const key = foldName(path);
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, path);
    else if (first !== path) collisions.push({ first, second: path });
  }
  return collisions;
}

/**
 * How `name` differs from `other`, one name with it after foldName, as words that follow "is
 * <other>" in a message: "but for letter case, one file with it on a case-insensitive disk or
 * host (…)" or "in another Unicode normalisation (this name NFD, that one NFC), one file with it
 * on macOS". Pure.
 */
export function howNamesDiffer(name: string, other: string): string {
  if (name.normalize('NFC') === other.normalize('NFC')) {
    const form = (text: string) =>
      text === text.normalize('NFC') ? 'NFC' : text === text.normalize('NFD') ? 'NFD' : 'mixed';
    return `in another Unicode normalisation (this name ${form(name)}, that one ${form(other)}), one file with it on macOS`;
  }
  return 'but for letter case, one file with it on a case-insensitive disk or host (macOS, Windows, some CDNs)';
}
