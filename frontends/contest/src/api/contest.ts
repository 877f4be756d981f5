/** Typed contest calls through kit's client (product §7 "Contest"); payload types from contracts. */
import {
  ContestAcInfoItem,
  ContestAnnouncementInfo,
  ContestInfo,
  ContestListQuery,
  ContestMyLatestSubmission,
  ContestOutsideInfo,
  ContestPrintItem,
  ContestProblemItem,
  ContestRankRequest,
  ContestRankRow,
  ContestSubmissionItem,
  ContestSubmissionQuery,
  Page,
  ProblemDetail,
  ProblemStatistics,
  ProblemTagInfo,
  PublicProblem,
  SubmissionDetail,
  SubmissionInfo,
} from '@oj/contracts';
import { api, call, getOnce, getOnceReceived, postOnce } from '@oj/kit';

/** An answer with its server time, received at `receivedAt` (client ms), for the clock offset. */
export interface Timed<T> {
  data: T;
  receivedAt: number;
}

// The contest info, access, problems and the board's first page may have been asked for by the shell already
// (shell/src/root/prefetch-route.ts): these calls take that answer (kit's getOnce / postOnce).

export const getContestList = (q: ContestListQuery) => call<Page<ContestInfo>>(api.get('/get-contest-list', { params: q }));

export const getContestInfo = (cid: number): Promise<Timed<ContestInfo>> => getOnceReceived<ContestInfo>('/get-contest-info', { cid });
export async function getContestOutsideInfo(cid: number): Promise<Timed<ContestOutsideInfo>> {
  const data = await call<ContestOutsideInfo>(api.get('/get-contest-outsize-info', { params: { cid } }));
  return { data, receivedAt: Date.now() };
}
/** The public board: one page, with the contests of externalCidList ranked together with cid (each row says its cid). */
export const getOutsideScoreboard = (body: {
  cid: number;
  currentPage: number;
  limit: number;
  removeStar?: boolean;
  externalCidList?: number[];
}) => call<Page<ContestRankRow & { cid: number }>>(api.post('/get-contest-outside-scoreboard', body, { silent: true }));

export const registerContest = (cid: number, password: string) => call<null>(api.post('/register-contest', { cid, password }));
export const getContestAccess = (cid: number) => getOnce<{ access: boolean }>('/get-contest-access', { cid });

export const getContestProblems = (cid: number) => getOnce<ContestProblemItem[]>('/get-contest-problem', { cid });

/** get-contest-problem-details (HOJ ProblemInfoVO, with the contest link and the server time). */
export interface ContestProblemDetails {
  /** `auth`: the bank problem's visibility (ProblemAuth; 1 public), when the server tells it. */
  problem: PublicProblem & { color?: string | null; auth?: number | null };
  contestProblem: ContestProblemItem;
  /** Empty while the contest runs (hints), for everyone but its admins. */
  tags: ProblemTagInfo[];
  languages: string[];
  /** The problem's tries in the contest by verdict (admins' left out; up to the seal while it is sealed). */
  problemCount: ProblemStatistics | null;
  codeTemplate?: Record<string, string>;
  /** The caller's latest try of the problem in the contest (null before one, and for visitors). */
  myLatestSubmission?: ContestMyLatestSubmission | null;
  /**
   * The bank problem's own id (`problem.problemId` is the contest's display id), for the upsolve link after the
   * end; not sent by the server yet (issue 35).
   */
  bankProblemId?: string | null;
  now: string;
}
export const getContestProblemDetails = (cid: number, displayId: string) =>
  call<ContestProblemDetails>(api.get('/get-contest-problem-details', { params: { cid, displayId } }));

/** The shape the problems workspace shows. */
export const toProblemDetail = (d: ContestProblemDetails): ProblemDetail => ({
  problem: d.problem,
  tags: d.tags,
  languages: d.languages,
  problemCount: d.problemCount ?? undefined,
  codeTemplate: d.codeTemplate,
});

/** Contest submissions go through the judge pipeline with the contest id and the display id (product §7). */
export const submitContestProblem = (cid: number, displayId: string, language: string, code: string) =>
  call<SubmissionInfo>(api.post('/submit-problem-judge', { pid: displayId, cid, language, code, isRemote: false }));

export const getContestSubmissions = (q: ContestSubmissionQuery) =>
  call<Page<ContestSubmissionItem>>(api.get('/contest-submissions', { params: q }));
export const checkContestSubmissions = (cid: number, submitIds: number[]) =>
  call<Record<number, ContestSubmissionItem>>(api.post('/check-contest-submissions-status', { cid, submitIds }, { silent: true }));
/** With the contest's id: a participant held in the contest (lock mode, issue 36) may read it, and only its own. */
export const getSubmissionDetail = (submitId: number, cid: number) =>
  call<SubmissionDetail>(api.get('/get-submission-detail', { params: { submitId, cid } }));

export const getContestRank = (body: ContestRankRequest, silent = false) =>
  postOnce<Page<ContestRankRow>>('/get-contest-rank', body, { silent });

export const getContestAnnouncements = (cid: number, currentPage: number, limit: number) =>
  call<Page<ContestAnnouncementInfo>>(api.get('/get-contest-announcement', { params: { cid, currentPage, limit } }));
export const getNotReadAnnouncements = (cid: number, readAnnouncementList: number[]) =>
  call<ContestAnnouncementInfo[]>(api.post('/get-contest-not-read-announcement', { cid, readAnnouncementList }, { silent: true }));

/** The user acknowledged these announcements: kept on the server, so no other browser shows them again. */
export const readAnnouncements = (cid: number, announcementIds: number[]) =>
  call<null>(api.post('/read-contest-announcement', { cid, announcementIds }, { silent: true }));

export const submitPrintText = (cid: number, content: string) => call<null>(api.post('/submit-print-text', { cid, content }));
export const getContestPrints = (cid: number, currentPage: number, limit: number, keyword?: string) =>
  call<Page<ContestPrintItem>>(api.get('/get-contest-print', { params: { cid, currentPage, limit, keyword } }));
export const checkContestPrint = (cid: number, id: number) =>
  call<null>(api.put('/check-contest-print-status', null, { params: { cid, id } }));

export const getContestAcInfo = (cid: number, currentPage: number, limit: number, silent = false) =>
  call<Page<ContestAcInfoItem>>(api.get('/get-contest-ac-info', { params: { cid, currentPage, limit }, silent }));
export const checkContestAcInfo = (cid: number, id: number, checked: boolean) =>
  call<null>(api.put('/check-contest-ac-info', { cid, id, checked }));

export const rejudgeContestProblem = (cid: number, pid: number) =>
  call<unknown>(api.get('/admin/judge/rejudge-contest-problem', { params: { cid, pid } }));
