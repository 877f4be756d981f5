/** Admin training calls (HOJ's /api/admin/training: training CRUD, its problems, categories); `c` the scope (../../scope). */
import { AdminTrainingDto, AdminTrainingInfo, AdminTrainingProblemRow, GROUP_ONLY_API, Page, TrainingCategoryInfo } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { ScopedClient, siteClient } from '../../scope';

type C = ScopedClient;
const S = siteClient;

const BASE = '/admin/training';

export interface AdminTrainingProblemList {
  problemList: Page<{ id: number; problemId: string; title: string; author: string | null; difficulty: number }>;
  trainingProblemMap: Record<string, AdminTrainingProblemRow>;
}

export const getAdminTrainings = (currentPage: number, limit: number, keyword?: string, c: C = S) =>
  call<Page<AdminTrainingInfo & { categoryId: number | null }>>(
    c.get(`${BASE}/get-training-list`, { params: { currentPage, limit, keyword } }),
  );
export const getAdminTraining = (tid: number, c: C = S) =>
  call<{ training: AdminTrainingInfo; trainingCategory: TrainingCategoryInfo | null }>(c.get(BASE, { params: { tid } }));
export const createTraining = (body: AdminTrainingDto, c: C = S) => call<AdminTrainingInfo>(c.post(BASE, body));
export const updateTraining = (body: AdminTrainingDto, c: C = S) => call<null>(c.put(BASE, body));
export const deleteTraining = (tid: number, c: C = S) => call<null>(c.delete(BASE, { params: { tid } }));
export const changeTrainingStatus = (tid: number, author: string, status: boolean, c: C = S) =>
  call<null>(c.put(`${BASE}/change-training-status`, null, { params: { tid, author, status } }));

export const getTrainingProblemList = (
  q: { tid: number; currentPage: number; limit: number; keyword?: string; queryExisted: boolean },
  c: C = S,
) => call<AdminTrainingProblemList>(c.get(`${BASE}/get-problem-list`, { params: q }));
export const addTrainingProblem = (body: { tid: number; pid: number; displayId: string }, c: C = S) =>
  call<AdminTrainingProblemRow>(c.post(`${BASE}/add-problem-from-public`, body));
/** Group only (HOJ add-training-problem-from-group): a problem of the group's bank by its problem id. */
export const addTrainingProblemFromGroup = (gid: number, q: { problemId: string; tid: number }) =>
  call<null>(api.post(GROUP_ONLY_API.addTrainingProblemFromGroup, null, { params: { ...q, gid } }));
export const updateTrainingProblem = (body: { id: number; tid: number; displayId?: string; rank?: number }, c: C = S) =>
  call<null>(c.put(`${BASE}/problem`, body));
export const removeTrainingProblem = (tid: number, pid: number, c: C = S) =>
  call<null>(c.delete(`${BASE}/problem`, { params: { tid, pid } }));

export const getTrainingCategories = () => call<TrainingCategoryInfo[]>(api.get('/get-training-category'));
export const createTrainingCategory = (body: { name: string; color: string }) =>
  call<TrainingCategoryInfo>(api.post(`${BASE}/category`, body));
export const updateTrainingCategory = (body: { id: number; name: string; color: string }) => call<null>(api.put(`${BASE}/category`, body));
export const deleteTrainingCategory = (cid: number) => call<null>(api.delete(`${BASE}/category`, { params: { cid } }));
