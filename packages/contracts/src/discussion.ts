/** Discussions, comments, replies and the message centre (product §3, §5, §7, §9). HOJ field names. */
import { GROUP_MSG } from './group';
import type { Page } from './api';

export const DISCUSSION_LIMITS = {
  titleMax: 255,
  descriptionMax: 255,
  contentMax: 65535,
  commentMax: 5000,
  reportMax: 1000,
  categoryNameMax: 50,
  /** Replies shown under each comment of a comments page; the rest come from GET /api/reply. */
  repliesPerComment: 3,
  commentsPageSize: 20,
  /** A view counts once per viewer per this many seconds. */
  viewWindowSec: 3600,
  /** Flood limits per user (fixed windows). */
  postsPerMinute: 3,
  commentsPerMinute: 10,
  likesPerMinute: 60,
  reportsPerMinute: 5,
} as const;

/** Discussion status (HOJ): 0 shown, 1 hidden by an admin. */
export const DiscussionStatus = { Shown: 0, Hidden: 1 } as const;

export const DISCUSSION_ERR = {
  notFound: 'The discussion does not exist.',
  hidden: 'The discussion has been hidden by an administrator.',
  commentNotFound: 'The comment does not exist.',
  replyNotFound: 'The reply does not exist.',
  problemNotFound: 'The problem does not exist.',
  categoryNotFound: 'The category does not exist.',
  categoryInUse: 'The category still has discussions.',
  noPostRole: 'Sorry, your account may not post discussions.',
  mutedRole: 'Sorry, your account is muted: you may not post, comment or reply.',
  postAcCount: (n: number) => `Sorry, you cannot post yet: solve at least ${n} problems first.`,
  commentAcCount: (n: number) => `Sorry, you cannot comment yet: solve at least ${n} problems first.`,
  dailyPostLimit: (n: number) => `Sorry, you have posted ${n} discussions today, the daily limit.`,
  titleRequired: 'The title is required.',
  titleTooLong: 'The title may be at most 255 characters.',
  descriptionTooLong: 'The description may be at most 255 characters.',
  contentRequired: 'The content is required.',
  contentTooLong: 'The content may be at most 65535 characters.',
  commentRequired: 'The comment can not be empty.',
  commentTooLong: 'The comment may be at most 5000 characters.',
  didOrCidRequired: 'Either did or cid is required.',
  reportEmpty: 'Please give a label or a reason for the report.',
  reportTooLong: 'The report may be at most 1000 characters.',
  selectionEmpty: 'Please select at least one discussion.',
  msgTypeInvalid: 'The type must be one of Discuss, Reply, Like, Sys, Mine.',
  categoryNameRequired: 'The category name is required.',
} as const;

/**
 * The categories the first migration seeds, by their stored names. Clients show these names in the reader's
 * language while they are untouched (a zh-CN site showed "General"); a renamed category is shown as named.
 */
export const DEFAULT_DISCUSSION_CATEGORIES = ['General', 'Solutions', 'Questions'] as const;

export interface DiscussionCategory {
  id: number;
  name: string;
  gmtCreate: string;
  gmtModified: string;
}

