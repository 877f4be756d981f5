/**
 * A user's own pages (product §2 /user-home, /setting; §5 mobile, email and avatar rules; §7 User calls).
 * Names and shapes follow HOJ's AccountController so its client works unchanged.
 */
import { LIMITS, TIMINGS } from './limits';
import { RATING_THRESHOLDS } from './roles';

export const PROFILE_API = {
  homeInfo: '/get-user-home-info',
  heatmap: '/get-user-calendar-heatmap',
  changePassword: '/change-password',
  emailCode: '/get-email-code',
  changeEmail: '/change-email',
  mobileCode: '/get-mobile-code',
  changeMobile: '/change-mobile',
  changeUserInfo: '/change-userInfo',
  uploadAvatar: '/file/upload-avatar',
  /** Avatars are served under this path (HOJ's IMG_API). */
  imagePrefix: '/api/public/img/',
} as const;

/** One solved problem of the home page (HOJ UserHomeProblemVO). */
export interface UserHomeProblem {
  id: number;
  problemId: string;
  difficulty: number;
}

/** One day of the submission calendar: judged submissions outside contests and exams, as UserHomeInfo.total counts. */
export interface HeatmapDay {
  /** yyyy-MM-dd in the server's time zone. */
  date: string;
  count: number;
}

/** GET /api/get-user-calendar-heatmap (HOJ UserCalendarHeatmapVO). */
export interface UserCalendarHeatmap {
  endDate: string;
  dataList: HeatmapDay[];
}

/** GET /api/get-user-home-info (uid or username; the caller when both are absent). HOJ UserHomeVO plus counts. */
export interface UserHomeInfo {
  uid: string;
  username: string;
  school: string | null;
  signature: string | null;
  nickname: string | null;
  gender: string;
  github: string | null;
  blog: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  /** Role names, so clients colour admin names. */
  roleList: string[];
  /** Judged submissions outside contests and exams (the same submissions `calendar` counts per day). */
  total: number;
  /** Accepted submissions. */
  accepted: number;
  /** Distinct problems solved. */
  solved: number;
  /** Sum of best OI scores. */
  totalScore: number;
  /** Display ids of solved problems, in the order they were first accepted. */
  solvedList: string[];
  /** Display ids of problems tried but not solved. */
  triedList: string[];
  /** difficulty → solved problems (HOJ's shape; keys are difficulty numbers). */
  solvedGroupByDifficulty: Record<number, UserHomeProblem[]>;
  recentLoginTime: string | null;
  /** The last year's submissions per day (same as get-user-calendar-heatmap). */
  calendar: UserCalendarHeatmap;
  /** Contest rating (HOJ's `rating`); null before the first rated contest. */
  rating: number | null;
  /** Rated contests in the order they ended. */
  ratingHistory: RatingHistoryItem[];
}

/** POST /api/change-password (HOJ ChangePasswordDTO). Every other session of the user ends. */
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}
/** POST /api/change-email (HOJ ChangeEmailDTO). */
export interface ChangeEmailRequest {
  password: string;
  newEmail: string;
  code: string;
}
/** POST /api/change-mobile (same shape as the e-mail change). */
export interface ChangeMobileRequest {
  password: string;
  newMobile: string;
  code: string;
}
/** Answer of the change-* calls (HOJ ChangeAccountVO); errors come as 4xx with a catalogue text instead of code 400. */
export interface ChangeAccountResult {
  code: 200;
  msg: string;
  /** The caller's fresh user info (login's shape). */
  userInfo: Record<string, unknown>;
  /** change-password only: a new token for this session, all other tokens are revoked. */
  token?: string;
}

/** POST /api/change-userInfo: fields a user may change on their own profile (HOJ UserInfoVO subset). */
export interface ChangeUserInfoRequest {
  nickname?: string | null;
  realname?: string | null;
  school?: string | null;
  number?: string | null;
  gender?: 'male' | 'female' | 'secrecy';
  blog?: string | null;
  github?: string | null;
  cfUsername?: string | null;
  signature?: string | null;
}

