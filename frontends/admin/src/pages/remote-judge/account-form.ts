/**
 * The account dialog's values to the API body, kept apart from the screen so it is tested without a browser. A stored
 * password or cookie never comes back from the server: on an edit, a blank field means "keep what is stored".
 */
import { RemoteAccountState, RemoteJudgeAccountInput, RemoteJudgeAccountView } from '@oj/contracts';

export interface AccountFormValues {
  username: string;
  password?: string;
  cookie?: string;
  userAgent?: string;
  enabled?: boolean;
  clearCookie?: boolean;
}

/** The dialog's starting values: never a secret, only the plain fields of the stored account. */
export function accountFormInitial(account?: RemoteJudgeAccountView): AccountFormValues {
  return {
    username: account?.username ?? '',
    password: '',
    cookie: '',
    userAgent: account?.userAgent ?? '',
    enabled: account?.enabled ?? true,
    clearCookie: false,
  };
}

/** The body of POST (no `existing`) or PUT (`existing`) /api/admin/remote-judge/account. */
export function accountBody(oj: string, values: AccountFormValues, existing?: RemoteJudgeAccountView): RemoteJudgeAccountInput {
  const password = values.password ?? '';
  const cookie = (values.cookie ?? '').trim();
  const userAgent = (values.userAgent ?? '').trim();
  const body: RemoteJudgeAccountInput = {
    oj,
    username: values.username.trim(),
    enabled: values.enabled ?? true,
    // A pasted cookie is only useful with the browser it came from: an empty one is sent as null (none).
    userAgent: userAgent || null,
  };
  if (existing) {
    body.id = existing.id;
    // empty keeps the stored password / cookie (the server's rule): send nothing rather than an empty string
    if (password) body.password = password;
    if (values.clearCookie) body.clearCookie = true;
    else if (cookie) body.cookie = cookie;
  } else {
    body.password = password;
    if (cookie) body.cookie = cookie;
  }
  return body;
}

/** Colour of an account's state tag. */
export const STATE_COLORS: Record<RemoteAccountState, string> = {
  idle: 'green',
  'in-use': 'blue',
  failing: 'red',
  disabled: 'default',
};

/** Message id of an account's state. */
export const STATE_LABELS: Record<RemoteAccountState, string> = {
  idle: 'admin.remoteJudge.stateIdle',
  'in-use': 'admin.remoteJudge.stateInUse',
  failing: 'admin.remoteJudge.stateFailing',
  disabled: 'admin.remoteJudge.stateDisabled',
};
