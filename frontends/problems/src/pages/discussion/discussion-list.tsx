/**
 * /discussion and /problem/:problemId/discussion: categories, search, pinned first, paged; the post
 * button opens the editor (the server decides who may post and answers with the reason).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Checkbox, Empty, Input, List, Pagination, Result, Segmented, Space, Tag, Typography } from 'antd';
import { EyeOutlined, LikeOutlined, MessageOutlined, PushpinOutlined } from '@ant-design/icons';
import { DiscussionCategory, DiscussionVO, Page } from '@oj/contracts';
import { ApiError, discussionCategoryName, formatDateTime, useAuth, UserName } from '@oj/kit';
import { getCategories, getDiscussionList } from '../../api/discussion';
import { useListQuery } from '../../components/use-list-query';
import { DiscussionEditor } from './discussion-editor';

const PAGE_SIZE = 15;

export function DiscussionListPage({ pid }: { pid?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const { params, update } = useListQuery();
  const currentPage = Number(params.get('currentPage') || 1);
  const keyword = params.get('keyword') || '';
  const cid = Number(params.get('cid') || 0);
  const onlyMine = params.get('onlyMine') === 'true';
  const [categories, setCategories] = useState<DiscussionCategory[]>([]);
  const [page, setPage] = useState<Page<DiscussionVO> | null>(null);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState(keyword);
  const [editing, setEditing] = useState(false);
  // A refusal of the whole list (the area closed by openPublicDiscussion) replaces the page.
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    getCategories()
      .then(setCategories)
      .catch(() => setCategories([]));
  }, []);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getDiscussionList({
      currentPage,
      limit: PAGE_SIZE,
      keyword: keyword || undefined,
      cid: cid || undefined,
      pid,
      onlyMine: onlyMine || undefined,
    })
      .then((p) => {
        if (!alive) return;
        setPage(p);
        setRefusal(null);
      })
      .catch((e: unknown) => {
        if (!alive) return;
        setPage(null);
        setRefusal(e instanceof ApiError && e.status === 403 ? e.message : null);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [currentPage, keyword, cid, pid, onlyMine]);

  if (refusal) return <Result status="403" title={refusal} />;

  const categoryName = (id: number) => {
    const name = categories.find((c) => c.id === id)?.name;
    return name && discussionCategoryName(intl.formatMessage, name);
  };

  return (
    <Card
      title={
        pid ? (
          <FormattedMessage id="problems.discussion.problemTitle" values={{ pid }} />
        ) : (
          <FormattedMessage id="problems.discussion.title" />
        )
      }
      extra={
        isLoggedIn && (
          <Button type="primary" onClick={() => setEditing(true)} data-testid="discussion-new">
            <FormattedMessage id="problems.discussion.post" />
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={cid}
          onChange={(v) => update({ cid: v ? String(v) : undefined })}
          options={[
            { value: 0, label: intl.formatMessage({ id: 'problems.discussion.allCategories' }) },
            ...categories.map((c) => ({ value: c.id, label: discussionCategoryName(intl.formatMessage, c.name) })),
          ]}
        />
        <Input.Search
          allowClear
          value={search}
          placeholder={intl.formatMessage({ id: 'problems.discussion.search' })}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          style={{ width: 260 }}
        />
        {isLoggedIn && (
          <Checkbox checked={onlyMine} onChange={(e) => update({ onlyMine: e.target.checked ? 'true' : undefined })}>
            <FormattedMessage id="problems.discussion.onlyMine" />
          </Checkbox>
        )}
      </Space>
      <List
        loading={loading}
        dataSource={page?.records ?? []}
        locale={{ emptyText: <Empty description={<FormattedMessage id="problems.discussion.empty" />} /> }}
        data-testid="discussion-list"
        renderItem={(d) => (
          <List.Item
            key={d.id}
            actions={[
              <span key="v">
                <EyeOutlined /> {d.viewNum}
              </span>,
              <span key="l">
                <LikeOutlined /> {d.likeNum}
              </span>,
              <span key="c">
                <MessageOutlined /> {d.commentNum ?? 0}
              </span>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {d.topPriority && (
                    <Tag color="red" icon={<PushpinOutlined />}>
                      <FormattedMessage id="problems.discussion.pinned" />
                    </Tag>
                  )}
                  <Link to={`/discussion/${d.id}`} data-testid="discussion-link">
                    {d.title}
                  </Link>
                  {categoryName(d.categoryId) && <Tag>{categoryName(d.categoryId)}</Tag>}
                  {d.pid && !pid && (
                    <Tag color="blue" onClick={() => navigate(`/problem/${encodeURIComponent(d.pid!)}`)} style={{ cursor: 'pointer' }}>
                      {d.pid}
                    </Tag>
                  )}
                </Space>
              }
              description={
                <Space direction="vertical" size={0}>
                  {d.description && <Typography.Text type="secondary">{d.description}</Typography.Text>}
                  <Typography.Text type="secondary">
                    <UserName username={d.author} /> · {formatDateTime(d.gmtCreate)}
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {page && page.total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={currentPage}
          pageSize={PAGE_SIZE}
          total={page.total}
          showSizeChanger={false}
          onChange={(p) => update({ currentPage: String(p) })}
        />
      )}
      <DiscussionEditor
        open={editing}
        categories={categories}
        pid={pid}
        onClose={() => setEditing(false)}
        onSaved={(id) => {
          setEditing(false);
          navigate(`/discussion/${id}`);
        }}
      />
    </Card>
  );
}
