/** Virtual participation (issue 35) as the screens read it: where a run stands by the server's clock, the board's time. */
import type { VirtualRun } from '@oj/contracts';

/** none: no run yet; running: until the run's end by the server's clock; ended: after it. */
export type VirtualPhase = 'none' | 'running' | 'ended';

/** The virtual board is read again this often while the run is running. */
export const VIRTUAL_RANK_POLL_MS = 10_000;

export function virtualPhase(run: Pick<VirtualRun, 'status' | 'endTime'> | null, nowMs: number): VirtualPhase {
  if (!run) return 'none';
  return run.status === 'running' && nowMs < new Date(run.endTime).getTime() ? 'running' : 'ended';
}

/** The time into the contest a virtual board shows, as mm:ss (minutes past 59 go on: 125:07). */
export function boardClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The elapsed time of a run at `nowMs`, at most its duration (before the board has answered with its own). */
export function runElapsedMs(run: Pick<VirtualRun, 'startTime' | 'endTime'>, nowMs: number): number {
  const start = new Date(run.startTime).getTime();
  const end = new Date(run.endTime).getTime();
  return Math.max(0, Math.min(nowMs, end) - start);
}

/** `?board=virtual` on the rank page opens the virtual board. */
export const VIRTUAL_BOARD_QUERY = 'board=virtual';
