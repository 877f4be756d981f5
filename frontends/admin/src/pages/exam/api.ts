/** Admin exam and question bank calls (contracts ADMIN_EXAM_API, EXAM_API for papers and marking); `c` the scope (../../scope). */
import {
  ADMIN_EXAM_API,
  AddExamProblemBody,
  AddExamQuestionBody,
  AdminExamBody,
  AdminExamQuestionItem,
  AdminQuestionBody,
  AdminQuestionListQuery,
  CreateExamQuestionBody,
  EXAM_API,
  GROUP_ONLY_API,
  ExamInfo,
  ExamPaper,
  ExamProblemItem,
  MAX_PAGE_SIZE,
  Page,
  QuestionInfo,
  ScorePapersResult,
  SubmitExamPaperScoreBody,
  UpdateExamProblemBody,
  UpdateExamQuestionBody,
} from '@oj/contracts';
import { api, call } from '@oj/kit';
import { ScopedClient, siteClient } from '../../scope';

type C = ScopedClient;
const S = siteClient;

export const getAdminExams = (currentPage: number, limit: number, keyword?: string, c: C = S) =>
  call<Page<ExamInfo>>(c.get(ADMIN_EXAM_API.list, { params: { currentPage, limit, keyword } }));
export const getAdminExam = (eid: number, c: C = S) =>
  call<ExamInfo & { pwd?: string | null }>(c.get(ADMIN_EXAM_API.exam, { params: { eid } }));
export const createExam = (body: AdminExamBody, c: C = S) => call<ExamInfo>(c.post(ADMIN_EXAM_API.exam, body));
export const updateExam = (body: AdminExamBody, c: C = S) => call<ExamInfo>(c.put(ADMIN_EXAM_API.exam, body));
export const deleteExam = (eid: number, c: C = S) => call<null>(c.delete(ADMIN_EXAM_API.exam, { params: { eid } }));
export const changeExamVisible = (eid: number, visible: boolean, c: C = S) =>
  call<null>(c.put(ADMIN_EXAM_API.changeVisible, { eid, visible }));

/** Lists that may come paged or whole. */
const rows = <T>(p: Page<T> | T[]): T[] => (Array.isArray(p) ? p : p.records);

export const getExamProblems = (eid: number, c: C = S) =>
  call<Page<ExamProblemItem> | ExamProblemItem[]>(c.get(ADMIN_EXAM_API.problemList, { params: { eid } })).then(rows);
export const addExamProblem = (body: AddExamProblemBody, c: C = S) =>
  call<ExamProblemItem>(c.post(ADMIN_EXAM_API.addProblemFromPublic, body));
/** Group only: a problem of the group's bank by its problem id. */
export const addExamProblemFromGroup = (gid: number, q: { problemId: string; eid: number; displayId: string }, silent = false) =>
  call<null>(api.post(GROUP_ONLY_API.addExamProblemFromGroup, null, { params: { ...q, gid }, silent }));
export const updateExamProblem = (body: UpdateExamProblemBody, c: C = S) => call<ExamProblemItem>(c.put(ADMIN_EXAM_API.problem, body));
export const deleteExamProblem = (id: number, c: C = S) => call<null>(c.delete(ADMIN_EXAM_API.problem, { params: { id } }));

export const getExamQuestions = (eid: number, c: C = S) =>
  call<Page<AdminExamQuestionItem> | AdminExamQuestionItem[]>(c.get(ADMIN_EXAM_API.questionList, { params: { eid } })).then(rows);
export const addExamQuestion = (body: AddExamQuestionBody, c: C = S) =>
  call<AdminExamQuestionItem>(c.post(ADMIN_EXAM_API.addQuestionFromBank, body));
export const createExamQuestion = (body: CreateExamQuestionBody, c: C = S) =>
  call<AdminExamQuestionItem>(c.post(ADMIN_EXAM_API.question, body));
export const updateExamQuestion = (body: UpdateExamQuestionBody, c: C = S) =>
  call<AdminExamQuestionItem>(c.put(ADMIN_EXAM_API.question, body));
export const deleteExamQuestion = (id: number, c: C = S) => call<null>(c.delete(ADMIN_EXAM_API.question, { params: { id } }));
export const scoreExamPapers = (eid: number) => call<ScorePapersResult>(api.post(ADMIN_EXAM_API.scorePapers, { eid }));

export const getQuestionPage = (q: AdminQuestionListQuery, c: C = S) =>
  call<Page<QuestionInfo>>(c.get(ADMIN_EXAM_API.bankList, { params: q }));
export const getQuestion = (qid: number, c: C = S) => call<QuestionInfo>(c.get(ADMIN_EXAM_API.bankQuestion, { params: { qid } }));
export const createQuestion = (body: AdminQuestionBody, c: C = S) => call<QuestionInfo>(c.post(ADMIN_EXAM_API.bankQuestion, body));
export const updateQuestion = (body: AdminQuestionBody, c: C = S) => call<QuestionInfo>(c.put(ADMIN_EXAM_API.bankQuestion, body));
export const deleteQuestion = (qid: number, c: C = S) => call<null>(c.delete(ADMIN_EXAM_API.bankQuestion, { params: { qid } }));

export const getPapers = (eid: number) =>
  call<Page<ExamPaper> | ExamPaper[]>(api.get(EXAM_API.paperList, { params: { eid, currentPage: 1, limit: MAX_PAGE_SIZE } })).then(rows);
export const submitPaperScore = (body: SubmitExamPaperScoreBody) => call<ExamPaper>(api.post(EXAM_API.submitPaperScore, body));
