/**
 * /group/:groupID/problem: the group's problem bank; problem/:problemId the problem in the problems remote's
 * workspace (statement, editor, live verdict), fetched and submitted with the group's id (HOJ's group problem).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { List, Space, Spin, Tag, Typography } from 'antd';
import { ProblemDetail, ProblemListItem } from '@oj/contracts';
import { BackToList, NotFoundResult } from '@oj/kit';
import { getGroupProblemDetail, getGroupProblems, submitGroupProblem } from '../../api/group';
import { ContentList, RowEditors } from '../../components/content-list';
import { usePage } from '../../hooks/use-page';
import { isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';

const ProblemWorkspace = lazy(() => import('problems/workspace'));

/** A group problem's code is kept apart from other contexts of the same problem. */
export const groupCodeKey = (gid: number, problemId: string): string => `group:${gid}:${problemId}`;

/** A row of the members' list (pid) or of the admins' (id). */
type Row = ProblemListItem & { id?: number };

export function GroupProblemsPage() {
  const { gid, viewer } = useGroup();
  const canEdit = isGroupAdmin(viewer);
  const list = usePage<Row>((q) => getGroupProblems(gid, q, canEdit), [gid, canEdit]);
  return (
    <ContentList<Row>
      gid={gid}
      testId="group-problems"
      titleId="group.menu.problem"
      emptyId="group.problem.empty"
      list={list}
      editor="GroupProblemEditor"
      canEdit={canEdit}
      renderItem={(p, open) => (
        <List.Item
          data-testid="group-problem-row"
          data-pid={p.problemId}
          actions={
            canEdit
              ? [<RowEditors key="e" id={p.pid ?? p.id!} editors={['GroupProblemEditor']} open={open} testId="group-problem-edit" />]
              : []
          }
        >
          <Space wrap size={[8, 4]}>
            <Tag>{p.problemId}</Tag>
            <Link
              to={`/${gid}/problem/${encodeURIComponent(p.problemId)}`}
              data-testid="group-problem-link"
              style={{ wordBreak: 'break-word' }}
            >
              {p.title}
            </Link>
          </Space>
          {p.total !== undefined && (
            <Typography.Text type="secondary">
              <FormattedMessage id="group.problem.acTotal" values={{ ac: p.ac, total: p.total }} />
            </Typography.Text>
          )}
        </List.Item>
      )}
    />
  );
}

export function GroupProblemPage() {
  const { problemId = '' } = useParams();
  const { gid } = useGroup();
  const [detail, setDetail] = useState<ProblemDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setDetail(null);
    setFailed(false);
    getGroupProblemDetail(gid, problemId)
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [gid, problemId]);
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="group.problem.notFound" />}
        back={
          <Link to={`/${gid}/problem`}>
            <BackToList />
          </Link>
        }
      />
    );
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <ProblemWorkspace
        key={detail.problem.problemId}
        detail={detail}
        storageKey={groupCodeKey(gid, detail.problem.problemId)}
        submit={({ language, code }) => submitGroupProblem(gid, detail.problem.problemId, language, code)}
      />
    </Suspense>
  );
}
