/** /acm-rank and /oi-rank (GET /api/get-rank-list, type 0 ACM / 1 OI). */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, Input, Table } from 'antd';
import { DEFAULT_PAGE_SIZE, Page, RankRow, RankType } from '@oj/contracts';
import { getRankList } from '../../api/problems';
import { UserName } from '@oj/kit';

export function RankPage({ type }: { type: number }) {
  const intl = useIntl();
  const [currentPage, setCurrentPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE * 3);
  const [searchUser, setSearchUser] = useState('');
  const [page, setPage] = useState<Page<RankRow> | null>(null);
  const [loading, setLoading] = useState(false);
  const oi = type === RankType.OI;

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getRankList({ currentPage, limit, type, searchUser: searchUser || undefined })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [currentPage, limit, type, searchUser]);

  return (
    <Card title={<FormattedMessage id={oi ? 'problems.rank.oiTitle' : 'problems.rank.acmTitle'} />} data-testid="rank-page">
      <Input.Search
        allowClear
        placeholder={intl.formatMessage({ id: 'problems.rank.searchUser' })}
        onSearch={(v) => {
          setCurrentPage(1);
          setSearchUser(v.trim());
        }}
        style={{ width: 240, marginBottom: 16 }}
      />
      <Table<RankRow>
        rowKey="uid"
        loading={loading}
        dataSource={page?.records ?? []}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: page?.total ?? 0,
          onChange: (c, s) => {
            setCurrentPage(c);
            setLimit(s);
          },
        }}
        columns={[
          { title: '#', key: 'rank', width: 60, render: (_v, _r, i) => (currentPage - 1) * limit + i + 1 },
          {
            title: <FormattedMessage id="problems.rank.user" />,
            dataIndex: 'username',
            render: (u: string) => <UserName username={u} />,
          },
          { title: <FormattedMessage id="problems.rank.nickname" />, dataIndex: 'nickname' },
          { title: <FormattedMessage id="problems.rank.signature" />, dataIndex: 'signature', responsive: ['md'] },
          ...(oi
            ? // A user without an OI score yet has 0 points, not a blank.
              [{ title: <FormattedMessage id="problems.rank.score" />, dataIndex: 'score', render: (v?: number | null) => v ?? 0 }]
            : [
                { title: <FormattedMessage id="problems.rank.solved" />, dataIndex: 'ac' },
                { title: <FormattedMessage id="problems.rank.submissions" />, dataIndex: 'total' },
                {
                  title: <FormattedMessage id="problems.rank.rate" />,
                  key: 'rate',
                  render: (_v: unknown, r: RankRow) => (r.total ? `${((r.ac / r.total) * 100).toFixed(2)}%` : '0.00%'),
                },
              ]),
        ]}
      />
    </Card>
  );
}
