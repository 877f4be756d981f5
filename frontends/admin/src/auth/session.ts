/**
 * The admin app's view of the shared session (kit's auth store: localStorage `token` and the user info
 * beside it), so the shell and the admin app always agree on who is signed in.
 */
import { UserInfo } from '@oj/contracts';
import { authStore, clearLogin, getToken, saveLogin, useStore } from '@oj/kit';

export interface SessionSnapshot {
  token: string | null;
  user: UserInfo | null;
}

export function useSession(): SessionSnapshot {
  const user = useStore(authStore);
  return { token: getToken(), user };
}

/** Login success (product §7): store the token and the user info. */
export const startSession = (token: string, user: UserInfo): void => saveLogin(token, user);

/** Clears token and user info (logout, refused guard). */
export const clearSession = (): void => clearLogin();
