/**
 * @jest-environment node
 *
 * The API client against a real local HTTP server: product §7 headers and refresh swap, §8 error texts.
 */
import * as http from 'http';
import { AddressInfo } from 'net';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(k: string) {
    return this.items.has(k) ? (this.items.get(k) as string) : null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}
(globalThis as unknown as { localStorage: MemoryStorage }).localStorage = new MemoryStorage();

import { ERR, JUDGING_ERR } from '@oj/contracts';
import { ApiError, createClient, getToken, setClientHooks, setToken } from '../src/api/client';
import { setLocale } from '../src/i18n/locale-store';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler;
let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];
const notified: string[] = [];
const unauthorized: boolean[] = [];

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  setClientHooks({ notifyError: (t) => notified.push(t), onUnauthorized: (admin) => unauthorized.push(admin) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  // The catalogue texts below are the en-US forms; 'server messages' switches to zh-CN itself.
  setLocale('en-US');
  seen.length = 0;
  notified.length = 0;
  unauthorized.length = 0;
  setToken(null);
});

describe('API client', () => {
  it('sends the stored token and Url-Type general, admin for admin paths', async () => {
    handler = (_req, res) => json(res, 200, { status: 200, msg: 'success', data: 1 });
    setToken('tok-1');
    const client = createClient(base);
    await client.get('/get-problem-list');
    await client.get('/admin/problem');
    expect(seen[0].authorization).toBe('tok-1');
    expect(seen[0]['url-type']).toBe('general');
    expect(seen[1]['url-type']).toBe('admin');
  });

  it('swaps the stored token when the answer says Refresh-Token', async () => {
    handler = (_req, res) =>
      json(res, 200, { status: 200, msg: 'success', data: null }, { 'Refresh-Token': 'true', Authorization: 'tok-2' });
    setToken('tok-1');
    await createClient(base).get('/x');
    expect(getToken()).toBe('tok-2');
  });

  it('rejects a 200 answer whose envelope status is not 200, showing its msg', async () => {
    handler = (_req, res) => json(res, 200, { status: 400, msg: ERR.usernameExists, data: null });
    await expect(createClient(base).post('/register', {})).rejects.toEqual(new ApiError(ERR.usernameExists, 400));
    expect(notified).toEqual([ERR.usernameExists]);
  });

  it('on 401 clears the token, shows the msg and asks for a login (admin flag for admin calls)', async () => {
    handler = (_req, res) => json(res, 401, { status: 401, msg: ERR.loginAgain, data: null });
    setToken('tok-1');
    await expect(createClient(base).get('/admin/dashboard')).rejects.toMatchObject({ status: 401, message: ERR.loginAgain });
    expect(getToken()).toBeNull();
    expect(unauthorized).toEqual([true]);
    expect(notified).toEqual([ERR.loginAgain]);
  });

  it('shows the catalogue texts for 404, other statuses and no answer', async () => {
    handler = (_req, res) => json(res, 404, { status: 404, msg: 'whatever', data: null });
    await expect(createClient(base).get('/a')).rejects.toMatchObject({ message: ERR.notFound });
    handler = (_req, res) => json(res, 500, {});
    await expect(createClient(base).get('/b')).rejects.toMatchObject({ message: ERR.serverError });
    await expect(createClient('http://127.0.0.1:1/api').get('/c')).rejects.toMatchObject({ status: 0, message: ERR.noConnection });
    expect(notified).toEqual([ERR.notFound, ERR.serverError, ERR.noConnection]);
  });

  it('keeps background calls silent', async () => {
    handler = (_req, res) => json(res, 500, { status: 500, msg: 'boom', data: null });
    await expect(createClient(base).get('/msg/unread', { silent: true })).rejects.toMatchObject({ message: 'boom' });
    expect(notified).toEqual([]);
  });

  it('treats a 401 of any API path as admin when the page is in the admin app', async () => {
    handler = (_req, res) => json(res, 401, { status: 401, msg: ERR.loginAgain, data: null });
    const g = globalThis as unknown as { location?: { pathname: string } };
    try {
      g.location = { pathname: '/admin/problems/edit/7' };
      await expect(createClient(base).get('/languages')).rejects.toMatchObject({ status: 401 });
      g.location = { pathname: '/admin' };
      await expect(createClient(base).post('/file/upload-testcase-zip')).rejects.toMatchObject({ status: 401 });
      g.location = { pathname: '/administrator-notes' };
      await expect(createClient(base).get('/languages')).rejects.toMatchObject({ status: 401 });
      g.location = { pathname: '/problem/P1' };
      await expect(createClient(base).get('/languages')).rejects.toMatchObject({ status: 401 });
    } finally {
      delete g.location;
    }
    expect(unauthorized).toEqual([true, true, false, false]);
  });
});

