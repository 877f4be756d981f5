/**
 * The remote judge when its backend dies (issue 34): a real backend process (`node backend/dist/main.js`) forwards a
 * submission to the HDU replay and is killed with SIGKILL while it polls the run; another backend process started on
 * the same database and queues follows that run to its verdict. The submission is judged once, reaches the site once,
 * and keeps the run id stored before the kill. (remote-pipeline.e2e.spec.ts closes an in-process app instead, which
 * abandons its job the same way but cannot die mid-instruction.)
 */
import { JudgeStatus, Role } from '@oj/contracts';
import { ChildProcess } from 'child_process';
import { Client } from 'pg';
import request from 'supertest';
import { setSubmitInterval } from '../fixtures/pipeline-helpers';
import { ensureBackendBuilt, freePort, startBackendProcess } from '../utils/child-backend';
import { eventually } from '../utils/eventually';
import { createTestApp, TestApp, TestUser } from '../utils/test-app';
import { HduReplay } from './replay/hdu-replay';

jest.setTimeout(300_000);

describe('remote judge: the backend killed with SIGKILL while it polls a run', () => {
  const hdu = new HduReplay();
  let t: TestApp;
  let user: TestUser;
  let db: Client;
  let backend: ChildProcess | undefined;
  let env: Record<string, string>;

  const row = async (submitId: number) =>
    (await db.query(`SELECT status, counted, remote_run_id AS "runId" FROM judge WHERE submit_id = $1`, [submitId])).rows[0] as {
      status: number;
      counted: boolean;
      runId: string | null;
    };

  beforeAll(async () => {
    ensureBackendBuilt();
    await hdu.start();
    env = { REMOTE_JUDGE_URLS: JSON.stringify({ HDU: hdu.url }) };
    t = await createTestApp({ env });
    user = await t.createUser('rj_crash_user', Role.User);
    await setSubmitInterval(t, 0);
    const admin = (path: string) => request(t.url).get(`/api/admin/${path}`).set('Authorization', t.users.root.token);
    expect(
      (
        await request(t.url)
          .post('/api/admin/remote-judge/account')
          .set('Authorization', t.users.root.token)
          .send({ oj: 'HDU', username: 'hojbot', password: 'right-password' })
      ).body.status,
    ).toBe(200);
    expect((await admin('problem/import-remote-oj-problem?name=HDU&problemId=1000')).body.status).toBe(200);
    // From here on the only backends are child processes: the in-process app would take the job itself.
    await t.app.close();
    db = new Client({ connectionString: t.config.database.url });
    await db.connect();
  });

  afterAll(async () => {
    backend?.kill('SIGKILL');
    await db?.end().catch(() => undefined);
    await t?.close();
    await hdu.stop();
  });

  it('another backend follows the stored run to its verdict: judged once, submitted to the site once', async () => {
    // the site keeps the run judging for several reads, so the kill lands while the backend polls it
    hdu.judgingSteps = Array.from({ length: 6 }, () => 'Running');
    let port = await freePort();
    backend = await startBackendProcess(t, port, env);
    const res = await request(`http://127.0.0.1:${port}`)
      .post('/api/submit-problem-judge')
      .set('Authorization', user.token)
      .send({ pid: 'HDU-1000', language: 'G++', code: 'int main(){}/* killed */' });
    expect(res.body.status).toBe(200);
    const { submitId } = res.body.data as { submitId: number };
    const stored = await eventually('the run id stored', async () => (await row(submitId)).runId ?? undefined, { timeoutMs: 60_000 });
    expect((await row(submitId)).counted).toBe(false);

    const killed = backend;
    await new Promise<void>((resolve) => {
      killed.once('exit', () => resolve());
      killed.kill('SIGKILL');
    });
    port = await freePort();
    backend = await startBackendProcess(t, port, env);
    // Bull hands the dead process's job to the new one when its lock runs out (its stalled-job check, about 20 s)
    const judged = await eventually('the new backend writes the verdict', async () => (await row(submitId)).counted && row(submitId), {
      timeoutMs: 180_000,
    });
    expect(judged).toMatchObject({ status: JudgeStatus.Accepted, runId: stored });
    expect(hdu.runs.filter((r) => r.code.includes('/* killed */'))).toHaveLength(1);
    hdu.judgingSteps = ['Queuing', 'Compiling'];
  });
});
