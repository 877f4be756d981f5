/**
 * Single sign-on (issue 36) against real servers on loopback, never mocks: an OpenID Provider built on the certified
 * `oidc-provider` package (its own process), OpenLDAP's slapd (its own config, data folder and port) and a CAS 3.0
 * server written from the protocol's specification (test/sso/cas-server.ts). Each login ends in the same session
 * token a password login gives, and every refusal carries its catalogue text.
 */
import { ERR, GroupAuth, Role, SITE_TEXT, SSO_ERR, SsoProviderBody, SsoProviderView, SsoPublicInfo } from '@oj/contracts';
import { randomBytes } from 'crypto';
import request from 'supertest';
import { SessionService } from '../src/core/auth/session.service';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { CasServer, startCasServer } from './sso/cas-server';
import { OidcServer, signInAtProvider, startOidcProvider } from './sso/oidc';
import { LDAP_READER_DN, LDAP_READER_PASSWORD, LDAP_SUFFIX, Slapd, startSlapd } from './sso/slapd';
import { TestApp, createTestApp } from './utils/test-app';

const OIDC_MAPPING = {
  username: 'preferred_username',
  email: 'email',
  realname: 'name',
  school: 'school',
  number: 'student_number',
  groups: 'groups',
};
const LDAP_MAPPING = { username: 'uid', email: 'mail', realname: 'cn', school: 'o', number: 'employeeNumber', groups: '' };
const CAS_MAPPING = { username: 'user', email: 'mail', realname: 'cn', school: 'school', number: 'studentNumber', groups: '' };

const proof = () => randomBytes(24).toString('hex');

