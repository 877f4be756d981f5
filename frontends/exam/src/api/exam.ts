/** Typed exam calls through kit's client (spec §7 "Exam"). */
import { Page, ProblemDetail, PublicProblem, SubmissionDetail, SubmissionInfo } from '@oj/contracts';
import { api, call } from '@oj/kit';
import type {
  ExamInfo,
  ExamListQuery,
  ExamPaper,
  ExamProblemItem,
  ExamQuestionDetail,
  ExamQuestionItem,
  ExamSubmissionItem,
} from './types';

export * from './types';

/** An answer with the client time it came, for the clock offset. */
export interface Timed<T> {
  data: T;
  receivedAt: number;
}

export const getExamList = (q: ExamListQuery) => call<Page<ExamInfo>>(api.get('/get-exam-list', { params: q }));

export async function getExamInfo(eid: number): Promise<Timed<ExamInfo>> {
  const data = await call<ExamInfo>(api.get('/get-exam-info', { params: { eid } }));
  return { data, receivedAt: Date.now() };
}
export const registerExam = (eid: number, password: string) => call<null>(api.post('/register-exam', { eid, password }));
export const getExamAccess = (eid: number) => call<{ access: boolean }>(api.get('/get-exam-access', { params: { eid } }));

export const getExamQuestions = (eid: number) => call<ExamQuestionItem[]>(api.get('/get-exam-question-list', { params: { eid } }));
export const getExamQuestionDetails = (eid: number, questionId: number) =>
  call<ExamQuestionDetail>(api.get('/get-exam-question-details', { params: { eid, questionId } }));
export const getMyAnswer = (eid: number, questionId: number) =>
  call<{ answer: string | null } | null>(api.get('/get-my-answer', { params: { eid, questionId }, silent: true }));
export const submitQuestion = (eid: number, questionId: number, answer: string) =>
  call<unknown>(api.post('/submit-question', { eid, questionId, answer }, { silent: true }));

export const getExamProblems = (eid: number) => call<ExamProblemItem[]>(api.get('/get-exam-problem-list', { params: { eid } }));
export interface ExamProblemDetails {
  problem: PublicProblem;
  examProblem: ExamProblemItem;
  languages: string[];
  codeTemplate?: Record<string, string>;
}
export const getExamProblemDetails = (eid: number, displayId: string) =>
  call<ExamProblemDetails>(api.get('/get-exam-problem-details', { params: { eid, displayId } }));
export const toProblemDetail = (d: ExamProblemDetails): ProblemDetail => ({
  problem: d.problem,
  tags: [],
  languages: d.languages,
  codeTemplate: d.codeTemplate,
});
/** Exam problems go through the judge pipeline with the exam id and the display id (spec §7). */
export const submitExamProblem = (eid: number, displayId: string, language: string, code: string) =>
  call<SubmissionInfo>(api.post('/submit-problem-judge', { pid: displayId, eid, language, code, isRemote: false }));

export const getExamSubmissions = (q: { eid: number; currentPage?: number; limit?: number; displayId?: string; onlyMine?: boolean }) =>
  call<Page<ExamSubmissionItem>>(api.get('/get-exam-submission-list', { params: q }));
export const checkExamSubmissions = (eid: number, submitIds: number[]) =>
  call<Record<number, ExamSubmissionItem>>(api.post('/check-exam-submissions-status', { eid, submitIds }, { silent: true }));
export const getSubmissionDetail = (submitId: number) =>
  call<SubmissionDetail>(api.get('/get-submission-detail', { params: { submitId } }));

export const getExamPapers = (eid: number, uid?: string) =>
  call<ExamPaper[]>(api.get('/get-exam-paper-list', { params: { eid, uid } }));

export const rejudgeQuestion = (eid: number, questionId: number) =>
  call<unknown>(api.post('/rejudge-question', { eid, questionId }));
export const rejudgeExamProblem = (eid: number, pid: number) =>
  call<unknown>(api.get('/admin/judge/rejudge-exam-problem', { params: { eid, pid } }));
