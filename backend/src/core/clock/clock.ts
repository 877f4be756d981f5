/**
 * The time the code reads where a test must move it instead of waiting for it (a token's half life, its expiry):
 * inject CLOCK and call `now()`. Production binds the system clock; a test overrides the provider with a
 * `ShiftableClock` and moves it forward. Code whose timing no test moves keeps `Date.now()`.
 */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The system clock plus an offset a test moves forward (never back: tokens and caches only meet later times). */
export class ShiftableClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a clock only moves forward');
    this.offsetMs += ms;
  }
}
