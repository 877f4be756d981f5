/**
 * The remote judge pipeline on real PostgreSQL, Redis and Bull (issue 34), against the HDU replay server: an admin
 * imports a problem, users submit through the real routes, the backend forwards each submission through a leased
 * account and follows the run to its verdict. Also: an account that cannot log in (Submitted Failed with the text,
 * then a resubmit after the admin fixes it), a busy account (the submission waits for the lease, and another site's
 * submissions pass it through their own queue, against the POJ replay), a job run again
 * after the run id was stored (it polls, never submits twice), a site switched off, and the import's refusals.
 * A backend killed while it polls is remote-crash.e2e.spec.ts.
 */
import { JUDGING_ERR, JudgeStatus, Role } from '@oj/contracts';
import type { RemoteJudgeAccountView } from '@oj/contracts';
import request from 'supertest';
import { RemoteAccountLeases } from '../../src/modules/remote-judge/remote-account-leases.service';
import { RemoteJudgeProcessor } from '../../src/modules/remote-judge/remote-judge.processor';
import { RemoteJudgeService } from '../../src/modules/remote-judge/remote-judge.service';
import { createContest } from '../contest-fixtures';
import { createTraining } from '../training-fixtures';
import { createTestApp, TestApp, TestUser } from '../utils/test-app';
import { eventually } from '../utils/eventually';
import { HduReplay } from './replay/hdu-replay';
import { PojReplay } from './replay/poj-replay';

