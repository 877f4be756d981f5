/** The remote run shown on /status/:id (issue 34): the site and run id from vjudgeSubmitId and the judger. */
import { JudgeStatus, SubmissionInfo } from '@oj/contracts';
import { isSubmittedFailed, remoteRunOf } from '../src/components/remote-run';

const base: SubmissionInfo = { submitId: 5, pid: 1, username: 'u', submitTime: '2026-11-29T00:00:00Z', status: 0, language: 'G++' };

describe('remoteRunOf', () => {
  it('reads the site from the judger and the run id from vjudgeSubmitId', () => {
    expect(remoteRunOf({ ...base, judger: 'HDU #41000001', vjudgeSubmitId: 41000001 })).toEqual({ site: 'HDU', runId: '41000001' });
  });

  it('keeps a site’s own run id form', () => {
    expect(remoteRunOf({ ...base, judger: 'AC #abc110_a-5', vjudgeSubmitId: 'abc110_a-5' })).toEqual({ site: 'AC', runId: 'abc110_a-5' });
  });

  it('takes the run id from the judger when the answer has no vjudgeSubmitId', () => {
    expect(remoteRunOf({ ...base, judger: 'CF #271828' })).toEqual({ site: 'CF', runId: '271828' });
  });

  it('is null for a submission judged here', () => {
    expect(remoteRunOf({ ...base, judger: 'judge-1', vjudgeSubmitId: null })).toBeNull();
    expect(remoteRunOf(base)).toBeNull();
  });
});

it('tells a Submitted Failed submission', () => {
  expect(isSubmittedFailed({ ...base, status: JudgeStatus.SubmittedFailed })).toBe(true);
  expect(isSubmittedFailed({ ...base, status: JudgeStatus.Submitting })).toBe(false);
});
