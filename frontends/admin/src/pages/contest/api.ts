/** Admin contest calls (spec §7 "contest CRUD with problems and announcements, change-contest-visible"). */
import { ADMIN_CONTEST_API, AdminContestBody, ContestAnnouncementInfo, ContestInfo, ContestProblemItem, Page } from '@oj/contracts';
import { api, call } from '@oj/kit';
import type { ContestProblemBody, ContestProblemDetail } from '../problem-edit/contestProblem';

/** A row of the contest's problem list: the link with its bank display id and visibility (3: made for contests). */
export type ContestProblemRow = ContestProblemItem & { problemId?: string | null; auth?: number | null };

export const getAdminContests = (currentPage: number, limit: number, keyword?: string) =>
  call<Page<ContestInfo>>(api.get(ADMIN_CONTEST_API.list, { params: { currentPage, limit, keyword } }));
export const getAdminContest = (cid: number) =>
  call<ContestInfo & { pwd?: string | null }>(api.get(ADMIN_CONTEST_API.contest, { params: { cid } }));
export const createContest = (body: AdminContestBody) => call<ContestInfo>(api.post(ADMIN_CONTEST_API.contest, body));
export const updateContest = (body: AdminContestBody) => call<ContestInfo>(api.put(ADMIN_CONTEST_API.contest, body));
export const deleteContest = (cid: number) => call<null>(api.delete(ADMIN_CONTEST_API.contest, { params: { cid } }));
export const changeContestVisible = (cid: number, visible: boolean) =>
  call<null>(api.put(ADMIN_CONTEST_API.changeVisible, null, { params: { cid, visible } }));

export const getContestProblemPage = (cid: number, currentPage: number, limit: number) =>
  call<Page<ContestProblemRow>>(api.get(ADMIN_CONTEST_API.problemList, { params: { cid, currentPage, limit } }));
export const addContestProblem = (body: { cid: number; pid: number; displayId: string; displayTitle?: string; color?: string | null }) =>
  call<ContestProblemItem>(api.post(ADMIN_CONTEST_API.addProblemFromPublic, body));
export const updateContestProblem = (body: { id: number; displayId?: string; displayTitle?: string; color?: string | null }) =>
  call<ContestProblemItem>(api.put(ADMIN_CONTEST_API.problem, body));
export const deleteContestProblem = (id: number) => call<null>(api.delete(ADMIN_CONTEST_API.problem, { params: { id } }));

export const getContestAnnouncementPage = (cid: number, currentPage: number, limit: number) =>
  call<Page<ContestAnnouncementInfo>>(api.get(ADMIN_CONTEST_API.announcement, { params: { cid, currentPage, limit } }));
export const createContestAnnouncement = (body: { cid: number; title: string; content: string; visible: boolean }) =>
  call<ContestAnnouncementInfo>(api.post(ADMIN_CONTEST_API.announcement, body));
export const updateContestAnnouncement = (body: { id: number; cid: number; title: string; content: string; visible: boolean }) =>
  call<ContestAnnouncementInfo>(api.put(ADMIN_CONTEST_API.announcement, body));
export const deleteContestAnnouncement = (id: number) => call<null>(api.delete(ADMIN_CONTEST_API.announcement, { params: { id } }));

/** HOJ's /api/admin/contest/problem: problems written from inside the contest with the bank editor's body. */
export const CONTEST_PROBLEM_FORM_API = '/admin/contest/problem';
export const getContestProblemDetail = (pid: number, cid: number) =>
  call<ContestProblemDetail>(api.get(CONTEST_PROBLEM_FORM_API, { params: { pid, cid } }));
export const createContestOnlyProblem = (body: ContestProblemBody) => call<ContestProblemDetail>(api.post(CONTEST_PROBLEM_FORM_API, body));
export const updateContestProblemForm = (body: ContestProblemBody) => call<ContestProblemDetail>(api.put(CONTEST_PROBLEM_FORM_API, body));
/** Deletes a problem created for contests (auth 3) with its links; removing from one contest is deleteContestProblem. */
export const deleteContestOnlyProblem = (pid: number) => call<null>(api.delete(CONTEST_PROBLEM_FORM_API, { params: { pid } }));

/** The rated flag (rating module): ratings apply when the contest ends, then the flag is locked. */
export interface RatedState {
  rated: boolean;
  applied: boolean;
}
export const getContestRated = (cid: number) =>
  call<RatedState>(api.get('/admin/contest/get-contest-rated', { params: { cid }, silent: true }));
export const changeContestRated = (cid: number, rated: boolean) =>
  call<RatedState>(api.put('/admin/contest/change-contest-rated', null, { params: { cid, rated } }));
