import { Controller, Get, Module } from '@nestjs/common';
import { ACCOUNT_TIMINGS, ERR, HEADERS, LIMITS, Role, SITE_TEXT, SLIDE_VERIFY, TIMINGS, messageCodeOf } from '@oj/contracts';
import request from 'supertest';
import { AuthUser } from '../src/core/auth/auth-user';
import { CurrentUser } from '../src/core/auth/decorators';
import { CLOCK, ShiftableClock } from '../src/core/clock/clock';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { User } from '../src/core/auth/entities/user.entity';
import { TEST_PASSWORD, TestApp, createTestApp } from './utils/test-app';
import { TestSmtp, mailText, startSmtp } from './utils/smtp';

/** A protected route that changes nothing, to see whether a token is accepted. */
@Controller('account-test')
class WhoAmIController {
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return user.username;
  }
}
@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function useSmtp(t: TestApp, smtp: TestSmtp): Promise<void> {
  await t.get<SiteConfigService>(SiteConfigService).set('email', {
    emailHost: '127.0.0.1',
    emailPort: smtp.port,
    emailSsl: false,
    emailUsername: 'oj@example.com',
    emailPassword: '',
  });
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('the session of a registered user', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  // Moved to a token's half life instead of waiting for it (a loaded machine once let a 6 s token expire in the wait).
  const clock = new ShiftableClock();
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      imports: [WhoAmIModule],
      env: { JWT_EXPIRES_SEC: '600' },
      override: (builder) => builder.overrideProvider(CLOCK).useValue(clock),
    });
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('registers with an e-mailed code, logs in, gets a fresh token at half life, and logs out', async () => {
    const email = 'alice@example.com';
    const sent = await request(t.url).get('/api/get-register-code').query({ email }).expect(200);
    expect(sent.body.data).toEqual({ email, expire: TIMINGS.registerCodeResendSec });
    const code = codeIn(mailText(await smtp.next(email)));
    expect(code).toMatch(/^\d{6}$/);

    await request(t.url).post('/api/register').send({ username: 'alice', password: 'alice-pw1', email, code }).expect(200);
    const login = await request(t.url).post('/api/login').send({ username: 'alice', password: 'alice-pw1' }).expect(200);
    const token = login.headers['authorization'];
    expect(token).toBeTruthy();
    expect(login.body.data).toMatchObject({ username: 'alice', email, roleList: ['default_role'] });
    expect(login.body.data.uid).toMatch(/^[0-9a-f]{32}$/);
    expect(login.body.data.password).toBeUndefined();

    const me = await request(t.url).get('/api/account-test/me').set('Authorization', token).set('Url-Type', 'general').expect(200);
    expect(me.body.data).toBe('alice');
    expect(me.headers['refresh-token']).toBeUndefined();

    clock.advance(300_000);
    const later = await request(t.url).get('/api/account-test/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(later.headers['refresh-token']).toBe('true');
    const renewed = later.headers['authorization'];
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(token);
    await request(t.url).get('/api/account-test/me').set('Authorization', renewed).expect(200);

    // Logout ends the session, not one token: the token refreshed before it is refused too (issue 31).
    await request(t.url).get('/api/logout').set('Authorization', token).expect(200);
    const refused = await request(t.url).get('/api/account-test/me').set('Authorization', renewed).expect(401);
    expect(refused.body).toEqual({ status: 401, msg: ERR.loginAgain, data: null, msgCode: 'ERR.loginAgain' });
    await request(t.url).get('/api/account-test/me').set('Authorization', token).expect(401);
    await request(t.url).get('/api/logout').expect(401);
    // Another login is another session, untouched by that logout.
    const again = await request(t.url).post('/api/login').send({ username: 'alice', password: 'alice-pw1' }).expect(200);
    await request(t.url).get('/api/account-test/me').set('Authorization', again.headers['authorization']).expect(200);
  });
});

