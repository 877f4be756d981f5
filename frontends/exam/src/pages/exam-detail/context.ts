/** The exam being viewed, shared by the child screens of /exam/:examId (the contest's clock and rules). */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { ContestStatus } from '@oj/contracts';
import { useAuth } from '@oj/kit';
import { Countdown, Viewer, isContestAdmin, serverOffsetMs, useContestClock } from 'contest/clock';
import { ExamInfo, getExamAccess, getExamInfo } from '../../api/exam';

export interface ExamState {
  eid: number;
  info: ExamInfo;
  /** status from the server's clock, moving on its own */
  status: ContestStatus;
  progress: number;
  countdown: Countdown;
  nowMs: number;
  viewer: Viewer;
  uid: string;
  isRoot: boolean;
  /** When the caller handed in their paper (交卷), else null: answers and programs are closed. */
  handedInAt: string | null;
  reload: () => void;
}

export const ExamContext = createContext<ExamState | null>(null);

export function useExam(): ExamState {
  const c = useContext(ExamContext);
  if (!c) throw new Error('useExam outside an exam');
  return c;
}

/** Loads the exam and the user's access; reloads both when the clock moves the status. */
export function useExamLoader(eid: number) {
  const { user, isLoggedIn, isRoot } = useAuth();
  const [info, setInfo] = useState<ExamInfo | null>(null);
  const [offset, setOffset] = useState(0);
  const [entered, setEntered] = useState(false);
  const [handedInAt, setHandedInAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!isLoggedIn || !Number.isInteger(eid)) return;
    let alive = true;
    getExamInfo(eid)
      .then(({ data, receivedAt }) => {
        if (!alive) return;
        setInfo(data);
        setOffset(serverOffsetMs(data.now, receivedAt));
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    getExamAccess(eid)
      .then((a) => {
        if (!alive) return;
        setEntered(a.access);
        setHandedInAt(a.handedInAt ?? null);
      })
      .catch(() => alive && setEntered(false));
    return () => {
      alive = false;
    };
  }, [eid, isLoggedIn, version]);

  const clock = useContestClock(info, offset);
  const moved = !!info && !!clock && clock.status !== info.status;
  useEffect(() => {
    if (moved) reload();
  }, [moved, reload]);

  if (!info || !clock) return { failed, state: null };
  const isAdmin = isContestAdmin(user, isRoot, info.uid);
  const state: ExamState = {
    eid,
    info,
    status: clock.status,
    progress: clock.progress,
    countdown: clock.countdown,
    nowMs: clock.now,
    viewer: { isLoggedIn, isAdmin, entered },
    uid: user?.uid ?? '',
    isRoot,
    handedInAt,
    reload,
  };
  return { failed, state };
}