/** HOJ's Discussion (list rows: content null) and DiscussionVO (detail). */
export interface DiscussionVO {
  id: number;
  categoryId: number;
  categoryName?: string | null;
  title: string;
  description: string;
  content: string | null;
  pid: string | null;
  uid: string;
  author: string;
  avatar: string | null;
  titleName?: string | null;
  titleColor?: string | null;
  role: string;
  viewNum: number;
  likeNum: number;
  commentNum?: number;
  hasLike?: boolean;
  topPriority: boolean;
  gid: number | null;
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

export interface ReplyVO {
  id: number;
  commentId: number;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: string;
  fromTitleName?: string | null;
  fromTitleColor?: string | null;
  toUid: string;
  toName: string;
  toAvatar: string | null;
  content: string;
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

export interface CommentVO {
  id: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: string;
  fromTitleName?: string | null;
  fromTitleColor?: string | null;
  likeNum: number;
  totalReplyNum: number;
  gmtCreate: string;
  replyList: ReplyVO[];
}

/** GET /api/comments: a page of comments and which of them the caller liked. */
export interface CommentListVO {
  commentList: Page<CommentVO>;
  commentLikeMap: Record<number, boolean>;
}

/** Message boxes: actions of msg_remind rows and the `type` of DELETE /api/msg/clean. */
export const MSG_ACTIONS = ['Discuss', 'Reply', 'Like'] as const;
export type MsgAction = (typeof MSG_ACTIONS)[number];
export const MSG_CLEAN_TYPES = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MsgCleanType = (typeof MSG_CLEAN_TYPES)[number];

/**
 * The `action` of a message as answered (HOJ's UserMsgVO): a like is `Like_Post` (of a discussion post) or
 * `Like_Discuss` (of a comment); the like box stores both as `Like`.
 */
export type MsgAnswerAction = Exclude<MsgAction, 'Like'> | 'Like_Post' | 'Like_Discuss';

/** One message of the comment, reply or like box (HOJ's UserMsgVO). */
export interface UserMsgVO {
  id: number;
  action: MsgAnswerAction;
  sourceId: number;
  /** 'Discussion' or 'Contest'. */
  sourceType: string;
  sourceTitle: string | null;
  sourceContent: string | null;
  quoteId: number | null;
  /** 'Comment' or 'Reply'. */
  quoteType: string | null;
  quoteContent: string | null;
  url: string | null;
  state: boolean;
  senderId: string;
  senderUsername: string | null;
  senderAvatar: string | null;
  gmtCreate: string;
}

/** Admin → Discussion → Reports (HOJ's DiscussionReportVO). */
export interface DiscussionReportVO {
  id: number;
  did: number;
  gid: number | null;
  discussionTitle: string | null;
  discussionAuthor: string | null;
  reporter: string;
  content: string;
  /** true once handled. */
  status: boolean;
  gmtCreate: string;
  gmtModified: string;
}

/** What became of a reported discussion when an admin handled the report. */
export type ReportOutcome = 'hidden' | 'deleted' | 'kept';

/**
 * The messages of the "mine" box (outcomes of the user's own actions), by code. Each is stored with its code
 * and fields (`SysMessage.msgCode`, `msgParams`), so the web app renders it in zh-CN or en-US
 * (`shell.message.mine.<code>.title` / `.content`); the English texts here are what HOJ's clients show.
 */
export const MINE_MESSAGES = {
  discussionReportHandled: {
    title: (): string => 'Your report was handled',
    content: (p: { did: number; title: string | null; outcome: ReportOutcome }): string =>
      `Thank you for your report on discussion #${p.did}${p.title ? ` "${p.title}"` : ''}: an administrator has handled it, ` +
      `and the discussion was ${p.outcome === 'kept' ? 'reviewed and kept' : p.outcome}.`,
  },
  groupApplicationAccepted: {
    title: (): string => GROUP_MSG.acceptedTitle,
    content: (p: { gid: number }): string => GROUP_MSG.accepted(p.gid),
  },
  groupApplicationRefused: {
    title: (): string => GROUP_MSG.refusedTitle,
    content: (p: { gid: number }): string => GROUP_MSG.refused(p.gid),
  },
  groupMemberRemoved: { title: (): string => GROUP_MSG.removedTitle, content: (p: { gid: number }): string => GROUP_MSG.removed(p.gid) },
  groupOwnerTransferred: { title: (): string => GROUP_MSG.ownerTitle, content: (p: { gid: number }): string => GROUP_MSG.owner(p.gid) },
} as const;
export type MineMessageCode = keyof typeof MINE_MESSAGES;
export type MineMessageParams<C extends MineMessageCode> = Parameters<(typeof MINE_MESSAGES)[C]['content']>[0];
