import { readFileSync } from 'fs';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import * as path from 'path';
import request from 'supertest';
import { CodeforcesFetcher, OTHER_CONTEST_FETCHERS, OtherContestFetcher } from '../src/modules/other-contest/public/other-contest.fetcher';
import { OtherContestService } from '../src/modules/other-contest/public/other-contest.service';
import { TestApp, createTestApp } from './utils/test-app';

/** Serves a recorded answer of Codeforces' contest.list. */
async function recordedCodeforces(): Promise<{ url: string; server: Server }> {
  const body = readFileSync(path.join(__dirname, 'fixtures/codeforces-contest-list.json'));
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/api/contest.list')) return void res.writeHead(404).end();
    res.setHeader('content-type', 'application/json');
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('GET /api/get-recent-other-contest', () => {
  let t: TestApp;
  let cf: { url: string; server: Server };
  let failing = false;
  beforeAll(async () => {
    cf = await recordedCodeforces();
    const broken: OtherContestFetcher = {
      oj: 'Broken',
      fetchUpcoming: () => Promise.reject(new Error('no network')),
    };
    const recorded = new CodeforcesFetcher(cf.url);
    const switchable: OtherContestFetcher = {
      oj: 'Codeforces',
      fetchUpcoming: () => (failing ? broken.fetchUpcoming() : recorded.fetchUpcoming()),
    };
    t = await createTestApp({ override: (b) => b.overrideProvider(OTHER_CONTEST_FETCHERS).useValue([switchable, broken]) });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => cf?.server.close(r));
  });

  it('lists the upcoming contests of the recorded answer, soonest first, and keeps them when a later fetch fails', async () => {
    const service = t.get<OtherContestService>(OtherContestService);
    await service.refresh();
    const res = await request(t.url).get('/api/get-recent-other-contest').expect(200);
    expect(res.body.data).toEqual([
      {
        oj: 'Codeforces',
        title: 'Educational Codeforces Round 190 (Rated for Div. 2)',
        url: 'https://codeforces.com/contests/2199',
        beginTime: new Date(1795515300 * 1000).toISOString(),
        endTime: new Date((1795515300 + 7200) * 1000).toISOString(),
      },
      expect.objectContaining({ title: 'Codeforces Round 1001 (Div. 2)', url: 'https://codeforces.com/contests/2200' }),
    ]);

    failing = true;
    expect(await service.refresh()).toBeNull();
    expect((await request(t.url).get('/api/get-recent-other-contest').expect(200)).body.data).toHaveLength(2);
  });

  it('answers an empty list when nothing was ever fetched', async () => {
    await t.redis.del('other-contest:list');
    expect((await request(t.url).get('/api/get-recent-other-contest').expect(200)).body.data).toEqual([]);
  });
});
