/**
 * The comment thread of a discussion (`{ did }`) or a contest (`{ cid }`): new comment box, comments
 * newest first with their likes, the newest replies (all on demand), reply and delete actions. The contest
 * remote shows it through the 'problems/comments' expose.
 */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar, Button, Card, Empty, Input, List, Pagination, Popconfirm, Space, Typography, message } from 'antd';
import { DeleteOutlined, LikeFilled, LikeOutlined, UserOutlined } from '@ant-design/icons';
import { CommentListVO, CommentVO, DISCUSSION_LIMITS, PostingRules, ReplyVO } from '@oj/contracts';
import { formatDateTime, openAccountDialog, PostingRulesNotice, useAuth, UserName } from '@oj/kit';
import { Markdown } from '@oj/kit/markdown';
import {
  CommentPlace,
  addComment,
  addReply,
  deleteComment,
  deleteReply,
  getComments,
  getDiscussionRules,
  getReplies,
  likeComment,
} from '../../api/discussion';

const PAGE_SIZE = DISCUSSION_LIMITS.commentsPageSize;

interface ReplyTarget {
  commentId: number;
  quote: { id: number; type: 'Comment' | 'Reply' };
  toName: string;
}

export function Comments({ place, ownerUid }: { place: CommentPlace; ownerUid?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { user, isLoggedIn, isAdmin } = useAuth();
  const [data, setData] = useState<CommentListVO | null>(null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [replyText, setReplyText] = useState('');
  const [allReplies, setAllReplies] = useState<Record<number, ReplyVO[]>>({});
  const [busy, setBusy] = useState(false);
  const placeKey = JSON.stringify(place);
  const [rules, setRules] = useState<PostingRules | null>(null);
  useEffect(() => {
    if (!isLoggedIn) return setRules(null);
    let alive = true;
    getDiscussionRules()
      .then((r) => alive && setRules(r.comment))
      .catch(() => alive && setRules(null));
    return () => {
      alive = false;
    };
  }, [isLoggedIn]);
  const refused = !!rules?.refusal;

  const load = useCallback(() => {
    getComments(place, page, PAGE_SIZE)
      .then(setData)
      .catch(() => setData(null));
    // placeKey stands for place
  }, [placeKey, page]);
  useEffect(load, [load]);

  const canDelete = (fromUid: string) => !!user && (user.uid === fromUid || user.uid === ownerUid || isAdmin);

  const send = async () => {
    if (!isLoggedIn) return openAccountDialog('Login');
    if (!text.trim()) return;
    setBusy(true);
    try {
      await addComment(place, text);
      setText('');
      setPage(1);
      load();
    } finally {
      setBusy(false);
    }
  };

  const sendReply = async () => {
    if (!target || !replyText.trim()) return;
    setBusy(true);
    try {
      await addReply(place, target.commentId, replyText, target.quote);
      setReplyText('');
      setTarget(null);
      setAllReplies((r) => ({ ...r, [target.commentId]: undefined as unknown as ReplyVO[] }));
      load();
    } finally {
      setBusy(false);
    }
  };

  const toggleLike = async (c: CommentVO) => {
    if (!isLoggedIn) return openAccountDialog('Login');
    await likeComment(c.id, !data?.commentLikeMap[c.id], place);
    load();
  };

  const startReply = (commentId: number, quote: ReplyTarget['quote'], toName: string) => {
    if (!isLoggedIn) return openAccountDialog('Login');
    setTarget({ commentId, quote, toName });
    setReplyText('');
  };

  const removeComment = async (id: number) => {
    await deleteComment(id);
    void message.success(t('problems.discussion.deleted'));
    load();
  };
  const removeReply = async (id: number, commentId: number) => {
    await deleteReply(id, place);
    setAllReplies((r) => ({ ...r, [commentId]: undefined as unknown as ReplyVO[] }));
    load();
  };

  const replyBox = (commentId: number) =>
    target?.commentId === commentId && (
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          autoFocus
          value={replyText}
          maxLength={DISCUSSION_LIMITS.commentMax}
          placeholder={t('problems.discussion.replyTo', { name: target.toName })}
          onChange={(e) => setReplyText(e.target.value)}
          onPressEnter={() => void sendReply()}
          data-testid="reply-input"
        />
        <Button type="primary" loading={busy} onClick={() => void sendReply()} data-testid="reply-send">
          <FormattedMessage id="problems.discussion.reply" />
        </Button>
        <Button onClick={() => setTarget(null)}>
          <FormattedMessage id="problems.discussion.cancel" />
        </Button>
      </Space.Compact>
    );

  const renderReply = (r: ReplyVO, commentId: number) => (
    <div key={r.id} className="oj-reply" style={{ padding: '6px 0', borderTop: '1px dashed #f0f0f0' }} data-testid="reply">
      <UserName username={r.fromName} style={{ fontWeight: 600 }} />
      {r.toName && (
        <Typography.Text type="secondary">
          {' '}
          <FormattedMessage id="problems.discussion.repliedTo" /> {r.toName}
        </Typography.Text>
      )}
      : <span>{r.content}</span>
      <div>
        <Space size="middle">
          <Typography.Text type="secondary">{formatDateTime(r.gmtCreate)}</Typography.Text>
          <Button type="link" size="small" onClick={() => startReply(commentId, { id: r.id, type: 'Reply' }, r.fromName)}>
            <FormattedMessage id="problems.discussion.reply" />
          </Button>
          {canDelete(r.fromUid) && (
            <Popconfirm title={t('problems.discussion.confirmDelete')} onConfirm={() => void removeReply(r.id, commentId)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} />
            </Popconfirm>
          )}
        </Space>
      </div>
    </div>
  );

  return (
    <Card
      title={<FormattedMessage id="problems.discussion.comments" values={{ n: data?.commentList.total ?? 0 }} />}
      data-testid="comments"
    >
      <PostingRulesNotice rules={rules} kind="comment" />
      <Input.TextArea
        value={text}
        rows={3}
        disabled={refused}
        maxLength={DISCUSSION_LIMITS.commentMax}
        placeholder={t(isLoggedIn ? 'problems.discussion.commentPlaceholder' : 'problems.discussion.loginToComment')}
        onChange={(e) => setText(e.target.value)}
        data-testid="comment-input"
      />
      <div style={{ textAlign: 'right', margin: '8px 0 16px' }}>
        <Button type="primary" loading={busy} disabled={refused} onClick={() => void send()} data-testid="comment-send">
          <FormattedMessage id="problems.discussion.comment" />
        </Button>
      </div>
      <List
        dataSource={data?.commentList.records ?? []}
        locale={{ emptyText: <Empty description={<FormattedMessage id="problems.discussion.noComments" />} /> }}
        renderItem={(c) => {
          const liked = !!data?.commentLikeMap[c.id];
          const replies = allReplies[c.id] ?? c.replyList;
          return (
            <List.Item key={c.id} data-testid="comment">
              <List.Item.Meta
                avatar={<Avatar src={c.fromAvatar || undefined} icon={<UserOutlined />} />}
                title={
                  <Space>
                    <UserName username={c.fromName} style={{ fontWeight: 600 }} />
                    <Typography.Text type="secondary">{formatDateTime(c.gmtCreate)}</Typography.Text>
                  </Space>
                }
                description={
                  <div>
                    <Markdown source={c.content} breaks />
                    <Space size="middle">
                      <Button
                        type="link"
                        size="small"
                        icon={liked ? <LikeFilled /> : <LikeOutlined />}
                        onClick={() => void toggleLike(c)}
                        data-testid="comment-like"
                      >
                        {c.likeNum}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => startReply(c.id, { id: c.id, type: 'Comment' }, c.fromName)}
                        data-testid="comment-reply"
                      >
                        <FormattedMessage id="problems.discussion.reply" />
                      </Button>
                      {canDelete(c.fromUid) && (
                        <Popconfirm title={t('problems.discussion.confirmDelete')} onConfirm={() => void removeComment(c.id)}>
                          <Button type="link" size="small" danger icon={<DeleteOutlined />} />
                        </Popconfirm>
                      )}
                    </Space>
                    {replyBox(c.id)}
                    {replies.map((r) => renderReply(r, c.id))}
                    {c.totalReplyNum > replies.length && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => void getReplies(c.id).then((all) => setAllReplies((m) => ({ ...m, [c.id]: all })))}
                      >
                        <FormattedMessage id="problems.discussion.allReplies" values={{ n: c.totalReplyNum }} />
                      </Button>
                    )}
                  </div>
                }
              />
            </List.Item>
          );
        }}
      />
      {data && data.commentList.total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={data.commentList.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
