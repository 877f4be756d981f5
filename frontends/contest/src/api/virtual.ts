/**
 * Virtual participation calls (issue 35, contracts `VIRTUAL_CONTEST_API`): start a run of an ended contest, read
 * the caller's run, and the board at the caller's elapsed time. Runs come with the time they arrived at, so their
 * clock follows the server's `now`.
 */
import { VIRTUAL_CONTEST_API, VirtualRankPage, VirtualRun } from '@oj/contracts';
import { api, call } from '@oj/kit';
import type { Timed } from './contest';

/** POST { cid }: starts the caller's run (a second call answers the same run). Refusals are shown by the client. */
export async function startVirtualContest(cid: number): Promise<Timed<VirtualRun>> {
  const data = await call<VirtualRun>(api.post(VIRTUAL_CONTEST_API.start, { cid }));
  return { data, receivedAt: Date.now() };
}

/** The caller's run of the contest, or null (needs login). Silent: the screens simply offer no run when it fails. */
export async function getMyVirtualRun(cid: number): Promise<Timed<VirtualRun | null>> {
  const data = await call<VirtualRun | null>(api.get(VIRTUAL_CONTEST_API.mine, { params: { cid }, silent: true }));
  return { data: data ?? null, receivedAt: Date.now() };
}

export interface VirtualRankQuery {
  cid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
}

/** The contest's board as it stood at the caller's elapsed time, with the virtual participants among it. */
export const getVirtualRank = (q: VirtualRankQuery, silent = false) =>
  call<VirtualRankPage>(api.get(VIRTUAL_CONTEST_API.rank, { params: q, silent }));
