import { SitegenError } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';

/**
 * An error as it crosses from a worker thread: structured cloning keeps an Error's message but
 * not its class or fields, so a SitegenError travels as this plain record and is built again.
 */
export interface Thrown {
  message: string;
  stack?: string;
  /** Set for a SitegenError, with its place, problems and hint. */
  sitegen?: {
    kind: string;
    hint?: string;
    file?: string;
    line?: number;
    column?: number;
    problems: Problem[];
  };
  cause?: { message: string; stack?: string };
  /** A system error's fields (a failed write), so it is explained as on the main thread. */
  system?: { code: string; errno?: number; syscall?: string; path?: string };
}

/** What a worker task hands back: its value, or what it threw. */
export type TaskResult<T> = { value: T } | { thrown: Thrown };

/** Runs `job` (sync or async), catching what it throws as a Thrown. */
export async function settle<T>(job: () => T | Promise<T>): Promise<TaskResult<T>> {
  try {
    return { value: await job() };
  } catch (error) {
    return { thrown: toThrown(error) };
  }
}

/** The plain record of `error`. Pure. */
export function toThrown(error: unknown): Thrown {
  if (!(error instanceof Error)) return { message: String(error) };
  const { cause } = error as { cause?: unknown };
  const thrown: Thrown = { message: error.message, stack: error.stack };
  if (cause instanceof Error) thrown.cause = { message: cause.message, stack: cause.stack };
  const { code, errno, syscall, path } = error as NodeJS.ErrnoException;
  if (typeof code === 'string') thrown.system = { code, errno, syscall, path };
  if (error instanceof SitegenError) {
    const { kind, hint, file, line, column, problems } = error;
    thrown.sitegen = { kind, hint, file, line, column, problems };
  }
  return thrown;
}

/** The error a Thrown was made from, as near as the record allows. Pure. */
export function fromThrown(thrown: Thrown): Error {
  const cause = thrown.cause && Object.assign(new Error(thrown.cause.message), thrown.cause);
  const error = thrown.sitegen
    ? new SitegenError(thrown.message, { ...thrown.sitegen, cause })
    : new Error(thrown.message, cause ? { cause } : undefined);
  if (thrown.stack) error.stack = thrown.stack;
  return thrown.system ? Object.assign(error, thrown.system) : error;
}

/** The value of a task, or its error thrown again. */
export function unwrap<T>(result: TaskResult<T>): T {
  if ('thrown' in result) throw fromThrown(result.thrown);
  return result.value;
}
