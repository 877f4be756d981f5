import { ANNOUNCEMENT_HIDDEN, ERR, Role, SITE_TEXT } from '@oj/contracts';
import request from 'supertest';
import { TokenService } from '../src/core/auth/token.service';
import { TestApp, TestRoleName, createTestApp } from './utils/test-app';
import { TestSmtp, mailText, startSmtp } from './utils/smtp';

type Caller = 'anonymous' | Extract<TestRoleName, 'user' | 'muted' | 'problemAdmin' | 'admin' | 'root'>;
const CALLERS: Caller[] = ['anonymous', 'user', 'muted', 'problemAdmin', 'admin', 'root'];

/** Expected HTTP status per caller, in the order of CALLERS. */
const PUBLIC = [200, 200, 200, 200, 200, 200];
const LOGGED_IN = [401, 200, 200, 200, 200, 200];
const ADMIN_TYPES = [401, 403, 403, 200, 200, 200];
const ROOT_ONLY = [401, 403, 403, 403, 403, 200];
/** Root reaches the handler, which answers 404 for a missing id. */
const ROOT_ONLY_MISSING = [401, 403, 403, 403, 403, 404];

type Route = [method: 'get' | 'post' | 'put' | 'delete', path: string, body: object | undefined, expected: number[]];

const ROUTES: Route[] = [
  ['get', '/api/get-website-config', undefined, PUBLIC],
  ['get', '/api/home-carousel', undefined, PUBLIC],
  ['get', '/api/get-common-announcement?currentPage=1&limit=5', undefined, PUBLIC],
  ['get', '/api/get-recent-seven-ac-rank', undefined, PUBLIC],
  ['get', '/api/captcha', undefined, PUBLIC],
  ['get', '/api/get-slide-verify', undefined, PUBLIC],
  ['post', '/api/check-username-or-email-or-mobile', { username: 'x' }, PUBLIC],
  ['get', '/api/logout', undefined, LOGGED_IN],
  ['get', '/api/admin/logout', undefined, ADMIN_TYPES],
  ['get', '/api/admin/config/get-service-info', undefined, ADMIN_TYPES],
  ['get', '/api/admin/config/get-judge-service-info', undefined, ADMIN_TYPES],
  ['get', '/api/admin/config/get-web-config', undefined, ROOT_ONLY],
  ['put', '/api/admin/config/set-web-config', { description: 'matrix' }, ROOT_ONLY],
  ['post', '/api/admin/config/home-carousel', { url: '/api/public/img/a.png' }, ROOT_ONLY],
  ['delete', '/api/admin/config/home-carousel?id=999', undefined, ROOT_ONLY_MISSING],
  ['get', '/api/admin/config/get-email-config', undefined, ROOT_ONLY],
  ['put', '/api/admin/config/set-email-config', { emailBGImg: '' }, ROOT_ONLY],
  ['get', '/api/admin/config/get-mobile-config', undefined, ROOT_ONLY],
  ['put', '/api/admin/config/set-mobile-config', { signName: 'OJ' }, ROOT_ONLY],
  ['get', '/api/admin/config/get-db-and-redis-config', undefined, ROOT_ONLY],
  ['get', '/api/admin/config/get-account-config', undefined, ROOT_ONLY],
  ['put', '/api/admin/config/set-account-config', { register: true }, ROOT_ONLY],
  ['get', '/api/admin/switch/info', undefined, ROOT_ONLY],
  ['put', '/api/admin/switch/update', { defaultSubmitInterval: 8 }, ROOT_ONLY],
  ['get', '/api/admin/announcement?currentPage=1&limit=10', undefined, ROOT_ONLY],
  ['post', '/api/admin/announcement', { title: 'Matrix', content: 'row' }, ROOT_ONLY],
  ['put', '/api/admin/announcement', { id: 999999, title: 'x' }, ROOT_ONLY_MISSING],
  ['delete', '/api/admin/announcement?aid=999999', undefined, ROOT_ONLY_MISSING],
];

const TEXT: Record<number, string | undefined> = { 401: ERR.loginFirst, 403: ERR.noPermission, 404: ERR.notFound };

