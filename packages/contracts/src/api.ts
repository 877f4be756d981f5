/** The envelope every JSON answer uses (docs/architecture.md, "API conventions"). */
export interface ApiEnvelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
  /** Stable code of a catalogue `msg` (messages.ts), so clients show it in the user's language; absent on success. */
  msgCode?: string;
}

/** A page of records, HOJ/MyBatis-Plus shaped. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;
/** Rows of a contest board's first page: the board page asks for it, and the shell prefetches it with this size. */
export const CONTEST_RANK_PAGE_SIZE = DEFAULT_PAGE_SIZE * 5;
/**
 * The highest page number a list reads; a higher one (1e308, a float's exponent) is this page, past the end. With
 * MAX_PAGE_SIZE the offset stays within a PostgreSQL integer.
 */
export const MAX_CURRENT_PAGE = 10_000_000;

/** Header names of the auth conventions. */
export const HEADERS = {
  authorization: 'Authorization',
  urlType: 'Url-Type',
  refreshToken: 'Refresh-Token',
} as const;

/** User info returned by login and kept in the client's auth store (product §3). */
export interface UserInfo {
  uid: string;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  email?: string | null;
  school?: string | null;
  realname?: string | null;
  gender?: 'male' | 'female' | 'secrecy';
  signature?: string | null;
  roleList: string[];
}

/** Public website config (product §3). */
export interface WebsiteConfig {
  shortName: string;
  projectName: string;
  projectUrl: string;
  recordName: string;
  recordUrl: string;
  description: string;
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  openPublicJudge: boolean;
  /**
   * Not in HOJ: true when an SMTP host is set (Admin → Config → Email). Registration and password reset
   * mail a code, so without it the register link explains that mail must be set up (issue #21).
   */
  emailConfigured: boolean;
}

/** Site switches editable by root (product §3). */
export interface SiteSwitches {
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  openPublicJudge: boolean;
  openGroupJudge: boolean;
  openContestJudge: boolean;
}
export type SiteSwitch = keyof SiteSwitches;

export interface LoginRequest {
  username: string;
  password: string;
  /** Proof of the slide verification, required from the 5th failure. */
  slideToken?: string;
}
export interface RegisterRequest {
  username: string;
  password: string;
  email: string;
  code: string;
}
export interface ApplyResetPasswordRequest {
  email: string;
  captcha: string;
  captchaKey: string;
}
export interface CaptchaResponse {
  img: string;
  captchaKey: string;
}
export interface UnreadCounts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}
