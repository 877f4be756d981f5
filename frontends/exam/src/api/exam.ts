/** Typed exam calls through kit's client (product §7 "Exam"). */
import {
  EXAM_API,
  ExamAccessInfo,
  ExamAnswerInfo,
  ExamInfo,
  ExamListQuery,
  ExamPaper,
  ExamProblemItem,
  ExamQuestionView,
  ExamSubmissionItem,
  ExamSubmissionQuery,
  MAX_PAGE_SIZE,
  Page,
  ProblemDetail,
  PublicProblem,
  RejudgeQuestionResult,
  SubmissionDetail,
  SubmissionInfo,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

export type {
  ExamInfo,
  ExamListQuery,
  ExamPaper,
  ExamPaperItem,
  ExamProblemItem,
  ExamQuestionView,
  ExamSubmissionItem,
} from '@oj/contracts';
export { QuestionType } from '@oj/contracts';

/** An answer with the client time it came, for the clock offset. */
export interface Timed<T> {
  data: T;
  receivedAt: number;
}

export const getExamList = (q: ExamListQuery) => call<Page<ExamInfo>>(api.get(EXAM_API.list, { params: q }));

export async function getExamInfo(eid: number): Promise<Timed<ExamInfo>> {
  const data = await call<ExamInfo>(api.get(EXAM_API.info, { params: { eid } }));
  return { data, receivedAt: Date.now() };
}
export const registerExam = (eid: number, password: string) => call<null>(api.post(EXAM_API.register, { eid, password }));
/** 交卷 (not in HOJ): closes the caller's paper; answers the paper (scores when they show). */
export const handInExam = (eid: number) => call<ExamPaper>(api.post(EXAM_API.handIn, { eid }));
export const getExamAccess = (eid: number) => call<ExamAccessInfo>(api.get(EXAM_API.access, { params: { eid } }));

/** The exam's questions as the candidate sees them, with the answers the server has (`myAnswer`). */
export const getExamQuestions = (eid: number) => call<ExamQuestionView[]>(api.get(EXAM_API.questionList, { params: { eid } }));
export const getExamQuestionDetails = (eid: number, questionId: number) =>
  call<ExamQuestionView>(api.get(EXAM_API.questionDetails, { params: { eid, questionId } }));
export const getMyAnswer = (eid: number, questionId: number) =>
  call<ExamAnswerInfo | null>(api.get(EXAM_API.myAnswer, { params: { eid, questionId }, silent: true }));
/** Silent: a refused save stays kept locally and the strip says so (the store retries). */
export const submitQuestion = (eid: number, questionId: number, answer: string) =>
  call<ExamAnswerInfo>(api.post(EXAM_API.submitQuestion, { eid, questionId, answer }, { silent: true }));

export const getExamProblems = (eid: number) => call<ExamProblemItem[]>(api.get(EXAM_API.problemList, { params: { eid } }));
export interface ExamProblemDetails {
  problem: PublicProblem;
  examProblem: ExamProblemItem;
  languages: string[];
  codeTemplate?: Record<string, string>;
}
export const getExamProblemDetails = (eid: number, displayId: string) =>
  call<ExamProblemDetails>(api.get(EXAM_API.problemDetails, { params: { eid, displayId } }));
export const toProblemDetail = (d: ExamProblemDetails): ProblemDetail => ({
  problem: d.problem,
  tags: [],
  languages: d.languages,
  codeTemplate: d.codeTemplate,
});
/** Exam problems go through the judge pipeline with the exam id and the display id (product §7). */
export const submitExamProblem = (eid: number, displayId: string, language: string, code: string) =>
  call<SubmissionInfo>(api.post(EXAM_API.submitProblem, { pid: displayId, eid, language, code, isRemote: false }));

export const getExamSubmissions = (q: ExamSubmissionQuery) =>
  call<Page<ExamSubmissionItem>>(api.get(EXAM_API.submissionList, { params: q }));
export const checkExamSubmissions = (eid: number, submitIds: number[]) =>
  call<Record<number, ExamSubmissionItem>>(api.post(EXAM_API.checkSubmissionsStatus, { eid, submitIds }, { silent: true }));
/** With the exam's id: a candidate held in the exam (lock mode, issue 36) may read it, and only its own. */
export const getSubmissionDetail = (submitId: number, eid: number) =>
  call<SubmissionDetail>(api.get('/get-submission-detail', { params: { submitId, eid } }));

/** Admins get every candidate's paper (paged), others their own. */
export const getExamPapers = (eid: number, uid?: string) =>
  call<Page<ExamPaper> | ExamPaper[]>(api.get(EXAM_API.paperList, { params: { eid, uid, currentPage: 1, limit: MAX_PAGE_SIZE } })).then(
    (p) => (Array.isArray(p) ? p : p.records),
  );

export const rejudgeQuestion = (eid: number, questionId: number) =>
  call<RejudgeQuestionResult>(api.post(EXAM_API.rejudgeQuestion, { eid, questionId }));
export const rejudgeExamProblem = (eid: number, pid: number) => call<unknown>(api.get(EXAM_API.rejudgeProblem, { params: { eid, pid } }));
