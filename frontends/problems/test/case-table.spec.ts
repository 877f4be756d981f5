/** ACM vs OI presentation (issue #21): per-case points only where the problem scores. */
import { JudgeStatus } from '@oj/contracts';
import { casesScored } from '../src/components/case-table';

const acmCases = [
  { caseId: 1, status: JudgeStatus.Accepted, score: 0 },
  { caseId: 2, status: JudgeStatus.WrongAnswer, score: 0 },
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
});