describe('what a call sends and receives (fetch under the client)', () => {
  /** The request as the server read it: method, path with query, content type and body. */
  const echo = (): Promise<{ method: string; url: string; type: string; body: string }> =>
    new Promise((resolve) => {
      handler = (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const got = { method: String(req.method), url: String(req.url), type: String(req.headers['content-type'] ?? ''), body };
          json(res, 200, { status: 200, msg: 'success', data: got });
          resolve(got);
        });
      };
    });

  it('sends query parameters as axios did: arrays with [] (or repeated with indexes: null), dates as ISO, no empty ones', async () => {
    const client = createClient(base);
    let got = echo();
    await client.get('/list', {
      params: { tagId: [1, 2], keyword: 'a b&c', empty: undefined, none: null, at: new Date(Date.UTC(2026, 0, 2)) },
    });
    expect((await got).url).toBe('/api/list?tagId%5B%5D=1&tagId%5B%5D=2&keyword=a+b%26c&at=2026-01-02T00%3A00%3A00.000Z');
    got = echo();
    await client.get('/list', { params: { tagId: [1, 2] }, paramsSerializer: { indexes: null } });
    expect((await got).url).toBe('/api/list?tagId=1&tagId=2');
  });

  it('sends JSON bodies with their type, FormData as multipart, and a DELETE body given as data', async () => {
    const client = createClient(base);
    let got = echo();
    const answer = await client.post('/register', { username: 'u1', n: 2 });
    expect(await got).toMatchObject({ method: 'POST', type: 'application/json', body: '{"username":"u1","n":2}' });
    expect(answer.data.data).toMatchObject({ method: 'POST' });
    got = echo();
    const form = new FormData();
    form.append('file', new Blob(['1 2\n']), 'a.in');
    await client.put('/file/upload', form);
    const multipart = await got;
    expect(multipart.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('filename="a.in"');
    got = echo();
    await client.delete('/discussion', { data: { did: 7 } });
    expect(await got).toMatchObject({ method: 'DELETE', body: '{"did":7}' });
    // A PUT or POST given null sends no body (a JSON "null" would be refused by the server's strict JSON parser).
    got = echo();
    await client.put('/change-contest-rated', null, { params: { cid: 1, rated: true } });
    expect(await got).toEqual({ method: 'PUT', url: '/api/change-contest-rated?cid=1&rated=true', type: '', body: '' });
  });

  it('answers a download as a Blob with its headers in lower case, and a failed download by its JSON msg', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="p.zip"' });
      res.end(Buffer.from([0x50, 0x4b, 3, 4]));
    };
    const res = await createClient(base).get('/export', { responseType: 'blob' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="p.zip"');
    expect(Buffer.from(await (res.data as Blob).arrayBuffer())).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
    handler = (_req, res) => json(res, 403, { status: 403, msg: ERR.noPermission, data: null });
    await expect(createClient(base).get('/export', { responseType: 'blob' })).rejects.toMatchObject({
      status: 403,
      message: ERR.noPermission,
    });
  });

  it('gives up a call past its timeout as no connection, and waits without one when the timeout is 0', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { status: 200, msg: 'success', data: 'late' }), 300);
    await expect(createClient(base).get('/slow', { timeout: 50, silent: true })).rejects.toMatchObject({
      status: 0,
      message: ERR.noConnection,
    });
    const res = await createClient(base).post('/slow', {}, { timeout: 0 });
    expect(res.data.data).toBe('late');
  });
});

