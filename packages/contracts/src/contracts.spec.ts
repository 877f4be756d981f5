import {
  JUDGE_STATUS_NAMES,
  JudgeStatus,
  contestStatusAt,
  ContestStatus,
  isFinalJudgeStatus,
  ROLE_NAMES,
  Role,
  formatHojExamples,
  isAdminRole,
  parseHojExamples,
} from './index';

describe('contracts', () => {
  it("names every result code of spec §4, and HOJ's Cancelled (-4) of admin cancel-judge", () => {
    expect(
      Object.keys(JUDGE_STATUS_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([-10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JUDGE_STATUS_NAMES[JudgeStatus.PartialAccepted].name).toBe('Partial Accepted');
  });

  it('treats pending, compiling, judging and submitting as unfinished', () => {
    expect([5, 6, 7, 9].map(isFinalJudgeStatus)).toEqual([false, false, false, false]);
    expect([0, -1, -2, 1, 2, 3, 4, 8, 10].every(isFinalJudgeStatus)).toBe(true);
  });

  it('derives contest status from the clock', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    const end = new Date('2026-01-01T12:00:00Z');
    expect(contestStatusAt(start, end, new Date('2026-01-01T09:59:59Z'))).toBe(ContestStatus.Scheduled);
    expect(contestStatusAt(start, end, start)).toBe(ContestStatus.Running);
    expect(contestStatusAt(start, end, end)).toBe(ContestStatus.Ended);
  });

  it('knows the admin-type roles', () => {
    expect([1000, 1001, 1008].every(isAdminRole)).toBe(true);
    expect([1002, 1003, 1004, 1005, 1006, 1007].some(isAdminRole)).toBe(false);
    expect(ROLE_NAMES[Role.Root]).toBe('root');
  });
});

describe("HOJ's examples string", () => {
  it('formats and parses samples, line breaks and empty fields included, and reads a list as it is', () => {
    const samples = [
      { input: '1 2', output: '3' },
      { input: 'a\nb', output: '' },
    ];
    const text = formatHojExamples(samples);
    expect(text).toBe('<input>1 2</input><output>3</output><input>a\nb</input><output></output>');
    expect(parseHojExamples(text)).toEqual(samples);
    expect(parseHojExamples(samples)).toEqual(samples);
    expect(parseHojExamples('')).toEqual([]);
    expect(parseHojExamples(null)).toEqual([]);
  });
});
