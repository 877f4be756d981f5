/**
 * The remote judges' HTTP client against a replay server: GBK pages read right, GBK forms sent right, the cookie a
 * login sets on its redirect kept, and a site that does not answer reported as such (no exception from fetch).
 */
import { RemoteHttp, RemoteHttpFailure, encodeForm } from '../../src/modules/remote-judge/http/remote-http';
import { ReplayServer } from './replay-server';

describe('RemoteHttp', () => {
  const site = new ReplayServer({ charset: 'gbk' });
  let slowCalls = 0;

  beforeAll(async () => {
    site
      .on('GET', '/page', () => ({ body: '<title>杭电 ACM</title>' }))
      .on('POST', '/echo', (req) => ({ body: `got ${req.form.code} by ${req.form.user}` }))
      .on('POST', '/login', (req) =>
        req.form.user === 'alice' ? { cookies: ['SID=abc; Path=/; HttpOnly'], redirect: '/home' } : { status: 200, body: 'bad' },
      )
      .on('GET', '/home', (req) => ({ body: req.cookies.SID === 'abc' ? 'welcome alice' : 'who are you' }))
      .on('GET', '/utf8', () => ({ body: Buffer.from('ünïcode 中文', 'utf8'), contentType: 'text/plain; charset=utf-8' }))
      .on('GET', '/slow', async () => {
        slowCalls++;
        await new Promise((r) => setTimeout(r, 1500).unref());
        return { body: 'late' };
      });
    await site.start();
  });
  afterAll(() => site.stop());

  it('decodes a GBK page and follows the charset a response names', async () => {
    const http = new RemoteHttp({ baseUrl: site.url, charset: 'gbk' });
    expect((await http.get('/page')).text).toBe('<title>杭电 ACM</title>');
    expect((await http.get('/utf8')).text).toBe('ünïcode 中文');
  });

  it('encodes a form in the site charset', async () => {
    expect(encodeForm({ a: '你 好' }, 'gbk')).toBe('a=%C4%E3+%BA%C3');
    const http = new RemoteHttp({ baseUrl: site.url, charset: 'gbk' });
    const res = await http.postForm('/echo', { code: 'printf("你好");', user: 'bob' });
    expect(res.text).toBe('got printf("你好"); by bob');
  });

  it('keeps the cookie a login sets on its redirect and sends it after', async () => {
    const http = new RemoteHttp({ baseUrl: site.url, charset: 'gbk' });
    const res = await http.postForm('/login', { user: 'alice' });
    expect(res.url).toBe(`${site.url}/home`);
    expect(res.text).toBe('welcome alice');
    expect(await http.cookie('SID')).toBe('abc');
    const other = new RemoteHttp({ baseUrl: site.url, charset: 'gbk' });
    expect((await other.get('/home')).text).toBe('who are you');
  });

  it('stores a pasted cookie header', async () => {
    const http = new RemoteHttp({ baseUrl: site.url });
    await http.setCookieHeader('SID=abc; other=1');
    expect((await http.get('/home')).text).toBe('welcome alice');
  });

  it('reports a site that does not answer in time, or at all, as a RemoteHttpFailure', async () => {
    const http = new RemoteHttp({ baseUrl: site.url, timeoutMs: 300 });
    await expect(http.get('/slow')).rejects.toMatchObject({ name: 'RemoteHttpFailure', reason: 'timeout' });
    expect(slowCalls).toBe(1);
    const closed = new ReplayServer();
    const closedUrl = await closed.start();
    await closed.stop();
    const down = new RemoteHttp({ baseUrl: closedUrl });
    const err = await down.get('/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteHttpFailure);
    expect((err as RemoteHttpFailure).reason).toBe('network');
    expect((err as Error).message).toContain('ECONNREFUSED');
  });
});
