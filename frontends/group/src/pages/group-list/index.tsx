/** /group: every visible group or only mine, searchable, with auth badge, owner and member count; create button. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Input, List, Select, Space, Tabs, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { GroupAuth, GroupVO } from '@oj/contracts';
import { UserName, openAccountDialog, useAuth } from '@oj/kit';
import { getGroupList } from '../../api/group';
import { GroupAuthTag } from '../../components/group-auth-tag';
import { paginationOf, usePage } from '../../hooks/use-page';
import { CreateGroupDialog } from './create-group-dialog';

type Tab = 'all' | 'mine';

export function GroupListPage() {
  const intl = useIntl();
  const { isLoggedIn } = useAuth();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [auth, setAuth] = useState<GroupAuth | undefined>();
  const [creating, setCreating] = useState(false);
  const list = usePage<GroupVO>(
    (q) => getGroupList({ ...q, keyword: keyword || undefined, auth, onlyMine: tab === 'mine' || undefined }),
    [tab, keyword, auth, isLoggedIn],
  );
  const restart = (f: () => void) => {
    f();
    list.setQuery({ ...list.query, currentPage: 1 });
  };
  const create = () => (isLoggedIn ? setCreating(true) : openAccountDialog('Login'));
  return (
    <Card
      size="small"
      data-testid="group-list"
      title={<FormattedMessage id="group.list.title" />}
      extra={
        <Button type="primary" onClick={create} data-testid="group-create">
          <FormattedMessage id="group.list.create" />
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => restart(() => setTab(k as Tab))}
        items={[
          { key: 'all', label: <span data-testid="group-tab-all">{intl.formatMessage({ id: 'group.list.all' })}</span> },
          ...(isLoggedIn
            ? [{ key: 'mine', label: <span data-testid="group-tab-mine">{intl.formatMessage({ id: 'group.list.mine' })}</span> }]
            : []),
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'group.list.auth' })}
          value={auth}
          onChange={(v?: GroupAuth) => restart(() => setAuth(v))}
          options={[GroupAuth.Public, GroupAuth.Protected, GroupAuth.Private].map((a) => ({
            value: a,
            label: intl.formatMessage({ id: `group.auth.${a}` }),
          }))}
          data-testid="group-filter-auth"
        />
        <Input.Search
          allowClear
          style={{ width: 'min(260px, 80vw)' }}
          placeholder={intl.formatMessage({ id: 'group.list.search' })}
          onSearch={(v) => restart(() => setKeyword(v.trim()))}
          data-testid="group-search"
        />
      </Space>
      <List<GroupVO>
        loading={list.loading}
        dataSource={list.page?.records ?? []}
        pagination={paginationOf(list)}
        locale={{
          emptyText: <Empty description={<FormattedMessage id={tab === 'mine' ? 'group.list.emptyMine' : 'group.list.empty'} />} />,
        }}
        renderItem={(g) => (
          <List.Item data-testid="group-row" data-gid={g.id}>
            <List.Item.Meta
              title={
                <Space wrap size={[8, 4]}>
                  <Link to={`/${g.id}`} data-testid="group-link" style={{ wordBreak: 'break-word' }}>
                    {g.name}
                  </Link>
                  <GroupAuthTag auth={g.auth} />
                </Space>
              }
              description={
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Typography.Text style={{ wordBreak: 'break-word' }}>{g.brief}</Typography.Text>
                  <Space wrap size={[12, 2]}>
                    <Typography.Text type="secondary">
                      <FormattedMessage id="group.list.owner" />: <UserName username={g.owner} showTitle={false} />
                    </Typography.Text>
                    <Typography.Text type="secondary" data-testid="group-member-count">
                      <TeamOutlined /> <FormattedMessage id="group.list.members" values={{ count: g.memberCount }} />
                    </Typography.Text>
                  </Space>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          restart(() => setTab('mine'));
        }}
      />
    </Card>
  );
}
