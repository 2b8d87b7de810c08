import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { hasColour, ignoreClosedPipe, painterFor } from '../../src/generator/cli/terminal.ts';

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('colour', () => {
  it('is on for a terminal and off for a pipe, NO_COLOR or TERM=dumb', () => {
    expect(hasColour(tty, {})).toBe(true);
    expect(hasColour(pipe, {})).toBe(false);
    expect(hasColour({}, {})).toBe(false);
    expect(hasColour(tty, { NO_COLOR: '1' })).toBe(false);
    expect(hasColour(tty, { NO_COLOR: 'false' })).toBe(false);
    expect(hasColour(tty, { NO_COLOR: '' })).toBe(true);
    expect(hasColour(tty, { TERM: 'dumb' })).toBe(false);
  });

  it('is forced on by FORCE_COLOR (over NO_COLOR) and forced off by FORCE_COLOR=0 or false', () => {
    expect(hasColour(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(hasColour(pipe, { FORCE_COLOR: '3', NO_COLOR: '1' })).toBe(true);
    expect(hasColour(pipe, { FORCE_COLOR: 'true' })).toBe(true);
    expect(hasColour(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(hasColour(tty, { FORCE_COLOR: 'false' })).toBe(false);
    expect(hasColour(pipe, { FORCE_COLOR: '' })).toBe(false);
  });

  it('paints with escape codes only when colour is on, single styles and lists alike', () => {
    expect(painterFor(tty, {})('yellow', 'warning:')).toBe('\x1b[33mwarning:\x1b[39m');
    expect(painterFor(tty, {})(['bold', 'red'], 'x')).toBe('\x1b[1m\x1b[31mx\x1b[39m\x1b[22m');
    expect(painterFor(pipe, {})('yellow', 'warning:')).toBe('warning:');
    expect(painterFor(pipe, {})(['bold', 'red'], 'x')).toBe('x');
    expect(painterFor(tty, { NO_COLOR: '1' })(['bold', 'red'], 'x')).toBe('x');
  });
});

describe('a closed pipe', () => {
  it('ignores EPIPE on a stream, every time, and throws any other stream error on', () => {
    const stream = new EventEmitter();
    ignoreClosedPipe(stream);
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => stream.emit('error', epipe)).not.toThrow();
    expect(() => stream.emit('error', epipe)).not.toThrow();
    const eio = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => stream.emit('error', eio)).toThrow(eio);
  });
});
