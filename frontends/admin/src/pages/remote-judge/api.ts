/** Admin → Remote judge calls (issue 34): the sites, their switch, and the accounts the backend submits through. */
import { RemoteJudgeAccountInput, RemoteJudgeAccountView, RemoteJudgeSiteView } from '@oj/contracts';
import { api, call } from '@oj/kit';

/** Where the backend's remote judge admin routes live (root only). */
export const REMOTE_JUDGE_ADMIN_API = {
  sites: '/admin/remote-judge/sites',
  site: '/admin/remote-judge/site',
  accounts: '/admin/remote-judge/account/list',
  account: '/admin/remote-judge/account',
  importProblem: '/admin/problem/import-remote-oj-problem',
  importContestProblem: '/admin/contest/import-remote-oj-problem',
  importTrainingProblem: '/admin/training/import-remote-oj-problem',
} as const;

export const getRemoteSites = () => call<RemoteJudgeSiteView[]>(api.get(REMOTE_JUDGE_ADMIN_API.sites));
export const setRemoteSiteEnabled = (oj: string, enabled: boolean) =>
  call<RemoteJudgeSiteView[]>(api.put(REMOTE_JUDGE_ADMIN_API.site, { oj, enabled }));
export const getRemoteAccounts = (oj?: string) =>
  call<RemoteJudgeAccountView[]>(api.get(REMOTE_JUDGE_ADMIN_API.accounts, { params: { oj } }));
export const createRemoteAccount = (body: RemoteJudgeAccountInput) =>
  call<RemoteJudgeAccountView>(api.post(REMOTE_JUDGE_ADMIN_API.account, body));
export const updateRemoteAccount = (body: RemoteJudgeAccountInput) =>
  call<RemoteJudgeAccountView>(api.put(REMOTE_JUDGE_ADMIN_API.account, body));
export const deleteRemoteAccount = (id: number) => call<null>(api.delete(REMOTE_JUDGE_ADMIN_API.account, { params: { id } }));

/**
 * Imports one problem of a remote site. Silent: a refusal is shown by the import dialog itself, with the reason the
 * server puts in `data` ("[HDU] fetch: no problem 9999"), which the client's generic toast would drop.
 */
export const importRemoteProblem = (name: string, problemId: string, target: RemoteImportTarget = { kind: 'bank' }, displayId?: string) =>
  call<null>(
    target.kind === 'contest'
      ? api.get(REMOTE_JUDGE_ADMIN_API.importContestProblem, { params: { name, problemId, cid: target.cid, displayId }, silent: true })
      : target.kind === 'training'
        ? api.get(REMOTE_JUDGE_ADMIN_API.importTrainingProblem, { params: { name, problemId, tid: target.tid }, silent: true })
        : api.get(REMOTE_JUDGE_ADMIN_API.importProblem, { params: { name, problemId }, silent: true }),
  );

/** Where an imported remote problem goes besides the bank: nowhere else, a contest (under a display id), a training. */
export type RemoteImportTarget = { kind: 'bank' } | { kind: 'contest'; cid: number } | { kind: 'training'; tid: number };