describe('single sign-on', () => {
  let t: TestApp;
  let oidc: OidcServer;
  let slapd: Slapd;
  let cas: CasServer;
  const ids: Record<string, number> = {};

  const root = () => t.users.root.token;
  const admin = {
    create: (body: SsoProviderBody) => request(t.url).post('/api/admin/sso/provider').set('Authorization', root()).send(body),
    update: (body: SsoProviderBody) => request(t.url).put('/api/admin/sso/provider').set('Authorization', root()).send(body),
    list: (token = root()) => request(t.url).get('/api/admin/sso/providers').set('Authorization', token),
    settings: (localPasswordOff: boolean) =>
      request(t.url).put('/api/admin/sso/settings').set('Authorization', root()).send({ localPasswordOff }),
  };

  async function provider(key: string, body: Omit<SsoProviderBody, 'enabled' | 'linkBy' | 'accountMode'> & Partial<SsoProviderBody>) {
    const res = await admin.create({ enabled: true, accountMode: 'create', linkBy: 'email', ...body } as SsoProviderBody);
    expect(res.body.msg).toBe('success');
    ids[key] = (res.body.data as SsoProviderView).id;
    return res.body.data as SsoProviderView;
  }

  const callbackUrl = (key: string) => `${t.url}/api/sso/callback/${ids[key]}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LOGIN_PER_IP_PER_MIN: '1000', RATE_LOGIN_PER_USER_PER_MIN: '1000' } });
    // The address users reach the site at: the providers send the browser back under it.
    await t.get<SiteConfigService>(SiteConfigService).set('web', { baseUrl: t.url });

    // OIDC: the providers are made first (their ids are in the redirect URIs), then pointed at the started server.
    const modes = { good: 'oidcGood', link: 'oidcLink', tamper: 'oidcTamper', audience: 'oidcAudience', expired: 'oidcExpired' } as const;
    for (const [mode, key] of Object.entries(modes)) {
      await provider(key, {
        name: `OIDC ${mode}`,
        type: 'oidc',
        accountMode: mode === 'link' ? 'link' : 'create',
        settings: { issuer: 'http://127.0.0.1:9', clientId: `oj-${mode}`, scope: 'openid profile email' },
        mapping: OIDC_MAPPING,
        groupRules: [{ value: 'teachers', role: Role.ProblemAdmin }],
        secret: `client-secret-${mode}-0123456789`,
      });
    }
    oidc = await startOidcProvider(
      Object.entries(modes).map(([mode, key]) => ({
        client_id: `oj-${mode}`,
        client_secret: `client-secret-${mode}-0123456789`,
        redirect_uris: [callbackUrl(key)],
        mode: mode === 'link' ? 'good' : (mode as 'good' | 'tamper' | 'audience' | 'expired'),
      })),
      {
        alice: {
          password: 'alice-pw',
          claims: {
            preferred_username: 'alice_sso',
            email: 'alice@uni.test',
            name: 'Alice Wang',
            school: 'North University',
            student_number: '2024001',
            groups: ['teachers'],
          },
        },
        bob: { password: 'bob-pw', claims: { preferred_username: 'bob_remote', email: 'bob@uni.test', name: 'Bob' } },
        carol: { password: 'carol-pw', claims: { preferred_username: 'carol', email: 'carol@nowhere.test' } },
        dave: { password: 'dave-pw', claims: { preferred_username: 'dave_sso', email: 'dave@uni.test' } },
      },
    );
    for (const [mode, key] of Object.entries(modes)) {
      const res = await admin.update({
        id: ids[key],
        name: `OIDC ${mode}`,
        type: 'oidc',
        enabled: true,
        accountMode: mode === 'link' ? 'link' : 'create',
        linkBy: 'email',
        settings: { issuer: oidc.issuer, clientId: `oj-${mode}`, scope: 'openid profile email' },
        mapping: OIDC_MAPPING,
        groupRules: [{ value: 'teachers', role: Role.ProblemAdmin }],
      });
      expect(res.body.msg).toBe('success');
    }

    slapd = await startSlapd([
      { uid: 'ann', password: 'ann-pw', cn: 'Ann Lee', mail: 'ann@dir.test', o: 'East College', employeeNumber: 'S100', student: true },
      { uid: 'ben', password: 'ben-pw', cn: 'Ben Hu', mail: 'ben@dir.test' },
      { uid: 'cat', password: 'cat-pw', cn: 'Cat Xu', employeeNumber: 'S200', student: true },
      { uid: 'dan', password: 'dan-pw', cn: 'Dan Ma', mail: 'dan@dir.test', student: true },
      { uid: 'eve', password: 'eve-pw', cn: 'Eve Ng', mail: 'eve@dir.test' },
    ]);
    const ldapSettings = {
      url: slapd.url,
      startTls: false,
      allowUntrustedCert: false,
      bindDn: LDAP_READER_DN,
      searchBase: `ou=people,${LDAP_SUFFIX}`,
      searchFilter: '(uid={username})',
      groupFilter: '',
    };
    const ldap = { type: 'ldap' as const, mapping: LDAP_MAPPING, secret: LDAP_READER_PASSWORD };
    await provider('ldap', { ...ldap, name: 'Directory', settings: ldapSettings });
    await provider('ldapStudents', {
      ...ldap,
      name: 'Directory (students)',
      settings: { ...ldapSettings, groupFilter: '(businessCategory=student)' },
    });
    await provider('ldapTls', {
      ...ldap,
      name: 'Directory (StartTLS)',
      settings: { ...ldapSettings, startTls: true, allowUntrustedCert: true },
    });
    await provider('ldapTlsStrict', { ...ldap, name: 'Directory (StartTLS, checked)', settings: { ...ldapSettings, startTls: true } });
    await provider('ldapByNumber', {
      ...ldap,
      name: 'Directory (by number)',
      accountMode: 'link',
      linkBy: 'number',
      settings: ldapSettings,
    });

    cas = await startCasServer({
      zoe: { password: 'zoe-pw', attributes: { mail: 'zoe@campus.test', cn: 'Zoe Chen', school: 'West Campus', studentNumber: 'C900' } },
      yan: { password: 'yan-pw', attributes: { mail: 'yan@campus.test', cn: 'Yan Li' } },
      wei: { password: 'wei-pw', attributes: { mail: 'wei@campus.test', cn: 'Wei Zhao', memberOf: ['class-2024', 'chess-club'] } },
    });
    await provider('cas', { name: 'Campus CAS', type: 'cas', settings: { baseUrl: cas.url, version: '3.0' }, mapping: CAS_MAPPING });
    await provider('cas2', { name: 'Campus CAS 2.0', type: 'cas', settings: { baseUrl: cas.url, version: '2.0' }, mapping: CAS_MAPPING });
  }, 120_000);

  afterAll(async () => {
    await oidc?.close();
    await slapd?.close();
    await cas?.close();
    await t?.close();
  });

  /** The web app's callback page the browser ends on, and the proof the browser kept. */
  async function redirectLogin(key: string, login: string, password: string): Promise<{ page: URL; proof: string }> {
    const p = proof();
    const start = await request(t.url).post('/api/sso/authorize').send({ id: ids[key], proof: p });
    expect(start.body.msg).toBe('success');
    const url = start.body.data.url as string;
    let back: string;
    if (url.startsWith(oidc.issuer)) back = await signInAtProvider(oidc.issuer, url, login, password);
    else back = await casSignIn(url, login, password);
    expect(back.startsWith(callbackUrl(key))).toBe(true);
    return { page: await followCallback(back), proof: p };
  }

  async function casSignIn(loginUrl: string, username: string, password: string): Promise<string> {
    const service = new URL(loginUrl).searchParams.get('service')!;
    const res = await fetch(`${cas.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ username, password, service }),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  }

  async function followCallback(back: string): Promise<URL> {
    const res = await fetch(back, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const page = new URL(res.headers.get('location')!);
    expect(page.pathname).toBe('/sso-callback');
    return page;
  }

  const exchange = (code: string, p: string) => request(t.url).post('/api/sso/exchange').send({ code, proof: p });

  /** A redirect login carried through to the token. */
  async function signedIn(key: string, login: string, password: string) {
    const { page, proof: p } = await redirectLogin(key, login, password);
    expect({ error: page.searchParams.get('error'), msg: page.searchParams.get('msg') }).toEqual({ error: null, msg: null });
    const res = await exchange(page.searchParams.get('code')!, p);
    expect(res.body.msg).toBe('success');
    return res;
  }

  function refusedOnPage(page: URL, text: string): void {
    expect({ msg: page.searchParams.get('msg'), code: page.searchParams.get('code') }).toEqual({ msg: text, code: null });
    expect(page.searchParams.get('error')).toMatch(/\./);
  }

  const ldapLogin = (key: string, username: string, password: string) =>
    request(t.url).post('/api/sso/ldap-login').send({ id: ids[key], username, password });

  async function userRow(username: string) {
    const rows = await t.dataSource.query(
      `SELECT u.uid, u.email, u.realname, u.school, u.number, r.role_id AS "roleId" FROM user_info u JOIN user_role r ON r.uid = u.uid WHERE u.username = $1`,
      [username],
    );
    return rows[0] as { uid: string; email: string; realname: string; school: string; number: string; roleId: number } | undefined;
  }

  async function setStatus(uid: string, status: number) {
    await t.dataSource.query('UPDATE user_info SET status = $2 WHERE uid = $1', [uid, status]);
    await t.get<SessionService>(SessionService).invalidate(uid);
  }

  const me = (token: string) => request(t.url).get('/api/get-user-auth-info').set('Authorization', token);

  describe('OpenID Connect', () => {
    it('creates the account on the first login with the mapped fields and the role of the group claim', async () => {
      const res = await signedIn('oidcGood', 'alice', 'alice-pw');
      const token = res.headers.authorization;
      expect(token).toBeTruthy();
      expect(res.body.data).toMatchObject({
        username: 'alice_sso',
        email: 'alice@uni.test',
        realname: 'Alice Wang',
        school: 'North University',
      });
      expect(await userRow('alice_sso')).toMatchObject({ number: '2024001', roleId: Role.ProblemAdmin });
      // The same kind of token as a password login: the API takes it in the Authorization header.
      const info = await me(token);
      expect(info.body.data.roles).toEqual(['problem_admin']);
    });

    it('finds the same account on a second login', async () => {
      const before = await userRow('alice_sso');
      const res = await signedIn('oidcGood', 'alice', 'alice-pw');
      expect(res.body.data.uid).toBe(before!.uid);
      const count = await t.dataSource.query(`SELECT count(*)::int AS n FROM user_info WHERE email = 'alice@uni.test'`);
      expect(count[0].n).toBe(1);
    });

    it('gives the token once, and only to the browser that started the login', async () => {
      const { page, proof: p } = await redirectLogin('oidcGood', 'alice', 'alice-pw');
      const code = page.searchParams.get('code')!;
      const wrong = await exchange(code, proof());
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe(SSO_ERR.proofInvalid);
      // Spent by the wrong try: a code is read once.
      const again = await exchange(code, p);
      expect(again.body.msg).toBe(SSO_ERR.codeInvalid);
      expect(again.headers.authorization).toBeUndefined();
    });

    it('refuses a tampered ID token, one for another audience and an expired one', async () => {
      refusedOnPage((await redirectLogin('oidcTamper', 'dave', 'dave-pw')).page, SSO_ERR.tokenSignature);
      refusedOnPage((await redirectLogin('oidcAudience', 'dave', 'dave-pw')).page, SSO_ERR.tokenAudience);
      refusedOnPage((await redirectLogin('oidcExpired', 'dave', 'dave-pw')).page, SSO_ERR.tokenExpired);
      // None of them made an account.
      expect(await userRow('dave_sso')).toBeUndefined();
      expect(await userRow('someone_else')).toBeUndefined();
    });

    it('refuses a callback whose state it did not issue, or issued and already used', async () => {
      const p = proof();
      const start = await request(t.url).post('/api/sso/authorize').send({ id: ids.oidcGood, proof: p });
      const back = await signInAtProvider(oidc.issuer, start.body.data.url, 'alice', 'alice-pw');
      const forged = new URL(back);
      forged.searchParams.set('state', 'not-a-state-we-issued');
      refusedOnPage(await followCallback(forged.toString()), SSO_ERR.stateInvalid);
      const first = await followCallback(back);
      expect(first.searchParams.get('code')).toBeTruthy();
      refusedOnPage(await followCallback(back), SSO_ERR.stateInvalid);
    });

    it('links to the existing account with the same e-mail in link mode, and refuses when there is none', async () => {
      const local = await t.createUser('bob_local', Role.User, 'bob-local-pw', 'bob@uni.test');
      const res = await signedIn('oidcLink', 'bob', 'bob-pw');
      expect(res.body.data.uid).toBe(local.uid);
      expect(res.body.data.username).toBe('bob_local');
      expect(await userRow('bob_remote')).toBeUndefined();
      refusedOnPage((await redirectLogin('oidcLink', 'carol', 'carol-pw')).page, SSO_ERR.noAccountToLink);
      expect(await userRow('carol')).toBeUndefined();
    });

    it('refuses a disabled user', async () => {
      const alice = (await userRow('alice_sso'))!;
      await setStatus(alice.uid, 1);
      try {
        refusedOnPage((await redirectLogin('oidcGood', 'alice', 'alice-pw')).page, ERR.accountDisabled);
      } finally {
        await setStatus(alice.uid, 0);
      }
    });
  });

  describe('LDAP', () => {
    it('creates the account on the first login with the mapped attributes, and finds it on the second', async () => {
      const first = await ldapLogin('ldap', 'ann', 'ann-pw');
      expect(first.body.msg).toBe('success');
      expect(first.headers.authorization).toBeTruthy();
      expect(first.body.data).toMatchObject({ username: 'ann', email: 'ann@dir.test', realname: 'Ann Lee', school: 'East College' });
      expect(await userRow('ann')).toMatchObject({ number: 'S100', roleId: Role.User });
      expect((await me(first.headers.authorization)).body.data.roles).toEqual(['default_role']);
      const second = await ldapLogin('ldap', 'ann', 'ann-pw');
      expect(second.body.data.uid).toBe(first.body.data.uid);
    });

    it('refuses a wrong password, an unknown user and an empty-looking filter trick with the login text', async () => {
      for (const [u, p] of [
        ['ann', 'wrong'],
        ['nobody', 'ann-pw'],
        ['*', 'ann-pw'],
        ['ann)(uid=*', 'ann-pw'],
      ]) {
        const res = await ldapLogin('ldap', u, p);
        expect({ u, status: res.status, msg: res.body.msg }).toEqual({ u, status: 400, msg: ERR.wrongCredentials });
        expect(res.headers.authorization).toBeUndefined();
      }
    });

    it('refuses a user outside the group filter, after checking the password', async () => {
      const wrong = await ldapLogin('ldapStudents', 'ben', 'wrong');
      expect(wrong.body.msg).toBe(ERR.wrongCredentials);
      const res = await ldapLogin('ldapStudents', 'ben', 'ben-pw');
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(SSO_ERR.notInGroup);
      expect(await userRow('ben')).toBeUndefined();
      expect((await ldapLogin('ldapStudents', 'dan', 'dan-pw')).body.data.username).toBe('dan');
    });

    it('logs in over StartTLS, and refuses a certificate nobody vouches for unless told to accept it', async () => {
      const tls = await ldapLogin('ldapTls', 'eve', 'eve-pw');
      expect(tls.body.msg).toBe('success');
      expect(tls.body.data.email).toBe('eve@dir.test');
      expect((await ldapLogin('ldapTls', 'eve', 'wrong-password')).body.msg).toBe(ERR.wrongCredentials);
      const strict = await ldapLogin('ldapTlsStrict', 'eve', 'eve-pw');
      expect(strict.status).toBe(502);
      expect(strict.body.msg).toBe(SSO_ERR.directoryUnavailable);
    });

    it('links by student number in link mode', async () => {
      const local = await t.createUser('cat_local', Role.User, 'cat-local-pw');
      await t.dataSource.query(`UPDATE user_info SET number = 'S200' WHERE uid = $1`, [local.uid]);
      const res = await ldapLogin('ldapByNumber', 'cat', 'cat-pw');
      expect(res.body.data.uid).toBe(local.uid);
      // Ben's entry has no student number: nothing to link to.
      const ben = await ldapLogin('ldapByNumber', 'ben', 'ben-pw');
      expect(ben.status).toBe(403);
      expect(ben.body.msg).toBe(SSO_ERR.noAccountToLink);
    });

    it('refuses a disabled user', async () => {
      const ann = (await userRow('ann'))!;
      await setStatus(ann.uid, 1);
      try {
        const res = await ldapLogin('ldap', 'ann', 'ann-pw');
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(ERR.accountDisabled);
      } finally {
        await setStatus(ann.uid, 0);
      }
    });
  });

  describe('CAS', () => {
    it('creates the account from the released attributes (3.0) and finds it again', async () => {
      const first = await signedIn('cas', 'zoe', 'zoe-pw');
      expect(first.body.data).toMatchObject({ username: 'zoe', email: 'zoe@campus.test', realname: 'Zoe Chen', school: 'West Campus' });
      expect(await userRow('zoe')).toMatchObject({ number: 'C900' });
      const second = await signedIn('cas', 'zoe', 'zoe-pw');
      expect(second.body.data.uid).toBe(first.body.data.uid);
    });

    it('validates at /serviceValidate for CAS 2.0 (no attributes released)', async () => {
      const res = await signedIn('cas2', 'yan', 'yan-pw');
      expect(res.body.data).toMatchObject({ username: 'yan', email: null, realname: null });
    });

    it('refuses a replayed ticket', async () => {
      const p = proof();
      const start = await request(t.url).post('/api/sso/authorize').send({ id: ids.cas, proof: p });
      const back = await casSignIn(start.body.data.url, 'zoe', 'zoe-pw');
      expect((await followCallback(back)).searchParams.get('code')).toBeTruthy();
      refusedOnPage(await followCallback(back), SSO_ERR.ticketInvalid);
      // The same ticket with a state of a new login: refused here, and the CAS server would refuse it too.
      const again = await request(t.url).post('/api/sso/authorize').send({ id: ids.cas, proof: p });
      const state = new URL(new URL(again.body.data.url).searchParams.get('service')!).searchParams.get('state')!;
      const replay = new URL(back);
      replay.searchParams.set('state', state);
      refusedOnPage(await followCallback(replay.toString()), SSO_ERR.ticketInvalid);
    });

    it('refuses a ticket the CAS server did not issue', async () => {
      const p = proof();
      const start = await request(t.url).post('/api/sso/authorize').send({ id: ids.cas, proof: p });
      const service = new URL(start.body.data.url).searchParams.get('service')!;
      refusedOnPage(await followCallback(`${service}&ticket=ST-made-up`), SSO_ERR.ticketInvalid);
    });

    it('makes the user a member of the group a group rule names, once', async () => {
      const made = await request(t.url).post('/api/group').set('Authorization', root()).send({
        name: 'Class of 2024',
        shortName: 'c2024',
        brief: 'A brief line',
        description: 'Class description',
        auth: GroupAuth.Private,
        code: 'QW1234',
        visible: true,
      });
      expect(made.body.msg).toBe('success');
      const gid = (await t.dataSource.query(`SELECT id FROM group_info WHERE short_name = 'c2024'`))[0].id as number;
      await provider('casGroups', {
        name: 'Campus CAS (classes)',
        type: 'cas',
        settings: { baseUrl: cas.url, version: '3.0' },
        mapping: { ...CAS_MAPPING, groups: 'memberOf' },
        groupRules: [
          { value: 'class-2024', gid },
          { value: 'staff', role: Role.Admin },
        ],
      });
      const count = async () => (await t.dataSource.query('SELECT member_count FROM group_info WHERE id = $1', [gid]))[0].member_count;
      const before = await count();
      const first = await signedIn('casGroups', 'wei', 'wei-pw');
      const members = await t.dataSource.query('SELECT auth FROM group_member WHERE gid = $1 AND uid = $2', [gid, first.body.data.uid]);
      expect(members).toEqual([{ auth: 3 }]);
      expect(await count()).toBe(before + 1);
      // No rule of wei's values gives a role: the default stays.
      expect((await userRow('wei'))!.roleId).toBe(Role.User);
      await signedIn('casGroups', 'wei', 'wei-pw');
      expect(await count()).toBe(before + 1);
    });

    it('refuses a disabled user', async () => {
      const zoe = (await userRow('zoe'))!;
      await setStatus(zoe.uid, 1);
      try {
        refusedOnPage((await redirectLogin('cas', 'zoe', 'zoe-pw')).page, ERR.accountDisabled);
      } finally {
        await setStatus(zoe.uid, 0);
      }
    });
  });

  describe('settings', () => {
    it('lists only enabled providers to the login dialog, with id, name and type', async () => {
      const off = await request(t.url)
        .post('/api/admin/sso/provider')
        .set('Authorization', root())
        .send({
          name: 'Switched off',
          type: 'cas',
          enabled: false,
          accountMode: 'create',
          linkBy: 'email',
          settings: { baseUrl: cas.url, version: '3.0' },
          mapping: CAS_MAPPING,
        });
      const res = await request(t.url).get('/api/sso/providers');
      const info = res.body.data as SsoPublicInfo;
      expect(info.providers.map((p) => p.id)).toContain(ids.cas);
      expect(info.providers.map((p) => p.id)).not.toContain(off.body.data.id);
      for (const p of info.providers) expect(Object.keys(p).sort()).toEqual(['id', 'name', 'type']);
      const start = await request(t.url).post('/api/sso/authorize').send({ id: off.body.data.id, proof: proof() });
      expect(start.status).toBe(404);
      expect(start.body.msg).toBe(SSO_ERR.providerNotFound);
    });

    it('never sends a secret to the browser, and lets only root manage providers', async () => {
      const res = await admin.list();
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('client-secret-good');
      expect(text).not.toContain(LDAP_READER_PASSWORD);
      const good = (res.body.data as SsoProviderView[]).find((p) => p.id === ids.oidcGood)!;
      expect(good).toMatchObject({ secretSet: true, secretHint: '••••89', callbackUrl: callbackUrl('oidcGood') });
      for (const who of ['admin', 'problemAdmin', 'user'] as const) {
        expect((await admin.list(t.users[who].token)).status).toBe(403);
      }
      expect((await request(t.url).get('/api/admin/sso/providers')).status).toBe(401);
    });

    it('refuses settings that cannot work, and changes nothing', async () => {
      const before = (await admin.list()).body.data.length;
      const bad = await admin.create({
        name: 'Bad directory',
        type: 'ldap',
        enabled: true,
        accountMode: 'create',
        linkBy: 'email',
        settings: {
          url: slapd.url,
          startTls: false,
          allowUntrustedCert: false,
          bindDn: '',
          searchBase: LDAP_SUFFIX,
          searchFilter: '(uid=*)',
          groupFilter: '',
        },
        mapping: LDAP_MAPPING,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe(`${SSO_ERR.providerInvalid}: searchFilter must contain {username}`);
      const rootGrant = await admin.create({
        name: 'Root maker',
        type: 'cas',
        enabled: true,
        accountMode: 'create',
        linkBy: 'email',
        settings: { baseUrl: cas.url, version: '3.0' },
        mapping: { ...CAS_MAPPING, groups: 'memberOf' },
        groupRules: [{ value: 'it', role: Role.Root }],
      });
      expect(rootGrant.status).toBe(400);
      expect((await admin.list()).body.data.length).toBe(before);
    });

    it('records provider changes in the audit trail with the secrets redacted', async () => {
      const made = await provider('audited', {
        name: 'Audited',
        type: 'ldap',
        settings: {
          url: slapd.url,
          startTls: false,
          allowUntrustedCert: false,
          bindDn: LDAP_READER_DN,
          searchBase: LDAP_SUFFIX,
          searchFilter: '(uid={username})',
          groupFilter: '',
        },
        mapping: LDAP_MAPPING,
        secret: 'audited-secret-value',
      });
      await admin.update({ ...made, name: 'Audited 2', secret: 'another-secret-value' } as SsoProviderBody);
      await request(t.url).delete(`/api/admin/sso/provider?id=${made.id}`).set('Authorization', root()).expect(200);
      const rows: { action: string; before: unknown; after: unknown; actor_uid: string }[] = await t.dataSource.query(
        `SELECT action, before, after, actor_uid FROM audit_log WHERE target_type = 'sso_provider' AND target_id = $1 ORDER BY id`,
        [String(made.id)],
      );
      expect(rows.map((r) => r.action)).toEqual(['sso.provider.create', 'sso.provider.update', 'sso.provider.delete']);
      expect(rows.every((r) => r.actor_uid === t.users.root.uid)).toBe(true);
      expect(rows[1].before).toMatchObject({ name: 'Audited', secret: '[redacted]' });
      expect(rows[1].after).toMatchObject({ name: 'Audited 2', secret: '[redacted]' });
      expect(JSON.stringify(rows)).not.toMatch(/audited-secret-value|another-secret-value/);
    });

    it('turns local passwords off for non-admins while admins keep them', async () => {
      const login = (username: string, password: string) => request(t.url).post('/api/login').send({ username, password });
      expect((await admin.settings(true)).body.data).toEqual({ localPasswordOff: true });
      try {
        const user = await login(t.users.user.username, t.users.user.password);
        expect(user.status).toBe(403);
        expect(user.body.msg).toBe(SSO_ERR.localPasswordOff);
        expect(user.headers.authorization).toBeUndefined();
        // A wrong password still reads as one (nothing tells whether the account exists).
        expect((await login(t.users.user.username, 'wrong-password')).body.msg).toBe(ERR.wrongCredentials);
        for (const who of ['admin', 'root', 'problemAdmin'] as const) {
          const res = await login(t.users[who].username, t.users[who].password);
          expect({ who, msg: res.body.msg }).toEqual({ who, msg: 'success' });
        }
        expect((await request(t.url).get('/api/sso/providers')).body.data.localPasswordOff).toBe(true);
        // Single sign-on goes on working for everyone.
        expect((await ldapLogin('ldap', 'ann', 'ann-pw')).body.msg).toBe('success');
        const adminArea = await request(t.url)
          .post('/api/admin/login')
          .send({ username: t.users.user.username, password: t.users.user.password });
        expect(adminArea.body.msg).toBe(SITE_TEXT.notAdmin);
      } finally {
        await admin.settings(false);
      }
      expect((await login(t.users.user.username, t.users.user.password)).body.msg).toBe('success');
    });
  });
});
