/** The board of a contest, refreshed on a timer while the user wants it live. */
import { ContestRankRequest } from '@oj/contracts';
import { getContestRank } from '../../api/contest';
import { usePolledPage } from './use-polled-page';

export const RANK_REFRESH_OPTIONS_SEC = [10, 30, 60] as const;

/** `refreshSec` 0: no auto refresh. `enabled` false: not read at all (the virtual board is shown instead). */
export function useContestRank(req: ContestRankRequest, refreshSec: number, enabled = true) {
  const { page, setPage, loading, setLoading, load, key } = usePolledPage(getContestRank, req, enabled, refreshSec * 1000);
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
