/**
 * Shape tests of a value read back from a file sitegen wrote in its cache (a build manifest,
 * check's page facts): true when the value has the shape the code reading it relies on. A cache
 * file is read, never trusted: anything else means doing the work again.
 */

/** A test of one value: true when it has the shape the code reading it relies on. */
export type Shape = (value: unknown) => boolean;

export const text: Shape = (value) => typeof value === 'string';
export const number: Shape = (value) => typeof value === 'number';
export const flag: Shape = (value) => typeof value === 'boolean';
export const count: Shape = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
export const anything: Shape = () => true;
/** What a file never holds (a memo's text, a result's body HTML). */
export const absent: Shape = (value) => value === undefined;

export const optional =
  (shape: Shape): Shape =>
  (value) =>
    value === undefined || shape(value);

export const listOf =
  (shape: Shape): Shape =>
  (value) =>
    Array.isArray(value) && value.every(shape);

export const pairOf =
  (first: Shape, second: Shape): Shape =>
  (value) =>
    Array.isArray(value) && value.length === 2 && first(value[0]) && second(value[1]);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose every value has `shape`, and every key `isKey`. (Loops: 10,000 articles.) */
export const recordOf =
  (shape: Shape, isKey: Shape = anything): Shape =>
  (value) => {
    if (!isRecord(value)) return false;
    for (const name in value) if (!isKey(name) || !shape(value[name])) return false;
    return true;
  };

/** An object whose named fields each have their shape (other keys are not read). */
export const fields = (shapes: Record<string, Shape>): Shape => {
  const list = Object.entries(shapes);
  return (value) => {
    if (!isRecord(value)) return false;
    for (const [name, shape] of list) if (!shape(value[name])) return false;
    return true;
  };
};

/** An object with exactly these fields (an absent optional one aside), each of its shape. */
export const exactFields =
  (shapes: Record<string, Shape>): Shape =>
  (value) => {
    if (!isRecord(value)) return false;
    if (Object.keys(value).some((key) => !(key in shapes))) return false;
    return Object.entries(shapes).every(([key, shape]) => shape(value[key]));
  };
