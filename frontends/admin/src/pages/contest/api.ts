/**
 * Admin contest calls (product §7 "contest CRUD with problems and announcements, change-contest-visible"). Each
 * takes the scoped client (../../scope): site routes by default, a group's /api/group/ twins in a group; where
 * HOJ's group routes read other parameters (deleting by pid and cid, announcements by aid) the call says so.
 */
import {
  ADMIN_CONTEST_API,
  AdminContestBody,
  AdminContestProblemList,
  ContestAnnouncementInfo,
  ContestInfo,
  ContestProblemItem,
  GROUP_ONLY_API,
  Page,
} from '@oj/contracts';
import { api, call } from '@oj/kit';
import { getProblem, getProblemCases, updateProblem } from '../../api/admin';
import { ScopedClient, siteClient } from '../../scope';
import type { ContestProblemBody, ContestProblemDetail } from '../problem-edit/contestProblem';
import type { AdminContestInfo } from './contestForm';

/** A row of the contest's problem list: the link with its bank display id and visibility (3: made for contests). */
export type ContestProblemRow = ContestProblemItem & { problemId?: string | null; auth?: number | null };

type C = ScopedClient;
const S = siteClient;

export const getAdminContests = (currentPage: number, limit: number, keyword?: string, c: C = S) =>
  call<Page<ContestInfo>>(c.get(ADMIN_CONTEST_API.list, { params: { currentPage, limit, keyword } }));
export const getAdminContest = (cid: number, c: C = S) => call<AdminContestInfo>(c.get(ADMIN_CONTEST_API.contest, { params: { cid } }));
export const createContest = (body: AdminContestBody, c: C = S) => call<ContestInfo>(c.post(ADMIN_CONTEST_API.contest, body));
export const updateContest = (body: AdminContestBody, c: C = S) => call<ContestInfo>(c.put(ADMIN_CONTEST_API.contest, body));
export const deleteContest = (cid: number, c: C = S) => call<null>(c.delete(ADMIN_CONTEST_API.contest, { params: { cid } }));
export const changeContestVisible = (cid: number, visible: boolean, c: C = S) =>
  call<null>(c.put(ADMIN_CONTEST_API.changeVisible, null, { params: { cid, visible } }));

/**
 * The contest's problems as HOJ answers them (`problemList`: a page of bank problems, `contestProblemMap`: each one's
 * contest link by bank problem id), as rows of links with their bank display id and visibility.
 */
export async function getContestProblemPage(cid: number, currentPage: number, limit: number, c: C = S): Promise<Page<ContestProblemRow>> {
  const { problemList, contestProblemMap } = await call<AdminContestProblemList>(
    c.get(ADMIN_CONTEST_API.problemList, { params: { cid, currentPage, limit } }),
  );
  const records = problemList.records.flatMap((p): ContestProblemRow[] => {
    const link = contestProblemMap[p.id];
    return link ? [{ ...link, problemId: p.problemId, auth: p.auth }] : [];
  });
  return { ...problemList, records };
}
export const addContestProblem = (
  body: { cid: number; pid: number; displayId: string; displayTitle?: string; color?: string | null },
  c: C = S,
) => call<ContestProblemItem>(c.post(ADMIN_CONTEST_API.addProblemFromPublic, body));
/** Group only (HOJ add-contest-problem-from-group): a problem of the group's bank by its display problem id. */
export const addContestProblemFromGroup = (gid: number, q: { problemId: string; cid: number; displayId: string }, silent = false) =>
  call<null>(api.post(GROUP_ONLY_API.addContestProblemFromGroup, null, { params: { ...q, gid }, silent }));
export const updateContestProblem = (body: { id: number; displayId?: string; displayTitle?: string; color?: string | null }, c: C = S) =>
  call<ContestProblemItem>(c.put(ADMIN_CONTEST_API.problem, body));
