/**
 * The contest clock (product §4): status from the server's clock, countdowns and the progress bar.
 * Client clocks drift, so every time is taken as the server's `now` plus the time passed since it came.
 */
import { useEffect, useState } from 'react';
import { ContestStatus, contestStatusAt } from '@oj/contracts';

/** More than a week away: show "Start At" and a humanised duration instead of a clock (product §4). */
export const HUMANISE_AFTER_SEC = 7 * 24 * 3600;

export interface ContestTimes {
  startTime: string;
  endTime: string;
  /** server time when the answer was made (ISO) */
  now: string;
}

/** Server time minus client time, in ms, from an answer's `now` received at `receivedAt`. */
export const serverOffsetMs = (now: string, receivedAt: number): number => new Date(now).getTime() - receivedAt;

/** Progress in percent: 0 when scheduled, elapsed/duration when running, 100 when ended. */
export function contestProgress(c: Pick<ContestTimes, 'startTime' | 'endTime'>, nowMs: number): number {
  const start = new Date(c.startTime).getTime();
  const end = new Date(c.endTime).getTime();
  if (nowMs < start) return 0;
  if (nowMs >= end || end <= start) return 100;
  return Math.floor(((nowMs - start) / (end - start)) * 1000) / 10;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function durationParts(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export type Countdown =
  | { kind: 'startAt'; seconds: number } // scheduled, more than a week away
  | { kind: 'toStart'; seconds: number } // scheduled: clock to the start
  | { kind: 'toEnd'; seconds: number } // running: clock to the end
  | { kind: 'ended' };

export function contestCountdown(c: Pick<ContestTimes, 'startTime' | 'endTime'>, nowMs: number): Countdown {
  const status = contestStatusAt(c.startTime, c.endTime, new Date(nowMs));
  if (status === ContestStatus.Scheduled) {
    const seconds = Math.ceil((new Date(c.startTime).getTime() - nowMs) / 1000);
    return seconds > HUMANISE_AFTER_SEC ? { kind: 'startAt', seconds } : { kind: 'toStart', seconds };
  }
  if (status === ContestStatus.Running) return { kind: 'toEnd', seconds: Math.ceil((new Date(c.endTime).getTime() - nowMs) / 1000) };
  return { kind: 'ended' };
}

/** The server's current time in ms, ticking every `tickMs`; `offsetMs` from serverOffsetMs. */
export function useServerNow(offsetMs: number, tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), tickMs);
    return () => clearInterval(timer);
  }, [offsetMs, tickMs]);
  return now;
}

/** Status, progress and countdown of a contest, moving on their own with the clock (no reload). */
export function useContestClock(c: ContestTimes | null | undefined, offsetMs: number) {
  const now = useServerNow(offsetMs);
  if (!c) return null;
  return {
    now,
    status: contestStatusAt(c.startTime, c.endTime, new Date(now)),
    progress: contestProgress(c, now),
    countdown: contestCountdown(c, now),
  };
}
