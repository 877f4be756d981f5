/**
 * /contest/:contestId/problem/:problemId: the problems remote's workspace (statement, editor, live verdict),
 * loaded through Module Federation, submitting with the contest id and keeping the code per contest. The caller's
 * latest try shows with its score in an OI contest, and links to the contest's page of that submission.
 * After the end the caller submits only during their virtual run (issue 35: the same call, stored by the server
 * as a virtual submission); otherwise a problem public in the bank links there to be practised (upsolving).
 */
import { BackToList, NotFoundResult } from '@oj/kit';
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { Spin } from 'antd';
import { ContestStatus, ProblemAuth } from '@oj/contracts';
import { getContestProblemDetails, submitContestProblem, toProblemDetail, ContestProblemDetails } from '../../api/contest';
import { SiteLink } from '../../components/site-link';
import { contestCodeKey } from '../../lib/storage';
import { contestShowsScores, submitRefusal } from '../../lib/rules';
import { useContest } from '../contest-detail/context';
import { useVirtual } from '../contest-detail/virtual-context';

/**
 * The bank problem to practise after the contest: its id when the answer says the problem is public in the bank
 * (`problem.auth` 1 and `bankProblemId`), else null (a problem made for contests, or an answer without them).
 */
export function upsolveProblemId(d: ContestProblemDetails): string | null {
  return d.problem.auth === ProblemAuth.Public && d.bankProblemId ? d.bankProblemId : null;
}

const ProblemWorkspace = lazy(() => import('problems/workspace'));

export function ContestProblemPage() {
  const intl = useIntl();
  const { problemId = '' } = useParams();
  const { cid, info, status, viewer } = useContest();
  const virtual = useVirtual();
  const [details, setDetails] = useState<ContestProblemDetails | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setDetails(null);
    setFailed(false);
    getContestProblemDetails(cid, problemId)
      .then((d) => alive && setDetails(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [cid, problemId]);

  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="contest.problem.notFound" />}
        back={
          <Link to="../problem">
            <BackToList />
          </Link>
        }
      />
    );
  if (!details) return <Spin style={{ display: 'block', margin: 48 }} />;
  const virtualRunning = virtual.phase === 'running';
  const refusal = submitRefusal(info.auth, status, viewer, virtualRunning);
  const upsolve = status === ContestStatus.Ended && !virtualRunning ? upsolveProblemId(details) : null;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {upsolve && (
        <div style={{ marginBottom: 12 }}>
          <SiteLink to={`/problem/${encodeURIComponent(upsolve)}`} testId="upsolve-link">
            <FormattedMessage id="contest.problem.upsolve" />
          </SiteLink>
        </div>
      )}
      <ProblemWorkspace
        key={details.contestProblem.displayId}
        detail={toProblemDetail(details)}
        storageKey={contestCodeKey(cid, details.contestProblem.displayId)}
        submit={({ language, code }) => submitContestProblem(cid, details.contestProblem.displayId, language, code)}
        disabledReason={refusal ? intl.formatMessage({ id: refusal }) : null}
        scored={contestShowsScores(info.type)}
        latest={details.myLatestSubmission}
        // The caller's own submission: the server lets its author open it in any contest state, seal included.
        submissionPath={(submitId) => `/${cid}/submission/${submitId}`}
      />
    </Suspense>
  );
}
