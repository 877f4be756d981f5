import { AuthEntry, RoleAuthEntry } from '@oj/contracts';
import { api, call } from '@oj/kit';

export interface AuthValues {
  name: string;
  permission: string;
  status?: number;
}

export const getAuths = () => call<AuthEntry[]>(api.get('/admin/auth'));
export const createAuth = (v: AuthValues) => call<AuthEntry>(api.post('/admin/auth', v));
export const updateAuth = (id: number, v: Partial<AuthValues>) => call<AuthEntry>(api.put('/admin/auth', { id, ...v }));
export const deleteAuth = (id: number) => call<null>(api.delete('/admin/auth', { params: { id } }));
export const getRoleAuths = () => call<RoleAuthEntry[]>(api.get('/admin/role-auth'));
export const grantAuth = (roleId: number, authId: number) => call<null>(api.post('/admin/role-auth', { roleId, authId }));
export const revokeAuth = (roleId: number, authId: number) => call<null>(api.delete('/admin/role-auth', { params: { roleId, authId } }));
