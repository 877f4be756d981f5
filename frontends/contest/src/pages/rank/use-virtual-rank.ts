/**
 * The virtual board (issue 35): the contest's board at the caller's elapsed time with the virtual participants
 * among it, read again every 10 s while the caller's run is running (the board moves with their clock), and once
 * more when it ends (the board at the full duration).
 */
import { VirtualRankQuery, getVirtualRank } from '../../api/virtual';
import { VIRTUAL_RANK_POLL_MS } from '../../lib/virtual';
import { usePolledPage } from './use-polled-page';

export function useVirtualRank(q: VirtualRankQuery, enabled: boolean, running: boolean) {
  const { page, loading } = usePolledPage(getVirtualRank, q, enabled, running ? VIRTUAL_RANK_POLL_MS : 0, running);
  return { page, loading };
}
