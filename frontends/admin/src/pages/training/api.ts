/** Admin training calls (HOJ's /api/admin/training: training CRUD, its problems, categories). */
import { AdminTrainingDto, AdminTrainingInfo, AdminTrainingProblemRow, Page, TrainingCategoryInfo } from '@oj/contracts';
import { api, call } from '@oj/kit';

const BASE = '/admin/training';

export interface AdminTrainingProblemList {
  problemList: Page<{ id: number; problemId: string; title: string; author: string | null; difficulty: number }>;
  trainingProblemMap: Record<string, AdminTrainingProblemRow>;
}

export const getAdminTrainings = (currentPage: number, limit: number, keyword?: string) =>
  call<Page<AdminTrainingInfo & { categoryId: number | null }>>(
    api.get(`${BASE}/get-training-list`, { params: { currentPage, limit, keyword } }),
  );
export const getAdminTraining = (tid: number) =>
  call<{ training: AdminTrainingInfo; trainingCategory: TrainingCategoryInfo | null }>(api.get(BASE, { params: { tid } }));
export const createTraining = (body: AdminTrainingDto) => call<AdminTrainingInfo>(api.post(BASE, body));
export const updateTraining = (body: AdminTrainingDto) => call<null>(api.put(BASE, body));
export const deleteTraining = (tid: number) => call<null>(api.delete(BASE, { params: { tid } }));
export const changeTrainingStatus = (tid: number, author: string, status: boolean) =>
  call<null>(api.put(`${BASE}/change-training-status`, null, { params: { tid, author, status } }));

export const getTrainingProblemList = (q: { tid: number; currentPage: number; limit: number; keyword?: string; queryExisted: boolean }) =>
  call<AdminTrainingProblemList>(api.get(`${BASE}/get-problem-list`, { params: q }));
export const addTrainingProblem = (body: { tid: number; pid: number; displayId: string }) =>
  call<AdminTrainingProblemRow>(api.post(`${BASE}/add-problem-from-public`, body));
export const updateTrainingProblem = (body: { id: number; tid: number; displayId?: string; rank?: number }) =>
  call<null>(api.put(`${BASE}/problem`, body));
export const removeTrainingProblem = (tid: number, pid: number) => call<null>(api.delete(`${BASE}/problem`, { params: { tid, pid } }));

export const getTrainingCategories = () => call<TrainingCategoryInfo[]>(api.get('/get-training-category'));
export const createTrainingCategory = (body: { name: string; color: string }) =>
  call<TrainingCategoryInfo>(api.post(`${BASE}/category`, body));
export const updateTrainingCategory = (body: { id: number; name: string; color: string }) => call<null>(api.put(`${BASE}/category`, body));
export const deleteTrainingCategory = (cid: number) => call<null>(api.delete(`${BASE}/category`, { params: { cid } }));
