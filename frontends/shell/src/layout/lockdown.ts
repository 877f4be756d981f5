/**
 * Lock mode (issue 36): while a participant is held in a running contest or exam, the server refuses every call
 * outside it with a text and the place they are held in. Instead of drawing the refused page broken, the shell
 * sends them back to their contest or exam and says why, once for a burst of refusals (a page sends several calls).
 */
import type { LockedToData } from '@oj/contracts';

/** One notice per this long: the refused page's other calls and the background polls say the same. */
export const LOCK_NOTICE_GAP_MS = 5_000;

export function lockedHome(to: LockedToData['lockedTo']): string {
  return `/${to.kind}/${to.id}`;
}

/** Whether `pathname` is inside the contest or exam the participant is held in. */
export function insideLock(pathname: string, to: LockedToData['lockedTo']): boolean {
  const home = lockedHome(to);
  return pathname === home || pathname.startsWith(`${home}/`);
}

/** The kit client's onLocked hook for the shell: navigate back when outside, notify at most once per gap. */
export function lockHandler(deps: {
  navigate: (url: string) => void;
  notify: (text: string) => void;
  pathname: () => string;
  now?: () => number;
}): (to: LockedToData['lockedTo'], text: string) => void {
  let lastNotice = -Infinity;
  const now = deps.now ?? (() => Date.now());
  return (to, text) => {
    if (!insideLock(deps.pathname(), to)) deps.navigate(lockedHome(to));
    if (now() - lastNotice < LOCK_NOTICE_GAP_MS) return;
    lastNotice = now();
    deps.notify(text);
  };
}
