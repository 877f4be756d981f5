import { useEffect, useState } from 'react';
import { TIMINGS, UnreadCounts } from '@oj/contracts';
import { api, call } from '@oj/kit/core';

/** Window event a page fires after reading or deleting messages: every badge reloads its counts. */
export const UNREAD_CHANGED = 'oj:unread-changed';

const EMPTY: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

/** Unread message counts, polled every 120 s while logged in (product §7 "Messages"). */
export function useUnreadCounts(isLoggedIn: boolean): UnreadCounts {
  const [counts, setCounts] = useState<UnreadCounts>(EMPTY);
  useEffect(() => {
    if (!isLoggedIn) {
      setCounts(EMPTY);
      return;
    }
    let alive = true;
    const load = () =>
      call<UnreadCounts>(api.get('/msg/unread', { silent: true }))
        .then((c) => alive && setCounts({ ...EMPTY, ...c }))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, TIMINGS.unreadPollMs);
    window.addEventListener(UNREAD_CHANGED, load);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener(UNREAD_CHANGED, load);
    };
  }, [isLoggedIn]);
  return counts;
}