describe("server messages in the user's language", () => {
  it("shows the zh-CN form of the envelope's msgCode and keeps the server's msg and code", async () => {
    setLocale('zh-CN');
    handler = (_req, res) => json(res, 400, { status: 400, msg: ERR.wrongCredentials, data: null, msgCode: 'ERR.wrongCredentials' });
    const error = (await createClient(base)
      .post('/login', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('请检查你的用户名或密码');
    expect(error.msg).toBe(ERR.wrongCredentials);
    expect(error.code).toBe('ERR.wrongCredentials');
    expect(notified).toEqual(['请检查你的用户名或密码']);
  });

  it('carries the number of a parametrised text into the translation', async () => {
    setLocale('zh-CN');
    const msg = JUDGING_ERR.submitTooFrequent(7);
    handler = (_req, res) => json(res, 200, { status: 400, msg, data: null, msgCode: 'JUDGING_ERR.submitTooFrequent' });
    await expect(createClient(base).post('/submit-problem-judge', {})).rejects.toMatchObject({
      message: '对不起，你的提交过于频繁，请 7 秒后再试！',
      msg,
    });
    setLocale('en-US');
    await expect(createClient(base).post('/submit-problem-judge', {})).rejects.toMatchObject({ message: msg });
  });

  it('falls back to msg for a text it does not know, and finds the code of a catalogue msg sent without one', async () => {
    setLocale('zh-CN');
    handler = (_req, res) => json(res, 400, { status: 400, msg: 'Something only this server says', data: null, msgCode: 'NO.suchCode' });
    await expect(createClient(base).get('/a')).rejects.toMatchObject({ message: 'Something only this server says', code: 'NO.suchCode' });
    handler = (_req, res) => json(res, 403, { status: 403, msg: ERR.noPermission, data: null });
    await expect(createClient(base).get('/b')).rejects.toMatchObject({
      message: '对不起，你没有权限进行此操作！',
      code: 'ERR.noPermission',
    });
    // The client's own texts (404, no answer) are shown in the user's language too.
    handler = (_req, res) => json(res, 404, { status: 404, msg: 'whatever', data: null });
    await expect(createClient(base).get('/c')).rejects.toMatchObject({ message: '查询错误，请求的资源不存在', msg: ERR.notFound });
  });
});

describe('client hooks shared by the shell and its remotes', () => {
  // runs last: it installs host hooks for the rest of the module
  it('keeps the host handlers when a remote sets its own, and still tells both about token changes', async () => {
    handler = (_req, res) => json(res, 401, { status: 401, msg: ERR.loginAgain, data: null });
    const host: string[] = [];
    const guest: string[] = [];
    setClientHooks(
      {
        notifyError: (t) => host.push(`error:${t}`),
        onUnauthorized: (a) => host.push(`401:${a}`),
        onTokenChange: (t) => host.push(`token:${t}`),
      },
      { host: true },
    );
    // a remote mounted later sets its hooks: they must not replace the shell's
    setClientHooks({
      notifyError: (t) => guest.push(`error:${t}`),
      onUnauthorized: (a) => guest.push(`401:${a}`),
      onTokenChange: (t) => guest.push(`token:${t}`),
    });
    setToken('tok-9');
    await expect(createClient(base).get('/admin/user')).rejects.toMatchObject({ status: 401 });
    expect(host).toEqual(['token:tok-9', 'token:null', '401:true', `error:${ERR.loginAgain}`]);
    expect(guest).toEqual(['token:tok-9', 'token:null']);
    expect(notified).toEqual([]);
    expect(unauthorized).toEqual([]);
  });
});
