/** The last 14 days' submissions and accepted ones per day (get-submission-chart), drawn by @ant-design/plots. */
import { ProCard } from '@ant-design/pro-components';
import { Column } from '@ant-design/plots';
import { countScale } from './integer-ticks';
import { Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { SubmissionChartDay } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { useT } from '../../i18n';

export default function SubmissionChart() {
  const { t } = useT();
  const [days, setDays] = useState<SubmissionChartDay[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call<SubmissionChartDay[]>(api.get('/admin/dashboard/get-submission-chart', { silent: true }))
      .then(setDays)
      .catch(() => setFailed(true));
  }, []);
  const data = (days ?? []).flatMap((d) => [
    { date: d.date.slice(5), kind: t('admin.dashboard.chartTotal'), count: d.total },
    { date: d.date.slice(5), kind: t('admin.dashboard.chartAccepted'), count: d.accepted },
  ]);
  return (
    <ProCard title={t('admin.dashboard.chartTitle')} bordered headerBordered data-testid="submission-chart">
      {failed ? (
        <Empty description={t('admin.dashboard.loadFailed')} />
      ) : !days ? (
        <Spin />
      ) : (
        <Column data={data} xField="date" yField="count" colorField="kind" group height={260} scale={countScale()} />
      )}
    </ProCard>
  );
}
