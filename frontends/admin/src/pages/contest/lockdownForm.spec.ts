import { ContestAuth, ExamAuth } from '@oj/contracts';
import { AdminContestInfo, badIpRanges, contestFormErrors, contestToForm, emptyContestForm, formToBody } from './contestForm';
import { emptyExamForm, examFormErrors, examToForm, formToBody as examBody } from '../exam/examForm';

const contest = () => ({ ...emptyContestForm(Date.parse('2026-03-01T08:30:00Z')), title: 'Lab exam' });
const exam = () => ({ ...emptyExamForm(Date.parse('2026-03-01T08:30:00Z')), title: 'Final' });

describe('lockdown fields of the contest and exam editors (issue 36)', () => {
  it('starts with no ranges and no lock, and sends both', () => {
    expect(formToBody(contest())).toMatchObject({ ipRanges: [], lockMode: false });
    expect(examBody(exam())).toMatchObject({ ipRanges: [], lockMode: false });
  });

  it('refuses ranges that are not IPv4/IPv6 CIDRs before saving', () => {
    expect(badIpRanges(['10.0.0.0/8', '10.0.0.0/33', 'lab', '2001:db8::/32', '::ffff:10.0.0.0/104'])).toEqual(['10.0.0.0/33', 'lab']);
    expect(contestFormErrors({ ...contest(), ipRanges: ['10.0.0.0/8', '300.0.0.1'] })).toEqual(['admin.lockdown.badIpRange']);
    expect(contestFormErrors({ ...contest(), ipRanges: ['10.0.0.0/8', 'fe80::/10'] })).toEqual([]);
    expect(examFormErrors({ ...exam(), ipRanges: ['1.2.3.4/'] })).toEqual(['admin.lockdown.badIpRange']);
  });

  it('sends the ranges trimmed and reads them back with the switch', () => {
    const body = formToBody({ ...contest(), auth: ContestAuth.Private, pwd: 'p', ipRanges: [' 10.1.0.0/16 ', ''], lockMode: true });
    expect(body).toMatchObject({ ipRanges: ['10.1.0.0/16'], lockMode: true });
    const back = contestToForm({
      ...(body as unknown as AdminContestInfo),
      id: 1,
      accountLimitRule: null,
      ipRanges: ['10.1.0.0/16'],
      lockMode: true,
    });
    expect([back.ipRanges, back.lockMode]).toEqual([['10.1.0.0/16'], true]);
    const e = examToForm({
      ...(examBody({ ...exam(), auth: ExamAuth.Private, pwd: 'p' }) as unknown as Parameters<typeof examToForm>[0]),
      ipRanges: ['::1'],
      lockMode: true,
    });
    expect([e.ipRanges, e.lockMode]).toEqual([['::1'], true]);
    // A contest stored before the fields existed reads as unrestricted.
    expect(
      contestToForm({ ...(body as unknown as AdminContestInfo), id: 1, accountLimitRule: null, ipRanges: undefined, lockMode: undefined })
        .ipRanges,
    ).toEqual([]);
  });
});
