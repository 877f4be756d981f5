/** The filters and page of a list page, kept in the URL query (so a list can be linked and reloaded). */
import { useSearchParams } from 'react-router-dom';

/**
 * `params` is the current query; `update(changes)` sets the given keys (undefined or '' removes one) and,
 * unless the page itself changes, goes back to the first page.
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('currentPage' in changes)) next.delete('currentPage');
    setParams(next);
  };
  return { params, update };
}
