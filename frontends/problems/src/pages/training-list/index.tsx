/** /training: trainings by rank order with category and auth filters and the caller's progress ("7/12"). */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Input, Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, Page, TrainingAuth, TrainingCategoryInfo, TrainingInfo } from '@oj/contracts';
import { formatDateTime, useAuth } from '@oj/kit';
import { getTrainingCategories, getTrainingList } from '../../api/training';
import { useListQuery } from '../../components/use-list-query';

export function TrainingAuthTag({ auth }: { auth: string }) {
  return auth === TrainingAuth.Private ? (
    <Tag color="orange">
      <FormattedMessage id="problems.training.private" />
    </Tag>
  ) : (
    <Tag color="green">
      <FormattedMessage id="problems.training.public" />
    </Tag>
  );
}

export function TrainingListPage() {
  const intl = useIntl();
  const { isLoggedIn } = useAuth();
  const { params, update } = useListQuery();
  const currentPage = Number(params.get('currentPage') || 1);
  const limit = Number(params.get('limit') || DEFAULT_PAGE_SIZE * 2);
  const keyword = params.get('keyword') || '';
  const categoryId = params.get('categoryId') ? Number(params.get('categoryId')) : undefined;
  const auth = params.get('auth') || undefined;
  const [categories, setCategories] = useState<TrainingCategoryInfo[]>([]);
  const [page, setPage] = useState<Page<TrainingInfo> | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    getTrainingCategories()
      .then(setCategories)
      .catch(() => setCategories([]));
  }, []);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getTrainingList({ currentPage, limit, keyword: keyword || undefined, categoryId, auth })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [currentPage, limit, keyword, categoryId, auth, isLoggedIn]);

  return (
    <Card title={<FormattedMessage id="problems.training.listTitle" />} data-testid="training-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={keyword}
          placeholder={intl.formatMessage({ id: 'problems.training.search' })}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={intl.formatMessage({ id: 'problems.training.category' })}
          value={categoryId}
          onChange={(v?: number) => update({ categoryId: v ? String(v) : undefined })}
          options={categories.map((c) => ({ value: c.id, label: <Tag color={c.color}>{c.name}</Tag> }))}
          data-testid="training-category-filter"
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={intl.formatMessage({ id: 'problems.training.auth' })}
          value={auth}
          onChange={(v?: string) => update({ auth: v })}
          options={[
            { value: TrainingAuth.Public, label: intl.formatMessage({ id: 'problems.training.public' }) },
            { value: TrainingAuth.Private, label: intl.formatMessage({ id: 'problems.training.private' }) },
          ]}
        />
      </Space>
      <Table<TrainingInfo>
        rowKey="id"
        loading={loading}
        dataSource={page?.records ?? []}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: page?.total ?? 0,
          onChange: (c, s) => update({ currentPage: String(c), limit: String(s) }),
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          {
            title: <FormattedMessage id="problems.training.title" />,
            dataIndex: 'title',
            render: (title: string, r) => (
              <Link to={`/training/${r.id}`} data-testid="training-link">
                {title}
              </Link>
            ),
          },
          {
            title: <FormattedMessage id="problems.training.auth" />,
            dataIndex: 'auth',
            render: (a: string) => <TrainingAuthTag auth={a} />,
          },
          {
            title: <FormattedMessage id="problems.training.category" />,
            key: 'category',
            render: (_v, r) => (r.categoryName ? <Tag color={r.categoryColor ?? undefined}>{r.categoryName}</Tag> : null),
          },
          {
            title: <FormattedMessage id="problems.training.progress" />,
            key: 'progress',
            width: 200,
            render: (_v, r) => (
              <Space data-testid="training-progress">
                <Tooltip title={intl.formatMessage({ id: 'problems.training.progressRule' })}>
                  <span data-testid="training-progress-counts">
                    {`${r.acCount}/${r.problemCount}`}
                    {r.bankAcCount !== r.acCount && (
                      <Typography.Text type="secondary" data-testid="training-progress-bank">
                        {' '}
                        <FormattedMessage id="problems.training.progressBank" values={{ ac: r.bankAcCount, total: r.problemCount }} />
                      </Typography.Text>
                    )}
                  </span>
                </Tooltip>
                <Progress
                  style={{ width: 100, margin: 0 }}
                  size="small"
                  showInfo={false}
                  percent={r.problemCount ? Math.round((r.acCount / r.problemCount) * 100) : 0}
                />
              </Space>
            ),
          },
          { title: <FormattedMessage id="problems.training.author" />, dataIndex: 'author', responsive: ['md'] },
          {
            title: <FormattedMessage id="problems.training.updated" />,
            dataIndex: 'gmtModified',
            responsive: ['lg'],
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
