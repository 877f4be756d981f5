/** Validation limits and timings (product §5, §9). Every number from the spec lives here once. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  /** The password of a private or protected contest or exam, or a private training: one column width for the three. */
  accessPasswordMax: 100,
  registerCodeLength: 6,
  resetCaptchaMin: 1,
  resetCaptchaMax: 8,
  generatedPasswordMin: 6,
  generatedPasswordMax: 25,
  codeMaxChars: 65535,
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarExtensions: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as readonly string[],
  printContentMin: 50,
  groupNameMin: 5,
  groupNameMax: 25,
  groupShortNameMin: 5,
  groupShortNameMax: 10,
  groupBriefMin: 5,
  groupBriefMax: 50,
  groupDescriptionMin: 5,
  groupDescriptionMax: 1000,
  groupInvitationCodeLength: 6,
  groupApplyReasonMin: 5,
  groupApplyReasonMax: 100,
  problemExamplesAdvisedMax: 2,
  badgeMax: 99,
  mobileLayoutWidthPx: 1050,
  loginFailuresBeforeVerify: 5,
} as const;

export const TIMINGS = {
  httpTimeoutMs: 90_000,
  chunkLoadTimeoutMs: 120_000,
  /** single-spa logs an error when a remote's bootstrap, mount or unmount has not settled by then (its default, 3-4 s,
   * is passed by a cold mount on a busy two-core machine while the page is only slow, not broken). */
  remoteLifecycleReportMs: 30_000,
  registerCodeResendSec: 60,
  emailChangeCodeResendSec: 90,
  mobileCodeResendSec: 90,
  passwordResetResendSec: 90,
  unreadPollMs: 120_000,
  unreadNotificationMs: 30_000,
  toastMs: 3_000,
  registerEmailToastMs: 10_000,
  progressBarSpeed: 1000,
  noticePushCron: '0 0 * * * *',
  dashboardRecentContestDays: 14,
  recentAcRankDays: 7,
  recentAcRankSize: 10,
} as const;

/** Slide verification geometry (product §5). */
export const SLIDE_VERIFY = { accuracy: 3, blockPx: 42, widthPx: 325, heightPx: 100 } as const;

export const DEFAULT_LOCALE = 'zh-CN';
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_SITE_SHORT_NAME = 'OJ';
export const TOKEN_STORAGE_KEY = 'token';

/** Editor options (product §2). */
export const EDITOR_TAB_SIZES = [2, 4, 8] as const;
export const EDITOR_THEMES = ['monokai', 'solarized', 'material', 'idea', 'eclipse', 'base16-dark', 'cobalt', 'dracula'] as const;