export const PROFILE_LIMITS = {
  nicknameMax: 20,
  realnameMax: 50,
  schoolMax: 100,
  numberMax: 50,
  urlMax: 255,
  cfUsernameMax: 50,
  signatureMax: 1000,
  avatarSidePx: 256,
  emailCodeTtlSec: 10 * 60,
  mobileCodeTtlSec: 5 * 60,
  codeMaxTries: 5,
  emailCodeResendSec: TIMINGS.emailChangeCodeResendSec,
  mobileCodeResendSec: TIMINGS.mobileCodeResendSec,
  avatarMaxBytes: LIMITS.avatarMaxBytes,
} as const;

/**
 * Whether a user-given link (blog, GitHub, the site's record and project links) is an http(s) address (product §5):
 * the server stores nothing else and the clients render nothing else as a link, since `javascript:` or `data:` in
 * an href runs in the reader's session. The raw text must begin with the scheme (a browser drops leading blanks
 * and control characters, which would make " javascript:" pass a looser test) and parse as a URL with a host.
 */
export function isHttpLink(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !/^https?:\/\/\S/i.test(value)) return false;
  // No blanks nor control characters anywhere: browsers drop some of them silently inside a URL.
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) <= 0x20 || value.charCodeAt(i) === 0x7f) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Mainland mobile numbers, what the Aliyun-style SMS service sends to. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const PROFILE_TEXT = {
  uidOrUsernameRequired: 'Please give a uid or a username.',
  oldPasswordWrong: 'The old password is wrong.',
  passwordWrong: 'The password is wrong.',
  newPasswordSame: 'The new password must differ from the old one.',
  emailSame: 'The new email is the same as the current one.',
  mobileSame: 'The new mobile number is the same as the current one.',
  mobileFormat: 'The mobile number format is incorrect.',
  mobileRequired: 'The mobile number is required.',
  mobileExists: 'The mobile number already exists.',
  codeWrong: 'The verification code is incorrect or has expired.',
  smsNotConfigured: 'SMS is not configured: please ask an administrator.',
  smsFailed: 'The SMS could not be sent, please try again later.',
  passwordChanged: 'Password changed: other sessions have been logged out.',
  emailChanged: 'Email changed.',
  mobileChanged: 'Mobile number changed.',
  noImage: 'Please choose an image.',
} as const;

/** One rated contest of a user (GET /api/get-user-home-info `ratingHistory`). */
export interface RatingHistoryItem {
  cid: number;
  title: string;
  rank: number;
  oldRating: number;
  newRating: number;
  endTime: string;
}

export const RATING_TEXT = {
  alreadyApplied: 'The ratings of this contest were already applied.',
} as const;

/**
 * Name colour by rating (product §6, §9: thresholds 500, 1300, 2000, 3000, 6000); admin roles have their own.
 * Below 500 grey, then green, blue, violet, orange, red from 6000.
 */
export const RATING_COLORS = ['#909399', '#67c23a', '#409eff', '#a855f7', '#ff9800', '#f5222d'] as const;
export const ADMIN_NAME_COLOR = '#e6a23c';

export function ratingColor(rating: number | null | undefined): string | null {
  if (rating === null || rating === undefined) return null;
  let band = 0;
  while (band < RATING_THRESHOLDS.length && rating >= RATING_THRESHOLDS[band]) band++;
  return RATING_COLORS[band];
}

/** GET /api/get-system-info (public): what the /developer page shows. */
export interface SystemInfo {
  version: string;
  nodeVersion: string;
  uptimeSec: number;
  queue: { waiting: number; active: number; delayed: number };
  /** Running judge jobs over all workers' slots; null without workers. */
  judgeLoadPercent: number | null;
  judgeServers: {
    name: string;
    hostname: string;
    concurrency: number;
    cgroup: string;
    languages: string[];
    startedAt: string;
    lastHeartbeat: string;
  }[];
}

/** How a user's name is drawn (POST /api/get-user-name-styles), by username. */
export interface UserNameStyle {
  rating: number | null;
  /** An admin-type role (1000, 1001, 1008): drawn in ADMIN_NAME_COLOR. */
  admin: boolean;
  titleName: string | null;
  titleColor: string | null;
}

/** At most this many names per call. */
export const NAME_STYLES_MAX = 200;

/** The colour of a name: admins in their own, others by rating band, none before a first rated contest. */
export function nameStyleColor(style: UserNameStyle | undefined): string | null {
  if (!style) return null;
  return style.admin ? ADMIN_NAME_COLOR : ratingColor(style.rating);
}
