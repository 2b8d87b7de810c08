import util from 'node:util';

/**
 * The few styles sitegen uses: errors red, warnings yellow, a passed summary green, figures bold.
 */
export type Style = 'red' | 'yellow' | 'green' | 'bold' | 'dim';

/**
 * Returns `text` wrapped in the escape codes of `styles`, or `text` unchanged when colour is off.
 * Pure.
 */
export type Paint = (styles: Style | Style[], text: string) => string;

/**
 * Whether output to `stream` gets colour: forced on by FORCE_COLOR (non-empty, not "0" or
 * "false"), forced off by FORCE_COLOR=0 or false, else off with NO_COLOR (non-empty) or
 * TERM=dumb, else on exactly when the stream is a terminal. FORCE_COLOR wins over NO_COLOR,
 * as in Node and supports-color: it is the more specific request. Reads the environment only.
 */
export function hasColour(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const force = env.FORCE_COLOR;
  if (force) return force !== '0' && force !== 'false';
  if (env.NO_COLOR || env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * A painter for one stream. Colour comes from `util.styleText` (Node 20.12+) with its own
 * stream check turned off: Node 20's check differs between versions (and skips arrays of
 * styles), so hasColour() alone decides. Without styleText, text stays plain.
 */
export function painterFor(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): Paint {
  const styleText = typeof util.styleText === 'function' ? util.styleText : undefined;
  if (!styleText || !hasColour(stream, env)) return (_styles, text) => text;
  return (styles, text) => styleText(styles, text, { validateStream: false });
}

/**
 * Makes a closed pipe on `stream` harmless: when the reader went away (`sitegen check
 * --sizes | head -1`), writes fail with EPIPE, which Node reports as an 'error' event and,
 * without a listener, a crash with a stack trace. EPIPE is ignored (each later write fails
 * the same way and is ignored too), so the command finishes and exits with its own code;
 * any other stream error is thrown on, exactly as it would be without this listener.
 */
export function ignoreClosedPipe(stream: NodeJS.EventEmitter): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
