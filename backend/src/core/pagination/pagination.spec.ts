import { DEFAULT_PAGE_SIZE, MAX_CURRENT_PAGE, MAX_PAGE_SIZE } from '@oj/contracts';
import { pageRequest, toPage } from './pagination';

describe('pagination', () => {
  it('defaults to the first page of 10', () => {
    expect(pageRequest({})).toEqual({ current: 1, size: DEFAULT_PAGE_SIZE, skip: 0 });
  });

  it('clamps page numbers and sizes', () => {
    expect(pageRequest({ currentPage: 0, limit: 0 })).toEqual({ current: 1, size: DEFAULT_PAGE_SIZE, skip: 0 });
    expect(pageRequest({ currentPage: 3, limit: 100000 })).toEqual({ current: 3, size: MAX_PAGE_SIZE, skip: 2 * MAX_PAGE_SIZE });
    expect(pageRequest({ currentPage: 2.7, limit: 5 })).toEqual({ current: 2, size: 5, skip: 5 });
    // 1e308 gave OFFSET Infinity (a 500): huge pages stop at the last page number, with an offset PostgreSQL takes.
    for (const currentPage of [1e308, Infinity, Number.MAX_SAFE_INTEGER + 2]) {
      const req = pageRequest({ currentPage, limit: MAX_PAGE_SIZE });
      expect(req.current).toBe(MAX_CURRENT_PAGE);
      expect(req.skip).toBeLessThanOrEqual(2147483647);
    }
    expect(pageRequest({ currentPage: NaN, limit: NaN })).toEqual({ current: 1, size: DEFAULT_PAGE_SIZE, skip: 0 });
    expect(pageRequest({ currentPage: -1 }).current).toBe(1);
  });

  it('answers records, total, size, current and pages', () => {
    expect(toPage(['a'], 11, pageRequest({ currentPage: 3, limit: 5 }))).toEqual({
      records: ['a'],
      total: 11,
      size: 5,
      current: 3,
      pages: 3,
    });
    expect(toPage([], 0, pageRequest({}))).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
  });
});