describe('site and admin routes', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A fresh token per call: logout revokes the one it is given. */
  const tokenOf = (who: Caller) => (who === 'anonymous' ? undefined : t.get<TokenService>(TokenService).sign(t.users[who].uid, 0));
  const as = (who: Caller, method: Route[0], path: string) => {
    const req = request(t.url)
      [method](path)
      .set('Url-Type', path.startsWith('/api/admin') ? 'admin' : 'general');
    const token = tokenOf(who);
    return token ? req.set('Authorization', token) : req;
  };

  // First: the matrix below edits the web config as root.
  it('starts a fresh install with zh-CN site texts (issue 21)', async () => {
    const pub = (await request(t.url).get('/api/get-website-config').expect(200)).body.data;
    expect(pub.description).toBe('在线评测与竞赛平台');
    const web = (await as('root', 'get', '/api/admin/config/get-web-config').expect(200)).body.data;
    expect(web.name).toBe('在线评测系统');
  });

  describe('role × route matrix (product §6)', () => {
    const rows = ROUTES.flatMap(([method, path, body, expected]) =>
      CALLERS.map((who, i) => [method.toUpperCase(), path, who, expected[i], method, body] as const),
    );
    it.each(rows)('%s %s as %s → %i', async (_m, path, who, status, method, body) => {
      const res = await as(who, method, path).send(body as object);
      expect(res.status).toBe(status);
      expect(res.body.status).toBe(status);
      if (TEXT[status]) expect(res.body.msg).toBe(TEXT[status]);
    });
  });

  it('serves only the public fields of the website config and applies web config edits', async () => {
    await as('root', 'put', '/api/admin/config/set-web-config')
      .send({ shortName: 'XOJ', name: 'X Online Judge', baseUrl: 'http://x.example', description: 'desc', register: false })
      .expect(200);
    const pub = (await request(t.url).get('/api/get-website-config').expect(200)).body.data;
    expect(pub).toEqual({
      shortName: 'XOJ',
      projectName: 'OJ',
      projectUrl: '',
      recordName: '',
      recordUrl: '',
      description: 'desc',
      register: false,
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      openContestComment: true,
      openPublicJudge: true,
      emailConfigured: false,
    });
    const admin = (await as('root', 'get', '/api/admin/config/get-web-config').expect(200)).body.data;
    expect(admin).toMatchObject({ shortName: 'XOJ', name: 'X Online Judge', baseUrl: 'http://x.example', register: false });
    await as('root', 'put', '/api/admin/config/set-web-config').send({ register: true }).expect(200);
    const bad = await as('root', 'put', '/api/admin/config/set-web-config').send({ shortName: 5 }).expect(400);
    expect(bad.body.msg).toBe(ERR.badRequest);
  });

  it('keeps the footer links to http(s) addresses (issue 31: an href runs whatever scheme it is given)', async () => {
    for (const link of ['javascript:alert(1)//', 'data:text/html,<script>alert(1)</script>', ' javascript:alert(1)', 'ftp://x.example']) {
      const res = await as('root', 'put', '/api/admin/config/set-web-config').send({ recordUrl: link }).expect(400);
      expect(res.body.msg).toBe(ERR.linkNotHttp);
      await as('root', 'put', '/api/admin/config/set-web-config').send({ projectUrl: link }).expect(400);
    }
    await as('root', 'put', '/api/admin/config/set-web-config')
      .send({ recordUrl: 'https://beian.example/', projectUrl: 'http://project.example/x' })
      .expect(200);
    const pub = (await request(t.url).get('/api/get-website-config').expect(200)).body.data;
    expect(pub).toMatchObject({ recordUrl: 'https://beian.example/', projectUrl: 'http://project.example/x' });
    await as('root', 'put', '/api/admin/config/set-web-config').send({ recordUrl: '', projectUrl: '' }).expect(200);
  });

  it('updates every switch and shows them in switch info and the public config', async () => {
    const before = (await as('root', 'get', '/api/admin/switch/info').expect(200)).body.data;
    expect(Object.keys(before).sort()).toEqual(
      [
        'register',
        'openPublicDiscussion',
        'openGroupDiscussion',
        'openContestComment',
        'openPublicJudge',
        'openGroupJudge',
        'openContestJudge',
        'hideNonContestSubmissionCode',
        'defaultSubmitInterval',
        'defaultCreateDiscussionACInitValue',
        'defaultCreateDiscussionDailyLimit',
        'defaultCreateCommentACInitValue',
        'defaultCreateGroupACInitValue',
        'defaultCreateGroupDailyLimit',
        'defaultCreateGroupLimit',
        'maxDailyTestcaseDownloads',
        // HOJ's remote judge account lists (the remote-judge module's accounts)
        ...['hdu', 'cf', 'poj', 'atcoder', 'spoj'].flatMap((k) => [`${k}UsernameList`, `${k}PasswordList`]),
      ].sort(),
    );
    const off = { openPublicDiscussion: false, openPublicJudge: false, openContestJudge: false, defaultSubmitInterval: 30 };
    const saved = (await as('root', 'put', '/api/admin/switch/update').send(off).expect(200)).body.data;
    expect(saved).toMatchObject(off);
    const pub = (await request(t.url).get('/api/get-website-config').expect(200)).body.data;
    expect(pub).toMatchObject({ openPublicDiscussion: false, openPublicJudge: false });
    expect(pub.defaultSubmitInterval).toBeUndefined();
    expect((await as('root', 'put', '/api/admin/switch/update').send({ defaultSubmitInterval: -1 }).expect(400)).body.msg).toBe(
      ERR.badRequest,
    );
    expect((await as('root', 'put', '/api/admin/switch/update').send({ openGroupJudge: 'no' }).expect(400)).body.msg).toBe(ERR.badRequest);
    await as('root', 'put', '/api/admin/switch/update')
      .send({ openPublicDiscussion: true, openPublicJudge: true, openContestJudge: true, defaultSubmitInterval: 8 })
      .expect(200);
  });

  it('keeps the SMTP password secret and sends a test e-mail through it', async () => {
    await as('root', 'put', '/api/admin/config/set-email-config')
      .send({ emailHost: '127.0.0.1', emailPort: smtp.port, emailSsl: false, emailUsername: 'oj@example.com', emailPassword: 's3cret' })
      .expect(200);
    const cfg = (await as('root', 'get', '/api/admin/config/get-email-config').expect(200)).body.data;
    expect(cfg).toMatchObject({ emailHost: '127.0.0.1', emailPort: smtp.port, emailPassword: '', emailPasswordSet: true });
    // The public config tells clients that registration mail can now be sent.
    expect((await request(t.url).get('/api/get-website-config').expect(200)).body.data.emailConfigured).toBe(true);
    // An empty password keeps the stored one.
    await as('root', 'put', '/api/admin/config/set-email-config').send({ emailPassword: '' }).expect(200);
    expect((await as('root', 'get', '/api/admin/config/get-email-config').expect(200)).body.data.emailPasswordSet).toBe(true);
    // The in-process server refuses AUTH, so test without a password.
    await as('root', 'put', '/api/admin/config/set-email-config').send({ emailUsername: '' }).expect(200);
    const res = await as('root', 'post', '/api/admin/config/test-email').send({ email: 'root@example.com' }).expect(200);
    expect(res.body.data).toBe(SITE_TEXT.testEmailSent);
    const mail = await smtp.next('root@example.com');
    expect(mailText(mail)).toContain('test e-mail');
    // the configured short name (XOJ above) names the sender and the subject (issue 37)
    expect(mail.raw).toMatch(/^From: XOJ <no-reply@localhost>/m);
    expect(mail.raw).toMatch(/^Subject: XOJ test e-mail/m);
    expect((await as('root', 'post', '/api/admin/config/test-email').send({ email: 'nope' }).expect(400)).body.msg).toBe(ERR.emailFormat);
  });

  it('shows the data source in use', async () => {
    const db = (await as('root', 'get', '/api/admin/config/get-db-and-redis-config').expect(200)).body.data;
    const url = new URL(t.config.database.url);
    expect(db).toMatchObject({
      dbHost: url.hostname,
      dbName: url.pathname.slice(1),
      redisKeyPrefix: t.config.redis.keyPrefix,
      embeddedPostgres: false,
    });
    expect(JSON.stringify(db)).not.toContain('password');
  });

  it('shows the account rules in force and opens and closes registration from the account section', async () => {
    const get = async () => (await as('root', 'get', '/api/admin/config/get-account-config').expect(200)).body.data;
    const rate = t.config.rateLimit;
    const rules = {
      usernameMax: 20,
      passwordMin: 6,
      passwordMax: 20,
      registerCodeLength: 6,
      registerCodeTtlSec: 600,
      registerCodeResendSec: 60,
      passwordResetResendSec: 90,
      emailChangeCodeResendSec: 90,
      mobileCodeResendSec: 90,
      loginFailuresBeforeVerify: 5,
      tokenLifetimeSec: t.config.jwt.expiresInSec,
      throttle: rate.enabled
        ? { loginPerIpPerMin: rate.loginPerIpPerMin, loginPerUserPerMin: rate.loginPerUserPerMin, codePerIpPerHour: rate.codePerIpPerHour }
        : null,
    };
    expect(await get()).toEqual({ register: true, rules });

    const register = () =>
      request(t.url)
        .post('/api/register')
        .send({ username: 'acct_cfg', password: 'secret1', email: 'acct_cfg@example.com', code: '123456' });
    // Closed from the account section: the public config says so and the register calls refuse.
    const closed = (await as('root', 'put', '/api/admin/config/set-account-config').send({ register: false }).expect(200)).body.data;
    expect(closed).toEqual({ register: false, rules });
    expect((await request(t.url).get('/api/get-website-config').expect(200)).body.data.register).toBe(false);
    expect((await as('root', 'get', '/api/admin/switch/info').expect(200)).body.data.register).toBe(false);
    expect((await register().expect(403)).body.msg).toBe(ERR.registerClosed);
    expect((await request(t.url).get('/api/get-register-code?email=a@example.com').expect(403)).body.msg).toBe(ERR.registerClosed);

    // Bad bodies change nothing; the rules cannot be set through the call; an admin who is not root is refused.
    for (const body of [{}, { register: 'yes' }, { register: null }]) {
      expect((await as('root', 'put', '/api/admin/config/set-account-config').send(body).expect(400)).body.msg).toBe(ERR.badRequest);
    }
    await as('admin', 'put', '/api/admin/config/set-account-config').send({ register: true }).expect(403);
    expect(await get()).toEqual({ register: false, rules });
    const reopened = await as('root', 'put', '/api/admin/config/set-account-config')
      .send({ register: true, rules: { ...rules, passwordMin: 1, loginFailuresBeforeVerify: 99 } })
      .expect(200);
    expect(reopened.body.data).toEqual({ register: true, rules });
    // Open again: the call reaches the code check.
    expect((await register().expect(400)).body.msg).toBe(ERR.registerCodeWrong);
  });

  it('adds and removes home carousel pictures', async () => {
    const list = (await as('root', 'post', '/api/admin/config/home-carousel').send({ url: '/img/b.png' }).expect(200)).body.data;
    const added = list[list.length - 1];
    expect(added.url).toBe('/img/b.png');
    expect((await request(t.url).get('/api/home-carousel').expect(200)).body.data).toContainEqual(added);
    await as('root', 'delete', `/api/admin/config/home-carousel?id=${added.id}`).expect(200);
    expect((await request(t.url).get('/api/home-carousel').expect(200)).body.data).not.toContainEqual(added);
  });

  it('manages announcements and lists only visible ones publicly, newest first', async () => {
    const a = (await as('root', 'post', '/api/admin/announcement').send({ title: 'First', content: 'one' }).expect(200)).body.data;
    const b = (
      await as('root', 'post', '/api/admin/announcement').send({ title: 'Hidden', content: 'two', status: ANNOUNCEMENT_HIDDEN }).expect(200)
    ).body.data;
    const c = (await as('root', 'post', '/api/admin/announcement').send({ title: 'Third', content: 'three' }).expect(200)).body.data;
    const pub = (await request(t.url).get('/api/get-common-announcement?currentPage=1&limit=100').expect(200)).body.data;
    const ids = pub.records.map((r: { id: number }) => r.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(c.id);
    expect(ids).not.toContain(b.id);
    expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(a.id));
    expect(pub.records.find((r: { id: number }) => r.id === c.id)).toMatchObject({ title: 'Third', username: 'root', status: 0 });

    const all = (await as('root', 'get', '/api/admin/announcement?currentPage=1&limit=100').expect(200)).body.data;
    expect(all.records.map((r: { id: number }) => r.id)).toContain(b.id);

    await as('root', 'put', '/api/admin/announcement')
      .send({ ...b, status: 0, title: 'Shown' })
      .expect(200);
    const pub2 = (await request(t.url).get('/api/get-common-announcement?limit=100').expect(200)).body.data;
    expect(pub2.records.find((r: { id: number }) => r.id === b.id)?.title).toBe('Shown');

    await as('root', 'delete', `/api/admin/announcement?aid=${a.id}`).expect(200);
    await as('root', 'delete', `/api/admin/announcement?aid=${a.id}`).expect(404);
    expect((await as('root', 'post', '/api/admin/announcement').send({ title: '', content: 'x' }).expect(400)).body.msg).toBe(
      ERR.badRequest,
    );
  });

  it('pages the public announcements', async () => {
    const page = (await request(t.url).get('/api/get-common-announcement?currentPage=1&limit=1').expect(200)).body.data;
    expect(page.size).toBe(1);
    expect(page.current).toBe(1);
    expect(page.records).toHaveLength(1);
    expect(page.pages).toBe(page.total);
  });

  it('answers an empty recent AC rank while nobody solved anything', async () => {
    expect((await request(t.url).get('/api/get-recent-seven-ac-rank').expect(200)).body.data).toEqual([]);
  });

  it('serves the OpenAPI document with every route of this module', async () => {
    const doc = (await request(t.url).get('/api/docs-json').expect(200)).body;
    for (const [, path] of ROUTES) expect(Object.keys(doc.paths)).toContain(path.split('?')[0]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/admin/login', '/api/reset-password']),
    );
  });

  it('lets a root-created problem admin keep its role in tokens', async () => {
    const pa = await t.createUser('pa2', Role.ProblemAdmin);
    await request(t.url).get('/api/admin/config/get-service-info').set('Authorization', pa.token).expect(200);
  });
});