/** Takes the problem out of the contest (the site by link id, a group by pid and cid as HOJ). */
export const deleteContestProblem = (row: { id: number; pid: number; cid: number }, c: C = S) =>
  call<null>(c.delete(ADMIN_CONTEST_API.problem, { params: c.gid == null ? { id: row.id } : { pid: row.pid, cid: row.cid } }));

export const getContestAnnouncementPage = (cid: number, currentPage: number, limit: number, c: C = S) =>
  call<Page<ContestAnnouncementInfo>>(
    c.gid == null
      ? c.get(ADMIN_CONTEST_API.announcement, { params: { cid, currentPage, limit } })
      : api.get('/group/get-contest-announcement-list', { params: { cid, currentPage, limit, gid: c.gid } }),
  );
export const createContestAnnouncement = (body: { cid: number; title: string; content: string; visible: boolean }, c: C = S) =>
  call<ContestAnnouncementInfo>(c.post(ADMIN_CONTEST_API.announcement, body));
export const updateContestAnnouncement = (body: { id: number; cid: number; title: string; content: string; visible: boolean }, c: C = S) =>
  call<ContestAnnouncementInfo>(c.put(ADMIN_CONTEST_API.announcement, body));
export const deleteContestAnnouncement = (row: { id: number; cid: number }, c: C = S) =>
  call<null>(c.delete(ADMIN_CONTEST_API.announcement, { params: c.gid == null ? { id: row.id } : { aid: row.id, cid: row.cid } }));

/** HOJ's /api/admin/contest/problem: problems written from inside the contest with the bank editor's body. */
export const CONTEST_PROBLEM_FORM_API = '/admin/contest/problem';

/** The problem, its cases and its link; a group has HOJ's three pieces (problem, cases, contest-problem). */
export async function getContestProblemDetail(pid: number, cid: number, c: C = S): Promise<ContestProblemDetail> {
  if (c.gid == null) return call<ContestProblemDetail>(c.get(CONTEST_PROBLEM_FORM_API, { params: { pid, cid } }));
  const [problem, problemCases, contestProblem] = await Promise.all([
    getProblem(pid, c),
    getProblemCases(pid, c),
    call<ContestProblemItem>(api.get(GROUP_ONLY_API.contestProblemLink, { params: { pid, cid, gid: c.gid } })),
  ]);
  return { ...problem, problemCases, contestProblem };
}
export const createContestOnlyProblem = (body: ContestProblemBody, c: C = S) =>
  call<ContestProblemDetail>(c.post(CONTEST_PROBLEM_FORM_API, body));
/** Saves problem and link; a group writes them apart (PUT group/problem, PUT group/contest-problem) as HOJ. */
export async function updateContestProblemForm(body: ContestProblemBody, c: C = S): Promise<void> {
  if (c.gid == null) {
    await call<ContestProblemDetail>(c.put(CONTEST_PROBLEM_FORM_API, body));
    return;
  }
  const { cid, displayId, displayTitle, color, ...dto } = body;
  await updateProblem(dto, c);
  const link = await call<ContestProblemItem>(
    api.get(GROUP_ONLY_API.contestProblemLink, { params: { pid: dto.problem.id, cid, gid: c.gid } }),
  );
  await updateContestProblem({ id: link.id, displayId, displayTitle, color }, c);
}
/** Deletes a problem created for contests (auth 3) with its links; removing from one contest is deleteContestProblem. */
export const deleteContestOnlyProblem = (pid: number, c: C = S) =>
  c.gid == null
    ? call<null>(c.delete(CONTEST_PROBLEM_FORM_API, { params: { pid } }))
    : call<null>(c.delete('/admin/problem', { params: { pid } }));

/** The rated flag (rating module): ratings apply when the contest ends, then the flag is locked. */
export interface RatedState {
  rated: boolean;
  applied: boolean;
}
export const getContestRated = (cid: number) =>
  call<RatedState>(api.get('/admin/contest/get-contest-rated', { params: { cid }, silent: true }));
export const changeContestRated = (cid: number, rated: boolean) =>
  call<RatedState>(api.put('/admin/contest/change-contest-rated', null, { params: { cid, rated } }));
