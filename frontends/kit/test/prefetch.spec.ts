/**
 * @jest-environment node
 *
 * Prefetched requests (issue 37) against a real local HTTP server: a screen's call takes the answer of the same
 * request once, asks again after a failure, and a prefetch that fails shows nothing itself.
 */
import * as http from 'http';
import { AddressInfo } from 'net';

(globalThis as unknown as { localStorage: Storage }).localStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
} as unknown as Storage;

import { api, setClientHooks } from '../src/api/client';
import { getOnce, getOnceReceived, postOnce, prefetchGet, prefetchPost } from '../src/api/prefetch';

let server: http.Server;
const hits: string[] = [];
let failNext = 0;
const notified: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push(`${req.method} ${req.url} ${body}`);
      const status = failNext > 0 ? 500 : 200;
      if (failNext > 0) failNext -= 1;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status, msg: status === 200 ? 'success' : 'boom', data: { n: hits.length } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  setClientHooks({ notifyError: (t) => notified.push(t) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits.length = 0;
  notified.length = 0;
  failNext = 0;
});

test('a GET prefetched is answered once from the prefetch, then asked again', async () => {
  prefetchGet('/get-problem-detail', { problemId: 'P1' });
  const first = await getOnce<{ n: number }>('/get-problem-detail', { problemId: 'P1' });
  expect(first).toEqual({ n: 1 });
  expect(hits).toHaveLength(1);
  const second = await getOnce<{ n: number }>('/get-problem-detail', { problemId: 'P1' });
  expect(second).toEqual({ n: 2 });
  expect(hits).toHaveLength(2);
});

test('another request is not answered by a prefetch', async () => {
  prefetchGet('/get-problem-detail', { problemId: 'P1' });
  await getOnce('/get-problem-detail', { problemId: 'P2' });
  expect(hits.map((h) => h.split(' ')[1])).toEqual(
    expect.arrayContaining(['/api/get-problem-detail?problemId=P1', '/api/get-problem-detail?problemId=P2']),
  );
  await getOnce('/get-problem-detail', { problemId: 'P1' }); // takes the first one
  expect(hits).toHaveLength(2);
});

test('a POST body matches whatever the order of its fields and its undefined fields', async () => {
  prefetchPost('/get-contest-rank', { cid: 3, currentPage: 1, limit: 50, removeStar: false });
  await postOnce('/get-contest-rank', { limit: 50, removeStar: false, keyword: undefined, currentPage: 1, cid: 3 });
  expect(hits).toHaveLength(1);
  expect(JSON.parse(hits[0].split(' ').slice(2).join(' '))).toEqual({ cid: 3, currentPage: 1, limit: 50, removeStar: false });
});

test('a failed prefetch is silent and the screen asks again, reporting its own failure', async () => {
  failNext = 2;
  prefetchGet('/get-contest-info', { cid: 9 });
  await expect(getOnce('/get-contest-info', { cid: 9 })).rejects.toThrow();
  expect(hits).toHaveLength(2);
  expect(notified).toHaveLength(1);
});

test("the arrival time is the prefetched answer's, not the time the screen read it", async () => {
  prefetchGet('/get-contest-info', { cid: 4 });
  await new Promise((r) => setTimeout(r, 200));
  const before = Date.now();
  const { data, receivedAt } = await getOnceReceived<{ n: number }>('/get-contest-info', { cid: 4 });
  expect(data).toEqual({ n: 1 });
  expect(receivedAt).toBeLessThan(before);
});