describe('accounts over HTTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const userCount = () => t.dataSource.getRepository(User).count();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ imports: [WhoAmIModule] });
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends one register code per 60 s per address and refuses used addresses', async () => {
    const email = 'bob@example.com';
    await request(t.url).get('/api/get-register-code').query({ email }).expect(200);
    const again = await request(t.url).get('/api/get-register-code').query({ email }).expect(429);
    const left = Number(/(\d+)/.exec(again.body.msg)?.[1]);
    expect(again.body.msg).toBe(ERR.resendTooSoon(left));
    expect(left).toBeGreaterThan(TIMINGS.registerCodeResendSec - 5);
    const used = await request(t.url)
      .get('/api/get-register-code')
      .query({ email: t.users.user.username + '@example.com' })
      .expect(400);
    expect(used.body.msg).toBe(ERR.emailExists);
  });

  it('refuses a wrong register code and drops it after too many tries', async () => {
    const email = 'carol@example.com';
    await request(t.url).get('/api/get-register-code').query({ email }).expect(200);
    const code = codeIn(mailText(await smtp.next(email)))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await userCount();
    for (let i = 0; i < ACCOUNT_TIMINGS.registerCodeMaxTries; i++) {
      const res = await request(t.url)
        .post('/api/register')
        .send({ username: 'carol', password: 'carol-pw', email, code: wrong })
        .expect(400);
      expect(res.body.msg).toBe(ERR.registerCodeWrong);
    }
    const dropped = await request(t.url).post('/api/register').send({ username: 'carol', password: 'carol-pw', email, code }).expect(400);
    expect(dropped.body.msg).toBe(ERR.registerCodeWrong);
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username at registration', async () => {
    const email = 'dave@example.com';
    await request(t.url).get('/api/get-register-code').query({ email }).expect(200);
    const code = codeIn(mailText(await smtp.next(email)))!;
    const res = await request(t.url)
      .post('/api/register')
      .send({ username: t.users.user.username, password: 'dave-pw', email, code })
      .expect(400);
    expect(res.body.msg).toBe(ERR.usernameExists);
  });

  it('closes registration while the register switch is off (root still passes the switch)', async () => {
    const site = t.get<SiteConfigService>(SiteConfigService);
    await site.set('switch', { register: false });
    try {
      const res = await request(t.url).get('/api/get-register-code').query({ email: 'erin@example.com' }).expect(403);
      expect(res.body.msg).toBe(ERR.registerClosed);
      const reg = await request(t.url)
        .post('/api/register')
        .send({ username: 'erin', password: 'erin-pw', email: 'erin@example.com', code: '123456' });
      expect(reg.status).toBe(403);
      expect(reg.body.msg).toBe(ERR.registerClosed);
      const asAdmin = await request(t.url)
        .get('/api/get-register-code')
        .set('Authorization', t.users.admin.token)
        .query({ email: 'erin@example.com' });
      expect(asAdmin.body.msg).toBe(ERR.registerClosed);
      await request(t.url)
        .get('/api/get-register-code')
        .set('Authorization', t.users.root.token)
        .query({ email: 'erin@example.com' })
        .expect(200);
    } finally {
      await site.set('switch', { register: true });
    }
  });

  it('requires a server-checked slide proof after 5 failed logins and resets the counter on success', async () => {
    const u = await t.createUser('frank', Role.User, 'frank-pw');
    for (let i = 1; i <= LIMITS.loginFailuresBeforeVerify; i++) {
      const res = await request(t.url).post('/api/login').send({ username: u.username, password: 'wrong-pw' }).expect(400);
      expect(res.body).toEqual({
        status: 400,
        msg: ERR.wrongCredentials,
        data: { failures: i, slideRequired: i >= LIMITS.loginFailuresBeforeVerify },
        msgCode: 'ERR.wrongCredentials',
      });
    }
    // Right password, no proof: refused.
    const noProof = await request(t.url).post('/api/login').send({ username: u.username, password: 'frank-pw' }).expect(400);
    expect(noProof.body.msg).toBe(ERR.slideVerifyRequired);
    expect(noProof.headers['authorization']).toBeUndefined();

    // A wrong drop earns nothing and spends the puzzle.
    const c1 = (await request(t.url).get('/api/get-slide-verify').expect(200)).body.data;
    expect(c1.img).toMatch(/^data:image\/png;base64,/);
    expect(c1.block).toMatch(/^data:image\/png;base64,/);
    const x1 = JSON.parse((await t.redis.get(`slide:challenge:${c1.slideKey}`))!).x as number;
    await sleep(350);
    const off = await request(t.url)
      .post('/api/check-slide-verify')
      .send({ slideKey: c1.slideKey, x: x1 + SLIDE_VERIFY.accuracy + 1, username: u.username })
      .expect(400);
    expect(off.body.msg).toBe(SITE_TEXT.slideWrong);
    await request(t.url).post('/api/check-slide-verify').send({ slideKey: c1.slideKey, x: x1, username: u.username }).expect(400);

    // A proof made for another username does not count.
    const c2 = (await request(t.url).get('/api/get-slide-verify').expect(200)).body.data;
    const x2 = JSON.parse((await t.redis.get(`slide:challenge:${c2.slideKey}`))!).x as number;
    await sleep(350);
    const other = (
      await request(t.url).post('/api/check-slide-verify').send({ slideKey: c2.slideKey, x: x2, username: 'someone' }).expect(200)
    ).body.data;
    const stolen = await request(t.url)
      .post('/api/login')
      .send({ username: u.username, password: 'frank-pw', slideToken: other.slideToken })
      .expect(400);
    expect(stolen.body.msg).toBe(ERR.slideVerifyRequired);

    const c3 = (await request(t.url).get('/api/get-slide-verify').expect(200)).body.data;
    const x3 = JSON.parse((await t.redis.get(`slide:challenge:${c3.slideKey}`))!).x as number;
    await sleep(350);
    const proof = (
      await request(t.url)
        .post('/api/check-slide-verify')
        .send({ slideKey: c3.slideKey, x: x3 - SLIDE_VERIFY.accuracy, username: u.username })
        .expect(200)
    ).body.data;
    const ok = await request(t.url)
      .post('/api/login')
      .send({ username: u.username, password: 'frank-pw', slideToken: proof.slideToken })
      .expect(200);
    expect(ok.headers['authorization']).toBeTruthy();
    // The proof was single use, and the counter starts again from zero.
    const next = await request(t.url).post('/api/login').send({ username: u.username, password: 'wrong-pw' }).expect(400);
    expect(next.body.data).toEqual({ failures: 1, slideRequired: false });
  });

  it('answers "Please check your username or password" for unknown users and disabled accounts with their text', async () => {
    const unknown = await request(t.url).post('/api/login').send({ username: 'nobody', password: 'whatever' }).expect(400);
    expect(unknown.body.msg).toBe(ERR.wrongCredentials);
    const u = await t.createUser('grace', Role.User);
    await t.dataSource.getRepository(User).update({ uid: u.uid }, { status: 1 });
    const disabled = await request(t.url).post('/api/login').send({ username: 'grace', password: TEST_PASSWORD }).expect(403);
    expect(disabled.body.msg).toBe(ERR.accountDisabled);
  });

  it('flags existing usernames, e-mails and mobiles', async () => {
    const res = await request(t.url)
      .post('/api/check-username-or-email-or-mobile')
      .send({ username: t.users.user.username, email: 'free@example.com' })
      .expect(200);
    expect(res.body.data).toEqual({ username: true, email: false, mobile: false });
    const res2 = await request(t.url)
      .post('/api/check-username-or-email-or-mobile')
      .send({ email: `${t.users.admin.username}@example.com` })
      .expect(200);
    expect(res2.body.data).toEqual({ username: false, email: true, mobile: false });
  });

  it('resets a password with a captcha and an e-mailed link, ending every session', async () => {
    const u = await t.createUser('heidi', Role.User, 'heidi-pw1');
    const email = 'heidi@example.com';
    await request(t.url).get('/api/account-test/me').set('Authorization', u.token).expect(200);

    // Wrong captcha: refused, and the captcha is spent.
    const cap1 = (await request(t.url).get('/api/captcha').expect(200)).body.data;
    expect(cap1.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const bad = await request(t.url)
      .post('/api/apply-reset-password')
      .send({ email, captcha: 'zzzz', captchaKey: cap1.captchaKey })
      .expect(400);
    expect(bad.body.msg).toBe(ERR.captchaWrong);

    const cap2 = (await request(t.url).get('/api/captcha').expect(200)).body.data;
    const answer = (await t.redis.get(`captcha:${cap2.captchaKey}`))!;
    await request(t.url)
      .post('/api/apply-reset-password')
      .send({ email, captcha: answer.toUpperCase(), captchaKey: cap2.captchaKey })
      .expect(200);
    const reuse = await request(t.url)
      .post('/api/apply-reset-password')
      .send({ email, captcha: answer, captchaKey: cap2.captchaKey })
      .expect(400);
    expect(reuse.body.msg).toBe(ERR.captchaWrong);

    const link = /(http\S+reset-password\?username=heidi&code=([0-9a-f]+))/.exec(mailText(await smtp.next(email)));
    expect(link).not.toBeNull();
    const code = link![2];

    // A second request within 90 s is refused.
    const cap3 = (await request(t.url).get('/api/captcha').expect(200)).body.data;
    const answer3 = (await t.redis.get(`captcha:${cap3.captchaKey}`))!;
    const soon = await request(t.url)
      .post('/api/apply-reset-password')
      .send({ email, captcha: answer3, captchaKey: cap3.captchaKey })
      .expect(429);
    expect(soon.body.msg).toMatch(/^Please wait \d+ seconds/);

    const wrong = await request(t.url)
      .post('/api/reset-password')
      .send({ username: 'heidi', code: 'f'.repeat(32), password: 'heidi-pw2' })
      .expect(400);
    expect(wrong.body.msg).toBe(SITE_TEXT.resetCodeWrong);
    await request(t.url).post('/api/reset-password').send({ username: 'heidi', code, password: 'heidi-pw2' }).expect(200);
    await request(t.url).post('/api/reset-password').send({ username: 'heidi', code, password: 'heidi-pw3' }).expect(400);

    expect((await request(t.url).get('/api/account-test/me').set('Authorization', u.token).expect(401)).body.msg).toBe(ERR.loginAgain);
    await request(t.url).post('/api/login').send({ username: 'heidi', password: 'heidi-pw1' }).expect(400);
    await request(t.url).post('/api/login').send({ username: 'heidi', password: 'heidi-pw2' }).expect(200);
  });

  it('refuses a reset for an unknown e-mail', async () => {
    const cap = (await request(t.url).get('/api/captcha').expect(200)).body.data;
    const answer = (await t.redis.get(`captcha:${cap.captchaKey}`))!;
    const res = await request(t.url)
      .post('/api/apply-reset-password')
      .send({ email: 'ghost@example.com', captcha: answer, captchaKey: cap.captchaKey })
      .expect(400);
    expect(res.body.msg).toBe(ERR.emailNotExist);
  });

  it('lets only admin-type roles through the admin login', async () => {
    for (const who of ['user', 'muted', 'noSubmit'] as const) {
      const res = await request(t.url)
        .post('/api/admin/login')
        .send({ username: t.users[who].username, password: TEST_PASSWORD })
        .expect(403);
      expect(res.body.msg).toBe(SITE_TEXT.notAdmin);
      expect(res.headers['authorization']).toBeUndefined();
    }
    for (const who of ['root', 'admin', 'problemAdmin'] as const) {
      const res = await request(t.url)
        .post('/api/admin/login')
        .send({ username: t.users[who].username, password: TEST_PASSWORD })
        .expect(200);
      expect(res.headers[HEADERS.authorization.toLowerCase()]).toBeTruthy();
      expect(res.body.data.username).toBe(t.users[who].username);
    }
  });
});

