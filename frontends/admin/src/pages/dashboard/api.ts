/** Admin dashboard calls (product §7 admin "dashboard info and sessions", §9 recent contests). */
import { DASHBOARD_API, DashboardInfo, LoginSessionInfo, RecentContestInfo, TopGroupRow } from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getDashboardInfo = () => call<DashboardInfo>(api.get(DASHBOARD_API.info));
export const getSessions = () => call<LoginSessionInfo[]>(api.get(DASHBOARD_API.sessions));
export const getRecentContests = () => call<RecentContestInfo[]>(api.get(DASHBOARD_API.recentContest));
export const getTopGroups = () => call<TopGroupRow[]>(api.get(DASHBOARD_API.topGroups));
