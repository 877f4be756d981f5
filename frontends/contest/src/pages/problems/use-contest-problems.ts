import { useEffect, useState } from 'react';
import { ContestProblemItem } from '@oj/contracts';
import { getContestProblems } from '../../api/contest';

/** The contest's problems with their counts; refetched when `version` changes. */
export function useContestProblems(cid: number, enabled = true, version: unknown = 0) {
  const [problems, setProblems] = useState<ContestProblemItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    getContestProblems(cid)
      .then((p) => alive && setProblems(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [cid, enabled, version]);
  return { problems, failed };
}