describe('remote judge pipeline (HDU replay)', () => {
  const hdu = new HduReplay();
  // a second site, to show that one site's waiting submissions do not hold back another's
  const poj = new PojReplay();
  let t: TestApp;
  let user: TestUser;
  let accountId: number;

  const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](`/api/admin/${path}`).set('Authorization', t.users.root.token);

  const row = async (submitId: number) =>
    (
      await t.dataSource.query(
        `SELECT status, counted, remote_run_id AS "runId", remote_account_id AS "accountId", error_message AS "message", judger, time, memory
           FROM judge WHERE submit_id = $1`,
        [submitId],
      )
    )[0] as {
      status: number;
      counted: boolean;
      runId: string | null;
      accountId: number | null;
      message: string | null;
      judger: string | null;
    };

  const submit = async (code: string, language = 'G++') => {
    const res = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', user.token)
      .send({ pid: 'HDU-1000', language, code });
    if (res.body.status !== 200) throw new Error(`submit refused: ${res.body.msg}`);
    return res.body.data as { submitId: number; status: number };
  };

  const final = (submitId: number) =>
    eventually(
      `submission ${submitId} judged`,
      async () => {
        const r = await row(submitId);
        return (r.counted || r.status === JudgeStatus.SubmittedFailed) && r;
      },
      { timeoutMs: 90_000 },
    );

  beforeAll(async () => {
    await hdu.start();
    await poj.start();
    // one job at a time per site: a site's queue is the only place its submissions can wait
    t = await createTestApp({
      env: { REMOTE_JUDGE_URLS: JSON.stringify({ HDU: hdu.url, POJ: poj.url }), REMOTE_JUDGE_CONCURRENCY: '1' },
    });
    user = await t.createUser('rj_user', Role.User);
    // the user submits several times in a row: no wait between practice submissions
    await admin('put', 'switch/update').send({ defaultSubmitInterval: 0 }).expect(200);
    const created = await admin('post', 'remote-judge/account').send({ oj: 'HDU', username: 'hojbot', password: 'right-password' });
    expect(created.body.status).toBe(200);
    accountId = created.body.data.id;
  });

  afterAll(async () => {
    await t?.close();
    await hdu.stop();
    await poj.stop();
  });

  it('imports a problem by key and id, once, with the site statement, limits and samples and no test data', async () => {
    const res = await admin('get', 'problem/import-remote-oj-problem?name=HDU&problemId=1000');
    expect(res.body).toMatchObject({ status: 200 });
    const [p] = await t.dataSource.query(
      `SELECT id, problem_id AS "problemId", title, is_remote AS "isRemote", remote_oj AS "remoteOj", time_limit AS "timeLimit",
              memory_limit AS "memoryLimit", examples, source FROM problem WHERE problem_id = 'HDU-1000'`,
    );
    expect(p).toMatchObject({ problemId: 'HDU-1000', isRemote: true, remoteOj: 'HDU' });
    expect(p.title).toBeTruthy();
    expect(p.timeLimit).toBeGreaterThan(0);
    expect(p.memoryLimit).toBeGreaterThan(0);
    expect(p.examples.length).toBeGreaterThan(0);
    expect(p.source).toContain('showproblem.php?pid=1000');
    const cases = await t.dataSource.query('SELECT COUNT(*)::int AS n FROM problem_case WHERE pid = $1', [p.id]);
    expect(cases[0].n).toBe(0);

    expect((await admin('get', 'problem/import-remote-oj-problem?name=HDU&problemId=1000')).body.msg).toBe(JUDGING_ERR.remoteProblemExists);
    expect((await admin('get', 'problem/import-remote-oj-problem?name=XYZ&problemId=1000')).body.msg).toBe(JUDGING_ERR.remoteOjUnknown);
    expect((await admin('get', 'problem/import-remote-oj-problem?name=hdu&problemId=1;drop')).body.msg).toBe(
      JUDGING_ERR.remoteProblemIdInvalid,
    );
    hdu.failure = 'down';
    try {
      const down = await admin('get', 'problem/import-remote-oj-problem?name=HDU&problemId=2050');
      expect(down.body.msg).toBe(JUDGING_ERR.remoteImportFailed);
      expect(down.body.data).toMatch(/^\[HDU\] fetch: /);
    } finally {
      hdu.failure = null;
    }
    // a user may not import
    const asUser = await request(t.url)
      .get('/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=2050')
      .set('Authorization', user.token);
    expect(asUser.body.status).toBe(403);
  });

  it('imports into a contest and a training the caller manages, reusing a problem imported before', async () => {
    const now = Date.now();
    const cid = await createContest(t, t.users.root, { startTime: new Date(now + 3_600_000), endTime: new Date(now + 7_200_000) });
    const tid = await createTraining(t, t.users.root);
    // HDU-1000 exists already: linked, not fetched again
    const pages = hdu.server.count('GET', '/showproblem.php');
    expect((await admin('get', `contest/import-remote-oj-problem?name=HDU&problemId=1000&cid=${cid}&displayId=A`)).body.status).toBe(200);
    expect(hdu.server.count('GET', '/showproblem.php')).toBe(pages);
    // a new one: fetched, stored and linked
    expect((await admin('get', `training/import-remote-oj-problem?name=HDU&problemId=2050&tid=${tid}`)).body.status).toBe(200);
    const links = await t.dataSource.query(
      `SELECT 'contest' AS kind, cp.display_id AS "displayId", p.problem_id AS "problemId" FROM contest_problem cp JOIN problem p ON p.id = cp.pid WHERE cp.cid = $1
       UNION ALL
       SELECT 'training', tp.display_id, p.problem_id FROM training_problem tp JOIN problem p ON p.id = tp.pid WHERE tp.tid = $2 ORDER BY 1`,
      [cid, tid],
    );
    expect(links).toEqual([
      { kind: 'contest', displayId: 'A', problemId: 'HDU-1000' },
      { kind: 'training', displayId: 'HDU-2050', problemId: 'HDU-2050' },
    ]);
    // its statement's picture was copied into our uploads: the statement links to us, and we serve the same bytes
    expect(hdu.server.count('GET', '/data/images/2050-1.jpg')).toBe(1);
    const [{ description }] = await t.dataSource.query(`SELECT description FROM problem WHERE problem_id = 'HDU-2050'`);
    expect(description).not.toContain(hdu.url);
    const link = /<img src="(\/api\/public\/upload\/[0-9a-f]+\.jpg)">/.exec(description)?.[1];
    expect(link).toBeDefined();
    const served = await request(t.url).get(link!).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // someone who does not manage the contest is refused before the site is asked
    const outsider = await t.createUser('rj_problem_admin', Role.ProblemAdmin);
    const asked = hdu.server.log.length;
    const refused = await request(t.url)
      .get(`/api/admin/contest/import-remote-oj-problem?name=HDU&problemId=1001&cid=${cid}&displayId=B`)
      .set('Authorization', outsider.token);
    expect(refused.body.status).toBe(403);
    expect(hdu.server.log.length).toBe(asked);
  });

  it("offers the site's languages only", async () => {
    await expect(submit('int main(){}', 'C++ 17')).rejects.toThrow(JUDGING_ERR.languageNotAllowed);
  });

  it('forwards a submission: Submitting at once, then the remote verdict, time, memory and run id', async () => {
    const { submitId, status } = await submit('#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}');
    expect(status).toBe(JudgeStatus.Submitting);
    const r = await final(submitId);
    expect(r.status).toBe(JudgeStatus.Accepted);
    expect(r.accountId).toBe(accountId);
    const run = hdu.runs.find((x) => String(x.id) === r.runId);
    expect(run).toBeDefined();
    expect(run!.user).toBe('hojbot');
    expect(r.judger).toBe(`HDU #${r.runId}`);
  });

  it('keeps a wrong answer and a compile error with its full message', async () => {
    const wa = await submit('int main(){return 0;}/*verdict:Wrong Answer*/');
    const ce = await submit('int main(){ cout << 1 }/*verdict:Compilation Error*/');
    expect((await final(wa.submitId)).status).toBe(JudgeStatus.WrongAnswer);
    const ceRow = await final(ce.submitId);
    expect(ceRow.status).toBe(JudgeStatus.CompileError);
    expect(ceRow.message).toContain("error C2065: 'cout' : undeclared identifier");
  });

  it('waits for the lease of a busy account, then submits', async () => {
    const leases = t.get<RemoteAccountLeases>(RemoteAccountLeases);
    const held = await leases.tryAcquire([accountId], 'the-test');
    expect(held).not.toBeNull();
    const before = hdu.runs.length;
    const { submitId } = await submit('int main(){}');
    try {
      // while the test holds the only account, the submission waits: nothing reaches the site
      await new Promise((r) => setTimeout(r, 2_000));
      expect((await row(submitId)).status).toBe(JudgeStatus.Submitting);
      expect(hdu.runs.length).toBe(before);
    } finally {
      await held!.release();
    }
    expect((await final(submitId)).status).toBe(JudgeStatus.Accepted);
    expect(hdu.runs.length).toBe(before + 1);
  });

  it("a site's submissions waiting for its busy account do not hold back another site's", async () => {
    expect(
      (await admin('post', 'remote-judge/account').send({ oj: 'POJ', username: 'hojbot', password: 'right-password' })).body.status,
    ).toBe(200);
    expect((await admin('get', 'problem/import-remote-oj-problem?name=POJ&problemId=1000')).body.status).toBe(200);
    const leases = t.get<RemoteAccountLeases>(RemoteAccountLeases);
    const held = await leases.tryAcquire([accountId], 'the-test');
    expect(held).not.toBeNull();
    const before = hdu.runs.length;
    let waiting: number[] = [];
    try {
      // HDU's only account is held: its submissions wait, filling HDU's one slot and its queue
      waiting = [(await submit('int main(){}')).submitId, (await submit('int main(){return 0;}')).submitId];
      const res = await request(t.url)
        .post('/api/submit-problem-judge')
        .set('Authorization', user.token)
        .send({ pid: 'POJ-1000', language: 'G++', code: 'int main(){}' });
      expect(res.body.status).toBe(200);
      // POJ's submission goes through its own queue meanwhile (behind HDU's, it would wait minutes for the lease)
      const pojRun = await final(res.body.data.submitId);
      expect(pojRun).toMatchObject({ status: JudgeStatus.Accepted, counted: true });
      expect(poj.runs).toHaveLength(1);
      for (const id of waiting) expect((await row(id)).status).toBe(JudgeStatus.Submitting);
      expect(hdu.runs.length).toBe(before);
    } finally {
      await held!.release();
    }
    for (const id of waiting) expect((await final(id)).status).toBe(JudgeStatus.Accepted);
    expect(hdu.runs.length).toBe(before + 2);
  });

  it('polls a stored run when its job runs again (a restart), never submitting twice', async () => {
    hdu.judgingSteps = ['Queuing', 'Running', 'Running', 'Running', 'Running'];
    try {
      const { submitId } = await submit('int main(){}');
      const stored = await eventually('run id stored', async () => (await row(submitId)).runId ?? undefined);
      const before = hdu.runs.length;
      // what a restarted backend does with the job: the stored run id makes it a poll
      await t.get<RemoteJudgeService>(RemoteJudgeService).run({
        data: { submitId, version: 0 },
        attemptsMade: 0,
        opts: { attempts: 5 },
      } as never);
      const r = await final(submitId);
      expect(r.status).toBe(JudgeStatus.Accepted);
      expect(r.runId).toBe(stored);
      expect(hdu.runs.length).toBe(before);
    } finally {
      hdu.judgingSteps = ['Queuing', 'Compiling'];
    }
  });

  it("a rejudge reads the site's verdict of the stored run again, and the sweep queues a submission whose job was lost", async () => {
    const { submitId } = await submit('int main(){}');
    const first = await final(submitId);
    const runs = hdu.runs.length;
    const again = await admin('get', `judge/rejudge?submitId=${submitId}`);
    expect(again.body.status).toBe(200);
    const second = await final(submitId);
    expect(second).toMatchObject({ status: JudgeStatus.Accepted, runId: first.runId });
    expect(hdu.runs.length).toBe(runs);

    // a submission stored as Submitting whose job never reached Redis (the process died in between)
    const [{ id: pid }] = await t.dataSource.query(`SELECT id FROM problem WHERE problem_id = 'HDU-1000'`);
    const [{ submit_id: lost }] = await t.dataSource.query(
      `INSERT INTO judge (pid, display_pid, uid, username, status, share, length, code, language, cid, cpid, eid, version, counted, gmt_modified)
       VALUES ($1, 'HDU-1000', $2, $3, $4, false, 12, 'int main(){}', 'G++', 0, 0, 0, 0, false, now() - interval '10 minutes')
       RETURNING submit_id`,
      [pid, user.uid, user.username, JudgeStatus.Submitting],
    );
    expect(await t.get<RemoteJudgeProcessor>(RemoteJudgeProcessor).sweep()).toBe(1);
    expect((await final(lost)).status).toBe(JudgeStatus.Accepted);
    expect(hdu.runs.length).toBe(runs + 1);
  });

  it('ends as Submitted Failed with the site, step and cause when the account cannot log in; a resubmit after the fix is judged', async () => {
    await admin('put', 'remote-judge/account')
      .send({ id: accountId, oj: 'HDU', username: 'hojbot', password: 'wrong-password' })
      .expect(200);
    const { submitId } = await submit('int main(){}');
    const failed = await final(submitId);
    expect(failed.status).toBe(JudgeStatus.SubmittedFailed);
    expect(failed.message).toMatch(/^\[HDU\] login: /);
    const list = (await admin('get', 'remote-judge/account/list?oj=HDU')).body.data as RemoteJudgeAccountView[];
    expect(list.find((a) => a.id === accountId)).toMatchObject({ state: 'failing', lastError: failed.message, hasPassword: true });
    expect(JSON.stringify(list)).not.toContain('wrong-password');

    await admin('put', 'remote-judge/account')
      .send({ id: accountId, oj: 'HDU', username: 'hojbot', password: 'right-password' })
      .expect(200);
    const again = await request(t.url).get(`/api/resubmit?submitId=${submitId}`).set('Authorization', user.token);
    expect(again.body.status).toBe(200);
    expect(again.body.data.status).toBe(JudgeStatus.Submitting);
    expect((await final(submitId)).status).toBe(JudgeStatus.Accepted);
    const after = (await admin('get', 'remote-judge/account/list?oj=HDU')).body.data as RemoteJudgeAccountView[];
    expect(after.find((a) => a.id === accountId)).toMatchObject({ state: 'idle', lastError: null });
  });

  it('refuses submissions to a site the admin switched off', async () => {
    await admin('put', 'remote-judge/site').send({ oj: 'HDU', enabled: false }).expect(200);
    try {
      const { submitId } = await submit('int main(){}');
      const r = await final(submitId);
      expect(r.status).toBe(JudgeStatus.SubmittedFailed);
      expect(r.message).toBe('[HDU] submit: the site is switched off on this platform');
    } finally {
      await admin('put', 'remote-judge/site').send({ oj: 'HDU', enabled: true }).expect(200);
    }
    const sites = (await admin('get', 'remote-judge/sites')).body.data as { oj: string; enabled: boolean; url: string; accounts: number }[];
    expect(sites.find((s) => s.oj === 'HDU')).toMatchObject({ enabled: true, url: hdu.url, accounts: 1 });
  });
});
