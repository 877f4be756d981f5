/**
 * @jest-environment node
 *
 * The API client's handling of locked-down contests and exams (issue 36) against a real local HTTP server: a
 * lock-mode refusal goes to the host's onLocked hook (once, instead of the error notice), and a session a later
 * login ended says so even on a background call, then clears the token and opens the login dialog.
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
}
(globalThis as unknown as { localStorage: MemoryStorage }).localStorage = new MemoryStorage();

import { LOCKDOWN_ERR } from '@oj/contracts';
import { ApiError, createClient, getToken, lockedTo, setClientHooks, setToken } from '../src/api/client';
import { setLocale } from '../src/i18n/locale-store';

let answer: { status: number; body: unknown };
let server: http.Server;
let base: string;
const notified: string[] = [];
const locked: string[] = [];
const unauthorized: boolean[] = [];

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  setClientHooks({
    notifyError: (t) => notified.push(t),
    onUnauthorized: (admin) => unauthorized.push(admin),
    onLocked: (to, text) => locked.push(`${to.kind}:${to.id}:${text}`),
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  setLocale('zh-CN');
  notified.length = 0;
  locked.length = 0;
  unauthorized.length = 0;
});

describe('client: locked-down contests and exams', () => {
  it('hands a lock-mode refusal to onLocked with the text in the user language, not to the error notice', async () => {
    answer = {
      status: 403,
      body: { status: 403, msg: LOCKDOWN_ERR.examLocked, msgCode: 'LOCKDOWN_ERR.examLocked', data: { lockedTo: { kind: 'exam', id: 4 } } },
    };
    setToken('tok');
    const error = await createClient(base)
      .get('/get-problem-list')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('LOCKDOWN_ERR.examLocked');
    expect(locked).toEqual(['exam:4:考试进行中，只能访问本场考试。']);
    expect(notified).toEqual([]);
    // The token stays: the participant is still signed in, only held.
    expect(getToken()).toBe('tok');
  });

  it('treats other 403s as before', async () => {
    answer = { status: 403, body: { status: 403, msg: LOCKDOWN_ERR.ipNotAllowed, msgCode: 'LOCKDOWN_ERR.ipNotAllowed', data: null } };
    await createClient(base)
      .get('/get-contest-problem')
      .catch(() => undefined);
    expect(locked).toEqual([]);
    expect(notified).toEqual(['当前网络地址不在本场比赛或考试允许的范围内，无法进入或提交。']);
  });

  it('says "logged in elsewhere" even for a silent call, clears the token and asks for a login', async () => {
    answer = { status: 401, body: { status: 401, msg: LOCKDOWN_ERR.sessionReplaced, msgCode: 'LOCKDOWN_ERR.sessionReplaced', data: null } };
    setToken('old');
    await createClient(base)
      .get('/msg/unread', { silent: true })
      .catch(() => undefined);
    expect(notified).toEqual(['你的账号已在别处登录，本次登录已失效，请重新登录。']);
    expect(unauthorized).toEqual([false]);
    expect(getToken()).toBeNull();
  });

  it('reads only well-formed lock data', () => {
    expect(lockedTo({ lockedTo: { kind: 'contest', id: 3 } })).toEqual({ kind: 'contest', id: 3 });
    expect(lockedTo({ lockedTo: { kind: 'training', id: 3 } })).toBeUndefined();
    expect(lockedTo({ lockedTo: { kind: 'exam', id: '3' } })).toBeUndefined();
    expect(lockedTo(null)).toBeUndefined();
  });
});
