import { AfterEndSeal, ContestSealSettings, SealMode, contestSealTime, isRankSealedAt } from '@oj/contracts';
import { matchesAccountLimit } from './contest-access.service';

const START = new Date('2026-01-01T08:00:00Z');
const END = new Date('2026-01-01T13:00:00Z');
const at = (iso: string) => new Date(`2026-01-01T${iso}Z`);

function contest(over: Partial<ContestSealSettings> = {}): ContestSealSettings {
  return { startTime: START, endTime: END, sealRank: true, sealMode: SealMode.LastHour, afterEndSeal: AfterEndSeal.AutoUnseal, ...over };
}

describe('seal rules (product §4)', () => {
  it('seals at the chosen moment before the end', () => {
    expect(contestSealTime(contest({ sealMode: SealMode.LastHalfHour }))).toEqual(at('12:30:00'));
    expect(contestSealTime(contest({ sealMode: SealMode.LastHour }))).toEqual(at('12:00:00'));
    expect(contestSealTime(contest({ sealMode: SealMode.Whole }))).toEqual(START);
    expect(contestSealTime(contest({ sealMode: SealMode.UntilEnd, sealRankTime: at('10:15:00') }))).toEqual(at('10:15:00'));
    expect(contestSealTime(contest({ sealRank: false }))).toBeNull();
  });

  it('shows the live board before the seal and the sealed one until the end', () => {
    expect(isRankSealedAt(contest(), at('11:59:59'))).toBe(false);
    expect(isRankSealedAt(contest(), at('12:00:00'))).toBe(true);
    expect(isRankSealedAt(contest(), at('12:59:59'))).toBe(true);
  });

  it('after the end: auto-unseal opens, unseal waits for the admin, stay-sealed stays', () => {
    const after = at('13:00:00');
    expect(isRankSealedAt(contest({ afterEndSeal: AfterEndSeal.AutoUnseal }), after)).toBe(false);
    expect(isRankSealedAt(contest({ afterEndSeal: AfterEndSeal.Unseal }), after)).toBe(true);
    expect(isRankSealedAt(contest({ afterEndSeal: AfterEndSeal.Unseal, rankUnsealed: true }), after)).toBe(false);
    expect(isRankSealedAt(contest({ afterEndSeal: AfterEndSeal.StaySealed, rankUnsealed: true }), after)).toBe(true);
  });
});

describe('account limit rule', () => {
  const rule = { prefix: 'team', suffix: '', start: 1, end: 20, extra: ['guest'] };

  it('accepts prefix + number in range + suffix, and the extra names', () => {
    expect(matchesAccountLimit('team7', rule)).toBe(true);
    expect(matchesAccountLimit('team20', rule)).toBe(true);
    expect(matchesAccountLimit('guest', rule)).toBe(true);
  });

  it('refuses numbers out of range, other shapes and other names', () => {
    expect(matchesAccountLimit('team21', rule)).toBe(false);
    expect(matchesAccountLimit('team0', rule)).toBe(false);
    expect(matchesAccountLimit('teamx', rule)).toBe(false);
    expect(matchesAccountLimit('alice', rule)).toBe(false);
    expect(matchesAccountLimit('team5b', { ...rule, suffix: 'a' })).toBe(false);
  });
});
