/**
 * /message/:kind (login): the five boxes of product §2 (discuss, reply, like, sys, mine). Listing a page
 * marks it read on the server; the navbar's badges are then refreshed at once (UNREAD_CHANGED).
 * Each message can be deleted, and a box cleaned.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Avatar, Badge, Button, Card, Empty, Layout, List, Menu, Pagination, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, MsgCleanType, Page, SysMessage, UserMsgVO } from '@oj/contracts';
import { api, call, formatDateTime } from '@oj/kit';
import { MESSAGE_KINDS, MessageKind, UNREAD_FIELD } from '../../layout/nav-items';
import { UNREAD_CHANGED, useUnreadCounts } from '../../layout/use-unread';

const PAGE_SIZE = 10;

/** The API box and clean type of each page. */
const BOX: Record<MessageKind, { path: string; clean: MsgCleanType }> = {
  discuss: { path: '/msg/comment', clean: 'Discuss' },
  reply: { path: '/msg/reply', clean: 'Reply' },
  like: { path: '/msg/like', clean: 'Like' },
  sys: { path: '/msg/sys', clean: 'Sys' },
  mine: { path: '/msg/mine', clean: 'Mine' },
};

type Row = UserMsgVO | SysMessage;
const isUserMsg = (r: Row): r is UserMsgVO => 'action' in r;

function UserMessage({ m }: { m: UserMsgVO }) {
  const what =
    m.action === 'Discuss'
      ? 'shell.message.action.comment'
      : m.action === 'Reply'
        ? 'shell.message.action.reply'
        : m.action === 'Like_Discuss'
          ? 'shell.message.action.likeComment'
          : 'shell.message.action.likeDiscussion';
  return (
    <List.Item.Meta
      avatar={<Avatar src={m.senderAvatar || undefined} icon={<UserOutlined />} />}
      title={
        <Space wrap>
          {!m.state && <Badge status="processing" />}
          <Typography.Text strong>{m.senderUsername ?? m.senderId}</Typography.Text>
          <FormattedMessage id={what} />
          {m.url ? <Link to={m.url}>{m.sourceTitle ?? m.sourceId}</Link> : <span>{m.sourceTitle}</span>}
          <Tag>
            <FormattedMessage id={m.sourceType === 'Contest' ? 'shell.message.source.contest' : 'shell.message.source.discussion'} />
          </Tag>
        </Space>
      }
      description={
        <Space direction="vertical" size={2}>
          {(m.action === 'Discuss' || m.action === 'Reply') && m.sourceContent && (
            <Typography.Text data-testid="message-content">{m.sourceContent}</Typography.Text>
          )}
          {m.quoteContent && (
            <Typography.Text type="secondary" ellipsis>
              “{m.quoteContent}”
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{formatDateTime(m.gmtCreate)}</Typography.Text>
        </Space>
      }
    />
  );
}

/**
 * A "mine" message with a code the app knows is rendered from its fields in the reader's language; others
 * (admin notices, codes of a newer server) show the stored title and text.
 */
function useNoticeTexts(m: SysMessage): { title: string; content: string } {
  const intl = useIntl();
  const id = m.msgCode ? `shell.message.mine.${m.msgCode}` : null;
  if (!id || !intl.messages[`${id}.title`]) return { title: m.title, content: m.content };
  const params = m.msgParams ?? {};
  const outcome = params.outcome ? `shell.message.mine.outcome.${params.outcome}` : null;
  const values = {
    ...params,
    title: params.title ?? '',
    hasTitle: params.title ? 'yes' : 'no',
    outcome: outcome && intl.messages[outcome] ? intl.formatMessage({ id: outcome }) : String(params.outcome ?? ''),
  };
  return { title: intl.formatMessage({ id: `${id}.title` }, values), content: intl.formatMessage({ id: `${id}.content` }, values) };
}

function SysNotice({ m }: { m: SysMessage }) {
  const { title, content } = useNoticeTexts(m);
  return (
    <List.Item.Meta
      title={
        <Space>
          {!m.state && <Badge status="processing" />}
          <Typography.Text strong data-testid="message-title">
            {title}
          </Typography.Text>
        </Space>
      }
      description={
        <Space direction="vertical" size={2}>
          <Typography.Text data-testid="message-content">{content}</Typography.Text>
          <Typography.Text type="secondary">{formatDateTime(m.gmtCreate)}</Typography.Text>
        </Space>
      }
    />
  );
}

export function MessageCenterPage() {
  const { kind = '' } = useParams();
  const intl = useIntl();
  const navigate = useNavigate();
  const counts = useUnreadCounts(true);
  const [page, setPage] = useState<Page<Row> | null>(null);
  const [current, setCurrent] = useState(1);
  const [reload, setReload] = useState(0);
  const box = BOX[kind as MessageKind];

  useEffect(() => setCurrent(1), [kind]);
  useEffect(() => {
    if (!box) return;
    let alive = true;
    call<Page<Row>>(api.get(box.path, { params: { currentPage: current, limit: PAGE_SIZE } }))
      .then((p) => {
        if (!alive) return;
        setPage(p);
        window.dispatchEvent(new Event(UNREAD_CHANGED));
      })
      .catch(() => alive && setPage(null));
    return () => {
      alive = false;
    };
  }, [box, current, reload]);

  if (!box) return <Navigate to="/message/discuss" replace />;

  const clean = async (id?: number) => {
    await call<null>(api.delete('/msg/clean', { params: { type: box.clean, id } }));
    setReload((n) => n + 1);
  };

  return (
    <Layout style={{ background: 'transparent' }}>
      <Layout.Sider width={200} theme="light" breakpoint="md" collapsedWidth={0}>
        <Menu
          mode="inline"
          selectedKeys={[kind]}
          onClick={(e) => navigate(`/message/${e.key}`)}
          items={MESSAGE_KINDS.map((k) => ({
            key: k,
            label: (
              <Space>
                <FormattedMessage id={`shell.message.${k}`} />
                <Badge count={counts[UNREAD_FIELD[k]]} overflowCount={LIMITS.badgeMax} size="small" data-testid={`message-badge-${k}`} />
              </Space>
            ),
          }))}
        />
      </Layout.Sider>
      <Layout.Content style={{ paddingLeft: 16 }}>
        <Card
          title={<FormattedMessage id={`shell.message.${kind}`} />}
          extra={
            !!page?.total && (
              <Popconfirm title={intl.formatMessage({ id: 'shell.message.cleanConfirm' })} onConfirm={() => void clean()}>
                <Button danger icon={<DeleteOutlined />} data-testid="message-clean">
                  <FormattedMessage id="shell.message.clean" />
                </Button>
              </Popconfirm>
            )
          }
        >
          <List
            dataSource={page?.records ?? []}
            data-testid="message-list"
            locale={{ emptyText: <Empty description={<FormattedMessage id="shell.message.empty" />} /> }}
            renderItem={(m) => (
              <List.Item
                key={m.id}
                data-testid="message-item"
                actions={[
                  <Button key="del" type="text" danger icon={<DeleteOutlined />} onClick={() => void clean(m.id)} aria-label="delete" />,
                ]}
              >
                {isUserMsg(m) ? <UserMessage m={m} /> : <SysNotice m={m} />}
              </List.Item>
            )}
          />
          {page && page.total > PAGE_SIZE && (
            <Pagination
              style={{ marginTop: 16, textAlign: 'right' }}
              current={current}
              pageSize={PAGE_SIZE}
              total={page.total}
              showSizeChanger={false}
              onChange={setCurrent}
            />
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
