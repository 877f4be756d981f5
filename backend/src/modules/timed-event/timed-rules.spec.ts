import { ContestAuth, ContestStatus, ERR } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { ApiException } from '../../core/http/api.exception';
import { RegistrationCache } from './registration-cache';
import {
  TimedStanding,
  TimedTexts,
  assertCanManage,
  assertCanSubmit,
  assertCanView,
  assertCanViewProblems,
  hasAccess,
  isEventAdmin,
  registerWithPassword,
} from './timed-rules';

const TEXTS: TimedTexts = {
  notRegistered: 'not registered',
  notStarted: 'not started',
  ended: 'ended',
  alreadyRegistered: 'already registered',
  wrongPassword: 'wrong password',
};
const user = (uid: string, isRoot = false) => ({ uid, username: uid, isRoot }) as unknown as AuthUser;
const standing = (over: Partial<TimedStanding>): TimedStanding => ({
  auth: ContestAuth.Public,
  status: ContestStatus.Running,
  user: user('u1'),
  isAdmin: false,
  isRegistered: false,
  ...over,
});

/** The status and text a rule throws, or 'ok'. */
function outcome(rule: () => void): string {
  try {
    rule();
    return 'ok';
  } catch (e) {
    if (!(e instanceof ApiException)) throw e;
    return `${e.status} ${e.message}`;
  }
}

describe('timed-event rules (contests and exams alike, product §6)', () => {
  it('viewing: login first; a private event needs the password unless the caller is its admin', () => {
    expect(outcome(() => assertCanView(standing({ user: undefined }), TEXTS))).toBe(`401 ${ERR.loginFirst}`);
    expect(outcome(() => assertCanView(standing({ auth: ContestAuth.Public }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanView(standing({ auth: ContestAuth.Protected }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanView(standing({ auth: ContestAuth.Private }), TEXTS))).toBe('403 not registered');
    expect(outcome(() => assertCanView(standing({ auth: ContestAuth.Private, isRegistered: true }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanView(standing({ auth: ContestAuth.Private, isAdmin: true }), TEXTS))).toBe('ok');
  });

  it('problems are shown to non-admins only once the event has started', () => {
    expect(outcome(() => assertCanViewProblems(standing({ status: ContestStatus.Scheduled }), TEXTS))).toBe('403 not started');
    expect(outcome(() => assertCanViewProblems(standing({ status: ContestStatus.Scheduled, isAdmin: true }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanViewProblems(standing({ status: ContestStatus.Ended }), TEXTS))).toBe('ok');
  });

  it('submitting: never after the end, before the start only admins, else public or registered', () => {
    expect(outcome(() => assertCanSubmit(standing({ status: ContestStatus.Ended, isAdmin: true }), TEXTS))).toBe('403 ended');
    expect(outcome(() => assertCanSubmit(standing({ status: ContestStatus.Scheduled }), TEXTS))).toBe('403 not started');
    expect(outcome(() => assertCanSubmit(standing({ status: ContestStatus.Scheduled, isAdmin: true }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanSubmit(standing({ auth: ContestAuth.Protected }), TEXTS))).toBe('403 not registered');
    expect(outcome(() => assertCanSubmit(standing({ auth: ContestAuth.Protected, isRegistered: true }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanSubmit(standing({ auth: ContestAuth.Public }), TEXTS))).toBe('ok');
    expect(outcome(() => assertCanSubmit(standing({ user: undefined }), TEXTS))).toBe(`401 ${ERR.loginFirst}`);
  });

  it('managing is for the event admins; access is admin, public or registered; the admins are the author and root', () => {
    expect(outcome(() => assertCanManage(standing({})))).toBe(`403 ${ERR.noPermission}`);
    expect(outcome(() => assertCanManage(standing({ isAdmin: true })))).toBe('ok');
    expect(hasAccess(standing({ auth: ContestAuth.Protected }))).toBe(false);
    expect(hasAccess(standing({ auth: ContestAuth.Protected, isRegistered: true }))).toBe(true);
    expect(hasAccess(standing({ auth: ContestAuth.Private, isAdmin: true }))).toBe(true);
    expect(isEventAdmin({ uid: 'author' }, user('author'))).toBe(true);
    expect(isEventAdmin({ uid: 'author' }, user('other'))).toBe(false);
    expect(isEventAdmin({ uid: 'author' }, user('root', true))).toBe(true);
    expect(isEventAdmin({ uid: 'author' }, undefined)).toBe(false);
  });
});

describe('registerWithPassword and the registration cache', () => {
  const rows = new Set<string>();
  let lookups = 0;
  const cache = new RegistrationCache(async (id, uid) => {
    lookups++;
    return rows.has(`${id}:${uid}`);
  }, 60_000);
  const io = (password: string | null) => ({
    password: async () => password,
    insert: async () => rows.add('7:u1'),
  });

  it('refuses a wrong password and stores nothing; the right one registers once and is seen at once', async () => {
    const a = { ...standing({ auth: ContestAuth.Private }), id: 7 };
    await expect(registerWithPassword(a, 'nope', cache, TEXTS, io('secret'))).rejects.toMatchObject({
      status: 400,
      message: 'wrong password',
    });
    expect(rows.size).toBe(0);
    // "Not registered" was read once and is now trusted for a while: no second lookup.
    const before = lookups;
    expect(await cache.isRegistered(7, 'u1')).toBe(false);
    expect(lookups).toBe(before);
    await registerWithPassword(a, 'secret', cache, TEXTS, io('secret'));
    expect(rows.has('7:u1')).toBe(true);
    expect(await cache.isRegistered(7, 'u1')).toBe(true);
    await expect(registerWithPassword(a, 'secret', cache, TEXTS, io('secret'))).rejects.toMatchObject({
      status: 400,
      message: 'already registered',
    });
  });

  it('a public event needs no password; the event-specific check runs before it; forget drops what was known', async () => {
    const a = { ...standing({ auth: ContestAuth.Public, user: user('u2') }), id: 8 };
    const checked: string[] = [];
    await registerWithPassword(a, undefined, cache, TEXTS, {
      password: async () => {
        checked.push('password');
        return 'never asked';
      },
      insert: async () => rows.add('8:u2'),
      check: () => checked.push('check'),
    });
    expect(checked).toEqual(['check']);
    expect(await cache.isRegistered(8, 'u2')).toBe(true);
    rows.delete('8:u2');
    cache.forget(8);
    expect(await cache.isRegistered(8, 'u2')).toBe(false);
  });
});
