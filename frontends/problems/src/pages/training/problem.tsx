/**
 * /training/:tid/problem/:problemId: the shared problem workspace (statement, editor, live verdict) with the
 * training's display id; submissions carry the tid so they count for the training's rank and progress.
 */
import { BackToList, NotFoundResult } from '@oj/kit';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { Spin } from 'antd';
import { ProblemDetail } from '@oj/contracts';
import { getTrainingProblem, submitInTraining } from '../../api/training';
import ProblemWorkspace from '../../exposed/workspace';
import { useTraining } from './context';

export function TrainingProblemPage() {
  const { tid, reload } = useTraining();
  const { problemId = '' } = useParams();
  const [detail, setDetail] = useState<ProblemDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setDetail(null);
    setFailed(false);
    getTrainingProblem(tid, problemId)
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [tid, problemId]);
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="problems.detail.notFound" />}
        back={
          <Link to="/training">
            <BackToList />
          </Link>
        }
      />
    );
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <ProblemWorkspace
      detail={detail}
      storageKey={`training:${tid}:${problemId}`}
      submit={({ language, code }) => submitInTraining(tid, detail.problem.problemId, language, code)}
      onFinal={reload}
    />
  );
}
