/** Typed training calls (product §7 "Training") through kit's client. */
import {
  Page,
  ProblemDetail,
  SubmissionInfo,
  TrainingCategoryInfo,
  TrainingInfo,
  TrainingProblemRow,
  TrainingRankRow,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

export interface TrainingListQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  categoryId?: number;
  auth?: string;
}

export const getTrainingCategories = () => call<TrainingCategoryInfo[]>(api.get('/get-training-category'));
export const getTrainingList = (q: TrainingListQuery) => call<Page<TrainingInfo>>(api.get('/get-training-list', { params: q }));
export const getTraining = (tid: number) => call<TrainingInfo>(api.get('/get-training-detail', { params: { tid } }));
export const getTrainingAccess = (tid: number) => call<{ access: boolean }>(api.get('/get-training-access', { params: { tid } }));
export const registerTraining = (tid: number, password: string) => call<null>(api.post('/register-training', { tid, password }));
export const getTrainingProblems = (tid: number) => call<TrainingProblemRow[]>(api.get('/get-training-problem-list', { params: { tid } }));
export const getTrainingProblem = (tid: number, displayId: string) =>
  call<ProblemDetail>(api.get('/get-training-problem-details', { params: { tid, displayId } }));
export const getTrainingRank = (q: { tid: number; currentPage: number; limit: number; keyword?: string }) =>
  call<Page<TrainingRankRow>>(api.get('/get-training-rank', { params: q }));
export const submitInTraining = (tid: number, pid: string, language: string, code: string) =>
  call<SubmissionInfo>(api.post('/submit-problem-judge', { pid, tid, language, code, cid: 0, isRemote: false }));
