/**
 * /contest/:contestId/problem/:problemId: the problems remote's workspace (statement, editor, live verdict),
 * loaded through Module Federation, submitting with the contest id and keeping the code per contest. The caller's
 * latest try shows with its score in an OI contest, and links to the contest's page of that submission.
 */
import { BackToList, NotFoundResult } from '@oj/kit';
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { Spin } from 'antd';
import { getContestProblemDetails, submitContestProblem, toProblemDetail, ContestProblemDetails } from '../../api/contest';
import { contestCodeKey } from '../../lib/storage';
import { contestShowsScores, submitRefusal } from '../../lib/rules';
import { useContest } from '../contest-detail/context';

const ProblemWorkspace = lazy(() => import('problems/workspace'));

export function ContestProblemPage() {
  const intl = useIntl();
  const { problemId = '' } = useParams();
  const { cid, info, status, viewer } = useContest();
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
  const refusal = submitRefusal(info.auth, status, viewer);
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
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
