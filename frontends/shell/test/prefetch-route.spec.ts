/**
 * The requests the shell starts for the page it was loaded on (issue 37): the ones the page sends itself (the
 * contest board's first page with its default size), only with a login.
 */
import { CONTEST_RANK_PAGE_SIZE } from '@oj/contracts';

const started: string[] = [];
let token: string | null = 'token';
jest.mock('@oj/kit/core', () => ({
  getToken: () => token,
  prefetchGet: (url: string, params: object) => started.push(`GET ${url} ${JSON.stringify(params)}`),
  prefetchPost: (url: string, body: object) => started.push(`POST ${url} ${JSON.stringify(body)}`),
}));

import { prefetchRoute } from '../src/root/prefetch-route';

beforeEach(() => {
  started.length = 0;
  token = 'token';
});

test('a problem page asks for the problem', () => {
  prefetchRoute('/problem/A%2B1');
  expect(started).toEqual(['GET /get-problem-detail {"problemId":"A+1"}']);
});

test("a contest's board asks for the contest, the access, the problems and the first page of the board at once", () => {
  prefetchRoute('/contest/12/rank');
  expect(started).toEqual([
    'GET /get-contest-info {"cid":12}',
    'GET /get-contest-access {"cid":12}',
    'GET /get-contest-problem {"cid":12}',
    `POST /get-contest-rank {"cid":12,"currentPage":1,"limit":${CONTEST_RANK_PAGE_SIZE},"removeStar":false}`,
  ]);
});

test('another contest page asks only for what its layout shows', () => {
  prefetchRoute('/contest/12/submission');
  expect(started).toEqual(['GET /get-contest-info {"cid":12}', 'GET /get-contest-access {"cid":12}']);
});

test('other pages, and a visitor, ask for nothing', () => {
  prefetchRoute('/problem');
  prefetchRoute('/problem/A/discussion');
  prefetchRoute('/contest');
  prefetchRoute('/home');
  token = null;
  prefetchRoute('/problem/A');
  expect(started).toEqual([]);
});
