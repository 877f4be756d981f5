/** Admin → User calls (product §7 "user (list, edit, delete, batch insert, generate)"). */
import {
  ADMIN_USER_API,
  AdminEditUserRequest,
  AdminInsertUsersResult,
  AdminUserRow,
  GenerateUsersRequest,
  GenerateUsersResult,
  Page,
  Role,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getUsers = (currentPage: number, limit: number, keyword?: string, role?: Role) =>
  call<Page<AdminUserRow>>(api.get(ADMIN_USER_API.list, { params: { currentPage, limit, keyword: keyword || undefined, role } }));
export const editUser = (body: AdminEditUserRequest) => call<null>(api.put(ADMIN_USER_API.edit, body));
export const deleteUsers = (ids: string[]) => call<{ deleted: number }>(api.delete(ADMIN_USER_API.delete, { data: { ids } }));
export const insertUsers = (users: string[][]) => call<AdminInsertUsersResult>(api.post(ADMIN_USER_API.insertBatch, { users }));
export const generateUsers = (body: GenerateUsersRequest) => call<GenerateUsersResult>(api.post(ADMIN_USER_API.generate, body));
