/** The contest being viewed, shared by the child screens of /contest/:contestId. */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { ContestInfo, ContestStatus } from '@oj/contracts';
import { useAuth } from '@oj/kit';
import { getContestAccess, getContestInfo } from '../../api/contest';
import { Countdown, serverOffsetMs, useContestClock } from '../../lib/clock';
import { Viewer, isContestAdmin } from '../../lib/rules';

export interface ContestState {
  cid: number;
  info: ContestInfo;
  /** status from the server's clock, moving on its own */
  status: ContestStatus;
  progress: number;
  countdown: Countdown;
  nowMs: number;
  viewer: Viewer;
  isRoot: boolean;
  reload: () => void;
}

export const ContestContext = createContext<ContestState | null>(null);

export function useContest(): ContestState {
  const c = useContext(ContestContext);
  if (!c) throw new Error('useContest outside a contest');
  return c;
}

/** Loads the contest and the user's access; reloads both when the clock moves the status. */
export function useContestLoader(cid: number) {
  const { user, isLoggedIn, isRoot } = useAuth();
  const [info, setInfo] = useState<ContestInfo | null>(null);
  const [offset, setOffset] = useState(0);
  const [entered, setEntered] = useState(false);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let alive = true;
    getContestInfo(cid)
      .then(({ data, receivedAt }) => {
        if (!alive) return;
        setInfo(data);
        setOffset(serverOffsetMs(data.now, receivedAt));
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    if (isLoggedIn)
      getContestAccess(cid)
        .then((a) => alive && setEntered(a.access))
        .catch(() => alive && setEntered(false));
    return () => {
      alive = false;
    };
  }, [cid, isLoggedIn, version]);

  const clock = useContestClock(info, offset);
  // the answer's status was the server's; when the clock moves it, fetch the contest again
  const moved = !!info && !!clock && clock.status !== info.status;
  useEffect(() => {
    if (moved) reload();
  }, [moved, reload]);

  if (!info || !clock) return { failed, state: null };
  const isAdmin = isContestAdmin(user, isRoot, info.uid);
  const state: ContestState = {
    cid,
    info,
    status: clock.status,
    progress: clock.progress,
    countdown: clock.countdown,
    nowMs: clock.now,
    viewer: { isLoggedIn, isAdmin, entered },
    isRoot,
    reload,
  };
  return { failed, state };
}
