/**
 * /admin/contest/:contestID/plagiarism, /admin/exam/:examID/plagiarism and /admin/problem/:problemId/plagiarism
 * (issue 35): one page for the three scopes. It starts a check of the scope's submissions, follows the running check
 * until it ends, shows the chosen check's figures and its pairs above the threshold, and opens a pair side by side
 * (pair-view.tsx) to confirm or dismiss it.
 */
import { PageContainer } from '@ant-design/pro-components';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Grid,
  InputNumber,
  Progress,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  DEFAULT_PAGE_SIZE,
  Page,
  PLAGIARISM_LIMITS,
  PlagiarismCheckStatus,
  PlagiarismCheckView,
  PlagiarismPairStatus,
  PlagiarismPairView,
  PlagiarismScope,
} from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { Crumb, useNestedHeader } from '../../components/nested-page';
import { useT } from '../../i18n';
import { getPlagiarismCheck, getPlagiarismChecks, getPlagiarismPairs, getScopeTitle, startPlagiarismCheck } from './api';
import { PairDrawer } from './pair-view';
import { percent } from './regions';
import { CheckStatusTag, MethodTag, PAIR_STATUS, PairStatusTag } from './tags';

/** How often a waiting or running check is read again. */
const POLL_MS = 1000;
/** Reads lost in a row before the page stops following a check and says so: one lost answer is only a blip. */
const POLL_FAILURES = 3;

const isActive = (s: PlagiarismCheckStatus) => s === PlagiarismCheckStatus.Waiting || s === PlagiarismCheckStatus.Running;

type PairFilter = 'all' | PlagiarismPairStatus;

/** The scope and its id, from whichever of the three routes matched. */
function useScope(): { scope: PlagiarismScope; id: number } {
  const { contestID, examID, problemId } = useParams();
  if (contestID) return { scope: PlagiarismScope.Contest, id: Number(contestID) };
  if (examID) return { scope: PlagiarismScope.Exam, id: Number(examID) };
  return { scope: PlagiarismScope.Problem, id: Number(problemId) };
}

/** The list and the thing the page belongs to, for the breadcrumb (the thing's own page is its edit page). */
function scopeCrumbs(scope: PlagiarismScope, id: number, title: string, t: (id: string) => string): Crumb[] {
  const label = title || `#${id}`;
  if (scope === PlagiarismScope.Contest)
    return [
      { to: '/contest', label: t('admin.menu.contestList') },
      { to: `/contest/${id}/edit`, label },
    ];
  if (scope === PlagiarismScope.Exam)
    return [
      { to: '/exam', label: t('admin.menu.examList') },
      { to: `/exam/${id}/edit`, label },
    ];
  return [
    { to: '/problems', label: t('admin.menu.problemList') },
    { to: `/problem/edit/${id}`, label },
  ];
}

const SCOPE_LABEL: Record<PlagiarismScope, string> = {
  contest: 'admin.plagiarism.scopeContest',
  exam: 'admin.plagiarism.scopeExam',
  problem: 'admin.plagiarism.scopeProblem',
};

interface StartValues {
  onlyAccepted: boolean;
  threshold: number;
}

