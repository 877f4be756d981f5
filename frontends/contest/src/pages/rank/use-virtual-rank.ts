/**
 * The virtual board (issue 35): the contest's board at the caller's elapsed time with the virtual participants
 * among it, read again every 10 s while the caller's run is running (the board moves with their clock), and once
 * more when it ends (the board at the full duration).
 */
import { useCallback, useEffect, useState } from 'react';
import type { VirtualRankPage } from '@oj/contracts';
import { VirtualRankQuery, getVirtualRank } from '../../api/virtual';
import { VIRTUAL_RANK_POLL_MS } from '../../lib/virtual';

export function useVirtualRank(q: VirtualRankQuery, enabled: boolean, running: boolean) {
  const [page, setPage] = useState<VirtualRankPage | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(q);
  const load = useCallback(
    (silent: boolean) => {
      if (!silent) setLoading(true);
      return getVirtualRank(JSON.parse(key) as VirtualRankQuery, silent)
        .then(setPage)
        .catch(() => undefined)
        .finally(() => setLoading(false));
    },
    [key],
  );
  useEffect(() => {
    if (enabled) void load(false);
    // `running` too: the run's end reads the final board
  }, [load, enabled, running]);
  useEffect(() => {
    if (!enabled || !running) return;
    const timer = setInterval(() => void load(true), VIRTUAL_RANK_POLL_MS);
    return () => clearInterval(timer);
  }, [load, enabled, running]);
  return { page, loading };
}
