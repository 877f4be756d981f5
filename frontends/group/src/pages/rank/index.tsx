/** /group/:groupID/rank: the members' rank on the group's problems, ACM (solved) or OI (score), searchable. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, Empty, Input, Segmented, Space, Table } from 'antd';
import { RankRow, RankType } from '@oj/contracts';
import { UserName } from '@oj/kit';
import { getGroupRank } from '../../api/group';
import { paginationOf, usePage } from '../../hooks/use-page';
import { useGroup } from '../group-detail/context';

/** get-group-rank-list rows: the site rank's, with the rank and the problems solved. */
type Row = RankRow & { rank?: number; solved?: number };

export function GroupRankPage() {
  const intl = useIntl();
  const { gid } = useGroup();
  const [type, setType] = useState<number>(RankType.ACM);
  const [searchUser, setSearchUser] = useState('');
  const list = usePage<Row>((q) => getGroupRank(gid, { ...q, type, searchUser: searchUser || undefined }), [gid, type, searchUser], 30);
  const first = (list.query.currentPage - 1) * list.query.limit;
  return (
    <Card size="small" title={<FormattedMessage id="group.menu.rank" />} data-testid="group-rank">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={type}
          onChange={(v) => setType(Number(v))}
          options={[
            { value: RankType.ACM, label: 'ACM' },
            { value: RankType.OI, label: 'OI' },
          ]}
          data-testid="group-rank-type"
        />
        <Input.Search
          allowClear
          style={{ width: 'min(220px, 80vw)' }}
          placeholder={intl.formatMessage({ id: 'group.rank.search' })}
          onSearch={(v) => setSearchUser(v.trim())}
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey="uid"
        loading={list.loading}
        dataSource={list.page?.records ?? []}
        pagination={paginationOf(list)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={<FormattedMessage id="group.rank.empty" />} data-testid="group-rank-empty" /> }}
        onRow={(r) => ({ 'data-testid': 'group-rank-row', 'data-username': r.username }) as object}
        columns={[
          { key: 'rank', title: '#', width: 56, render: (_v, r, i) => r.rank ?? first + i + 1 },
          {
            key: 'user',
            title: intl.formatMessage({ id: 'group.rank.user' }),
            render: (_v, r) => <UserName username={r.username} text={r.nickname || r.username} />,
          },
          type === RankType.ACM
            ? {
                key: 'solved',
                title: intl.formatMessage({ id: 'group.rank.solved' }),
                render: (_v, r) => <span data-testid="group-rank-solved">{r.solved ?? r.ac}</span>,
              }
            : { key: 'score', title: intl.formatMessage({ id: 'group.rank.score' }), dataIndex: 'score' },
          { key: 'total', title: intl.formatMessage({ id: 'group.rank.submissions' }), dataIndex: 'total' },
        ]}
      />
    </Card>
  );
}
