/**
 * /training/:tid and its children (problem, problem/:problemID, rank): the training's header and menu; the
 * password form instead of the inside while a private training is not entered (product §2, §6).
 */
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Card, Descriptions, Menu, Space, Spin, Tag, Typography } from 'antd';
import { Markdown } from '@oj/kit/markdown';
import { NotFound, formatDateTime, openAccountDialog, useAuth, BackToList, NotFoundResult } from '@oj/kit';
import { LoginRequired } from '../../components/login-required';
import { TrainingAuthTag } from '../training-list';
import { TrainingProvider, useTraining, useTrainingLoader } from './context';
import { TrainingPasswordForm } from './password-form';
import { TrainingProblemsPage } from './problems';
import { TrainingProblemPage } from './problem';
import { TrainingRankPage } from './rank';

export function TrainingDetailPage() {
  const { tid: raw = '' } = useParams();
  const tid = Number(raw);
  const { isLoggedIn } = useAuth();
  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);
  if (!isLoggedIn) return <LoginRequired what="training" />;
  if (!Number.isInteger(tid) || tid < 1) return <NotFound />;
  return <Loaded tid={tid} />;
}

function Loaded({ tid }: { tid: number }) {
  const { state, failed, reload } = useTrainingLoader(tid);
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="problems.training.notFound" />}
        back={
          <Link to="/training">
            <BackToList />
          </Link>
        }
      />
    );
  if (!state) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <TrainingProvider value={{ tid, info: state.info, access: state.access, reload }}>
      <TrainingMenu />
      {state.access ? (
        <Routes>
          <Route index element={<Overview />} />
          <Route path="problem" element={<TrainingProblemsPage />} />
          <Route path="problem/:problemId" element={<TrainingProblemPage />} />
          <Route path="rank" element={<TrainingRankPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      ) : (
        <>
          <TrainingPasswordForm />
          <Overview />
        </>
      )}
    </TrainingProvider>
  );
}

function TrainingMenu() {
  const { tid, access } = useTraining();
  const { pathname } = useLocation();
  const base = `/training/${tid}`;
  const selected = pathname.startsWith(`${base}/problem`) ? 'problem' : pathname.startsWith(`${base}/rank`) ? 'rank' : 'overview';
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[selected]}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'overview',
          label: (
            <Link to={base}>
              <FormattedMessage id="problems.training.overview" />
            </Link>
          ),
        },
        {
          key: 'problem',
          disabled: !access,
          label: (
            <Link to={`${base}/problem`} data-testid="training-problems-tab">
              <FormattedMessage id="problems.training.problems" />
            </Link>
          ),
        },
        {
          key: 'rank',
          disabled: !access,
          label: (
            <Link to={`${base}/rank`} data-testid="training-rank-tab">
              <FormattedMessage id="problems.training.rank" />
            </Link>
          ),
        },
      ]}
    />
  );
}

function Overview() {
  const { info } = useTraining();
  return (
    <Card title={info.title} data-testid="training-overview">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={<FormattedMessage id="problems.training.auth" />}>
          <TrainingAuthTag auth={info.auth} />
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.training.category" />}>
          {info.categoryName ? <Tag color={info.categoryColor ?? undefined}>{info.categoryName}</Tag> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.training.progress" />}>
          {/* Both counts, and the rule of each: the training's own (its rank's) and HOJ's "solved anywhere". */}
          <Space direction="vertical" size={0}>
            <span data-testid="training-detail-progress" data-ac={info.acCount}>
              <FormattedMessage id="problems.training.progressInside" values={{ ac: info.acCount, total: info.problemCount }} />
            </span>
            <Typography.Text type="secondary" data-testid="training-detail-bank-progress" data-ac={info.bankAcCount}>
              <FormattedMessage id="problems.training.progressBank" values={{ ac: info.bankAcCount, total: info.problemCount }} />
            </Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.training.author" />}>{info.author}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.training.updated" />}>
          {formatDateTime(info.gmtModified)}
        </Descriptions.Item>
      </Descriptions>
      <Markdown source={info.description} />
    </Card>
  );
}
