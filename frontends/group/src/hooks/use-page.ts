/** One page of a group list, fetched again when the page, the group or `reload()` changes. */
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, Page } from '@oj/contracts';
import type { PageQuery } from '../api/group';

export interface PageState<T> {
  page: Page<T> | null;
  loading: boolean;
  /** the call was refused (no access, or the route is missing): the screen says so instead of "empty" */
  failed: boolean;
  query: PageQuery;
  setQuery: (q: PageQuery) => void;
  reload: () => void;
}

export function usePage<T>(load: (q: PageQuery) => Promise<Page<T>>, deps: unknown[], limit = DEFAULT_PAGE_SIZE): PageState<T> {
  const [query, setQuery] = useState<PageQuery>({ currentPage: 1, limit });
  const [page, setPage] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    load(query)
      .then((p) => {
        if (!alive) return;
        setPage(p);
        setFailed(false);
      })
      .catch(() => {
        if (!alive) return;
        setPage(null);
        setFailed(true);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // `load` is a new closure each render; what it reads is in deps
  }, [query, tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { page, loading, failed, query, setQuery, reload };
}

/** antd pagination props of a PageState. */
export const paginationOf = <T>(s: PageState<T>) => ({
  current: s.query.currentPage,
  pageSize: s.query.limit,
  total: s.page?.total ?? 0,
  size: 'small' as const,
  hideOnSinglePage: true,
  onChange: (currentPage: number, limit: number) => s.setQuery({ currentPage, limit }),
});
