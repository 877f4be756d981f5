/** The signed-in user (product §3 "User info") kept beside the token (product §9: local storage key `token`). */
import { ROLE_NAMES, Role, UserInfo } from '@oj/contracts';
import { getToken, setToken, subscribeToken } from '../api/client';
import { createStore, useStore } from '../store/create-store';

export const USER_INFO_STORAGE_KEY = 'userInfo';

function readUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_STORAGE_KEY);
    return raw && getToken() ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export const authStore = createStore<UserInfo | null>(readUser());

const ADMIN_ROLE_NAMES = [ROLE_NAMES[Role.Root], ROLE_NAMES[Role.Admin], ROLE_NAMES[Role.ProblemAdmin]];

export const isAdminUser = (user: UserInfo | null): boolean => !!user && user.roleList.some((r) => ADMIN_ROLE_NAMES.includes(r));
export const isRootUser = (user: UserInfo | null): boolean => !!user && user.roleList.includes(ROLE_NAMES[Role.Root]);

/** Login success (product §7 "Handling of answers"): store the token and the user info. */
export function saveLogin(token: string, user: UserInfo): void {
  localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  setToken(token);
  authStore.set(user);
}

export function updateUser(user: UserInfo): void {
  localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  authStore.set(user);
}

/** Clears token and user info (logout, 401). */
export function clearLogin(): void {
  localStorage.removeItem(USER_INFO_STORAGE_KEY);
  setToken(null);
  authStore.set(null);
}

// A 401 clears the token in the client: drop the user info with it.
subscribeToken((token) => {
  if (!token) {
    localStorage.removeItem(USER_INFO_STORAGE_KEY);
    authStore.set(null);
  }
});

export interface AuthState {
  user: UserInfo | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  isRoot: boolean;
}

export function useAuth(): AuthState {
  const user = useStore(authStore);
  return { user, isLoggedIn: !!user, isAdmin: isAdminUser(user), isRoot: isRootUser(user) };
}
