import { ROLE_NAMES, Role, UserInfo } from '@oj/contracts';
import { authStore, clearLogin, getToken, isAdminUser, isRootUser, saveLogin, setToken, USER_INFO_STORAGE_KEY } from '../src';

const user = (roles: string[]): UserInfo => ({ uid: 'u1', username: 'alice', roleList: roles });

describe('auth store', () => {
  beforeEach(() => clearLogin());

  it('stores the token under "token" and the user info on login', () => {
    saveLogin('jwt-1', user([ROLE_NAMES[Role.User]]));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(getToken()).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY) as string).username).toBe('alice');
    expect(authStore.get()?.username).toBe('alice');
  });

  it('drops the user info when the token is cleared (a 401)', () => {
    saveLogin('jwt-1', user([ROLE_NAMES[Role.User]]));
    setToken(null);
    expect(authStore.get()).toBeNull();
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();
  });

  it('treats admin, problem_admin and root as admin-type, only root as super admin', () => {
    expect(isAdminUser(user(['admin']))).toBe(true);
    expect(isAdminUser(user(['problem_admin']))).toBe(true);
    expect(isAdminUser(user(['root']))).toBe(true);
    expect(isAdminUser(user(['default_role']))).toBe(false);
    expect(isRootUser(user(['root']))).toBe(true);
    expect(isRootUser(user(['admin']))).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });
});
