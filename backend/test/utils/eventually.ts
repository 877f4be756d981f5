/**
 * The one way tests wait for something that happens in the background (a verdict, a board, a replica's cache, a
 * server coming back): `check` is called until it returns a value other than undefined or false, or until the time
 * runs out. The deadline is generous on purpose: a loaded machine is slow, not wrong, so a test waits long and fails
 * only on a state that never comes. The error names what was awaited and the last answer or error seen.
 * Backend suites and the browser suites (e2e/) import it; keep it free of dependencies.
 */
export interface EventuallyOptions {
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  /** Pause between tries (default 100 ms). */
  intervalMs?: number;
  /** Lines added to the error (e.g. the tail of a server's log). */
  context?: () => string;
}

export async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 30_000, intervalMs = 100, context }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) {
      const seen = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${seen})${context ? `\n${context()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
