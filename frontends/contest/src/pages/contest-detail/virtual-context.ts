/**
 * The caller's virtual run of the contest being viewed (issue 35), shared by the child screens: the banner, the
 * problem page (submitting during the run) and the rank page (the virtual board). Loaded only where a run may
 * exist: a signed-in user on an ended contest that allows virtual participation.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { VirtualRun } from '@oj/contracts';
import { getMyVirtualRun, startVirtualContest } from '../../api/virtual';
import { serverOffsetMs } from '../../lib/clock';
import { VirtualPhase, virtualPhase } from '../../lib/virtual';

export interface VirtualState {
  /** a run may exist here (ended contest, allowVirtual, signed in, allowed to view) */
  enabled: boolean;
  /** the server answered whether there is a run */
  loaded: boolean;
  run: VirtualRun | null;
  /** by the server's clock, moving to ended on its own at the run's end */
  phase: VirtualPhase;
  /** server time minus client time (ms), from the run's `now` */
  offsetMs: number;
  starting: boolean;
  /** starts the run; resolves true once it runs (a refusal is shown by the client and resolves false) */
  start: () => Promise<boolean>;
}

const NO_VIRTUAL: VirtualState = {
  enabled: false,
  loaded: false,
  run: null,
  phase: 'none',
  offsetMs: 0,
  starting: false,
  start: async () => false,
};

export const VirtualContext = createContext<VirtualState>(NO_VIRTUAL);

export const useVirtual = (): VirtualState => useContext(VirtualContext);

/** setTimeout's longest wait; a later end is waited for in steps. */
const MAX_TIMEOUT_MS = 2_147_483_647;

export function useVirtualLoader(cid: number, enabled: boolean): VirtualState {
  const [run, setRun] = useState<VirtualRun | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [offsetMs, setOffsetMs] = useState(0);
  const [starting, setStarting] = useState(false);
  // bumped at the run's end, so the phase is read again
  const [tick, setTick] = useState(0);

  useEffect(() => {
    setRun(null);
    setLoaded(false);
    if (!enabled) return;
    let alive = true;
    getMyVirtualRun(cid)
      .then(({ data, receivedAt }) => {
        if (!alive) return;
        setRun(data);
        if (data) setOffsetMs(serverOffsetMs(data.now, receivedAt));
        setLoaded(true);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [cid, enabled]);

  const phase = enabled ? virtualPhase(run, Date.now() + offsetMs) : 'none';
  useEffect(() => {
    if (phase !== 'running' || !run) return;
    const left = new Date(run.endTime).getTime() - (Date.now() + offsetMs);
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(Math.max(left, 0) + 20, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [phase, run, offsetMs, tick]);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      const { data, receivedAt } = await startVirtualContest(cid);
      setRun(data);
      setOffsetMs(serverOffsetMs(data.now, receivedAt));
      setLoaded(true);
      return true;
    } catch {
      return false;
    } finally {
      setStarting(false);
    }
  }, [cid]);

  if (!enabled) return NO_VIRTUAL;
  return { enabled, loaded, run, phase, offsetMs, starting, start };
}
