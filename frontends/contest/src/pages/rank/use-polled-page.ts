/**
 * A board page read from the server and read again every `everyMs` (0: never) while `enabled`: what the official and
 * the virtual boards share. `reloadWhen`: a value whose change reads the page once more (the virtual run's end).
 */
import { useCallback, useEffect, useState } from 'react';

export function usePolledPage<Q, P>(
  fetchPage: (q: Q, silent: boolean) => Promise<P>,
  q: Q,
  enabled: boolean,
  everyMs: number,
  reloadWhen?: unknown,
) {
  const [page, setPage] = useState<P | null>(null);
  const [loading, setLoading] = useState(false);
  // the query by value: a new object with the same fields reads nothing
  const key = JSON.stringify(q);
  const load = useCallback(
    (silent: boolean) => {
      if (!silent) setLoading(true);
      return fetchPage(JSON.parse(key) as Q, silent)
        .then(setPage)
        .catch(() => undefined)
        .finally(() => setLoading(false));
    },
    [key, fetchPage],
  );
  useEffect(() => {
    if (enabled) void load(false);
  }, [load, enabled, reloadWhen]);
  useEffect(() => {
    if (!enabled || !everyMs) return;
    const timer = setInterval(() => void load(true), everyMs);
    return () => clearInterval(timer);
  }, [load, enabled, everyMs]);
  return { page, setPage, loading, setLoading, load, key };
}
