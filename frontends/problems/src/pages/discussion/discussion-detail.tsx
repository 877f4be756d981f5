/** /discussion/:id: the post (Markdown), like, report, edit and delete, then its comments. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Form, Input, Modal, Popconfirm, Result, Select, Space, Spin, Tag, Typography, message } from 'antd';
import { EyeOutlined, LikeFilled, LikeOutlined, WarningOutlined } from '@ant-design/icons';
import { DISCUSSION_LIMITS, DiscussionCategory, DiscussionVO } from '@oj/contracts';
import { ApiError, discussionCategoryName, formatDateTime, openAccountDialog, useAuth, UserName } from '@oj/kit';
import { Markdown } from '@oj/kit/markdown';
import { deleteDiscussion, getCategories, getDiscussion, likeDiscussion, reportDiscussion } from '../../api/discussion';
import { Comments } from './comments';
import { DiscussionEditor } from './discussion-editor';

const REPORT_LABELS = ['spam', 'abuse', 'offTopic', 'answerLeak', 'other'] as const;

export function DiscussionDetailPage() {
  const { discussionId } = useParams();
  const did = Number(discussionId);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { user, isLoggedIn, isAdmin } = useAuth();
  const [d, setD] = useState<DiscussionVO | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [categories, setCategories] = useState<DiscussionCategory[]>([]);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reportForm] = Form.useForm<{ label?: string; reason?: string }>();

  const load = () =>
    getDiscussion(did)
      .then((v) => {
        setD(v);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));

  useEffect(() => {
    if (!Number.isInteger(did) || did < 1) return setError(t('problems.discussion.notFound'));
    void load();
    getCategories()
      .then(setCategories)
      .catch(() => undefined);
  }, [did]);

  if (error) return <Result status="warning" title={error} extra={<Link to="/discussion">{t('problems.discussion.back')}</Link>} />;
  if (!d) return <Spin style={{ display: 'block', margin: 48 }} />;

  const mine = user?.uid === d.uid;
  const like = async () => {
    if (!isLoggedIn) return openAccountDialog('Login');
    await likeDiscussion(d.id, !d.hasLike);
    setD({ ...d, hasLike: !d.hasLike, likeNum: d.likeNum + (d.hasLike ? -1 : 1) });
  };
  const report = async () => {
    const v = await reportForm.validateFields();
    if (!v.label && !v.reason?.trim()) {
      void message.error(t('problems.discussion.reportEmpty'));
      return;
    }
    await reportDiscussion(d.id, v.label ? t(`problems.discussion.report.${v.label}`) : '', v.reason ?? '');
    setReporting(false);
    reportForm.resetFields();
    void message.success(t('problems.discussion.reported'));
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card data-testid="discussion-detail">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {d.topPriority && (
            <Tag color="red">
              <FormattedMessage id="problems.discussion.pinned" />
            </Tag>
          )}
          {d.title}
        </Typography.Title>
        <Space wrap style={{ marginBottom: 12 }}>
          <UserName username={d.author} />
          <Typography.Text type="secondary">{formatDateTime(d.gmtCreate)}</Typography.Text>
          {d.categoryName && <Tag>{discussionCategoryName(intl.formatMessage, d.categoryName)}</Tag>}
          {d.pid && (
            <Link to={`/problem/${encodeURIComponent(d.pid)}`}>
              <Tag color="blue">{d.pid}</Tag>
            </Link>
          )}
          <span>
            <EyeOutlined /> {d.viewNum}
          </span>
          {d.status === 1 && (
            <Tag color="orange">
              <FormattedMessage id="problems.discussion.hidden" />
            </Tag>
          )}
        </Space>
        <Markdown source={d.content ?? ''} testId="discussion-content-view" />
        <Space style={{ marginTop: 16 }}>
          <Button icon={d.hasLike ? <LikeFilled /> : <LikeOutlined />} onClick={() => void like()} data-testid="discussion-like">
            {d.likeNum}
          </Button>
          {isLoggedIn && !mine && (
            <Button icon={<WarningOutlined />} onClick={() => setReporting(true)} data-testid="discussion-report">
              <FormattedMessage id="problems.discussion.reportAction" />
            </Button>
          )}
          {(mine || isAdmin) && (
            <Button onClick={() => setEditing(true)}>
              <FormattedMessage id="problems.discussion.edit" />
            </Button>
          )}
          {(mine || isAdmin) && (
            <Popconfirm
              title={t('problems.discussion.confirmDelete')}
              onConfirm={() => void deleteDiscussion(d.id).then(() => navigate('/discussion'))}
            >
              <Button danger>
                <FormattedMessage id="problems.discussion.delete" />
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Card>
      <Comments place={{ did: d.id }} ownerUid={d.uid} />
      <DiscussionEditor
        open={editing}
        categories={categories}
        initial={d}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void load();
        }}
      />
      <Modal
        open={reporting}
        title={t('problems.discussion.reportTitle')}
        onOk={() => void report().catch(() => undefined)}
        onCancel={() => setReporting(false)}
        okButtonProps={{ 'data-testid': 'report-submit' } as Record<string, string>}
      >
        <Form form={reportForm} layout="vertical">
          <Form.Item name="label" label={t('problems.discussion.reportLabel')}>
            <Select
              allowClear
              data-testid="report-label"
              options={REPORT_LABELS.map((l) => ({ value: l, label: t(`problems.discussion.report.${l}`) }))}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('problems.discussion.reportReason')}>
            <Input.TextArea rows={3} maxLength={DISCUSSION_LIMITS.reportMax} data-testid="report-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
