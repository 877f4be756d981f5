/**
 * The admin dashboard calls (product §2 "Admin dashboard", §7 admin "dashboard info and sessions", §9) and the
 * home page's GET /api/get-recent-contest (product §7 Site). Field names follow HOJ's DashboardController and
 * HomeController.
 */
import { ContestInfo } from './contest-api';

/** Paths under the API prefix `/api`. */
export const DASHBOARD_API = {
  info: '/admin/dashboard/get-dashboard-info',
  sessions: '/admin/dashboard/get-sessions',
  recentContest: '/admin/dashboard/get-recent-contest',
  /** The top 10 teams chart (product §2): groups by their members' solved problems. */
  topGroups: '/admin/dashboard/get-top-group-rank',
  /** The home page's list (public). */
  homeRecentContest: '/get-recent-contest',
} as const;

/** How many of the caller's own logins GET /api/admin/dashboard/get-sessions answers (newest first). */
export const DASHBOARD_SESSIONS_SIZE = 10;

/** GET /api/admin/dashboard/get-dashboard-info. */
export interface DashboardInfo {
  /** Visible site contests of the recent window (TIMINGS.dashboardRecentContestDays), as get-recent-contest lists them. */
  contestNum: number;
  /** The same count under HOJ's name. */
  recentContestNum: number;
  /** Every account. */
  userNum: number;
  /** Submissions since the server's local midnight. */
  todayJudgeNum: number;
  /** Jobs waiting for a judge worker (not in HOJ). */
  judgeBacklog: number;
  /** Judgements finished per minute lately (QUEUE_RATE_WINDOW_MS), null when none (not in HOJ). */
  judgeDrainPerMinute: number | null;
}

/** One login (POST /api/login or /api/admin/login) of the caller, as get-sessions answers it. */
export interface LoginSessionInfo {
  id: number;
  uid: string;
  ip: string;
  userAgent: string;
  /** ISO time of the login */
  gmtCreate: string;
}

/**
 * One row of GET /api/get-recent-contest and GET /api/admin/dashboard/get-recent-contest: a visible site
 * contest running, starting within the window, or ended within it; `count` is the number of registrations.
 */
export type RecentContestInfo = ContestInfo & { count: number };

/** GET /api/admin/dashboard/get-submission-chart: one entry per day, oldest first (product §2 "last 14 days"). */
export const SUBMISSION_CHART_DAYS = 14;
export interface SubmissionChartDay {
  /** yyyy-MM-dd, server time zone. */
  date: string;
  total: number;
  accepted: number;
}

/** GET /api/admin/dashboard/get-top-group-rank: how many groups the chart shows. */
export const TOP_GROUP_RANK_SIZE = 10;
/**
 * One group of the top teams chart: the sum over its members (levels 3–5) of the distinct problems each has
 * accepted outside contests (the rank list's `solved`); ties by the older group. Banned groups are left out.
 */
export interface TopGroupRow {
  gid: number;
  name: string;
  shortName: string;
  memberCount: number;
  solved: number;
}
