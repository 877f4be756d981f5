/**
 * The dashboard's "top 10 teams" card (product §2): groups ranked by their members' solved problems, drawn by
 * the charting library of the other dashboard charts; an empty state while no group exists.
 */
import { ProCard } from '@ant-design/pro-components';
import { Empty, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOP_GROUP_RANK_SIZE, TopGroupRow } from '@oj/contracts';
import { useT } from '../../i18n';
import { getTopGroups } from './api';

const TopGroupsChart = lazy(() => import('./top-groups-chart'));

export function TopGroupsCard() {
  const { t } = useT();
  const [state, setState] = useState<{ rows: TopGroupRow[] | null; failed: boolean }>({ rows: null, failed: false });
  useEffect(() => {
    let live = true;
    getTopGroups().then(
      (rows) => live && setState({ rows, failed: false }),
      () => live && setState({ rows: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  const { rows, failed } = state;
  return (
    <ProCard
      title={t('admin.dashboard.topGroups', { size: TOP_GROUP_RANK_SIZE })}
      bordered
      headerBordered
      style={{ marginBottom: 16 }}
      data-testid="dashboard-top-groups"
    >
      {failed ? (
        <Empty description={t('admin.dashboard.loadFailed')} />
      ) : !rows ? (
        <Spin />
      ) : !rows.length ? (
        <Empty description={t('admin.dashboard.noGroups')} />
      ) : (
        <Suspense fallback={<Spin />}>
          <TopGroupsChart rows={rows} />
        </Suspense>
      )}
    </ProCard>
  );
}
