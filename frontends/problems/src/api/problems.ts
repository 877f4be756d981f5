/** Typed calls of the problems remote through kit's client (product §7 "Problems", "Rank"). */
import {
  ADMIN_API,
  CaseResults,
  LanguageOption,
  Page,
  ProblemDetail,
  ProblemListItem,
  ProblemListQuery,
  ProblemTagInfo,
  RankRow,
  SubmissionDetail,
  SubmissionInfo,
  SubmissionListQuery,
  SubmitJudgeRequest,
  TestJudgeAnswer,
  TestJudgeRequest,
  UserProblemStatus,
} from '@oj/contracts';
import { api, call, getOnce } from '@oj/kit';

export const getProblemList = (q: ProblemListQuery) =>
  call<Page<ProblemListItem>>(api.get('/get-problem-list', { params: q, paramsSerializer: { indexes: null } }));
export const getProblemTags = () => call<ProblemTagInfo[]>(api.get('/get-all-problem-tags', { params: { oj: 'ME' } }));
export const getUserProblemStatus = (pidList: number[]) =>
  call<UserProblemStatus>(
    api.post('/get-user-problem-status', { pidList, isContestProblemList: false, isExamProblemList: false }, { silent: true }),
  );
export const getRandomProblem = () => call<{ problemId: string }>(api.get('/get-random-problem'));
/** May take the answer the shell asked for on a cold load of /problem/:id (shell/src/root/prefetch-route.ts). */
export const getProblemDetail = (problemId: string) => getOnce<ProblemDetail>('/get-problem-detail', { problemId });
export const getLanguages = (pid: number) => call<LanguageOption[]>(api.get('/languages', { params: { pid, all: false } }));
export const submitProblem = (body: SubmitJudgeRequest) => call<SubmissionInfo>(api.post('/submit-problem-judge', body));
export const getSubmissionDetail = (submitId: number | string, silent = false) =>
  call<SubmissionDetail>(api.get('/get-submission-detail', { params: { submitId }, silent }));
/** `scope`: the contest or exam the submission is shown in (a participant held there may read only its own). */
export const getCaseResults = (submitId: number | string, scope: { cid?: number; eid?: number } = {}) =>
  call<CaseResults>(api.get('/get-all-case-result', { params: { submitId, ...scope }, silent: true }));
/** Root and admins (a contest submission: that contest's admins); the server decides. */
export const rejudgeSubmission = (submitId: number) =>
  call<{ submitId: number; status: number }>(api.get(ADMIN_API.rejudge, { params: { submitId } }));
/** The owner (or an admin) sends a Submitted Failed submission again (remote judging, issue 34). */
export const resubmitSubmission = (submitId: number) => call<SubmissionInfo>(api.get('/resubmit', { params: { submitId } }));
export const getSubmissionList = (q: SubmissionListQuery) => call<Page<SubmissionInfo>>(api.get('/get-submission-list', { params: q }));
export const updateSubmissionShare = (submitId: number, share: boolean) => call<unknown>(api.put('/submission', { submitId, share }));
/** The remote judges that hold public problems (the list's source filter offers only these). */
export const getRemoteOjs = () => call<string[]>(api.get('/get-remote-oj-list', { silent: true }));
export const submitTestJudge = (body: TestJudgeRequest) => call<string>(api.post('/submit-problem-test-judge', body));
export const getTestJudgeResult = (testJudgeKey: string) =>
  call<TestJudgeAnswer>(api.get('/get-test-judge-result', { params: { testJudgeKey }, silent: true }));
export const getRankList = (q: { currentPage: number; limit: number; type: number; searchUser?: string }) =>
  call<Page<RankRow>>(api.get('/get-rank-list', { params: q }));
