/** Announcements the user has not read yet, polled while the contest is open (shown in a popup). */
import { useCallback, useEffect, useState } from 'react';
import { ContestAnnouncementInfo } from '@oj/contracts';
import { getNotReadAnnouncements } from '../../api/contest';
import { loadReadAnnouncements, markAnnouncementsRead } from '../../lib/storage';

export const ANNOUNCEMENT_POLL_MS = 60_000;

export function useUnreadAnnouncements(cid: number, enabled: boolean) {
  const [unread, setUnread] = useState<ContestAnnouncementInfo[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const load = () =>
      getNotReadAnnouncements(cid, loadReadAnnouncements(cid))
        .then((list) => alive && setUnread(list))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, ANNOUNCEMENT_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [cid, enabled]);
  const markRead = useCallback(() => {
    markAnnouncementsRead(
      cid,
      unread.map((a) => a.id),
    );
    setUnread([]);
  }, [cid, unread]);
  return { unread, markRead };
}
