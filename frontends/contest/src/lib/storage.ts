/** What the contest remote keeps in localStorage (product §3 "Local storage"). */

/** The code of a contest problem is kept apart from the same bank problem's code. */
export const contestCodeKey = (cid: number | string, displayId: string): string => `contest:${cid}:${displayId}`;

const READ_KEY = (cid: number) => `contestReadAnnouncements:${cid}`;
const CONCERNED_KEY = (cid: number) => `contestRankConcerned:${cid}`;

function readList<T>(key: string, valid: (v: unknown) => v is T): T[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) || '[]');
    return Array.isArray(v) ? v.filter(valid) : [];
  } catch {
    return [];
  }
}
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';

export const loadReadAnnouncements = (cid: number): number[] => readList(READ_KEY(cid), isNumber);
export function markAnnouncementsRead(cid: number, ids: number[]): void {
  const all = new Set([...loadReadAnnouncements(cid), ...ids]);
  localStorage.setItem(READ_KEY(cid), JSON.stringify([...all]));
}

/** Followed users of a contest's rank (uids). */
export const loadConcerned = (cid: number): string[] => readList(CONCERNED_KEY(cid), isString);
export function toggleConcerned(cid: number, uid: string): string[] {
  const list = loadConcerned(cid);
  const next = list.includes(uid) ? list.filter((u) => u !== uid) : [...list, uid];
  localStorage.setItem(CONCERNED_KEY(cid), JSON.stringify(next));
  return next;
}
