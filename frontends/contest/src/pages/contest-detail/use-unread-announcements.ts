/**
 * Announcements the user has not read yet, polled while the contest is open (shown in a popup). Closing the
 * popup acknowledges them in this browser and on the server (per user, every browser).
 */
import { useCallback, useEffect, useState } from 'react';
import { ContestAnnouncementInfo } from '@oj/contracts';
import { getNotReadAnnouncements, readAnnouncements } from '../../api/contest';
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
    const ids = unread.map((a) => a.id);
    markAnnouncementsRead(cid, ids);
    if (ids.length) void readAnnouncements(cid, ids).catch(() => undefined);
    setUnread([]);
  }, [cid, unread]);
  return { unread, markRead };
}
