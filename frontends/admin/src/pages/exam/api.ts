/** Admin exam and question bank calls (contracts ADMIN_EXAM_API, EXAM_API for papers and marking). */
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

export const getAdminExams = (currentPage: number, limit: number, keyword?: string) =>
  call<Page<ExamInfo>>(api.get(ADMIN_EXAM_API.list, { params: { currentPage, limit, keyword } }));
export const getAdminExam = (eid: number) => call<ExamInfo & { pwd?: string | null }>(api.get(ADMIN_EXAM_API.exam, { params: { eid } }));
export const createExam = (body: AdminExamBody) => call<ExamInfo>(api.post(ADMIN_EXAM_API.exam, body));
export const updateExam = (body: AdminExamBody) => call<ExamInfo>(api.put(ADMIN_EXAM_API.exam, body));
export const deleteExam = (eid: number) => call<null>(api.delete(ADMIN_EXAM_API.exam, { params: { eid } }));
export const changeExamVisible = (eid: number, visible: boolean) => call<null>(api.put(ADMIN_EXAM_API.changeVisible, { eid, visible }));

/** Lists that may come paged or whole. */
const rows = <T>(p: Page<T> | T[]): T[] => (Array.isArray(p) ? p : p.records);

export const getExamProblems = (eid: number) =>
  call<Page<ExamProblemItem> | ExamProblemItem[]>(api.get(ADMIN_EXAM_API.problemList, { params: { eid } })).then(rows);
export const addExamProblem = (body: AddExamProblemBody) => call<ExamProblemItem>(api.post(ADMIN_EXAM_API.addProblemFromPublic, body));
export const updateExamProblem = (body: UpdateExamProblemBody) => call<ExamProblemItem>(api.put(ADMIN_EXAM_API.problem, body));
export const deleteExamProblem = (id: number) => call<null>(api.delete(ADMIN_EXAM_API.problem, { params: { id } }));

export const getExamQuestions = (eid: number) =>
  call<Page<AdminExamQuestionItem> | AdminExamQuestionItem[]>(api.get(ADMIN_EXAM_API.questionList, { params: { eid } })).then(rows);
export const addExamQuestion = (body: AddExamQuestionBody) =>
  call<AdminExamQuestionItem>(api.post(ADMIN_EXAM_API.addQuestionFromBank, body));
export const createExamQuestion = (body: CreateExamQuestionBody) => call<AdminExamQuestionItem>(api.post(ADMIN_EXAM_API.question, body));
export const updateExamQuestion = (body: UpdateExamQuestionBody) => call<AdminExamQuestionItem>(api.put(ADMIN_EXAM_API.question, body));
export const deleteExamQuestion = (id: number) => call<null>(api.delete(ADMIN_EXAM_API.question, { params: { id } }));
export const scoreExamPapers = (eid: number) => call<ScorePapersResult>(api.post(ADMIN_EXAM_API.scorePapers, { eid }));

export const getQuestionPage = (q: AdminQuestionListQuery) => call<Page<QuestionInfo>>(api.get(ADMIN_EXAM_API.bankList, { params: q }));
export const getQuestion = (qid: number) => call<QuestionInfo>(api.get(ADMIN_EXAM_API.bankQuestion, { params: { qid } }));
export const createQuestion = (body: AdminQuestionBody) => call<QuestionInfo>(api.post(ADMIN_EXAM_API.bankQuestion, body));
export const updateQuestion = (body: AdminQuestionBody) => call<QuestionInfo>(api.put(ADMIN_EXAM_API.bankQuestion, body));
export const deleteQuestion = (qid: number) => call<null>(api.delete(ADMIN_EXAM_API.bankQuestion, { params: { qid } }));

export const getPapers = (eid: number) =>
  call<Page<ExamPaper> | ExamPaper[]>(api.get(EXAM_API.paperList, { params: { eid, currentPage: 1, limit: MAX_PAGE_SIZE } })).then(rows);
export const submitPaperScore = (body: SubmitExamPaperScoreBody) => call<ExamPaper>(api.post(EXAM_API.submitPaperScore, body));
