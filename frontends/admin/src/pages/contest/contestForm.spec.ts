import { AfterEndSeal, ContestAuth, ContestType, SealMode } from '@oj/contracts';
import { contestFormErrors, contestToForm, emptyContestForm, formToBody } from './contestForm';
import { colorValue } from './problems';

const base = () => ({ ...emptyContestForm(Date.parse('2026-03-01T08:30:00Z')), title: 'Spring Cup' });

describe('contest editor rules (product §5 "Contest")', () => {
  it('accepts a complete public contest', () => {
    expect(contestFormErrors(base())).toEqual([]);
  });

  it('needs the start earlier than the end (so the duration is above zero)', () => {
    const v = base();
    expect(contestFormErrors({ ...v, endTime: v.startTime })).toEqual(['admin.contest.startBeforeEnd']);
    expect(contestFormErrors({ ...v, endTime: v.startTime! - 1 })).toEqual(['admin.contest.startBeforeEnd']);
  });

  it('refuses repeated star users', () => {
    expect(contestFormErrors({ ...base(), starAccount: ['amy', 'bob', 'amy'] })).toEqual(['admin.contest.duplicateStarUsers']);
  });

  it('needs a password for private and protected contests, and a seal time when sealing until the end', () => {
    expect(contestFormErrors({ ...base(), auth: ContestAuth.Protected, pwd: ' ' })).toEqual(['admin.contest.passwordRequired']);
    expect(contestFormErrors({ ...base(), sealRank: true, sealMode: SealMode.UntilEnd, sealRankTime: null })).toEqual([
      'admin.contest.sealTimeRequired',
    ]);
  });
});

describe('contest body', () => {
  it('sends ISO times, the duration in seconds and every option', () => {
    const v = {
      ...base(),
      type: ContestType.OI,
      auth: ContestAuth.Private,
      pwd: ' secret ',
      sealRank: true,
      sealMode: SealMode.LastHalfHour,
      afterEndSeal: AfterEndSeal.StaySealed,
      starAccount: [' amy ', 'bob'],
      openPrint: true,
      openAccountLimit: true,
      limitPrefix: 'team',
      limitStart: 1,
      limitEnd: 30,
      limitExtra: ['guest'],
    };
    const body = formToBody(v, 9);
    expect(body).toMatchObject({
      id: 9,
      title: 'Spring Cup',
      type: ContestType.OI,
      auth: ContestAuth.Private,
      pwd: 'secret',
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T15:00:00.000Z',
      duration: 5 * 3600,
      sealRank: true,
      sealMode: SealMode.LastHalfHour,
      sealRankTime: null,
      afterEndSeal: AfterEndSeal.StaySealed,
      starAccount: ['amy', 'bob'],
      openPrint: true,
      accountLimitRule: { prefix: 'team', suffix: '', start: 1, end: 30, extra: ['guest'] },
    });
  });

  it('allows virtual participation by default, sends the switch as allowVirtual and reads it back', () => {
    expect(emptyContestForm().allowVirtual).toBe(true);
    expect(formToBody(base()).allowVirtual).toBe(true);
    expect(formToBody({ ...base(), allowVirtual: false }).allowVirtual).toBe(false);
  });

  it('drops the password of a public contest and the rule of an unlimited one', () => {
    const body = formToBody({ ...base(), pwd: 'left-over' });
    expect(body.pwd).toBeNull();
    expect(body.accountLimitRule).toBeNull();
    expect(body.id).toBeUndefined();
  });

  it("reads back HOJ's account rule string the admin contest answer carries", () => {
    const sent = formToBody({
      ...base(),
      openAccountLimit: true,
      limitPrefix: 'team',
      limitSuffix: '',
      limitStart: 1,
      limitEnd: 30,
      limitExtra: ['guest'],
    });
    const answered = {
      ...sent,
      id: 7,
      uid: 'u',
      author: 'root',
      status: 0,
      now: sent.startTime,
      duration: sent.duration!,
      accountLimitRule: '<prefix>team</prefix><suffix></suffix><start>1</start><end>30</end><extra>guest</extra>',
    } as unknown as Parameters<typeof contestToForm>[0];
    expect(contestToForm(answered)).toMatchObject({
      openAccountLimit: true,
      limitPrefix: 'team',
      limitSuffix: '',
      limitStart: 1,
      limitEnd: 30,
      limitExtra: ['guest'],
    });
    expect(contestToForm({ ...answered, accountLimitRule: null })).toMatchObject({ limitPrefix: '', limitExtra: [] });
  });

  it('turns the colour picker value into #rrggbb', () => {
    expect(colorValue({ toHexString: () => '#ff0000' })).toBe('#ff0000');
    expect(colorValue('#00ff00')).toBe('#00ff00');
    expect(colorValue(null)).toBeNull();
  });
});