function StartForm({ scope, id, onStarted }: { scope: PlagiarismScope; id: number; onStarted: (check: PlagiarismCheckView) => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const start = async (v: StartValues) => {
    setBusy(true);
    try {
      const check = await startPlagiarismCheck({ scope, id, onlyAccepted: v.onlyAccepted, threshold: v.threshold });
      message.success(t('admin.plagiarism.started'));
      onStarted(check);
    } catch (_e) {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('admin.plagiarism.startTitle')}>
      <Form<StartValues>
        layout="inline"
        initialValues={{ onlyAccepted: true, threshold: PLAGIARISM_LIMITS.defaultThreshold }}
        onFinish={start}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="onlyAccepted"
          label={t('admin.plagiarism.onlyAccepted')}
          tooltip={t('admin.plagiarism.onlyAcceptedHint')}
          valuePropName="checked"
        >
          <Switch data-testid="plagiarism-only-accepted" />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('admin.plagiarism.threshold')}
          tooltip={t('admin.plagiarism.thresholdHint')}
          rules={[{ required: true, message: t('admin.plagiarism.thresholdRequired') }]}
        >
          <InputNumber
            min={PLAGIARISM_LIMITS.minThreshold}
            max={PLAGIARISM_LIMITS.maxThreshold}
            precision={0}
            suffix="%"
            style={{ width: 120 }}
            data-testid="plagiarism-threshold"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="plagiarism-start">
            {t('admin.plagiarism.start')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The chosen check: status, progress, what went wrong, and its figures. */
function CheckSummary({ check, pollFailed, onRetry }: { check: PlagiarismCheckView; pollFailed: boolean; onRetry: () => void }) {
  const { t } = useT();
  const progressStatus =
    check.status === PlagiarismCheckStatus.Failed
      ? 'exception'
      : check.status === PlagiarismCheckStatus.Done
        ? 'success'
        : check.status === PlagiarismCheckStatus.Running
          ? 'active'
          : 'normal';
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <CheckStatusTag status={check.status} testId="plagiarism-check-status" />
        <Progress
          percent={Math.round(check.status === PlagiarismCheckStatus.Done ? 100 : check.progress)}
          status={progressStatus}
          style={{ flex: 1, margin: 0 }}
          data-testid="plagiarism-progress"
        />
      </div>
      {check.status === PlagiarismCheckStatus.Failed && (
        <Alert type="error" showIcon message={t('admin.plagiarism.failed')} description={check.error} data-testid="plagiarism-error" />
      )}
      {pollFailed && (
        <Alert
          type="warning"
          showIcon
          message={t('admin.plagiarism.pollFailed')}
          action={
            <Button size="small" onClick={onRetry}>
              {t('admin.plagiarism.retry')}
            </Button>
          }
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="plagiarism-figures">
        <Descriptions.Item label={t('admin.plagiarism.submissions')}>{check.submissions}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.comparedPairs')}>{check.comparedPairs}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.pairsListed')}>{check.pairs}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.confirmedPairs')}>{check.confirmedPairs}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.time')}>
          {check.ms == null ? '-' : t('admin.plagiarism.ms', { ms: check.ms })}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.threshold')}>{percent(check.threshold)}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.compared')}>
          {check.onlyAccepted ? t('admin.plagiarism.comparedAccepted') : t('admin.plagiarism.comparedLast')}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.createdBy')}>{check.createdBy}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.createTime')}>{formatDateTime(check.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('admin.plagiarism.finishTime')}>
          {check.finishTime ? formatDateTime(check.finishTime) : '-'}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

export default function PlagiarismPage() {
  const { t } = useT();
  const { scope, id } = useScope();
  const [title, setTitle] = useState('');
  const [checks, setChecks] = useState<PlagiarismCheckView[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** the reads of the followed check failed POLL_FAILURES times; "retry" clears it, which follows the check again */
  const [pollFailed, setPollFailed] = useState(false);
  const [pairs, setPairs] = useState<Page<PlagiarismPairView> | null>(null);
  const [pairsLoading, setPairsLoading] = useState(false);
  const [filter, setFilter] = useState<PairFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [openPair, setOpenPair] = useState<number | null>(null);

  const header = useNestedHeader([...scopeCrumbs(scope, id, title, t), { label: t('admin.plagiarism.title') }]);
  const selected = checks?.find((c) => c.id === selectedId) ?? null;
  const narrow = !Grid.useBreakpoint().sm;
  const scopeLine = [t(SCOPE_LABEL[scope], { id }), title].filter(Boolean).join(' · ');

  const replaceCheck = useCallback((next: PlagiarismCheckView) => {
    setChecks((list) => (list ?? []).map((c) => (c.id === next.id ? next : c)));
  }, []);
  const select = (checkId: number) => {
    setSelectedId(checkId);
    setPollFailed(false);
    setPage(1);
  };

  useEffect(() => {
    let live = true;
    setChecks(null);
    setSelectedId(null);
    setTitle('');
    getScopeTitle(scope, id)
      .then((text) => live && setTitle(text))
      .catch(() => undefined);
    getPlagiarismChecks(scope, id)
      .then((list) => {
        if (!live) return;
        setChecks(list);
        // newest first: the latest check is the one an admin comes back for
        setSelectedId(list[0]?.id ?? null);
      })
      .catch(() => live && setChecks([]));
    return () => {
      live = false;
    };
  }, [scope, id]);

  // Follow a waiting or running check: read it again a second after each answer (never two reads at once) until it
  // is done or failed; leaving the page or choosing another check stops it.
  const followed = selected && isActive(selected.status) && !pollFailed ? selected.id : null;
  useEffect(() => {
    if (followed == null) return;
    let live = true;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const read = async () => {
      try {
        const check = await getPlagiarismCheck(followed);
        if (!live) return;
        failures = 0;
        replaceCheck(check);
        // the check that ended changes `followed`, which ends this effect; until then, read on
        if (isActive(check.status)) timer = setTimeout(read, POLL_MS);
      } catch (_e) {
        if (!live) return;
        if (++failures >= POLL_FAILURES) setPollFailed(true);
        else timer = setTimeout(read, POLL_MS);
      }
    };
    timer = setTimeout(read, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [followed, replaceCheck]);

  // The pairs of a finished check, one page at a time.
  const listed = selected?.status === PlagiarismCheckStatus.Done ? selected.id : null;
  useEffect(() => {
    if (listed == null) {
      setPairs(null);
      return;
    }
    let live = true;
    setPairsLoading(true);
    getPlagiarismPairs({ checkId: listed, currentPage: page, limit: pageSize, status: filter === 'all' ? undefined : filter })
      .then((p) => live && setPairs(p))
      .catch(() => live && setPairs({ records: [], total: 0, size: pageSize, current: page, pages: 0 }))
      .finally(() => live && setPairsLoading(false));
    return () => {
      live = false;
    };
  }, [listed, page, pageSize, filter]);

  const started = (check: PlagiarismCheckView) => {
    setChecks((list) => [check, ...(list ?? []).filter((c) => c.id !== check.id)]);
    select(check.id);
  };

  /** A review answered: its row shows the new state, and the check's count of confirmed pairs follows. */
  const reviewed = (view: PlagiarismPairView) => {
    setPairs((p) => p && { ...p, records: p.records.map((r) => (r.id === view.id ? { ...r, ...view } : r)) });
    getPlagiarismCheck(view.checkId)
      .then(replaceCheck)
      .catch(() => undefined);
  };

  const checkOptions = (checks ?? []).map((c) => ({
    value: c.id,
    label: t('admin.plagiarism.checkOption', {
      id: c.id,
      time: formatDateTime(c.createTime),
      status: t(
        c.status === PlagiarismCheckStatus.Done
          ? 'admin.plagiarism.statusDone'
          : c.status === PlagiarismCheckStatus.Failed
            ? 'admin.plagiarism.statusFailed'
            : c.status === PlagiarismCheckStatus.Running
              ? 'admin.plagiarism.statusRunning'
              : 'admin.plagiarism.statusWaiting',
      ),
      threshold: c.threshold,
    }),
  }));

  const columns: ColumnsType<PlagiarismPairView> = [
    // the problem and its similarity first: on a phone the table scrolls sideways, and these two are what a reviewer
    // looks for before the users and the details
    { title: t('admin.plagiarism.problem'), dataIndex: 'displayId', width: 90 },
    {
      title: t('admin.plagiarism.similarity'),
      dataIndex: 'similarity',
      width: 150,
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <b>{percent(r.similarity)}</b>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('admin.plagiarism.shares', { a: percent(r.aPercent), b: percent(r.bPercent) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('admin.plagiarism.userA'),
      dataIndex: 'aUsername',
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.aUsername}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{r.aSubmitId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('admin.plagiarism.userB'),
      dataIndex: 'bUsername',
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.bUsername}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{r.bSubmitId}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('admin.plagiarism.language'), dataIndex: 'language', width: 110 },
    { title: t('admin.plagiarism.method'), dataIndex: 'method', width: 120, render: (_v, r) => <MethodTag method={r.method} /> },
    { title: t('admin.plagiarism.status'), dataIndex: 'status', width: 100, render: (_v, r) => <PairStatusTag status={r.status} /> },
    {
      title: t('admin.common.option'),
      key: 'option',
      width: 80,
      fixed: 'right',
      render: (_v, r) => (
        <a onClick={() => setOpenPair(r.id)} data-testid="plagiarism-view">
          {t('admin.plagiarism.view')}
        </a>
      ),
    },
  ];

  return (
    <PageContainer
      title={t('admin.plagiarism.title')}
      // beside the title on a phone, the scope and the title squeezed both to a few letters: there it heads the intro
      subTitle={narrow ? undefined : scopeLine}
      content={
        narrow ? (
          <>
            <Typography.Text strong style={{ display: 'block' }}>
              {scopeLine}
            </Typography.Text>
            {t('admin.plagiarism.intro')}
          </>
        ) : (
          t('admin.plagiarism.intro')
        )
      }
      {...header}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <StartForm scope={scope} id={id} onStarted={started} />
        <Card size="small" title={t('admin.plagiarism.checks')} loading={checks === null}>
          {!checks?.length || !selected ? (
            <Empty description={t('admin.plagiarism.noChecks')} />
          ) : (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Select<number>
                value={selected.id}
                options={checkOptions}
                onChange={select}
                style={{ width: '100%', maxWidth: 480 }}
                aria-label={t('admin.plagiarism.checks')}
                data-testid="plagiarism-checks"
              />
              <CheckSummary check={selected} pollFailed={pollFailed} onRetry={() => setPollFailed(false)} />
            </Space>
          )}
        </Card>
        {selected?.status === PlagiarismCheckStatus.Done && (
          <Card size="small" title={t('admin.plagiarism.pairs')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="small"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as PairFilter);
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('admin.plagiarism.filterAll') },
                ...Object.values(PlagiarismPairStatus).map((s) => ({ value: s, label: t(PAIR_STATUS[s][1]) })),
              ]}
              style={{ marginBottom: 12 }}
              data-testid="plagiarism-status-filter"
            />
            <Table<PlagiarismPairView>
              rowKey="id"
              size="small"
              loading={pairsLoading}
              dataSource={pairs?.records ?? []}
              columns={columns}
              scroll={{ x: 880 }}
              locale={{ emptyText: t('admin.plagiarism.noPairs') }}
              pagination={{
                current: page,
                pageSize,
                total: pairs?.total ?? 0,
                showSizeChanger: true,
                onChange: (p, size) => {
                  setPage(size === pageSize ? p : 1);
                  setPageSize(size);
                },
              }}
              data-testid="plagiarism-pairs"
            />
          </Card>
        )}
      </Space>
      <PairDrawer
        pairId={openPair}
        contestId={scope === PlagiarismScope.Contest ? id : null}
        onClose={() => setOpenPair(null)}
        onReviewed={reviewed}
      />
    </PageContainer>
  );
}
