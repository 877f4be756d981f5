/** Admin → plagiarism check calls (issue 35, contracts PLAGIARISM_API); site admin routes only, no group twin. */
import {
  ADMIN_API,
  ADMIN_CONTEST_API,
  ADMIN_EXAM_API,
  Page,
  PLAGIARISM_API,
  PlagiarismCheckView,
  PlagiarismPairDetail,
  PlagiarismPairStatus,
  PlagiarismPairView,
  PlagiarismScope,
  ReviewPlagiarismPairBody,
  StartPlagiarismCheckBody,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

export const startPlagiarismCheck = (body: StartPlagiarismCheckBody) => call<PlagiarismCheckView>(api.post(PLAGIARISM_API.check, body));

/**
 * One check, read again and again while it runs: silent, so a lost answer does not toast every second (the page
 * counts failures and says so itself).
 */
export const getPlagiarismCheck = (id: number) =>
  call<PlagiarismCheckView>(api.get(PLAGIARISM_API.check, { params: { id }, silent: true }));

/** The scope's checks, newest first. */
export const getPlagiarismChecks = (scope: PlagiarismScope, id: number) =>
  call<PlagiarismCheckView[]>(api.get(PLAGIARISM_API.checks, { params: { scope, id } }));

export interface PlagiarismPairQuery {
  checkId: number;
  currentPage: number;
  limit: number;
  /** none: every pair */
  status?: PlagiarismPairStatus;
}

/** A page of the check's pairs, highest similarity first. */
export const getPlagiarismPairs = (q: PlagiarismPairQuery) => call<Page<PlagiarismPairView>>(api.get(PLAGIARISM_API.pairs, { params: q }));

export const getPlagiarismPair = (id: number) => call<PlagiarismPairDetail>(api.get(PLAGIARISM_API.pair, { params: { id } }));

export const reviewPlagiarismPair = (body: ReviewPlagiarismPairBody) => call<PlagiarismPairView>(api.put(PLAGIARISM_API.pair, body));

/**
 * What the page's header names: the contest's or exam's title, the problem's display id and title ('' when it
 * cannot be read; silent, the header then shows the bare id).
 */
export async function getScopeTitle(scope: PlagiarismScope, id: number): Promise<string> {
  if (scope === PlagiarismScope.Contest) {
    const c = await call<{ title: string } | null>(api.get(ADMIN_CONTEST_API.contest, { params: { cid: id }, silent: true }));
    return c?.title ?? '';
  }
  if (scope === PlagiarismScope.Exam) {
    const e = await call<{ title: string } | null>(api.get(ADMIN_EXAM_API.exam, { params: { eid: id }, silent: true }));
    return e?.title ?? '';
  }
  const p = await call<{ problemId: string; title: string } | null>(api.get(ADMIN_API.problem, { params: { pid: id }, silent: true }));
  return p ? `${p.problemId} ${p.title}` : '';
}
