/** Which account dialog is open (product §4 "Modal modes"); any app may open it, the shell shows it. */
import { createStore, useStore } from '../store/create-store';

export type AccountDialogMode = 'Login' | 'Register' | 'ResetPwd';
export const accountDialogStore = createStore<AccountDialogMode | null>(null);

export const openAccountDialog = (mode: AccountDialogMode = 'Login'): void => accountDialogStore.set(mode);
export const closeAccountDialog = (): void => accountDialogStore.set(null);
export const useAccountDialog = (): AccountDialogMode | null => useStore(accountDialogStore);
