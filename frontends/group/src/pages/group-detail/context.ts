/** The group a /group/:groupID screen belongs to, with the viewer's level (loaded once by the layout). */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { GroupDetail } from '@oj/contracts';
import { useAuth, useWebsiteConfig } from '@oj/kit';
import { getGroupAuth, getGroupDetail } from '../../api/group';
import { GroupViewer } from '../../lib/rules';

export interface GroupState {
  gid: number;
  group: GroupDetail;
  viewer: GroupViewer;
  openGroupDiscussion: boolean;
  /** after a join, exit, level change or edit */
  reload: () => void;
}

export const GroupContext = createContext<GroupState | null>(null);

export function useGroup(): GroupState {
  const s = useContext(GroupContext);
  if (!s) throw new Error('useGroup outside a group layout');
  return s;
}

export function useGroupLoader(gid: number): { failed: boolean; state: GroupState | null } {
  const { user, isLoggedIn, isRoot } = useAuth();
  const config = useWebsiteConfig();
  const [group, setGroup] = useState<GroupDetail | null>(null);
  const [level, setLevel] = useState(0);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!Number.isInteger(gid) || gid < 1) {
      setFailed(true);
      return;
    }
    // a visitor is asked to log in first (GroupLayout): the detail call would only answer 401
    if (!isLoggedIn) return;
    let alive = true;
    Promise.all([getGroupDetail(gid), getGroupAuth(gid).catch(() => 0)])
      .then(([g, l]) => {
        if (!alive) return;
        setGroup(g);
        setLevel(Number(l) || 0);
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [gid, tick, user?.uid]);
  const state: GroupState | null = group
    ? {
        gid,
        group,
        viewer: { level, isRoot, loggedIn: isLoggedIn },
        openGroupDiscussion: config.openGroupDiscussion,
        reload,
      }
    : null;
  return { failed, state };
}
