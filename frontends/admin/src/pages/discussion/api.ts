/** Admin → Discussion calls (product §7 "discussion and discussion-report management"). */
import { DiscussionCategory, DiscussionReportVO, DiscussionVO, Page } from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getAdminDiscussions = (currentPage: number, limit: number, keyword?: string) =>
  call<Page<DiscussionVO>>(api.get('/admin/discussion', { params: { currentPage, limit, keyword: keyword || undefined } }));
export const updateAdminDiscussion = (body: { id: number; topPriority?: boolean; status?: number }) =>
  call<null>(api.put('/admin/discussion', body));
/** HOJ sends the selected ids as the body. */
export const deleteAdminDiscussions = (ids: number[]) => call<null>(api.delete('/admin/discussion', { data: ids }));

export const getAdminCategories = () => call<DiscussionCategory[]>(api.get('/admin/discussion-category'));
export const saveCategory = (body: { id?: number; name: string }) =>
  call<DiscussionCategory>(body.id ? api.put('/admin/discussion-category', body) : api.post('/admin/discussion-category', body));
export const deleteCategory = (id: number) => call<null>(api.delete('/admin/discussion-category', { params: { id } }));

export const getReports = (currentPage: number, limit: number) =>
  call<Page<DiscussionReportVO>>(api.get('/admin/discussion-report', { params: { currentPage, limit } }));
export const handleReport = (id: number) => call<null>(api.put('/admin/discussion-report', { id, status: true }));
