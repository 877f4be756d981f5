import {
  isHttpLink,
  JUDGE_STATUS_NAMES,
  JudgeStatus,
  contestStatusAt,
  ContestStatus,
  isFinalJudgeStatus,
  ROLE_NAMES,
  Role,
  formatHojAccountLimitRule,
  formatHojExamples,
  heartbeatHealthy,
  isAdminRole,
  parseHojAccountLimitRule,
  parseHojExamples,
} from './index';

describe('contracts', () => {
  it('takes only http(s) addresses with a host as user links (issue 31)', () => {
    for (const ok of ['https://blog.example/me', 'http://x.example', 'HTTPS://GitHub.com/u'])
      expect([ok, isHttpLink(ok)]).toEqual([ok, true]);
    const bad = [
      "javascript:alert('x')//",
      ' https://x.example',
      'java\tscript:x',
      'data:text/html,x',
      'https://',
      '//x.example',
      'https://a b',
    ];
    for (const link of [...bad, '', null, undefined]) expect([link, isHttpLink(link)]).toEqual([link, false]);
  });

  it("names every result code of product §4, and HOJ's Cancelled (-4) of admin cancel-judge", () => {
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

describe("HOJ's account limit rule string", () => {
  it("reads what HOJ's contest form writes, extra accounts split on spaces, and writes it back the same", () => {
    const text = '<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>30</end><extra>guest  coach</extra>';
    expect(parseHojAccountLimitRule(text)).toEqual({ prefix: 'team', suffix: '_a', start: 1, end: 30, extra: ['guest', 'coach'] });
    expect(formatHojAccountLimitRule({ prefix: 'team', suffix: '_a', start: 1, end: 30, extra: ['guest', 'coach'] })).toBe(
      '<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>30</end><extra>guest coach</extra>',
    );
    expect(parseHojAccountLimitRule('<prefix></prefix><suffix></suffix><start>0</start><end>10</end><extra></extra>')).toEqual({
      prefix: '',
      suffix: '',
      start: 0,
      end: 10,
      extra: [],
    });
  });

  it('refuses anything else', () => {
    expect(parseHojAccountLimitRule('team1-30')).toBeNull();
    expect(parseHojAccountLimitRule('<prefix>t</prefix><suffix></suffix><start>one</start><end>3</end><extra></extra>')).toBeNull();
    expect(parseHojAccountLimitRule('<prefix>t</prefix><suffix></suffix><start>-1</start><end>3</end>')).toBeNull();
  });
});

describe('heartbeat health', () => {
  it('is healthy up to two beats after the last heartbeat', () => {
    const now = Date.parse('2026-01-01T10:00:30Z');
    expect(heartbeatHealthy('2026-01-01T10:00:10Z', 10, now)).toBe(true);
    expect(heartbeatHealthy('2026-01-01T10:00:09Z', 10, now)).toBe(false);
  });
});
