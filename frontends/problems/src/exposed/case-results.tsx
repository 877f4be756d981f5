/**
 * Exposed as 'problems/case-results' for other remotes (the contest remote's submission page): a submission's
 * groups and per-case results, loaded by id, with the points column wherever the cases carry points (OI, failed
 * cases included), so a contest shows cases exactly as /status/:submitId does.
 */
import { useEffect, useState } from 'react';
import { CaseResults, isFinalJudgeStatus } from '@oj/contracts';
import { LocaleProvider } from '@oj/kit';
import { problemsMessages } from '../locales';
import { getCaseResults } from '../api/problems';
import { CaseTable, casesScored, SubtaskTable } from '../components/case-table';

export interface SubmissionCasesProps {
  submitId: number;
  /** the submission's status: cases are read again once it turns final */
  status: number;
  /** the contest it is shown in (lock mode, issue 36: a held participant reads cases through their contest) */
  cid?: number;
}

function SubmissionCases({ submitId, status, cid }: SubmissionCasesProps) {
  const [cases, setCases] = useState<CaseResults | null>(null);
  const final = isFinalJudgeStatus(status);
  useEffect(() => {
    let alive = true;
    getCaseResults(submitId, cid ? { cid } : {})
      .then((c) => alive && setCases(c))
      .catch(() => alive && setCases(null));
    return () => {
      alive = false;
    };
  }, [submitId, final, cid]);
  if (!cases) return null;
  return (
    <>
      {!!cases.subtaskList?.length && (
        <div style={{ marginTop: 12 }}>
          <SubtaskTable subtasks={cases.subtaskList} />
        </div>
      )}
      {cases.judgeCaseList.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <CaseTable cases={cases.judgeCaseList} scored={casesScored(cases.judgeCaseList, undefined, status)} />
        </div>
      )}
    </>
  );
}

/** Carries its own texts (the host remote does not know the problems' message ids). */
export default function SubmissionCaseResults(props: SubmissionCasesProps) {
  return (
    <LocaleProvider messages={problemsMessages}>
      <SubmissionCases {...props} />
    </LocaleProvider>
  );
}
