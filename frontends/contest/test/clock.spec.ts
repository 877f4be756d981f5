import { ContestStatus } from '@oj/contracts';
import { HUMANISE_AFTER_SEC, contestCountdown, contestProgress, durationParts, serverOffsetMs } from '../src/lib/clock';

const start = '2026-01-01T10:00:00.000Z';
const end = '2026-01-01T15:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

describe('contest progress (product §4)', () => {
  it('is 0 when scheduled, elapsed/duration when running, 100 when ended', () => {
    expect(contestProgress({ startTime: start, endTime: end }, at('2026-01-01T09:59:59Z'))).toBe(0);
    expect(contestProgress({ startTime: start, endTime: end }, at('2026-01-01T11:15:00Z'))).toBe(25);
    expect(contestProgress({ startTime: start, endTime: end }, at('2026-01-01T15:00:00Z'))).toBe(100);
    expect(contestProgress({ startTime: start, endTime: end }, at('2026-01-02T00:00:00Z'))).toBe(100);
  });
});

describe('contest countdown (product §4)', () => {
  const c = { startTime: start, endTime: end };
  it('counts down to the start, then to the end, then says ended', () => {
    expect(contestCountdown(c, at('2026-01-01T09:59:00Z'))).toEqual({ kind: 'toStart', seconds: 60 });
    expect(contestCountdown(c, at('2026-01-01T10:00:00Z'))).toEqual({ kind: 'toEnd', seconds: 5 * 3600 });
    expect(contestCountdown(c, at('2026-01-01T14:59:59.500Z'))).toEqual({ kind: 'toEnd', seconds: 1 });
    expect(contestCountdown(c, at('2026-01-01T15:00:00Z'))).toEqual({ kind: 'ended' });
  });

  it('shows Start At with a humanised duration when more than a week away', () => {
    const week = HUMANISE_AFTER_SEC * 1000;
    expect(contestCountdown(c, at(start) - week - 1000)).toEqual({ kind: 'startAt', seconds: HUMANISE_AFTER_SEC + 1 });
    expect(contestCountdown(c, at(start) - week)).toEqual({ kind: 'toStart', seconds: HUMANISE_AFTER_SEC });
  });

  it('splits durations into days, hours, minutes and seconds', () => {
    expect(durationParts(8 * 86400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 8, hours: 3, minutes: 4, seconds: 5 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('takes the server clock from the answer', () => {
    expect(serverOffsetMs('2026-01-01T10:00:05.000Z', at('2026-01-01T10:00:00Z'))).toBe(5000);
    expect(ContestStatus.Running).toBe(0);
  });
});
