/** /status (product §2: judge access, login; ?onlyMine=true for one's own submissions). */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, Card, Input, Result, Select, Space, Switch, Table } from 'antd';
import {
  DEFAULT_PAGE_SIZE,
  ERR,
  JUDGE_STATUS_NAMES,
  JudgeStatus,
  Page,
  SubmissionInfo,
  isFinalJudgeStatus,
  messageCodeOf,
  serverMessageId,
} from '@oj/contracts';
import {
  JudgeStatusTag,
  formatDateTime,
  formatLength,
  formatMemoryKb,
  formatTimeMs,
  openAccountDialog,
  QueuePlace,
  useAuth,
  useWebsiteConfig,
  UserName,
} from '@oj/kit';
import { getSubmissionList } from '../../api/problems';
import { LoginRequired } from '../../components/login-required';
import { RejudgeButton } from '../../components/rejudge-button';
import { isSubmittedFailed } from '../../components/remote-run';
import { ResubmitButton } from '../../components/resubmit-button';
import { useListQuery } from '../../components/use-list-query';

const STATUS_FILTER = Object.keys(JUDGE_STATUS_NAMES)
  .map(Number)
  .filter((s) => s !== JudgeStatus.NotSubmitted);

export function StatusListPage() {
  const intl = useIntl();
  const config = useWebsiteConfig();
  const { isLoggedIn, isRoot, isAdmin, user } = useAuth();
  const { params, update } = useListQuery();
  const onlyMine = params.get('onlyMine') === 'true';
  const currentPage = Number(params.get('currentPage') || 1);
  const searchPid = params.get('problemID') || '';
  const searchUsername = params.get('username') || '';
  const status = params.get('status');
  const [page, setPage] = useState<Page<SubmissionInfo> | null>(null);
  const [loading, setLoading] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const allowed = config.openPublicJudge || isRoot;

  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);

  useEffect(() => {
    if (!isLoggedIn || !allowed) return;
    let alive = true;
    setLoading(true);
    getSubmissionList({
      currentPage,
      limit: DEFAULT_PAGE_SIZE * 3,
      onlyMine,
      problemID: searchPid || undefined,
      username: searchUsername || undefined,
      status: status === null ? undefined : Number(status),
    })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [isLoggedIn, allowed, onlyMine, currentPage, searchPid, searchUsername, status, refresh]);

  // unfinished rows refresh on their own
  useEffect(() => {
    if (!page?.records.some((r) => !isFinalJudgeStatus(r.status))) return;
    const t = setTimeout(() => setRefresh((n) => n + 1), 2000);
    return () => clearTimeout(t);
  }, [page]);

  if (!isLoggedIn) {
    return <LoginRequired what="status" />;
  }
  // The server's §8 text, in the page's language (kit's server.<code> messages).
  if (!allowed) return <Result status="403" title={intl.formatMessage({ id: serverMessageId(messageCodeOf(ERR.noAccessPublicJudge)!) })} />;

  return (
    <Card title={<FormattedMessage id="problems.status.title" />} data-testid="status-list">
      <Space wrap style={{ marginBottom: 16 }}>
        {/* A <label> around both: the text names the switch for screen readers and toggles it when clicked. */}
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
          <FormattedMessage id="problems.status.onlyMine" />
          <Switch checked={onlyMine} onChange={(v) => update({ onlyMine: v ? 'true' : undefined })} />
        </label>
        <Input.Search
          allowClear
          defaultValue={searchPid}
          placeholder={intl.formatMessage({ id: 'problems.status.problemId' })}
          onSearch={(v) => update({ problemID: v.trim() })}
          style={{ width: 160 }}
        />
        {!onlyMine && (
          <Input.Search
            allowClear
            defaultValue={searchUsername}
            placeholder={intl.formatMessage({ id: 'problems.status.author' })}
            onSearch={(v) => update({ username: v.trim() })}
            style={{ width: 160 }}
          />
        )}
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={intl.formatMessage({ id: 'problems.status.status' })}
          value={status === null ? undefined : Number(status)}
          onChange={(v?: number) => update({ status: v === undefined ? undefined : String(v) })}
          options={STATUS_FILTER.map((s) => ({ value: s, label: intl.formatMessage({ id: `kit.judgeStatus.${s}` }) }))}
        />
        <Button onClick={() => setRefresh((n) => n + 1)}>
          <FormattedMessage id="problems.status.refresh" />
        </Button>
      </Space>
      <Table<SubmissionInfo>
        rowKey="submitId"
        loading={loading}
        dataSource={page?.records ?? []}
        scroll={{ x: 960 }}
        pagination={{
          current: currentPage,
          pageSize: DEFAULT_PAGE_SIZE * 3,
          total: page?.total ?? 0,
          showSizeChanger: false,
          onChange: (c) => update({ currentPage: String(c) }),
        }}
        columns={[
          {
            title: <FormattedMessage id="problems.status.runId" />,
            dataIndex: 'submitId',
            width: 90,
            render: (id: number) => <Link to={`/status/${id}`}>{id}</Link>,
          },
          {
            title: <FormattedMessage id="problems.status.problem" />,
            key: 'problem',
            render: (_v, r) => <Link to={`/problem/${encodeURIComponent(r.displayPid ?? String(r.pid))}`}>{r.displayPid ?? r.pid}</Link>,
          },
          {
            title: <FormattedMessage id="problems.status.status" />,
            dataIndex: 'status',
            // A waiting row tells its place and wait (refreshed with the list while rows are unfinished); one's own
            // Submitted Failed row (a remote site refused or was down) can be sent again from here, as HOJ's list does.
            render: (s: number, r) => (
              <Space size={4} wrap>
                <JudgeStatusTag status={s} />
                <QueuePlace {...r} />
                {isSubmittedFailed(r) && !!user && (user.uid === r.uid || user.username === r.username) && (
                  <ResubmitButton size="small" submitId={r.submitId} onDone={() => setRefresh((n) => n + 1)} />
                )}
              </Space>
            ),
          },
          { title: <FormattedMessage id="problems.result.time" />, dataIndex: 'time', render: (t?: number) => formatTimeMs(t) },
          { title: <FormattedMessage id="problems.result.memory" />, dataIndex: 'memory', render: (m?: number) => formatMemoryKb(m) },
          { title: <FormattedMessage id="problems.status.length" />, dataIndex: 'length', render: (l?: number) => formatLength(l) },
          { title: <FormattedMessage id="problems.status.language" />, dataIndex: 'language' },
          {
            title: <FormattedMessage id="problems.status.author" />,
            dataIndex: 'username',
            render: (u: string) => <UserName username={u} />,
          },
          {
            title: <FormattedMessage id="problems.status.submitTime" />,
            dataIndex: 'submitTime',
            render: (t: string) => formatDateTime(t),
          },
          // Site admins rejudge from the list (HOJ's status page does the same); the server checks contest rights.
          ...(isAdmin
            ? [
                {
                  title: <FormattedMessage id="problems.status.operation" />,
                  key: 'rejudge',
                  render: (_v: unknown, r: SubmissionInfo) =>
                    isFinalJudgeStatus(r.status) ? <RejudgeButton submitId={r.submitId} onDone={() => setRefresh((n) => n + 1)} /> : null,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
