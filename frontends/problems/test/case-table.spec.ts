/** ACM vs OI presentation (issue #21): per-case points only where the problem scores. */
import { JudgeStatus } from '@oj/contracts';
import { casesScored } from '../src/components/case-table';

// As stored: an ACM problem's cases carry no score (null), an OI problem's a number, 0 where the case failed.
const acmCases = [
  { caseId: 1, status: JudgeStatus.Accepted, score: null },
  { caseId: 2, status: JudgeStatus.WrongAnswer, score: null },
];
const oiAllWrong = [
  { caseId: 1, status: JudgeStatus.WrongAnswer, score: 0 },
  { caseId: 2, status: JudgeStatus.TimeLimitExceeded, score: 0 },
];
const oiCases = [
  { caseId: 1, status: JudgeStatus.Accepted, score: 50 },
  { caseId: 2, status: JudgeStatus.WrongAnswer, score: 0 },
];

describe('per-case points', () => {
  it('follows the problem type when the page knows it', () => {
    expect(casesScored(acmCases, false)).toBe(false);
    expect(casesScored(oiCases, false)).toBe(false);
    expect(casesScored(acmCases, true)).toBe(true);
  });

  it('otherwise shows points for cases that carry some, or a partial verdict', () => {
    expect(casesScored(acmCases)).toBe(false);
    expect(casesScored(oiCases)).toBe(true);
    expect(casesScored(acmCases, undefined, JudgeStatus.PartialAccepted)).toBe(true);
    expect(casesScored([{ caseId: 1, status: JudgeStatus.Accepted, score: null }])).toBe(false);
  });

  it('shows the zeros of an OI submission that failed every case (issue 37)', () => {
    expect(casesScored(oiAllWrong, undefined, JudgeStatus.WrongAnswer)).toBe(true);
    expect(casesScored(oiAllWrong)).toBe(true);
  });
});
