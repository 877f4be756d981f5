/**
 * HOJ's admin client keeps the remote accounts on its switch page as parallel lists (hduUsernameList, ...): the
 * switch routes answer them from the remote-judge accounts and write them back there (issue 34), never a password.
 */
import type { RemoteJudgeAccountView } from '@oj/contracts';
import request from 'supertest';
import { createTestApp, TestApp } from '../utils/test-app';

describe("HOJ's remote account lists on the switch page", () => {
  let t: TestApp;
  const root = (method: 'get' | 'put', path: string) =>
    request(t.url)[method](`/api/admin/${path}`).set('Authorization', t.users.root.token);
  const accounts = async (oj: string) =>
    ((await root('get', `remote-judge/account/list?oj=${oj}`)).body.data as RemoteJudgeAccountView[]).map((a) => a.username);
  const stored = async (oj: string, username: string) =>
    (await t.dataSource.query('SELECT password FROM remote_judge_account WHERE oj = $1 AND username = $2', [oj, username]))[0]?.password;

  beforeAll(async () => {
    t = await createTestApp({ onlyRoot: true });
  });
  afterAll(() => t?.close());

  it('writes the lists into the accounts (Codeforces lists also serve Gym) and answers them without passwords', async () => {
    const saved = await root('put', 'switch/update').send({
      defaultSubmitInterval: 3,
      hduUsernameList: ['alpha', 'beta'],
      hduPasswordList: ['pa', 'pb'],
      cfUsernameList: ['tourist'],
      cfPasswordList: ['pc'],
    });
    expect(saved.body.status).toBe(200);
    expect(saved.body.data).toMatchObject({ defaultSubmitInterval: 3, hduUsernameList: ['alpha', 'beta'], hduPasswordList: ['', ''] });
    expect(await accounts('HDU')).toEqual(['alpha', 'beta']);
    expect(await accounts('CF')).toEqual(['tourist']);
    expect(await accounts('GYM')).toEqual(['tourist']);
    expect(await stored('HDU', 'beta')).toBe('pb');

    const info = (await root('get', 'switch/info')).body.data;
    expect(info).toMatchObject({
      hduUsernameList: ['alpha', 'beta'],
      hduPasswordList: ['', ''],
      pojUsernameList: [],
      spojUsernameList: [],
    });
    expect(JSON.stringify(info)).not.toMatch(/"p[abc]"/);
  });

  it('replaces a site list: a missing username goes, a new one comes, an empty password keeps the stored one', async () => {
    await root('put', 'switch/update')
      .send({ hduUsernameList: ['beta', 'gamma'], hduPasswordList: ['', 'pg'] })
      .expect(200);
    expect(await accounts('HDU')).toEqual(['beta', 'gamma']);
    expect(await stored('HDU', 'beta')).toBe('pb');
    expect(await stored('HDU', 'gamma')).toBe('pg');
    // lists not sent are left alone
    expect(await accounts('CF')).toEqual(['tourist']);
  });
});
