import { useEffect, useSyncExternalStore } from 'react';
import { NAME_STYLES_MAX, UserNameStyle } from '@oj/contracts';
import { api, call } from '../api/client';

/**
 * The styles of user names (product §6: colour by rating band, admins in their own, title), looked up together:
 * one POST get-user-name-styles per 30 ms for every name a page shows, kept for a minute, so a rating that
 * changes shows on the next visit. antd-free, so first pages (the shell's home) colour names too.
 */
const TTL_MS = 60_000;
const BATCH_MS = 30;

const styles = new Map<string, { style: UserNameStyle | null; at: number }>();
const inFlight = new Set<string>();
let pending = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let version = 0;
const listeners = new Set<() => void>();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => version;

async function flush(): Promise<void> {
  timer = undefined;
  const names = [...pending];
  pending = new Set();
  for (let i = 0; i < names.length; i += NAME_STYLES_MAX) {
    const batch = names.slice(i, i + NAME_STYLES_MAX);
    batch.forEach((n) => inFlight.add(n));
    try {
      const found = await call<Record<string, UserNameStyle>>(api.post('/get-user-name-styles', { usernames: batch }, { silent: true }));
      const at = Date.now();
      for (const n of batch) styles.set(n, { style: found[n] ?? null, at });
    } catch (_e) {
      // Names stay uncoloured; the next render asks again after the TTL.
      const at = Date.now();
      for (const n of batch) if (!styles.has(n)) styles.set(n, { style: null, at });
    } finally {
      batch.forEach((n) => inFlight.delete(n));
    }
  }
  version++;
  listeners.forEach((l) => l());
}

function want(username: string): void {
  const hit = styles.get(username);
  if ((hit && Date.now() - hit.at < TTL_MS) || inFlight.has(username) || pending.has(username)) return;
  pending.add(username);
  timer ??= setTimeout(() => void flush(), BATCH_MS);
}

/** Forgets every looked-up style (after the viewer's own changes, e.g. a new title). */
export function forgetUserNameStyles(): void {
  styles.clear();
  version++;
  listeners.forEach((l) => l());
}

export function useUserNameStyle(username: string | null | undefined): UserNameStyle | undefined {
  useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (username) want(username);
  }, [username]);
  return username ? (styles.get(username)?.style ?? undefined) : undefined;
}
