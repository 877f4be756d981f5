/** /contest/:contestId/ac-info (contest admins): balloons to deliver, first bloods marked, refreshed. */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Card, Switch, Table, Tag } from 'antd';
import { ContestAcInfoItem, DEFAULT_PAGE_SIZE, Page } from '@oj/contracts';
import { formatClock, formatDateTime } from '@oj/kit';
import { checkContestAcInfo, getContestAcInfo } from '../../api/contest';
import { useContest } from '../contest-detail/context';

export const AC_INFO_REFRESH_MS = 30_000;

export function ContestAcInfoPage() {
  const { cid } = useContest();
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<ContestAcInfoItem> | null>(null);
  const load = useCallback(
    (silent: boolean) =>
      getContestAcInfo(cid, current, DEFAULT_PAGE_SIZE * 3, silent)
        .then(setPage)
        .catch(() => undefined),
    [cid, current],
  );
  useEffect(() => {
    void load(false);
    const timer = setInterval(() => void load(true), AC_INFO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const check = async (row: ContestAcInfoItem, checked: boolean) => {
    try {
      await checkContestAcInfo(cid, row.id, checked);
      void load(true);
    } catch {
      // shown by the client
    }
  };
  return (
    <Card data-testid="contest-ac-info" title={<FormattedMessage id="contest.menu.acInfo" />}>
      <Table<ContestAcInfoItem>
        rowKey="id"
        size="small"
        loading={!page}
        dataSource={page?.records ?? []}
        pagination={{ current, pageSize: DEFAULT_PAGE_SIZE * 3, total: page?.total ?? 0, onChange: setCurrent }}
        columns={[
          {
            title: <FormattedMessage id="contest.acInfo.problem" />,
            dataIndex: 'displayId',
            render: (v: string, r) => (
              <span>
                {r.color && (
                  <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: r.color, marginRight: 6 }} />
                )}
                {v}
                {r.isFirstAC && (
                  <Tag color="green" style={{ marginLeft: 6 }}>
                    <FormattedMessage id="contest.acInfo.firstBlood" />
                  </Tag>
                )}
              </span>
            ),
          },
          {
            title: <FormattedMessage id="contest.acInfo.user" />,
            dataIndex: 'username',
            render: (v: string, r) => (r.realname ? `${v} (${r.realname})` : v),
          },
          { title: <FormattedMessage id="contest.acInfo.acTime" />, dataIndex: 'time', render: (t: number) => formatClock(t) },
          { title: <FormattedMessage id="contest.acInfo.submitTime" />, dataIndex: 'submitTime', render: formatDateTime },
          {
            title: <FormattedMessage id="contest.acInfo.checked" />,
            dataIndex: 'checked',
            render: (v: boolean, r) => <Switch checked={v} onChange={(c) => check(r, c)} />,
          },
        ]}
      />
    </Card>
  );
}
