/** The board of a contest, refreshed on a timer while the user wants it live. */
import { useCallback, useEffect, useState } from 'react';
import { ContestRankRequest, ContestRankRow, Page } from '@oj/contracts';
import { getContestRank } from '../../api/contest';

export const RANK_REFRESH_OPTIONS_SEC = [10, 30, 60] as const;

/** `refreshSec` 0: no auto refresh. `enabled` false: not read at all (the virtual board is shown instead). */
export function useContestRank(req: ContestRankRequest, refreshSec: number, enabled = true) {
  const [page, setPage] = useState<Page<ContestRankRow> | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(req);
  const load = useCallback(
    (silent: boolean) => {
      if (!silent) setLoading(true);
      return getContestRank(JSON.parse(key) as ContestRankRequest, silent)
        .then(setPage)
        .catch(() => undefined)
        .finally(() => setLoading(false));
    },
    [key],
  );
  useEffect(() => {
    if (enabled) void load(false);
  }, [load, enabled]);
  useEffect(() => {
    if (!refreshSec || !enabled) return;
    const timer = setInterval(() => void load(true), refreshSec * 1000);
    return () => clearInterval(timer);
  }, [load, refreshSec, enabled]);
  /** Admins: recompute the board from the database once, then go on as before. */
  const forceRefresh = () => {
    setLoading(true);
    return getContestRank({ ...(JSON.parse(key) as ContestRankRequest), forceRefresh: true })
      .then(setPage)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return { page, loading, reload: () => load(false), forceRefresh };
}
