/**
 * /contest/:contestId/resolver (contest admins, issue 35): the award ceremony's resolver. A panel with the medal counts
 * (defaults 10 % / 20 % / 30 % of the non-star teams, rounded up) and Start; then the full-screen board that reveals the
 * sealed submissions from the bottom team up (./resolver-board.tsx, ./resolver-state.ts).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Card, Descriptions, Form, InputNumber, Result, Space, Spin, Typography } from 'antd';
import type { ResolverData } from '@oj/contracts';
import { getResolverData } from '../../api/resolver';
import { useContest } from '../contest-detail/context';
import { ResolverBoard, requestFullscreen } from './resolver-board';
import { AwardCounts, ResolverState, defaultAwardCounts } from './resolver-state';

export function ContestResolverPage() {
  const { cid } = useContest();
  const [data, setData] = useState<ResolverData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [counts, setCounts] = useState<AwardCounts>({ gold: 0, silver: 0, bronze: 0 });
  const [state, setState] = useState<ResolverState | null>(null);

  useEffect(() => {
    let alive = true;
    getResolverData(cid)
      .then((d) => {
        if (!alive) return;
        setData(d);
        setCounts(defaultAwardCounts(d));
      })
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [cid]);

  if (error)
    return (
      <Result
        status="warning"
        title={<FormattedMessage id="contest.resolver.unavailable" />}
        subTitle={error}
        data-testid="resolver-error"
      />
    );
  if (!data) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (state) return <ResolverBoard data={data} state={state} onClose={() => setState(null)} />;

  const ranked = data.teams.filter((t) => !t.isStar).length;
  const pending = data.teams.reduce((n, t) => n + Object.values(t.sealed).filter((c) => c.tryNum > 0).length, 0);
  const start = () => {
    requestFullscreen(); // in the click's user gesture
    setState(new ResolverState(data, counts));
  };
  const field = (key: keyof AwardCounts) => (
    <Form.Item label={<FormattedMessage id={`contest.resolver.medal.${key}`} />}>
      <InputNumber
        min={0}
        max={ranked}
        precision={0}
        value={counts[key]}
        onChange={(v) => setCounts((c) => ({ ...c, [key]: Math.max(0, Math.floor(Number(v ?? 0))) }))}
        data-testid={`resolver-count-${key}`}
      />
    </Form.Item>
  );
  return (
    <Card title={<FormattedMessage id="contest.resolver.title" />} data-testid="resolver-setup">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          <FormattedMessage id="contest.resolver.intro" />
        </Typography.Paragraph>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={<FormattedMessage id="contest.resolver.teams" />}>{data.teams.length}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="contest.resolver.ranked" />}>{ranked}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="contest.resolver.pendingCells" />}>{pending}</Descriptions.Item>
        </Descriptions>
        <Form layout="inline">
          {field('gold')}
          {field('silver')}
          {field('bronze')}
        </Form>
        <Typography.Text type="secondary">
          <FormattedMessage id="contest.resolver.countsHint" />
        </Typography.Text>
        <Typography.Text type="secondary">
          <FormattedMessage id="contest.resolver.keys" />
        </Typography.Text>
        <Button type="primary" size="large" onClick={start} data-testid="resolver-start">
          <FormattedMessage id="contest.resolver.start" />
        </Button>
      </Space>
    </Card>
  );
}