describe('account form validation (product §5, texts of §8)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp();
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const okRegister = { username: 'newbie', password: 'newbie-pw', email: 'newbie@example.com', code: '123456' };
  const okLogin = { username: 'newbie', password: 'newbie-pw' };
  const okReset = { email: 'newbie@example.com', captcha: 'abcd', captchaKey: 'k' };

  const cases: [string, string, Record<string, unknown>, string][] = [
    ['login', '/api/login', { ...okLogin, username: undefined }, ERR.usernameRequired],
    ['login', '/api/login', { ...okLogin, username: '' }, ERR.usernameRequired],
    ['login', '/api/login', { ...okLogin, username: 'u'.repeat(LIMITS.usernameMax + 1) }, ERR.usernameTooLong],
    ['login', '/api/login', { ...okLogin, password: undefined }, ERR.passwordRequired],
    ['login', '/api/login', { ...okLogin, password: 'p'.repeat(LIMITS.passwordMin - 1) }, ERR.passwordLength],
    ['login', '/api/login', { ...okLogin, password: 'p'.repeat(LIMITS.generatedPasswordMax + 1) }, ERR.passwordLength],
    ['register', '/api/register', { ...okRegister, username: '' }, ERR.usernameRequired],
    ['register', '/api/register', { ...okRegister, username: 'u'.repeat(LIMITS.usernameMax + 1) }, ERR.usernameTooLong],
    ['register', '/api/register', { ...okRegister, password: '' }, ERR.passwordRequired],
    ['register', '/api/register', { ...okRegister, password: '12345' }, ERR.passwordLength],
    ['register', '/api/register', { ...okRegister, email: '' }, ERR.emailRequired],
    ['register', '/api/register', { ...okRegister, email: 'not-an-email' }, ERR.emailFormat],
    ['register', '/api/register', { ...okRegister, code: '' }, ERR.codeRequired],
    ['register', '/api/register', { ...okRegister, code: '12345' }, ERR.codeLength],
    ['register', '/api/register', { ...okRegister, code: '1234567' }, ERR.codeLength],
    ['register', '/api/register', { ...okRegister, code: 'abcdef' }, ERR.codeLength],
    ['reset', '/api/apply-reset-password', { ...okReset, email: '' }, ERR.emailRequired],
    ['reset', '/api/apply-reset-password', { ...okReset, email: 'x@' }, ERR.emailFormat],
    ['reset', '/api/apply-reset-password', { ...okReset, captcha: '' }, ERR.captchaRequired],
    ['reset', '/api/apply-reset-password', { ...okReset, captcha: 'c'.repeat(LIMITS.resetCaptchaMax + 1) }, ERR.captchaLength],
    ['reset', '/api/apply-reset-password', { ...okReset, captchaKey: undefined }, ERR.captchaRequired],
  ];

  it.each(cases)('%s %s %j answers 400 with its text and changes nothing', async (_form, path, body, msg) => {
    const users = await t.dataSource.getRepository(User).count();
    const keys = await t.redis.keys(`${t.config.redis.keyPrefix}*`);
    const res = await request(t.url).post(path).send(body).expect(400);
    expect(res.body).toEqual({ status: 400, msg, data: null, msgCode: messageCodeOf(msg) });
    expect(await t.dataSource.getRepository(User).count()).toBe(users);
    // Not even a failure counter or a rate-limit counter: the request never reached a service.
    expect((await t.redis.keys(`${t.config.redis.keyPrefix}*`)).sort()).toEqual(keys.sort());
  });

  it('checks the e-mail before sending a register code', async () => {
    expect((await request(t.url).get('/api/get-register-code').query({ email: 'bad' }).expect(400)).body.msg).toBe(ERR.emailFormat);
    expect((await request(t.url).get('/api/get-register-code').expect(400)).body.msg).toBe(ERR.emailRequired);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('account rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LOGIN_PER_IP_PER_MIN: '100', RATE_LOGIN_PER_USER_PER_MIN: '3', RATE_CODE_PER_IP_PER_HOUR: '2' },
    });
  });
  afterAll(() => t?.close());

  it('throttles logins per account with "Speed too fast"', async () => {
    for (let i = 0; i < 3; i++)
      await request(t.url).post('/api/login').send({ username: t.users.user.username, password: TEST_PASSWORD }).expect(200);
    const res = await request(t.url).post('/api/login').send({ username: t.users.user.username, password: TEST_PASSWORD }).expect(429);
    expect(res.body).toEqual({ status: 429, msg: ERR.speedTooFast, data: null, msgCode: 'ERR.speedTooFast' });
    // Another account from the same address is not affected.
    await request(t.url).post('/api/login').send({ username: t.users.admin.username, password: TEST_PASSWORD }).expect(200);
  });

  it('throttles code sending per address', async () => {
    // No SMTP configured: each attempt fails after the throttle counted it.
    for (let i = 0; i < 2; i++) {
      const r = await request(t.url)
        .get('/api/get-register-code')
        .query({ email: `x${i}@example.com` });
      // A clear 400 (a configuration state, not a server fault), with its code for the client's language.
      expect([r.status, r.body.msg, r.body.msgCode]).toEqual([400, SITE_TEXT.smtpNotConfigured, 'SITE_TEXT.smtpNotConfigured']);
    }
    const res = await request(t.url).get('/api/get-register-code').query({ email: 'x9@example.com' }).expect(429);
    expect(res.body.msg).toBe(ERR.speedTooFast);
  });
});
