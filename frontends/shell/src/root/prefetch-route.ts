/**
 * The first requests of the pages whose load time counts most (issue 37: the problem page's editor, a contest's
 * board), started by the shell as soon as it runs, in parallel with loading the remote that draws the page:
 * without this, each request waited for the remote's container, its chunks, antd and the request before it
 * (contest info, then problems, then the board). The remote's API calls take these answers (kit's getOnce /
 * postOnce); a request listed here must be the one the page sends, or it is simply asked twice.
 */
import { CONTEST_RANK_PAGE_SIZE } from '@oj/contracts';
import { getToken, prefetchGet, prefetchPost } from '@oj/kit/core';

export function prefetchRoute(pathname: string): void {
  // every page listed here needs a login; a visitor's would only be refused
  if (!getToken()) return;
  const problem = /^\/problem\/([^/]+)\/?$/.exec(pathname);
  if (problem) {
    prefetchGet('/get-problem-detail', { problemId: decodeURIComponent(problem[1]) });
    return;
  }
  const contest = /^\/contest\/(\d+)(?:\/([^/]*))?/.exec(pathname);
  if (contest) {
    const cid = Number(contest[1]);
    // the contest layout of every /contest/:cid page
    prefetchGet('/get-contest-info', { cid });
    prefetchGet('/get-contest-access', { cid });
    if (contest[2] === 'rank') {
      prefetchGet('/get-contest-problem', { cid });
      prefetchPost('/get-contest-rank', { cid, currentPage: 1, limit: CONTEST_RANK_PAGE_SIZE, removeStar: false });
    }
  }
}
