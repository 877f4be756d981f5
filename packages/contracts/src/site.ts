/**
 * Site configuration sections (product §3 "Website config", admin side) and account helper payloads.
 * AdminWebConfig, EmailConfig and Announcement are in admin-api.ts.
 */
import { ERR } from './errors';
import type { SiteSwitch, SiteSwitches } from './api';

/** Admin → Config → Mobile/SMS. */
export interface MobileConfig {
  regionId: string;
  domain: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

/** Admin → Switch: every switch and limit of product §3. */
export interface SwitchConfig extends SiteSwitches {
  hideNonContestSubmissionCode: boolean;
  /** Seconds between two non-contest submissions of one user (0: no wait). */
  defaultSubmitInterval: number;
  defaultCreateDiscussionACInitValue: number;
  defaultCreateDiscussionDailyLimit: number;
  defaultCreateCommentACInitValue: number;
  defaultCreateGroupACInitValue: number;
  defaultCreateGroupDailyLimit: number;
  defaultCreateGroupLimit: number;
  /**
   * Test data downloads (GET /api/file/download-testcase) per user per day, in the server's timezone;
   * root is not limited; 0 forbids downloads to everyone else.
   */
  maxDailyTestcaseDownloads: number;
}

/** Admin → Config → Data source: what the running backend uses (read only; set through env vars). */
export interface DbAndRedisConfig {
  dbHost: string;
  dbPort: number;
  dbName: string;
  dbUsername: string;
  redisHost: string;
  redisPort: number;
  redisKeyPrefix: string;
  embeddedPostgres: boolean;
}

/**
 * Admin → Config → Account (GET /api/admin/config/get-account-config, root). `register` is the one account
 * setting the admin sets (the same stored switch as in the web config and switch calls); `rules` are what the
 * server enforces on accounts, fixed by product §9 or set through env vars, shown so the admin knows them.
 */
export interface AccountConfig {
  register: boolean;
  rules: AccountRules;
}

export interface AccountRules {
  usernameMax: number;
  passwordMin: number;
  passwordMax: number;
  registerCodeLength: number;
  registerCodeTtlSec: number;
  registerCodeResendSec: number;
  passwordResetResendSec: number;
  emailChangeCodeResendSec: number;
  mobileCodeResendSec: number;
  /** Failed logins after which a login needs the slide verification. */
  loginFailuresBeforeVerify: number;
  /** Login token lifetime (JWT_EXPIRES_SEC). */
  tokenLifetimeSec: number;
  /** Request throttles (RATE_* env vars); null when DISABLE_RATE_LIMIT turned them off. */
  throttle: { loginPerIpPerMin: number; loginPerUserPerMin: number; codePerIpPerHour: number } | null;
}

/** PUT /api/admin/config/set-account-config body. */
export interface AccountConfigUpdate {
  register: boolean;
}

export interface HomeCarouselItem {
  id: number;
  url: string;
}

/** What each switch answers when it is off (product §6, §8). */
export const SWITCH_DENIED_TEXT: Record<SiteSwitch, string> = {
  register: ERR.registerClosed,
  openPublicDiscussion: ERR.noAccessDiscussion,
  openGroupDiscussion: ERR.noAccessGroupDiscussion,
  openContestComment: ERR.noAccessContestComment,
  openPublicJudge: ERR.noAccessPublicJudge,
  openGroupJudge: ERR.noAccessGroupJudge,
  openContestJudge: ERR.noAccessContestJudge,
};

/** GET /api/get-slide-verify: the puzzle; the gap's x is known only to the server. */
export interface SlideChallenge {
  slideKey: string;
  /** PNG picture (data URL) with the gap drawn in, SLIDE_VERIFY.widthPx × heightPx; the gap's x is in no text. */
  img: string;
  /** PNG of the piece (data URL), SLIDE_VERIFY.blockPx square, cut from the picture at the gap. */
  block: string;
  /** Top of the gap and of the piece, px. */
  y: number;
}
/** POST /api/check-slide-verify: where the user dropped the piece; answers a proof for the next login. */
export interface SlideVerifyRequest {
  slideKey: string;
  x: number;
  username: string;
}
export interface SlideVerifyResponse {
  /** Send as `slideToken` in the next POST /api/login of this username. */
  slideToken: string;
}

/** GET /api/get-register-code answer. */
export interface RegisterCodeResponse {
  email: string;
  /** Seconds before another code may be requested. */
  expire: number;
}

/** POST /api/check-username-or-email-or-mobile answer: true when it exists. */
export interface CheckUsernameOrEmailResponse {
  username: boolean;
  email: boolean;
  mobile: boolean;
}

/** POST /api/reset-password (payload of the emailed link). */
export interface ResetPasswordRequest {
  username: string;
  code: string;
  password: string;
}

/** Texts of the account and site calls that product §8 leaves to the implementation. */
export const SITE_TEXT = {
  smtpNotConfigured: 'The e-mail service is not configured, please contact the administrator.',
  mailFailed: 'Failed to send the e-mail, please try again later.',
  registerCodeSent: 'The verification code has been sent to your e-mail.',
  resetMailSent: 'The password reset e-mail has been sent, please check your inbox.',
  resetCodeWrong: 'The reset link is invalid or has expired.',
  slideWrong: 'Verification failed, please slide again.',
  notAdmin: 'Sorry, you do not have permission to log in to the admin area.',
  testEmailSent: 'The test e-mail has been sent.',
  dataSourceReadOnly: 'The data source is set by environment variables (DATABASE_URL, REDIS_URL) and cannot be changed here.',
} as const;

/** Lifetimes of the one-time codes of the account calls (product §9 gives only the resend waits). */
export const ACCOUNT_TIMINGS = {
  registerCodeTtlSec: 10 * 60,
  resetCodeTtlSec: 30 * 60,
  captchaTtlSec: 5 * 60,
  slideChallengeTtlSec: 2 * 60,
  slideTokenTtlSec: 5 * 60,
  /** How long failed logins are remembered. */
  loginFailureTtlSec: 60 * 60,
  /** Wrong register codes tolerated before the code is dropped. */
  registerCodeMaxTries: 5,
} as const;

/** Answer data of a failed login: the client shows the slide verification when `slideRequired`. */
export interface LoginFailureData {
  failures: number;
  slideRequired: boolean;
}

/** Recipients of an admin notice (product §3 "Notice"). */
export const NOTICE_RECIPIENTS = ['All', 'User', 'Admin'] as const;
export type NoticeRecipientType = (typeof NOTICE_RECIPIENTS)[number];

/** An admin notice (Admin → Notice); `state` true once pushed (hourly, product §9). */
export interface AdminNotice {
  id: number;
  title: string;
  content: string;
  type: NoticeRecipientType;
  /** Username of the designated recipient when type is User. */
  recipient?: string | null;
  state: boolean;
  adminId?: string | null;
  gmtCreate: string;
  gmtModified: string;
}

/** A system message in a user's box (GET /api/msg/sys). */
export interface SysMessage {
  id: number;
  title: string;
  content: string;
  /** HOJ's SysMsgVO also carries who sent it and the box ('Sys' or 'Mine'). */
  adminId?: string | null;
  type?: string;
  /**
   * Not in HOJ: a "mine" message's code (`MineMessageCode`) and fields, so clients show it in the reader's
   * language; `title` and `content` keep the English text for HOJ's clients. Null for admin notices.
   */
  msgCode?: string | null;
  msgParams?: Record<string, string | number | null> | null;
  /** true once read. */
  state: boolean;
  gmtCreate: string;
}

/** GET /api/get-recent-other-contest: an upcoming contest of another judge (HOJ's shape). */
export interface OtherContest {
  oj: string;
  title: string;
  url: string;
  beginTime: string;
  endTime: string;
}

/**
 * What creating a group, posting a discussion or commenting asks of the caller (the site's switch config, product §9),
 * shown before the form: GET `get-group-create-rules` and `get-discussion-rules` (not in HOJ).
 */
export interface PostingRules {
  /** accepted problems needed, and the caller's count */
  acRequired: number;
  solved: number;
  /** per day (null: no daily limit), and how many the caller made today */
  dailyLimit: number | null;
  today: number | null;
  /** in all (groups one may own; null: no such limit), and how many the caller has */
  totalLimit: number | null;
  owned: number | null;
  /** admins: the counts and limits do not apply */
  exempt: boolean;
  /** the catalogue text a submit would be refused with now, or null */
  refusal: string | null;
}

/** GET /api/get-discussion-rules (not in HOJ). */
export interface DiscussionRules {
  post: PostingRules;
  comment: PostingRules;
}
